import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's one thread of socket work: a `poll(2)` loop over the listening socket, every connection
/// and a wake-up pipe. It accepts, reads and parses requests, hands each to the application in a task of
/// its own, writes responses, and enforces the limits and timeouts; other threads talk to it only through
/// ``post(_:)``.
///
/// Rules:
/// - A connection handles one request at a time: the next pipelined request is read from the bytes
///   already received once the response before it is out, so responses keep the requests' order.
/// - A request that breaks a rule or a limit, or takes too long to arrive, is answered with its status
///   and `Connection: close`; so is every request that completes after shutdown began (`503`). A
///   connection idle past its timeout, or whose client takes no bytes past the write timeout, is closed.
/// - Closing after a response shuts the sending side first and reads what the client still sends for a
///   moment, so that the client reads the response before the connection ends.
/// - Connections are shared fairly: one client address holds at most
///   ``HTTPServerConfiguration/maxConnectionsPerClient``, and past that its own idle connection is closed
///   to make room, or the new one is answered `503` and closed at once. With every connection taken, the
///   oldest that has sent nothing (else the one idle longest) is closed before a new one is refused; with
///   three quarters taken, a connection that sends nothing is closed after
///   ``HTTPTimeouts/firstByte``, not ``HTTPTimeouts/request``.
/// - Shutdown stops accepting and closes idle connections at once; requests being answered get until
///   the grace period ends, then their tasks are cancelled and their connections closed.
final class EventLoop: @unchecked Sendable {
    /// What other threads ask of the loop.
    enum Message {
        /// The application's response to a connection's request.
        case respond(UInt64, ServerResponse)
        /// Bytes of a streamed body; the continuation learns whether they were taken.
        case chunk(UInt64, [UInt8], CheckedContinuation<Bool, Never>)
        /// A streamed body is complete.
        case streamEnded(UInt64)
        /// Stop, giving requests in progress this long.
        case shutdown(Duration)
    }

    /// How much one read takes.
    static let readSize = 64 << 10
    /// Unsent bytes past which a stream's producer waits for the client.
    static let highWater = 64 << 10
    /// How long a closing connection's late bytes are read and dropped.
    static let drainTime: Duration = .seconds(2)
    /// Connections over the cap still answered `503` rather than dropped unanswered.
    static let overflowAnswered = 64

    let configuration: HTTPServerConfiguration
    let port: Int
    private let responder: any HTTPResponder
    private let accessLog: @Sendable (AccessRecord) -> Void
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let logQueue = DispatchQueue(label: "HTTPServer.accessLog")

    // Shared with other threads, under `lock`.
    private let lock = NSLock()
    private var messages: [Message] = []
    private var ended = false
    private var endWaiters: [CheckedContinuation<Void, Never>] = []

    // The loop thread's own.
    private var connections: [UInt64: Connection] = [:]
    /// How many connections each client address has open.
    private var perClient: [String: Int] = [:]
    private var nextID: UInt64 = 0
    private var listening = true
    private var shutdownDeadline: ContinuousClock.Instant?
    private var readBuffer = [UInt8](repeating: 0, count: EventLoop.readSize)

    init(
        configuration: HTTPServerConfiguration, responder: any HTTPResponder,
        accessLog: @escaping @Sendable (AccessRecord) -> Void
    ) throws(ServerStartError) {
        self.configuration = configuration
        self.responder = responder
        self.accessLog = accessLog
        (listener, port) = try Socket.listen(host: configuration.host, port: configuration.port, backlog: 511)
        do {
            (wakeRead, wakeWrite) = try Socket.wakePipe()
        } catch {
            close(listener)
            throw error
        }
    }

    /// Starts the loop's thread.
    func start() {
        let thread = Thread { self.run() }
        thread.name = "HTTPServer.loop"
        thread.start()
    }

