import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP/1.1 server on `127.0.0.1` for tests of the real network path.
///
/// It binds an ephemeral port, reads one request per connection (request line and headers; bodies are
/// ignored), answers as the route says with `Connection: close`, and closes. Each connection gets its
/// own thread so that a slow reply never holds up another. Sockets carry send and receive timeouts
/// and `stop()` shuts every open one down, so a misbehaving client can neither hang the server nor
/// keep a test from finishing.
///
/// ```swift
/// let server = try LoopbackHTTPServer { request in
///     request.path == "/flights" ? .json("[]") : .json("{}", status: 404)
/// }
/// defer { server.stop() }
/// let url = server.baseURL.appendingPathComponent("flights")
/// ```
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// How the server answers one request.
    public indirect enum Reply: Sendable {
        /// A JSON body with `Content-Type: application/json` and an exact `Content-Length`.
        case json(String, status: Int = 200, headers: [String: String] = [:])
        /// Any status, header fields and body; `Content-Length` is added unless given.
        case raw(status: Int, headers: [String: String], body: Data)
        /// Waits, then answers; the wait ends early when the client hangs up or the server stops.
        case slow(seconds: Double, then: Reply)
        /// Announces `declaredLength` bytes, sends only `body`, then closes: a connection lost mid-body.
        case truncated(declaredLength: Int, body: Data)
        /// Closes the connection with a TCP reset instead of answering.
        case reset
        /// A chunked body of `bytes` bytes with no `Content-Length`, so only a streaming cap can stop it.
        case oversized(bytes: Int)
        /// `302 Found` pointing at `to`, a path on this server or an absolute URL.
        case redirect(to: String)
        /// A `Content-Encoding: gzip` body that inflates to `bytes` zeros from about a thousandth of that on
        /// the wire, with an exact `Content-Length`: a compression bomb (see ``GzipOfZeros``).
        case gzip(bytes: Int)
    }

    /// A request as the server received it.
    public struct Request: Sendable, Hashable {
        /// The method, such as `GET`.
        public var method: String
        /// The request target as sent: the path and the query, still percent-encoded.
        public var target: String
        /// The path, percent-decoded.
        public var path: String
        /// The query items, percent-decoded, in the order sent.
        public var queryItems: [URLQueryItem]
        /// Header fields, names in lower case.
        public var headers: [String: String]
        /// The body, as `Content-Length` announced it (at most 1 MiB is read).
        public var body: Data
    }

    /// Why the server could not start.
    public struct StartError: Error, CustomStringConvertible {
        /// The failing socket call and `errno`'s text.
        public var description: String
    }

    private let listener: Listener

    /// Starts a server on an ephemeral loopback port.
    /// - Parameter routes: chooses the reply to each request; called on the connection's thread.
    /// - Throws: ``StartError`` when the socket cannot be created, bound or listened on.
    public init(routes: @escaping @Sendable (LoopbackHTTPServer.Request) -> Reply) throws {
        listener = try Listener(routes: routes)
        let thread = Thread { [listener] in listener.acceptLoop() }
        thread.name = "LoopbackHTTPServer.accept"
        thread.start()
    }

    deinit { listener.stop() }

    /// `http://127.0.0.1:PORT`, with no trailing slash.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(listener.port)") ?? URL(fileURLWithPath: "/")
    }

    /// Every request received so far, in the order they arrived.
    public var requests: [Request] { listener.lock.withLock { listener.received } }

    /// Closes the listening socket and shuts down open connections. It returns once the port is closed,
    /// so a connection attempt made afterwards is refused. Calling it again does nothing.
    public func stop() { listener.stop() }
}

/// The state shared by the server object and its threads. The threads hold this, not the server, so that
/// dropping the last reference to the server still runs its `deinit` and stops them.
private final class Listener: @unchecked Sendable {
    let lock = NSLock()
    let port: UInt16
    var received: [LoopbackHTTPServer.Request] = []
    private let socket: Int32
    private let routes: @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply
    private var stopped = false
    private var connections: Set<Int32> = []
    private let acceptLoopEnded = DispatchSemaphore(value: 0)

