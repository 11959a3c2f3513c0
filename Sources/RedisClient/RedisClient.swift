import Dispatch
import Foundation

/// A small client for Redis: commands sent over a few pooled connections, each call bounded by timeouts,
/// and a server out of reach answered quickly.
///
/// Rules:
/// - Each call ends with the replies or a ``RedisError``, never hangs: it waits for a free connection for at
///   most the command timeout, opens one (connecting and signing in) within the connect timeout when it must,
///   and has its replies within the command timeout of sending.
/// - Blocking socket work runs on the client's own serial queues, one per connection (at most
///   ``RedisConfiguration/maxConnections``), never on the caller's threads; a call goes to the queue with
///   the fewest calls waiting.
/// - A connection that failed (closed, timed out, sent something that is not RESP) is closed and never
///   used again. Then, for ``RedisConfiguration/retryInterval``, every call fails at once with
///   ``RedisError/Kind/unavailable`` and the reason, without trying; the first call after that interval
///   connects again. So while Redis is down or slow, callers lose almost no time, and they recover by
///   themselves once it is back.
/// - An error reply (`-ERR …`) is an answer, not a failure of the connection: ``send(_:replyLimit:)`` throws
///   it as ``RedisError/Kind/server``, ``pipeline(_:replyLimit:)`` returns it as a value.
///
/// ```swift
/// let redis = try RedisClient(RedisConfiguration(url: "redis://127.0.0.1:6379/0"))
/// try await redis.send(.set("greeting", Data("hello".utf8), expiry: .seconds(60)))
/// let value = try await redis.send(.get("greeting")).string  // "hello"
/// ```
public final class RedisClient: Sendable {
    /// Where the server is and how to talk to it.
    public let configuration: RedisConfiguration
    private let slots: [Slot]
    private let state: State

    /// Creates a client; nothing is opened until the first call.
    /// - Parameter configuration: where the server is and how to talk to it.
    /// - Throws: ``RedisError`` `configuration` for values that cannot be used.
    public init(_ configuration: RedisConfiguration) throws(RedisError) {
        try configuration.validate()
        self.configuration = configuration
        slots = (0..<configuration.maxConnections).map { Slot(number: $0) }
        state = State()
    }

    /// Creates a client from a URL.
    /// - Parameters:
    ///   - url: `redis://[[username]:password@]host[:port][/database]`.
    ///   - password: the password when the URL has none.
    /// - Throws: ``RedisError`` `configuration` for a URL that cannot be used.
    public convenience init(url: String, password: String? = nil) throws(RedisError) {
        try self.init(RedisConfiguration(url: url, password: password))
    }

    deinit { close() }

    /// Sends one command.
    /// - Parameters:
    ///   - command: the command.
    ///   - replyLimit: the largest reply read, when it is not the configuration's.
    /// - Returns: the reply.
    /// - Throws: ``RedisError``: `server` for an error reply, the others for a failure.
    @discardableResult
    public func send(_ command: RedisCommand, replyLimit: Int? = nil) async throws(RedisError) -> RESPValue {
        let replies = try await pipeline([command], replyLimit: replyLimit)
        guard let reply = replies.first else {
            throw RedisError(.protocolViolation, "the Redis server sent no reply to \(command.name)")
        }
        if case .error(let text) = reply {
            throw RedisError(.server, "Redis refused \(command.name): \(RedisError.quoted(text))")
        }
        return reply
    }

    /// Sends several commands in one write and reads their replies: one round trip. The commands run one
    /// after another but not atomically; use `MULTI`/`EXEC` or `EVAL` for that.
    /// - Parameters:
    ///   - commands: the commands.
    ///   - replyLimit: the most bytes all the replies may take, when it is not the configuration's.
    /// - Returns: one reply to each command, in order; error replies are ``RESPValue/error(_:)`` values.
    /// - Throws: ``RedisError`` for a failure: the connection, a timeout, a reply that is not RESP.
    public func pipeline(_ commands: [RedisCommand], replyLimit: Int? = nil) async throws(RedisError) -> [RESPValue] {
        guard !commands.isEmpty else { return [] }
        let configuration = configuration
        let limit = min(max(replyLimit ?? configuration.maxReplyBytes, 1024), Int(Int32.max))
        let asked = ContinuousClock.now
        if let refusal = state.refusal(for: configuration) { throw refusal }
        let slot = state.leastBusy(of: slots)
        let state = state
        let result: Result<[RESPValue], RedisError> = await withCheckedContinuation { continuation in
            slot.queue.async {
                defer { state.finished(slot) }
                continuation.resume(
                    returning: Result { () throws(RedisError) -> [RESPValue] in
                        try slot.run(commands, limit: limit, asked: asked, configuration: configuration, state: state)
                    })
            }
        }
        return try result.get()
    }

