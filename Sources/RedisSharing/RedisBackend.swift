import AggregatorCore
import Foundation
import ProviderKit
import RedisClient

/// State several instances of a server share through one Redis: the answers of the services, which instance
/// asks a question several ask at once, and request budgets. It is its own ``AnswerStore``,
/// ``QuestionSharing`` and ``BudgetCounter``.
///
/// Rules:
/// - Every key starts with ``prefix`` and expires, so that Redis never fills up: an answer after
///   ``answerExpiry`` (it is served as fresh only within its provider's lifetime, ``Freshness``), a claim
///   when its leader releases it or its time runs out, a budget's window after two windows.
/// - An answer is kept as a JSON header line with the request, `retrieved_at`, the length and a signature,
///   then the body. The signature is an HMAC-SHA256 of the request, `retrieved_at` and the body under the
///   instances' ``SharedSecret``, so Redis is trusted to keep answers and to lose them, never to write one:
///   an answer without the key's signature, or retrieved more than ``allowedSkew`` in the future, is not
///   served, and is told to the rejection handler. One that is cut, altered, over the size limit, another
///   request's or unsigned is ``AnswerLookup/corrupt(_:)``; the next good answer replaces it.
/// - A question is claimed with a key that holds a token of this instance and expires with the claim's time;
///   only that token releases it, so that a leader whose claim ran out never releases another's. A follower
///   looks for the leader's answer among the kept answers every 50 ms, and leads once the claim is gone.
/// - A lead is settled by keeping its answer (a successful response the store stage has not kept already) and releasing
///   the claim, in one round trip.
/// - Redis out of reach or slow is never an error of a search: each command gives up after the client's
///   command timeout, a lookup is ``AnswerLookup/unavailable(_:)``, a turn
///   ``QuestionTurn/alone(unavailable:)`` and a budget ``BudgetDecision/unavailable(_:)``, and the search goes on without sharing. After a
///   failure the client does not try again for its retry interval; the first command after that reconnects.
/// - No password appears in a reason: the client's errors never quote it.
public final class RedisBackend: SharedBackend, AnswerStore, QuestionSharing, BudgetCounter, Sendable {
    /// What every key starts with.
    public static let prefix = "aggregate:"
    /// How long an answer is kept: the disk cache's longest keep.
    public static let answerExpiry: Duration = .seconds(7 * 86_400)

    /// How far in the future an answer's `retrieved_at` may lie (clocks of instances differ a little).
    public static let allowedSkew: TimeInterval = 120
    /// How many rejected entries are remembered as told, so that each is logged once.
    static let rememberedRejections = 10_000

    /// The client every command goes through.
    public let client: RedisClient
    /// This instance's claims' token.
    private let token: String
    private let secret: SharedSecret
    private let rejected: @Sendable (RejectedSharedAnswer) -> Void
    private let told = ToldRejections()

    /// Shares state through a Redis.
    /// - Parameters:
    ///   - client: the client, with its timeouts and retry interval.
    ///   - secret: the key every instance signs its answers with.
    ///   - rejected: told of each kept answer not served because of its signature or its time.
    public init(
        client: RedisClient, secret: SharedSecret,
        rejected: @escaping @Sendable (RejectedSharedAnswer) -> Void = { _ in }
    ) {
        self.client = client
        self.secret = secret
        self.rejected = rejected
        token = UUID().uuidString
    }

    /// Shares state through the Redis a URL names, with short timeouts so a slow Redis never holds a search.
    /// - Parameters:
    ///   - url: `redis://[:password@]host:port/db`.
    ///   - password: the password when the URL has none.
    ///   - secret: the key every instance signs its answers with.
    ///   - rejected: told of each kept answer not served because of its signature or its time.
    /// - Throws: ``RedisError`` `configuration` for a URL that cannot be used, never quoting its password.
    public convenience init(
        url: String, password: String? = nil, secret: SharedSecret,
        rejected: @escaping @Sendable (RejectedSharedAnswer) -> Void = { _ in }
    ) throws(RedisError) {
        try self.init(
            client: RedisClient(RedisConfiguration(url: url, password: password)), secret: secret, rejected: rejected)
    }

    /// Itself.
    public var store: any AnswerStore { self }
    /// Itself.
    public var questions: (any QuestionSharing)? { self }
    /// Itself.
    public var budgets: any BudgetCounter { self }

    /// `ok` when Redis answers `PING`, else degraded with the reason.
    /// - Returns: the health.
    public func health() async -> SharedHealth {
        do {
            let reply = try await client.send(.ping)
            return reply.string == "PONG" ? .ok : .degraded("Redis answered PING with something else")
        } catch {
            return .degraded(error.message)
        }
    }

    // MARK: - Answers

