import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("aggregate serve: a stop does not wait for streams that never end")
struct ServeShutdownTests {
    @Test func aStopWithAnIdleMCPStreamOpenTakesNothingLikeTheGracePeriod() async throws {
        // The grace period is the deadline and 2 s more: 62 s.
        let server = try await ServeProcess.start(arguments: ["--timeout", "60"])
        let initialize = try await server.request(
            "/mcp", method: "POST",
            headers: ["Content-Type": "application/json", "Accept": "application/json, text/event-stream"],
            body: Data(
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
                    .utf8))
        let session = try #require(initialize.headers["mcp-session-id"])
        let stream = try StreamSocket(port: server.port)
        stream.send(
            "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: \(session)\r\n\r\n")
        let opened = stream.read(until: ": listening")
        #expect(opened.hasPrefix("HTTP/1.1 200"), "the stream did not open: \(opened)")

        let started = ContinuousClock.now
        #expect(try await server.stop() == 0)
        let took = ContinuousClock.now - started
        // Nothing is in flight but the stream: a stop that waited for the grace period would take 62 s.
        #expect(took < .seconds(20), "SIGTERM took \(took) with one idle stream open")
        #expect(stream.read(until: "\u{0}").hasSuffix("0\r\n\r\n"), "the stream did not end cleanly")
    }
}

/// A blocking loopback socket whose reads give up after 30 s: enough to hold an event stream open.
private final class StreamSocket {
    private let descriptor: Int32

    init(port: Int) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(descriptor)
            throw ServeFailure(description: "cannot connect to port \(port)")
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// What arrives until the text is seen, the connection ends or 30 s pass without a byte.
    func read(until marker: String) -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: received, as: UTF8.self).contains(marker) {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// `read(2)`, which the socket's own `read` hides inside it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
