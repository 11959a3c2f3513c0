import Foundation

/// The MCP sessions of a server on the Streamable HTTP transport, by `Mcp-Session-Id`.
///
/// Rules:
/// - A session starts with `initialize` and gets an id of 256 random bits in hexadecimal, which only the
///   client it was given to knows.
/// - A session no request has used for ``idleLimit`` ends, unless a call of it is still running: the next
///   request with its id is `404`, and the client starts another, as MCP says.
/// - At most ``capacity`` sessions are open; when full, the session idle longest ends to make room, and
///   when none can, a new one is refused.
final class MCPHTTPSessions: @unchecked Sendable {
    /// One session.
    final class Session: @unchecked Sendable {
        /// Its id.
        let id: String
        /// The protocol revision agreed at `initialize`.
        let protocolVersion: String
        /// Its calls in progress.
        let requests = MCPRequestRegistry()
        private let lock = NSLock()
        private var lastUsedAt: ContinuousClock.Instant
        private var ended = false
        private var streamOpen = false

        init(id: String, protocolVersion: String) {
            self.id = id
            self.protocolVersion = protocolVersion
            lastUsedAt = .now
        }

        /// When a request last used it.
        var lastUsed: ContinuousClock.Instant { lock.withLock { lastUsedAt } }
        /// Whether it has ended: a stream of it stops.
        var isEnded: Bool { lock.withLock { ended } }

        /// Notes a use now.
        func touch() { lock.withLock { lastUsedAt = .now } }

        /// Ends it: its calls are cancelled, its stream stops.
        func end() {
            lock.withLock { ended = true }
            requests.cancelAll()
        }

        /// Takes the session's one listening stream; `false` when it has one already.
        func openStream() -> Bool {
            lock.withLock {
                guard !streamOpen, !ended else { return false }
                streamOpen = true
                return true
            }
        }

        /// Gives the listening stream back.
        func closeStream() { lock.withLock { streamOpen = false } }
    }

    /// How long a session may go unused.
    let idleLimit: Duration
    /// The most sessions open at once.
    let capacity: Int
    private let lock = NSLock()
    private var sessions: [String: Session] = [:]

    /// Creates an empty table.
    /// - Parameters:
    ///   - idleLimit: how long a session may go unused.
    ///   - capacity: the most sessions open at once.
    init(idleLimit: Duration, capacity: Int = 1000) {
        self.idleLimit = idleLimit
        self.capacity = max(capacity, 1)
    }

    /// Starts a session.
    /// - Parameter protocolVersion: the revision agreed.
    /// - Returns: the session, or `nil` when the table is full of sessions in use.
    func start(protocolVersion: String) -> Session? {
        expire()
        return lock.withLock {
            if sessions.count >= capacity {
                guard
                    let idlest = sessions.values.filter({ $0.requests.count == 0 }).min(by: {
                        $0.lastUsed < $1.lastUsed
                    })
                else { return nil }
                sessions[idlest.id] = nil
                idlest.end()
            }
            let session = Session(id: Self.newID(), protocolVersion: protocolVersion)
            sessions[session.id] = session
            return session
        }
    }

    /// The session with an id, noted as used now; `nil` for an unknown or expired one.
    /// - Parameter id: the `Mcp-Session-Id`.
    /// - Returns: the session.
    func use(_ id: String) -> Session? {
        expire()
        let session = lock.withLock { sessions[id] }
        session?.touch()
        return session
    }

    /// Ends a session.
    /// - Parameter id: its id.
    /// - Returns: whether there was one.
    @discardableResult
    func end(_ id: String) -> Bool {
        guard let session = lock.withLock({ sessions.removeValue(forKey: id) }) else { return false }
        session.end()
        return true
    }

    /// Ends every session: the server is stopping, and their streams must close.
    func endAll() {
        let all = lock.withLock {
            defer { sessions = [:] }
            return Array(sessions.values)
        }
        for session in all { session.end() }
    }

    /// Ends the sessions unused for longer than ``idleLimit`` with no call running.
    func expire() {
        let now = ContinuousClock.now
        let expired = lock.withLock {
            let old = sessions.values.filter { now - $0.lastUsed > idleLimit && $0.requests.count == 0 }
            for session in old { sessions[session.id] = nil }
            return old
        }
        for session in expired { session.end() }
    }

    /// How many sessions are open.
    var count: Int { lock.withLock { sessions.count } }

    /// 32 random bytes in hexadecimal, from the system's cryptographically secure generator.
    private static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
