import Foundation
import MCPFrontEnd

/// The MCP sessions of a server on the Streamable HTTP transport, by `Mcp-Session-Id`.
///
/// Rules:
/// - A session starts with `initialize` and gets an id of 256 random bits in hexadecimal, which only the
///   client it was given to knows.
/// - A session no request has used for ``idleLimit`` ends, unless a call of it is still running: the next
///   request with its id is `404`, and the client starts another, as MCP says.
/// - At most ``capacity`` sessions are open, and at most ``perClient`` of them started from one client
///   address. A new session past either is refused (`503`): a live session is never ended to make room, so
///   that no client can end another's. Sessions expired by ``idleLimit`` make room.
/// - Once the server stops (``closeStreams()``), listening streams end and no session starts; calls in
///   progress finish.
package final class MCPHTTPSessions: @unchecked Sendable {
    /// Why a session was not started.
    package enum Refusal: Error, Equatable {
        /// The table holds ``capacity`` sessions.
        case full
        /// The client's address holds ``perClient`` sessions.
        case clientFull
        /// The server is stopping.
        case stopping
    }

    /// One session.
    package final class Session: @unchecked Sendable {
        /// Its id.
        package let id: String
        /// The protocol revision agreed at `initialize`.
        package let protocolVersion: String
        /// The address of the client that started it, without the port.
        package let client: String
        /// Its calls in progress.
        package let requests = MCPRequestRegistry()
        private let lock = NSLock()
        private var lastUsedAt: ContinuousClock.Instant
        private var ended = false
        /// The number of the newest listening stream; 0 before the first.
        private var stream = 0
        private var listening = true

        package init(id: String, protocolVersion: String, client: String) {
            self.id = id
            self.protocolVersion = protocolVersion
            self.client = client
            lastUsedAt = .now
        }

        /// When a request last used it.
        package var lastUsed: ContinuousClock.Instant { lock.withLock { lastUsedAt } }
        /// Whether it has ended: a stream of it stops.
        package var isEnded: Bool { lock.withLock { ended } }
        /// Whether a listening stream is to stop: the session ended, the server is stopping, or the client
        /// opened a newer one.
        /// - Parameter number: the stream's number, from ``openStream()``.
        package func streamShouldEnd(_ number: Int) -> Bool {
            lock.withLock { ended || !listening || stream != number }
        }

        /// Notes a use now.
        package func touch() { lock.withLock { lastUsedAt = .now } }

        /// Ends it: its calls are cancelled, its stream stops.
        package func end() {
            lock.withLock { ended = true }
            requests.cancelAll()
        }

        /// Opens the session's listening stream, ending the one open before, if any: a client opens another
        /// when it lost the last (a dropped connection the server has not noticed yet must not block it).
        /// - Returns: the stream's number, or `nil` when the session ended or the server is stopping.
        package func openStream() -> Int? {
            lock.withLock {
                guard !ended, listening else { return nil }
                stream += 1
                return stream
            }
        }

        /// Ends its listening stream, if open, and refuses another; its calls go on.
        package func stopListening() { lock.withLock { listening = false } }
    }

    /// How long a session may go unused.
    package let idleLimit: Duration
    /// The most sessions open at once.
    package let capacity: Int
    /// The most sessions open at once started from one client address.
    package let perClient: Int
    private let lock = NSLock()
    private var sessions: [String: Session] = [:]
    private var byClient: [String: Int] = [:]
    private var stopping = false

    /// Creates an empty table.
    /// - Parameters:
    ///   - idleLimit: how long a session may go unused.
    ///   - capacity: the most sessions open at once.
    ///   - perClient: the most of them from one client address; a tenth of `capacity` by default.
    package init(idleLimit: Duration, capacity: Int = 1000, perClient: Int? = nil) {
        self.idleLimit = idleLimit
        self.capacity = max(capacity, 1)
        self.perClient = min(max(perClient ?? capacity / 10, 1), self.capacity)
    }

    /// Starts a session.
    /// - Parameters:
    ///   - protocolVersion: the revision agreed.
    ///   - remoteAddress: the client's address, `host:port` or `[host]:port`; only the host counts.
    /// - Returns: the session, or why none was started.
    package func start(protocolVersion: String, remoteAddress: String) -> Result<Session, Refusal> {
        expire()
        let client = Self.host(of: remoteAddress)
        return lock.withLock {
            guard !stopping else { return .failure(.stopping) }
            guard byClient[client, default: 0] < perClient else { return .failure(.clientFull) }
            guard sessions.count < capacity else { return .failure(.full) }
            let session = Session(id: Self.newID(), protocolVersion: protocolVersion, client: client)
            sessions[session.id] = session
            byClient[client, default: 0] += 1
            return .success(session)
        }
    }

    /// The session with an id, noted as used now; `nil` for an unknown or expired one.
    /// - Parameter id: the `Mcp-Session-Id`.
    /// - Returns: the session.
    package func use(_ id: String) -> Session? {
        expire()
        let session = lock.withLock { sessions[id] }
        session?.touch()
        return session
    }

    /// Ends a session.
    /// - Parameter id: its id.
    /// - Returns: whether there was one.
    @discardableResult
    package func end(_ id: String) -> Bool {
        guard let session = lock.withLock({ remove(id) }) else { return false }
        session.end()
        return true
    }

    /// The server is stopping: every listening stream ends now, and no session starts; calls in progress go
    /// on until they finish or ``endAll()``.
    package func closeStreams() {
        let all = lock.withLock {
            stopping = true
            return Array(sessions.values)
        }
        for session in all { session.stopListening() }
    }

    /// Ends every session: the server has stopped, and their calls and streams must end.
    package func endAll() {
        let all = lock.withLock {
            stopping = true
            defer {
                sessions = [:]
                byClient = [:]
            }
            return Array(sessions.values)
        }
        for session in all { session.end() }
    }

    /// Ends the sessions unused for longer than ``idleLimit`` with no call running.
    package func expire() {
        let now = ContinuousClock.now
        let expired = lock.withLock {
            let old = sessions.values.filter { now - $0.lastUsed > idleLimit && $0.requests.count == 0 }
            for session in old { remove(session.id) }
            return old
        }
        for session in expired { session.end() }
    }

    /// How many sessions are open.
    package var count: Int { lock.withLock { sessions.count } }

    /// Takes a session out of the table, under the lock.
    @discardableResult
    private func remove(_ id: String) -> Session? {
        guard let session = sessions.removeValue(forKey: id) else { return nil }
        let left = byClient[session.client, default: 1] - 1
        byClient[session.client] = left > 0 ? left : nil
        return session
    }

    /// The host of `host:port` or `[host]:port`; the text itself when it has no port.
    package static func host(of address: String) -> String {
        if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
            return String(address[address.index(after: address.startIndex)..<close])
        }
        guard let colon = address.lastIndex(of: ":"), !address[..<colon].contains(":") else { return address }
        return String(address[..<colon])
    }

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
