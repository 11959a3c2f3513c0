import Foundation
import HTTPServer

/// A gate a test opens: requests that wait at it are answered only then.
actor Latch {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var arrivals = 0

    func wait() async {
        arrivals += 1
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    /// Waits until `count` requests have arrived at the gate, looking every few milliseconds.
    func waitForArrivals(_ count: Int) async {
        while arrivals < count { try? await Task.sleep(for: .milliseconds(5)) }
    }
}

/// The access records a server logged, in order.
final class AccessLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [AccessRecord] = []

    var records: [AccessRecord] { lock.withLock { stored } }

    func add(_ record: AccessRecord) { lock.withLock { stored.append(record) } }

    /// Waits until `count` records are in; the records then.
    func waitFor(_ count: Int) async -> [AccessRecord] {
        for _ in 0..<6000 where records.count < count { try? await Task.sleep(for: .milliseconds(5)) }
        return records
    }
}

/// The routes the server's tests ask for.
struct TestResponder: HTTPResponder {
    let latch = Latch()
    let searches = ConcurrencyGate(limit: 1)

    func respond(to request: ServerRequest) async -> ServerResponse {
        let query = Dictionary(request.queryItems.map { ($0.name, $0.value) }) { first, _ in first }
        switch request.path {
        case "/echo":
            let text = "\(request.method) \(request.path) \(request.query ?? "-") \(request.body.count)\n"
            return .text(200, contentType: "text/plain", text + String(decoding: request.body, as: UTF8.self))
        case "/slow":
            let milliseconds = Int(query["ms"] ?? "") ?? 100
            try? await Task.sleep(for: .milliseconds(milliseconds))
            return .text(200, contentType: "text/plain", "slow \(query["n"] ?? "")")
        case "/wait":
            await latch.wait()
            return .text(200, contentType: "text/plain", "waited")
        case "/search":
            guard let pass = searches.enter() else { return .unavailable(retryAfter: 2) }
            defer { pass.leave() }
            await latch.wait()
            return .text(200, contentType: "text/plain", "searched")
        case "/stream":
            return ServerResponse(status: 200, headers: ["Content-Type": "text/event-stream"]) { writer in
                for index in 1...3 {
                    guard (try? await writer.write("data: \(index)\n\n")) != nil else { return }
                }
            }
        case "/big":
            return ServerResponse(
                status: 200, body: .bytes([UInt8](repeating: 0x61, count: Int(query["bytes"] ?? "") ?? 0)))
        case "/inject":
            return .text(200, contentType: "text/plain", "ok", headers: ["X-Note": "a\r\nSet-Cookie: stolen=1"])
        default:
            return .text(404, contentType: "text/plain", "not found")
        }
    }
}

extension ServerResponse {
    /// A streamed response.
    init(status: Int, headers: HeaderFields, stream: @escaping @Sendable (ServerBodyWriter) async -> Void) {
        self.init(status: status, headers: headers, body: .stream(stream))
    }
}

/// A server on a free loopback port with the test routes and small limits, and its access log.
struct TestServer {
    let server: SocketServer
    let responder = TestResponder()
    let log = AccessLog()

    init(
        limits: HTTPLimits = HTTPLimits(requestLineBytes: 1024, headerCount: 20, headerBytes: 4096, bodyBytes: 65536),
        timeouts: HTTPTimeouts = HTTPTimeouts(), maxConnections: Int = 64, maxConnectionsPerClient: Int? = nil
    ) throws {
        let log = log
        server = try SocketServer(
            configuration: HTTPServerConfiguration(
                host: "127.0.0.1", port: 0, limits: limits, timeouts: timeouts, maxConnections: maxConnections,
                maxConnectionsPerClient: maxConnectionsPerClient ?? maxConnections),
            responder: responder
        ) { log.add($0) }
    }

    var port: Int { server.port }

    func client(from source: String? = nil) throws -> RawClient { try RawClient(port: port, from: source) }

    /// Whether the server still answers a good request on a new connection.
    func stillServes() async throws -> Bool {
        let client = try client()
        await client.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        return await client.response()?.status == 200
    }
}