    /// Hands the loop a message, from any thread; once the loop has ended, a chunk is refused at once and
    /// anything else is dropped.
    func post(_ message: Message) {
        let accepted = lock.withLock {
            guard !ended else { return false }
            messages.append(message)
            // Under the lock, so that the pipe cannot be closed (and its number reused) in between.
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
            return true
        }
        if !accepted, case .chunk(_, _, let continuation) = message { continuation.resume(returning: false) }
    }

    /// Waits until the loop has ended and every connection is closed.
    func waitUntilEnded() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = lock.withLock {
                if ended { return true }
                endWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    // MARK: - The loop

    private func run() {
        while true {
            if let deadline = shutdownDeadline, connections.isEmpty || ContinuousClock.now >= deadline { break }
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let polledListener = listening
            if polledListener { descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
            let polled = Array(connections.values)
            for connection in polled {
                var events: Int16 = 0
                if wantsRead(connection) { events |= Int16(POLLIN) }
                if connection.unsent > 0 { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
            }
            _ = poll(&descriptors, nfds_t(descriptors.count), shutdownDeadline == nil ? 250 : 50)
            if descriptors[0].revents != 0 { drainWakePipe() }
            handleMessages()
            if polledListener, listening, descriptors[1].revents != 0 { acceptConnections() }
            let offset = polledListener ? 2 : 1
            for (index, connection) in polled.enumerated() {
                let events = descriptors[offset + index].revents
                guard events != 0, connections[connection.id] === connection else { continue }
                // A hang-up is both directions gone (a reset, say): nothing more can be read or sent.
                if events & Int16(POLLERR | POLLNVAL | POLLHUP) != 0 {
                    drop(connection)
                    continue
                }
                if events & Int16(POLLOUT) != 0 { flush(connection) }
                guard connections[connection.id] === connection else { continue }
                if events & Int16(POLLIN) != 0 { read(connection) }
            }
            checkTimeouts()
        }
        finish()
    }

    private func wantsRead(_ connection: Connection) -> Bool {
        guard !connection.peerClosed else { return false }
        switch connection.phase {
        case .reading, .draining: return true
        case .handling, .streaming, .finishing:
            // Pipelined requests wait in the buffer, up to one whole request's worth.
            let limits = configuration.limits
            return connection.inbound.count < limits.requestLineBytes + limits.headerBytes + limits.bodyBytes
        }
    }

    private func drainWakePipe() {
        var bytes = [UInt8](repeating: 0, count: 256)
        while case .bytes = Socket.read(wakeRead, into: &bytes) {}
    }

    private func handleMessages() {
        let batch = lock.withLock {
            defer { messages.removeAll() }
            return messages
        }
        for message in batch {
            switch message {
            case .respond(let id, let response):
                if let connection = connections[id] { respond(connection, with: response) }
            case .chunk(let id, let bytes, let continuation):
                streamChunk(bytes, to: id, continuation: continuation)
            case .streamEnded(let id):
                guard let connection = connections[id], connection.phase == .streaming else { continue }
                if connection.chunked { connection.queue(Array("0\r\n\r\n".utf8)) }
                connection.phase = .finishing
                connection.task = nil
                flush(connection)
            case .shutdown(let grace):
                beginShutdown(grace: grace)
            }
        }
    }

    // MARK: - Connections

    private func acceptConnections() {
        for _ in 0..<64 {
            guard let (descriptor, remote) = Socket.accept(listener) else { return }
            let now = ContinuousClock.now
            let client = Connection.host(of: remote)
            if perClient[client, default: 0] >= configuration.maxConnectionsPerClient {
                // The client's own idle connection makes room; else the new one is refused.
                guard let idlest = idlest(among: connections.values.filter { $0.client == client }) else {
                    refuseAtOnce(descriptor, remote: remote, now: now)
                    continue
                }
                drop(idlest)
            }
            if connections.count >= configuration.maxConnections, let idlest = idlest(among: connections.values) {
                drop(idlest)
            }
            nextID += 1
            let connection = Connection(
                id: nextID, descriptor: descriptor, remoteAddress: remote, limits: configuration.limits, now: now)
            let open = connections.count
            connections[connection.id] = connection
            perClient[client, default: 0] += 1
            guard open >= configuration.maxConnections else { continue }
            guard open < configuration.maxConnections + Self.overflowAnswered else {
                drop(connection)
                continue
            }
            connection.pending = Connection.Pending(method: "-", path: "-", started: now)
            connection.closeAfterResponse = true
            connection.phase = .handling
            respond(
                connection,
                with: .unavailable(retryAfter: 1, body: "The server has too many connections; try again shortly.\n"))
        }
    }

    /// The connection to close to make room: the oldest that has sent nothing, else the one idle longest
    /// between requests; `nil` when every one is busy.
    private func idlest(among candidates: some Sequence<Connection>) -> Connection? {
        var silent: Connection?
        var idle: Connection?
        for connection in candidates where connection.isIdle {
            if connection.isSilent {
                if silent.map({ connection.idleSince < $0.idleSince }) ?? true { silent = connection }
            } else if idle.map({ connection.idleSince < $0.idleSince }) ?? true {
                idle = connection
            }
        }
        return silent ?? idle
    }

    /// Answers a connection over its client's cap `503` as far as the socket takes it, and closes it: it
    /// never takes a place in the table.
    private func refuseAtOnce(_ descriptor: Int32, remote: String, now: ContinuousClock.Instant) {
        var refusal = responder.refusal(
            status: 503, reason: "This client has too many connections open; close some or try again shortly.")
        refusal.headers["Retry-After"] = "1"
        let body: [UInt8]
        if case .bytes(let bytes) = refusal.body { body = bytes } else { body = [] }
        let head = ResponseHead.bytes(
            status: 503, headers: refusal.headers, framing: .length(body.count), close: true,
            keepAliveForHTTP10: false)
        _ = Socket.write(descriptor, (head + body)[...])
        close(descriptor)
        let record = AccessRecord(
            method: "-", path: "-", status: 503, latency: ContinuousClock.now - now, bytesSent: body.count,
            remoteAddress: remote, incomplete: false)
        let accessLog = accessLog
        logQueue.async { accessLog(record) }
    }

    private func read(_ connection: Connection) {
        switch Socket.read(connection.descriptor, into: &readBuffer) {
        case .bytes(let count):
            guard connection.phase != .draining else { return }
            connection.receivedAny = true
            connection.inbound.append(contentsOf: readBuffer[0..<count])
            if connection.phase == .reading { process(connection) }
        case .wouldBlock:
            break
        case .closed:
            connection.peerClosed = true
            switch connection.phase {
            case .reading, .draining:
                // Between requests, or in the middle of one the client gave up: nothing to answer.
                drop(connection)
            case .handling, .streaming, .finishing:
                // The response still goes out (the client may only have shut its sending side).
                connection.closeAfterResponse = true
            }
        }
    }

    /// Reads the next request from the bytes received, if they hold one.
    private func process(_ connection: Connection) {
        guard connection.phase == .reading, !connection.inbound.isEmpty else { return }
        if connection.requestStarted == nil { connection.requestStarted = .now }
        switch connection.parser.parse(connection.inbound) {
        case .needMore(let sendContinue):
            if sendContinue, !connection.continueSent {
                connection.continueSent = true
                connection.queue(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                flush(connection)
            }
        case .request(let request, let consumed):
            connection.inbound.removeFirst(consumed)
            connection.parser.reset()
            connection.continueSent = false
            begin(request, on: connection)
        case .failure(let error):
            connection.pending = Connection.Pending(
                method: error.method ?? "-", path: error.path ?? "-", started: connection.requestStarted ?? .now)
            connection.requestStarted = nil
            connection.closeAfterResponse = true
            connection.phase = .handling
            respond(connection, with: responder.refusal(status: error.status, reason: error.reason))
        }
    }

    private func begin(_ request: ServerRequest, on connection: Connection) {
        connection.pending = Connection.Pending(
            method: request.method, path: request.path, started: connection.requestStarted ?? .now)
        connection.requestStarted = nil
        connection.version = request.version
        connection.isHead = request.method == "HEAD"
        connection.closeAfterResponse = connection.closeAfterResponse || request.wantsClose || shutdownDeadline != nil
        connection.phase = .handling
        guard shutdownDeadline == nil else {
            respond(connection, with: .unavailable(retryAfter: 1, body: "The server is stopping.\n"))
            return
        }
        let responder = responder
        let id = connection.id
        connection.task = Task {
            let response = await responder.respond(to: request)
            self.post(.respond(id, response))
        }
    }

    private func respond(_ connection: Connection, with response: ServerResponse) {
        guard connection.phase == .handling else { return }
        // A server that is stopping says so on every response it still sends.
        if shutdownDeadline != nil { connection.closeAfterResponse = true }
        connection.pending?.status = response.status
        connection.task = nil
        let status = response.status
        let bodiless = (100..<200).contains(status) || status == 204 || status == 304
        let keepAlive10 = connection.version == .http10 && !connection.closeAfterResponse
        switch response.body {
        case .bytes(let body):
            connection.queue(
                ResponseHead.bytes(
                    status: status, headers: response.headers, framing: bodiless ? .none : .length(body.count),
                    close: connection.closeAfterResponse, keepAliveForHTTP10: keepAlive10))
            if !bodiless, !connection.isHead {
                connection.queue(body)
                connection.pending?.bodyBytes = body.count
            }
            connection.phase = .finishing
        case .stream(let producer):
            connection.chunked = connection.version == .http11
            if !connection.chunked { connection.closeAfterResponse = true }
            connection.queue(
                ResponseHead.bytes(
                    status: status, headers: response.headers, framing: connection.chunked ? .chunked : .untilClose,
                    close: connection.closeAfterResponse, keepAliveForHTTP10: false))
            if bodiless || connection.isHead {
                connection.phase = .finishing
            } else {
                connection.phase = .streaming
                let writer = ServerBodyWriter(loop: self, connection: connection.id)
                let id = connection.id
                connection.task = Task {
                    await producer(writer)
                    self.post(.streamEnded(id))
                }
            }
        }
        flush(connection)
    }

    private func streamChunk(_ bytes: [UInt8], to id: UInt64, continuation: CheckedContinuation<Bool, Never>) {
        guard let connection = connections[id], connection.phase == .streaming else {
            continuation.resume(returning: false)
            return
        }
        if connection.chunked {
            connection.queue(Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + [ASCII.cr, ASCII.lf])
        } else {
            connection.queue(bytes)
        }
        connection.pending?.bodyBytes += bytes.count
        connection.waitingWriters.append(continuation)
        flush(connection)
    }

    /// Writes what the socket takes; lets producers go on once the client has caught up; completes the
    /// response once the last byte is out.
    private func flush(_ connection: Connection) {
        while connection.unsent > 0 {
            switch Socket.write(connection.descriptor, connection.outbound[connection.outboundOffset...]) {
            case .wrote(let count):
                connection.outboundOffset += count
                connection.lastWriteProgress = .now
            case .wouldBlock:
                releaseWriters(connection)
                return
            case .failed:
                drop(connection)
                return
            }
        }
        releaseWriters(connection)
        if connection.phase == .finishing { complete(connection) }
    }

    private func releaseWriters(_ connection: Connection) {
        guard connection.unsent <= Self.highWater, !connection.waitingWriters.isEmpty else { return }
        let writers = connection.waitingWriters
        connection.waitingWriters = []
        for writer in writers { writer.resume(returning: true) }
    }

    /// A response is out: log it, then read the next request or close.
    private func complete(_ connection: Connection) {
        if let pending = connection.pending {
            log(pending, on: connection, incomplete: false)
            connection.pending = nil
        }
        connection.chunked = false
        connection.servedAny = true
        if connection.closeAfterResponse || connection.peerClosed || shutdownDeadline != nil {
            closeGently(connection)
            return
        }
        connection.phase = .reading
        connection.idleSince = .now
        process(connection)
    }

    /// Shuts the sending side and reads what still comes for a moment before closing.
    private func closeGently(_ connection: Connection) {
        guard !connection.peerClosed else {
            drop(connection)
            return
        }
        _ = shutdown(connection.descriptor, Int32(SHUT_WR))
        connection.phase = .draining
        connection.inbound = []
        connection.drainUntil = ContinuousClock.now.advanced(by: Self.drainTime)
    }

    /// Closes a connection now; a response not completed is logged as incomplete.
    private func drop(_ connection: Connection) {
        if let pending = connection.pending {
            log(pending, on: connection, incomplete: true)
            connection.pending = nil
        }
        let writers = connection.waitingWriters
        connection.waitingWriters = []
        for writer in writers { writer.resume(returning: false) }
        close(connection.descriptor)
        connections[connection.id] = nil
        let left = perClient[connection.client, default: 1] - 1
        perClient[connection.client] = left > 0 ? left : nil
    }

    private func checkTimeouts() {
        let now = ContinuousClock.now
        let timeouts = configuration.timeouts
        // In a crowd, a connection that has sent nothing gets a moment, not a request's time.
        let crowded = connections.count * 4 >= configuration.maxConnections * 3
        let firstRequest = crowded ? timeouts.firstByte : timeouts.request
        for connection in Array(connections.values) {
            if connection.phase == .draining {
                if let end = connection.drainUntil, now >= end { drop(connection) }
            } else if connection.unsent > 0, now - connection.lastWriteProgress > timeouts.write {
                drop(connection)
            } else if connection.phase == .reading, let started = connection.requestStarted {
                guard now - started > timeouts.request else { continue }
                connection.pending = Connection.Pending(
                    method: connection.parser.methodAndPath?.method ?? "-",
                    path: connection.parser.methodAndPath?.path ?? "-", started: started)
                connection.requestStarted = nil
                connection.closeAfterResponse = true
                connection.phase = .handling
                respond(
                    connection,
                    with: responder.refusal(
                        status: 408, reason: "The request did not arrive within \(timeouts.request)."))
            } else if connection.isIdle,
                // A connection that has not sent a first request has the time of one to do so.
                shutdownDeadline != nil
                    || now - connection.idleSince > (connection.servedAny ? timeouts.idle : firstRequest)
            {
                drop(connection)
            }
        }
    }

    private func beginShutdown(grace: Duration) {
        guard shutdownDeadline == nil else { return }
        shutdownDeadline = ContinuousClock.now.advanced(by: grace)
        if listening {
            listening = false
            close(listener)
        }
        for connection in Array(connections.values) where connection.isIdle || connection.phase == .draining {
            drop(connection)
        }
    }

    private func finish() {
        for connection in Array(connections.values) {
            connection.task?.cancel()
            drop(connection)
        }
        if listening { close(listener) }
        let (left, waiters) = lock.withLock {
            ended = true
            close(wakeRead)
            close(wakeWrite)
            defer {
                messages = []
                endWaiters = []
            }
            return (messages, endWaiters)
        }
        for message in left {
            if case .chunk(_, _, let continuation) = message { continuation.resume(returning: false) }
        }
        for waiter in waiters { waiter.resume() }
    }

    private func log(_ pending: Connection.Pending, on connection: Connection, incomplete: Bool) {
        let record = AccessRecord(
            method: pending.method, path: pending.path,
            // A client that left before any response was chosen: nginx's 499.
            status: pending.status == 0 ? 499 : pending.status, latency: ContinuousClock.now - pending.started,
            bytesSent: pending.bodyBytes, remoteAddress: connection.remoteAddress, incomplete: incomplete)
        let accessLog = accessLog
        logQueue.async { accessLog(record) }
    }
}
