import Foundation
import ProviderKit

/// Keeps and replays a provider's live answers through an ``AnswerStore``: the cache stage of a
/// provider's transport stack.
///
/// - In ``Mode/record`` it answers from the store while the kept answer is younger than its lifetime
///   (``Freshness``; zero, the default, never does); else, when the searches share questions with other
///   runners or instances (``SharedServices/questions``), it takes its turn: leading, it passes the request
///   on and notes each successful (2xx) answer in its log; following, it is given the leader's answer once
///   that reached the store. The runner stores the noted answers once the provider has mapped them without
///   an error, so an error page that happens to be well-formed never replaces a good entry, and then settles
///   the questions led with them (without them when the answers could not be used, so a follower asks
///   itself).
/// - In ``Mode/replay`` it sends nothing: each request is answered from the store, and a request with no
///   usable entry fails with ``TransportError/Kind/notCached``. This is `offline` mode, and the stale
///   fallback after a live failure.
/// - A request that may not be cached (``HTTPRequest/isCacheable``: it carries a secret of its own, or its
///   provider said so) is never noted, stored, looked up or shared.
/// - A store or sharing of questions out of reach is told to the observer and otherwise ignored: the request goes
///   upstream as if there were none.
public struct CachingTransport: HTTPTransport {
    /// What the stage does with requests.
    public enum Mode: Sendable, Hashable {
        /// Send, and note the answers for the cache.
        case record
        /// Answer from the cache only.
        case replay
    }

    /// The transport that sends live requests (unused in replay mode).
    public let base: any HTTPTransport
    /// The store.
    public let cache: any AnswerStore
    /// Whose answers these are: each provider has its own entries.
    public let provider: ProviderID
    /// Record or replay.
    public let mode: Mode
    /// The largest kept body read.
    public let maxBytes: Int
    /// How long a kept answer is served as it is.
    public let lifetime: Duration
    let log: ResponseLog
    private let shared: SharedServices
    private let now: @Sendable () -> Date

    /// Wraps a transport.
    /// - Parameters:
    ///   - base: sends live requests.
    ///   - cache: the store.
    ///   - provider: the provider whose entries are used.
    ///   - mode: record or replay.
    ///   - maxBytes: the largest kept body read.
    ///   - lifetime: how long a kept answer is served as it is; zero never does.
    ///   - shared: the sharing of questions asked at once, and the observer.
    ///   - now: when recorded answers are said to be retrieved.
    public init(
        _ base: any HTTPTransport, cache: any AnswerStore, provider: ProviderID, mode: Mode,
        maxBytes: Int = HTTPResponse.defaultSizeCap, lifetime: Duration = .zero,
        shared: SharedServices = SharedServices(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            base, cache: cache, provider: provider, mode: mode, maxBytes: maxBytes, lifetime: lifetime, shared: shared,
            log: ResponseLog(), now: now)
    }

    init(
        _ base: any HTTPTransport, cache: any AnswerStore, provider: ProviderID, mode: Mode, maxBytes: Int,
        lifetime: Duration, shared: SharedServices, log: ResponseLog, now: @escaping @Sendable () -> Date
    ) {
        self.base = base
        self.cache = cache
        self.provider = provider
        self.mode = mode
        self.maxBytes = maxBytes
        self.lifetime = lifetime
        self.shared = shared
        self.log = log
        self.now = now
    }