    /// Reads the answer kept for a request.
    /// - Parameters:
    ///   - key: the provider and the request.
    ///   - maxBytes: the largest body read.
    /// - Returns: what was found; `unavailable` when Redis cannot be reached.
    public func load(_ key: AnswerKey, maxBytes: Int) async -> AnswerLookup {
        let reply: RESPValue
        do {
            reply = try await client.send(.get(Self.answerKey(key)), replyLimit: maxBytes + 4096)
        } catch  where error.kind == .replyTooLarge {
            return .corrupt("the kept answer is larger than \(maxBytes) bytes")
        } catch {
            return .unavailable(error.message)
        }
        guard let data = reply.data else { return .missing }
        let lookup = decode(data, for: key)
        if case .hit(let answer) = lookup, answer.body.count > maxBytes {
            return .corrupt("the kept answer is larger than \(maxBytes) bytes")
        }
        return lookup
    }

    /// Keeps an answer for ``answerExpiry``.
    /// - Parameters:
    ///   - answer: the body and when it arrived.
    ///   - key: the provider and the request.
    /// - Throws: ``CacheError`` when Redis cannot be reached.
    public func store(_ answer: StoredAnswer, for key: AnswerKey) async throws(CacheError) {
        do {
            _ = try await client.send(
                .set(Self.answerKey(key), encode(answer, for: key), expiry: Self.answerExpiry))
        } catch {
            throw CacheError("cannot keep the answer in Redis: \(error.message)")
        }
    }

    // MARK: - Questions

    /// What claiming a question in Redis gave.
    enum Claim: Sendable, Hashable {
        /// This instance set the claim's key: it leads.
        case lead
        /// Another holds the claim.
        case follow
        /// Redis cannot be reached, with the reason.
        case unavailable(String)
    }

    /// Claims the question, and while another instance leads waits for its answer among the kept answers,
    /// looking every 50 ms.
    /// - Parameters:
    ///   - key: the question.
    ///   - answersSince: the oldest kept answer taken as the leader's.
    ///   - limit: how long the claim holds, and how long this instance waits at most.
    /// - Returns: lead, the leader's answer, or alone when Redis cannot be reached or no answer came in time.
    public func turn(_ key: AnswerKey, answersSince: Date, waitingAtMost limit: Duration) async -> QuestionTurn {
        let end = ContinuousClock.now.advanced(by: limit)
        var followed = false
        while !Task.isCancelled {
            switch await claim(key, for: limit) {
            case .lead:
                // The leader followed may have kept its answer and let go of the question just now.
                if followed, let answer = await answer(for: key, since: answersSince) {
                    await release(key)
                    return .answered(.stored(answer))
                }
                return .lead
            case .unavailable(let reason):
                return .alone(unavailable: reason)
            case .follow:
                followed = true
                if let answer = await answer(for: key, since: answersSince) { return .answered(.stored(answer)) }
                guard ContinuousClock.now < end, (try? await Task.sleep(for: .milliseconds(50))) != nil else {
                    return .alone(unavailable: nil)
                }
            }
        }
        return .alone(unavailable: nil)
    }

    /// Keeps the leader's answer when it is a successful response not kept yet, and releases the claim, in one
    /// round trip. An answer ``SharedAnswer/stored(_:)`` is already among the kept answers the followers read.
    /// - Parameters:
    ///   - key: the question led.
    ///   - answer: the answer to share, or `nil`.
    public func settle(_ key: AnswerKey, with answer: SharedAnswer?) async {
        var commands: [RedisCommand] = []
        if case .response(let response, let retrievedAt) = answer, (200..<300).contains(response.status) {
            let kept = StoredAnswer(body: response.body, retrievedAt: retrievedAt ?? Date())
            commands.append(.set(Self.answerKey(key), encode(kept, for: key), expiry: Self.answerExpiry))
        }
        commands.append(releaseCommand(key))
        _ = try? await client.pipeline(commands)
    }

    /// Claims a question with `SET … NX PX`: the instance that sets the key leads.
    /// - Parameters:
    ///   - key: the question.
    ///   - duration: how long the claim holds at most.
    /// - Returns: lead, follow, or unavailable.
    func claim(_ key: AnswerKey, for duration: Duration) async -> Claim {
        do {
            let reply = try await client.send(
                .set(
                    Self.claimKey(key), Data(token.utf8), expiry: max(duration, .milliseconds(1)),
                    condition: .ifAbsent))
            return reply.isNull ? .follow : .lead
        } catch {
            return .unavailable(error.message)
        }
    }

    /// Releases a claim this instance holds; another's is left alone.
    /// - Parameter key: the question.
    func release(_ key: AnswerKey) async {
        _ = try? await client.send(releaseCommand(key))
    }

    private func releaseCommand(_ key: AnswerKey) -> RedisCommand {
        .eval(
            "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end",
            keys: [Self.claimKey(key)], arguments: [token])
    }

    /// The kept answer when it was retrieved at `since` or later.
    private func answer(for key: AnswerKey, since: Date) async -> StoredAnswer? {
        guard case .hit(let answer) = await load(key, maxBytes: HTTPResponse.defaultSizeCap),
            answer.retrievedAt >= since
        else { return nil }
        return answer
    }