    init(routes: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply) throws {
        self.routes = routes
        #if canImport(Glibc)
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Self.failure("socket") }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                guard bind(fd, generic, length) == 0, listen(fd, 64) == 0 else { return false }
                return getsockname(fd, generic, &length) == 0
            }
        }
        guard bound else {
            let error = Self.failure("bind/listen")
            close(fd)
            throw error
        }
        socket = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    static func failure(_ call: String) -> LoopbackHTTPServer.StartError {
        LoopbackHTTPServer.StartError(description: "\(call) failed: \(String(cString: strerror(errno)))")
    }

    /// Polls in short slices rather than blocking in `accept`, so that `stop()` is noticed without
    /// closing a descriptor another thread is waiting on.
    func acceptLoop() {
        defer {
            close(socket)
            acceptLoopEnded.signal()
        }
        while !lock.withLock({ stopped }) {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 20) > 0 else { continue }
            let client = accept(socket, nil, nil)
            guard client >= 0 else { continue }
            let admitted = lock.withLock {
                if !stopped { connections.insert(client) }
                return !stopped
            }
            guard admitted else {
                close(client)
                break
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    func stop() {
        let first = lock.withLock {
            if stopped { return false }
            stopped = true
            // Under the lock: a connection leaves the set before it closes, so none of these is reused yet.
            for client in connections { shutdown(client, Int32(SHUT_RDWR)) }
            return true
        }
        if first { _ = acceptLoopEnded.wait(timeout: .now() + 2) }
    }

    private func serve(_ client: Int32) {
        var resetOnClose = false
        defer {
            if resetOnClose {
                var noLinger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(client, SOL_SOCKET, SO_LINGER, &noLinger, socklen_t(MemoryLayout<linger>.size))
            }
            // Removed under the lock before closing, so `stop()` never shuts down a reused descriptor.
            lock.withLock { _ = connections.remove(client) }
            close(client)
        }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard let request = readRequest(client) else { return }
        lock.withLock { received.append(request) }
        var reply = routes(request)
        while case .slow(let seconds, let next) = reply {
            guard waitWhileConnected(client, seconds: seconds) else { return }
            reply = next
        }
        switch reply {
        case .json(let text, let status, let headers):
            var fields = headers
            if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
                fields["Content-Type"] = "application/json"
            }
            _ = write(client, head(status, fields, contentLength: text.utf8.count) + Data(text.utf8))
        case .raw(let status, let headers, let body):
            _ = write(client, head(status, headers, contentLength: body.count) + body)
        case .truncated(let declaredLength, let body):
            _ = write(client, head(200, [:], contentLength: declaredLength) + body)
        case .reset:
            resetOnClose = true
        case .oversized(let bytes):
            guard write(client, head(200, ["Transfer-Encoding": "chunked"], contentLength: nil)) else { return }
            var remaining = bytes
            while remaining > 0 {
                let size = min(remaining, 64 << 10)
                let chunk =
                    Data(String(size, radix: 16).utf8) + Data("\r\n".utf8)
                    + Data(repeating: UInt8(ascii: "x"), count: size) + Data("\r\n".utf8)
                guard write(client, chunk) else { return }
                remaining -= size
            }
            _ = write(client, Data("0\r\n\r\n".utf8))
        case .redirect(let location):
            _ = write(client, head(302, ["Location": location], contentLength: 0))
        case .gzip(let bytes):
            let stream = GzipOfZeros(size: bytes)
            let fields = ["Content-Type": "application/json", "Content-Encoding": "gzip"]
            guard write(client, head(200, fields, contentLength: stream.compressedSize)) else { return }
            stream.stream { write(client, Data($0)) }
        case .slow:
            break  // Unwrapped by the loop above.
        }
    }

    /// Reads up to the blank line that ends the header block (64 KiB at most), parses it, then reads the
    /// body `Content-Length` announces (1 MiB at most).
    private func readRequest(_ client: Int32) -> LoopbackHTTPServer.Request? {
        var buffer = Data()
        let terminator = Data("\r\n\r\n".utf8)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while buffer.range(of: terminator) == nil {
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0, buffer.count < 64 << 10 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
        guard let end = buffer.range(of: terminator) else { return nil }
        let lines = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        var body = Data(buffer[end.upperBound...])
        let length = min(headers["content-length"].flatMap(Int.init) ?? 0, 1 << 20)
        while body.count < length {
            let count = recv(client, &chunk, min(chunk.count, length - body.count), 0)
            guard count > 0 else { return nil }
            body.append(contentsOf: chunk[0..<count])
        }
        let target = String(requestLine[1])
        let components = URLComponents(string: target)
        return LoopbackHTTPServer.Request(
            method: String(requestLine[0]), target: target, path: components?.path ?? target,
            queryItems: components?.queryItems ?? [], headers: headers, body: body.prefix(length))
    }

    /// Sleeps in short slices; `false` as soon as the client hangs up or the server stops.
    private func waitWhileConnected(_ client: Int32, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if lock.withLock({ stopped }) { return false }
            var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 20) > 0 {
                // The request was read whole, so readability here means end of stream or an error.
                var byte: UInt8 = 0
                if recv(client, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0 { return false }
            }
        }
        return true
    }

    private func head(_ status: Int, _ headers: [String: String], contentLength: Int?) -> Data {
        let reasons = [200: "OK", 302: "Found", 404: "Not Found", 429: "Too Many Requests", 500: "Server Error"]
        var text = "HTTP/1.1 \(status) \(reasons[status] ?? "Status")\r\nConnection: close\r\n"
        let named = Set(headers.keys.map { $0.lowercased() })
        if let contentLength, !named.contains("content-length") { text += "Content-Length: \(contentLength)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Data((text + "\r\n").utf8)
    }

    /// Sends everything, or reports `false` once the peer is gone; never raises `SIGPIPE`.
    private func write(_ client: Int32, _ data: Data) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        return data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = send(client, base + offset, raw.count - offset, flags)
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}

extension LoopbackHTTPServer {
    /// Routes that answer the n-th request with the n-th reply, and every later one with the last: a
    /// service that fails a few times and then recovers, or keeps failing.
    /// - Parameter replies: the replies in order; at least one.
    /// - Returns: routes for ``init(routes:)``.
    public static func inTurn(_ replies: [Reply]) -> @Sendable (Request) -> Reply {
        let counter = RequestCounter()
        return { _ in
            let index = counter.next()
            return replies.isEmpty ? .reset : replies[min(index, replies.count - 1)]
        }
    }
}

/// A thread-safe count of requests, for routes that change their answer over time.
public final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Creates a counter at zero.
    public init() {}

    /// The count before this call, then counts one more.
    /// - Returns: 0 for the first call, 1 for the second, and so on.
    public func next() -> Int {
        lock.withLock {
            defer { count += 1 }
            return count
        }
    }
}