    /// Answers from the store, or sends and notes the answer, as the mode says.
    /// - Parameter request: what to send.
    /// - Returns: the answer; a kept one has status 200.
    /// - Throws: ``TransportError`` `notCached` in replay mode without a usable entry; whatever the base
    ///   throws in record mode.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if mode == .record { log.reached() }
        guard request.isCacheable else {
            guard mode == .record else {
                throw TransportError(.notCached, "cannot answer \(request.url.path) from the cache: it is never cached")
            }
            return try await base.send(request)
        }
        let key = AnswerKey(provider: provider, request: request)
        switch mode {
        case .replay:
            switch await cache.load(key, maxBytes: maxBytes) {
            case .hit(let answer):
                log.readFromCache(at: answer.retrievedAt)
                shared.observer.observe(.storeHit(provider, fresh: false))
                return Self.kept(answer)
            case .missing:
                throw TransportError(.notCached, "has no cached answer for \(request.url.path)")
            case .corrupt(let reason):
                throw TransportError(
                    .notCached, "its cached answer cannot be used (\(reason)); the next live answer replaces it")
            case .unavailable(let reason):
                shared.observer.observe(.sharedStateUnavailable(reason))
                throw TransportError(.notCached, "its cached answers cannot be reached (\(reason))")
            case .untrusted(let reason):
                throw TransportError(.notCached, "its cached answer is not read: \(reason)")
            }
        case .record:
            if let fresh = await freshAnswer(for: key) { return fresh }
            if let answer = try await othersAnswer(for: key, timeout: request.timeout) { return answer }
            let response = try await base.send(request)
            if (200..<300).contains(response.status) { log.fetched(request, body: response.body, at: now()) }
            return response
        }
    }

    /// Stores the answers noted in record mode, then settles the questions led with them.
    /// - Throws: ``CacheError`` for the first answer that cannot be written.
    public func commit() async throws(CacheError) {
        var failure: CacheError?
        var kept: [AnswerKey: StoredAnswer] = [:]
        for fetched in log.fetchedBodies {
            let key = AnswerKey(provider: provider, request: fetched.request)
            let answer = StoredAnswer(body: fetched.body, retrievedAt: fetched.retrievedAt)
            do {
                try await cache.store(answer, for: key)
                kept[key] = answer
            } catch {
                failure = error
                break
            }
        }
        await settle(with: kept)
        if let failure { throw failure }
    }

    /// Settles the questions led without an answer: the answers could not be used, and a follower should
    /// ask itself.
    public func abandon() async {
        await settle(with: [:])
    }

    /// When the oldest entry replayed was retrieved: the age of a replayed answer as a whole.
    public var oldestReplayedEntry: Date? { log.oldestCacheEntry }

    /// In record mode, until when every answer this stage gave (fresh from the store, another search's, or
    /// fetched and stored by ``commit()``) stays fresh: the earliest retrieval plus ``lifetime``. `nil` when
    /// that is not known of every request asked of the stack (see ``ResponseLog/freshUntil(lifetime:)``), in
    /// replay mode, or with a lifetime of zero.
    public var freshUntil: Date? {
        mode == .record ? log.freshUntil(lifetime: lifetime) : nil
    }

    // MARK: - The store

    /// Settles each question led, with its kept answer when there is one.
    private func settle(with kept: [AnswerKey: StoredAnswer]) async {
        guard let questions = shared.questions else { return }
        for key in log.claimedKeys { await questions.settle(key, with: kept[key].map(SharedAnswer.stored)) }
    }

    private static func kept(_ answer: StoredAnswer) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: answer.body)
    }

    /// The kept answer when it is younger than its lifetime.
    private func freshAnswer(for key: AnswerKey) async -> HTTPResponse? {
        guard lifetime > .zero else { return nil }
        switch await cache.load(key, maxBytes: maxBytes) {
        case .hit(let answer) where now().timeIntervalSince(answer.retrievedAt) < lifetime.seconds:
            log.readFromCache(at: answer.retrievedAt)
            shared.observer.observe(.storeHit(provider, fresh: true))
            return Self.kept(answer)
        case .unavailable(let reason):
            shared.observer.observe(.sharedStateUnavailable(reason))
        default:
            shared.observer.observe(.storeMiss(provider))
        }
        return nil
    }

    /// Takes this search's turn, when the searches share questions with other runners or instances: the
    /// leader's answer, or `nil` when this search asks itself (it leads, the sharing is out of reach, or no
    /// answer came within `timeout`).
    private func othersAnswer(for key: AnswerKey, timeout: Duration) async throws -> HTTPResponse? {
        guard let questions = shared.questions else { return nil }
        switch await questions.turn(
            key, answersSince: now().addingTimeInterval(-lifetime.seconds), waitingAtMost: timeout)
        {
        case .lead:
            log.claimed(key)
            return nil
        case .alone(let unavailable):
            if let unavailable { shared.observer.observe(.sharedStateUnavailable(unavailable)) }
            return nil
        case .answered(let answer):
            shared.observer.observe(.coalesced(provider))
            if let retrievedAt = answer.retrievedAt { log.readFromCache(at: retrievedAt) }
            return try answer.get()
        }
    }
}

extension Duration {
    /// The duration in seconds, as a time interval.
    var seconds: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