    // MARK: - Budgets

    /// Counts a request in its window with `INCR`, the window's key expiring after two windows. The key is
    /// made with its expiry (`SET … PX … NX`) in the step before `INCR`, so that no key is ever left without
    /// one, whatever happens between the two.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - budget: its budget.
    ///   - now: the current time.
    /// - Returns: allowed while the window's count is within the budget, refused past it, or unavailable.
    public func take(_ provider: ProviderID, budget: RequestBudget, now: Date) async -> BudgetDecision {
        let seconds = max(budget.window.components.seconds, 1)
        let key = Self.prefix + "budget:\(provider.rawValue):\(seconds)s:\(budget.window(at: now))"
        do {
            let replies = try await client.pipeline([
                .set(key, Data("0".utf8), expiry: budget.window * 2, condition: .ifAbsent), .incr(key),
            ])
            guard let count = replies.last?.integer else {
                return .unavailable("Redis answered INCR with something other than a number")
            }
            return count <= Int64(budget.count) ? .allowed : .refused
        } catch {
            return .unavailable(error.message)
        }
    }

    // MARK: - Keys and values

    /// `aggregate:answer:kiwi/search-1a2b…`.
    static func answerKey(_ key: AnswerKey) -> String { prefix + "answer:" + key.digest }

    /// `aggregate:claim:kiwi/search-1a2b…`.
    static func claimKey(_ key: AnswerKey) -> String { prefix + "claim:" + key.digest }

    private struct Header: Codable {
        static let schema = "aggregate.cache.v3"
        var schema: String
        var request: String
        var retrievedAt: String
        var bytes: Int
        var signature: String

        enum CodingKeys: String, CodingKey {
            case schema, request, bytes, signature
            case retrievedAt = "retrieved_at"
        }
    }

    /// What the signature covers: the schema, the request, `retrieved_at` and the body, each delimited so
    /// that no two answers share it.
    static func signed(request: String, retrievedAt: String, body: Data) -> [UInt8] {
        Array("\(Header.schema)\n\(request.utf8.count):\(request)\n\(retrievedAt)\n\(body.count)\n".utf8) + body
    }

    func encode(_ answer: StoredAnswer, for key: AnswerKey) -> Data {
        let retrievedAt = ResponseCache.formatDate(answer.retrievedAt)
        let header = Header(
            schema: Header.schema, request: key.text, retrievedAt: retrievedAt, bytes: answer.body.count,
            signature: secret.sign(Self.signed(request: key.text, retrievedAt: retrievedAt, body: answer.body)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var value = (try? encoder.encode(header)) ?? Data()
        value.append(UInt8(ascii: "\n"))
        value.append(answer.body)
        return value
    }

    func decode(_ value: Data, for key: AnswerKey) -> AnswerLookup {
        guard let newline = value.firstIndex(of: UInt8(ascii: "\n")) else {
            return .corrupt("the kept answer has no header line")
        }
        let body = Data(value[value.index(after: newline)...])
        guard let header = try? JSONDecoder().decode(Header.self, from: value[value.startIndex..<newline]),
            header.schema == Header.schema
        else { return .corrupt("the kept answer has an unreadable header") }
        guard header.request == key.text else { return .corrupt("the kept answer belongs to another request") }
        guard header.bytes == body.count else { return .corrupt("the kept answer is truncated") }
        guard
            secret.verify(
                header.signature, of: Self.signed(request: header.request, retrievedAt: header.retrievedAt, body: body))
        else {
            return reject(key, "the kept answer is not signed with the instances' key: something else wrote it")
        }
        guard let retrievedAt = ResponseCache.parseDate(header.retrievedAt) else {
            return .corrupt("the kept answer has an unreadable retrieved_at")
        }
        guard retrievedAt.timeIntervalSinceNow <= Self.allowedSkew else {
            return reject(key, "the kept answer says it was retrieved at \(header.retrievedAt), in the future")
        }
        return .hit(StoredAnswer(body: body, retrievedAt: retrievedAt))
    }

    /// Tells the handler of an answer not served, saying whether this entry was told before.
    private func reject(_ key: AnswerKey, _ reason: String) -> AnswerLookup {
        let entry = key.digest
        let first = told.insert(entry)
        rejected(RejectedSharedAnswer(provider: key.provider, entry: entry, reason: reason, isFirst: first))
        return .corrupt(reason)
    }
}

/// The entries a backend has told as rejected, so that each is logged once: at most
/// ``RedisBackend/rememberedRejections``, forgotten all at once past that.
private final class ToldRejections: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: Set<String> = []

    /// Notes an entry; `true` the first time.
    func insert(_ entry: String) -> Bool {
        lock.withLock {
            if entries.count >= RedisBackend.rememberedRejections { entries = [] }
            return entries.insert(entry).inserted
        }
    }
}