    /// Closes every connection. A later call opens them again.
    public func close() {
        for slot in slots { slot.queue.async { slot.drop() } }
    }

    /// Whether the client answers ``RedisError/Kind/unavailable`` now, without trying.
    public var isWaitingToRetry: Bool { state.refusal(for: configuration) != nil }
}

/// One connection and the serial queue its blocking work runs on.
private final class Slot: @unchecked Sendable {
    let queue: DispatchQueue
    /// Touched on `queue` only.
    private var connection: RedisConnection?

    init(number: Int) {
        queue = DispatchQueue(label: "RedisClient.connection\(number)")
    }

    /// Runs commands on the slot's connection, opening one when needed; called on `queue`.
    func run(
        _ commands: [RedisCommand], limit: Int, asked: ContinuousClock.Instant, configuration: RedisConfiguration,
        state: State
    ) throws(RedisError) -> [RESPValue] {
        guard ContinuousClock.now < asked.advanced(by: configuration.commandTimeout) else {
            // The wait for this connection used the call's time up: the server may be fine, the client busy.
            throw RedisError(
                .timeout, "no Redis connection to \(configuration.address) was free in time; the client is busy")
        }
        if let refusal = state.refusal(for: configuration) { throw refusal }
        do throws(RedisError) {
            if let open = connection, !open.isReusable { drop() }
            let current: RedisConnection
            if let open = connection {
                current = open
            } else {
                current = try RedisConnection.open(
                    configuration, until: ContinuousClock.now.advanced(by: configuration.connectTimeout))
                connection = current
            }
            let replies = try current.roundTrip(
                commands, replyLimit: limit, until: ContinuousClock.now.advanced(by: configuration.commandTimeout))
            state.succeeded()
            return replies
        } catch {
            if error.breaksConnection {
                drop()
                state.failed(error, retryInterval: configuration.retryInterval)
            }
            throw error
        }
    }

    /// Closes the connection; called on `queue`.
    func drop() {
        connection?.close()
        connection = nil
    }
}

/// What the slots share: how busy each is, and whether the server failed just before.
private final class State: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [ObjectIdentifier: Int] = [:]
    private var lastFailure: RedisError?
    private var retryAt: ContinuousClock.Instant?

    func leastBusy(of slots: [Slot]) -> Slot {
        lock.withLock {
            // Slots are never empty: the configuration asks for at least one connection.
            var best = slots[0]
            for slot in slots
            where waiting[ObjectIdentifier(slot), default: 0] < waiting[ObjectIdentifier(best), default: 0] {
                best = slot
            }
            waiting[ObjectIdentifier(best), default: 0] += 1
            return best
        }
    }

    func finished(_ slot: Slot) {
        lock.withLock { waiting[ObjectIdentifier(slot), default: 1] -= 1 }
    }

    /// The error to answer without trying, while the retry interval after a failure runs.
    func refusal(for configuration: RedisConfiguration) -> RedisError? {
        lock.withLock {
            guard let retryAt, let lastFailure else { return nil }
            let left = ContinuousClock.now.duration(to: retryAt)
            guard left > .zero else { return nil }
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            return RedisError(
                .unavailable,
                "\(lastFailure.message) (not tried again for \(String(format: "%.1f", seconds)) s)")
        }
    }

    func failed(_ error: RedisError, retryInterval: Duration) {
        lock.withLock {
            lastFailure = error
            retryAt = ContinuousClock.now.advanced(by: retryInterval)
        }
    }

    func succeeded() {
        lock.withLock {
            lastFailure = nil
            retryAt = nil
        }
    }
}
