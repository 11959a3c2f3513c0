import Foundation
import ProviderKit

/// Keeps and replays a provider's live answers through a ``ResponseCache``: the cache stage of a
/// provider's transport stack.
///
/// - In ``Mode/record`` it passes every request on and notes each successful (2xx) answer in its log;
///   the runner stores the noted answers once the provider has mapped them without an error, so an
///   error page that happens to be well-formed never replaces a good entry.
/// - In ``Mode/replay`` it sends nothing: each request is answered from the cache, and a request with no
///   usable entry fails with ``TransportError/Kind/notCached``. This is `offline` mode, and the stale
///   fallback after a live failure.
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
    /// The cache.
    public let cache: ResponseCache
    /// Whose answers these are: each provider has its own entries.
    public let provider: ProviderID
    /// Record or replay.
    public let mode: Mode
    /// The largest cached body read.
    public let maxBytes: Int
    let log: ResponseLog
    private let now: @Sendable () -> Date

    /// Wraps a transport.
    /// - Parameters:
    ///   - base: sends live requests.
    ///   - cache: the cache.
    ///   - provider: the provider whose entries are used.
    ///   - mode: record or replay.
    ///   - maxBytes: the largest cached body read.
    ///   - now: when recorded answers are said to be retrieved.
    public init(
        _ base: any HTTPTransport, cache: ResponseCache, provider: ProviderID, mode: Mode, maxBytes: Int = 32 << 20,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(base, cache: cache, provider: provider, mode: mode, maxBytes: maxBytes, log: ResponseLog(), now: now)
    }

    init(
        _ base: any HTTPTransport, cache: ResponseCache, provider: ProviderID, mode: Mode, maxBytes: Int,
        log: ResponseLog, now: @escaping @Sendable () -> Date
    ) {
        self.base = base
        self.cache = cache
        self.provider = provider
        self.mode = mode
        self.maxBytes = maxBytes
        self.log = log
        self.now = now
    }

    /// Answers from the cache, or sends and notes the answer, as the mode says.
    /// - Parameter request: what to send.
    /// - Returns: the answer; a replayed one has status 200.
    /// - Throws: ``TransportError`` `notCached` in replay mode without a usable entry; whatever the base
    ///   throws in record mode.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch mode {
        case .replay:
            switch cache.load(provider: provider, request: request, maxBytes: maxBytes) {
            case .hit(let entry):
                log.readFromCache(at: entry.retrievedAt)
                return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: entry.body)
            case .missing:
                throw TransportError(.notCached, "has no cached answer for \(request.url.path)")
            case .corrupt(let reason):
                throw TransportError(
                    .notCached, "its cached answer cannot be used (\(reason)); the next live answer replaces it")
            case .untrusted(let reason):
                throw TransportError(.notCached, "its cached answer is not read: \(reason)")
            }
        case .record:
            let response = try await base.send(request)
            if (200..<300).contains(response.status) { log.fetched(request, body: response.body, at: now()) }
            return response
        }
    }

    /// Stores the answers noted in record mode.
    /// - Throws: ``CacheError`` for the first answer that cannot be written.
    public func commit() throws(CacheError) {
        for fetched in log.fetchedBodies {
            try cache.store(
                fetched.body, provider: provider, request: fetched.request, retrievedAt: fetched.retrievedAt)
        }
    }

    /// When the oldest entry replayed was retrieved: the age of a replayed answer as a whole.
    public var oldestReplayedEntry: Date? { log.oldestCacheEntry }
}
