import Foundation
import HTTPServer
import Testing

/// The server through real loopback sockets: every test's waits are bounded by the client's receive timeout
/// or the server's own timeouts, never by how fast this machine is.
@Suite("The socket server", .serialized)
struct SocketServerTests {
    @Test("answers several requests on one kept-alive connection")
    func keepAlive() async throws {
        let server = try TestServer()
        let client = try server.client()
        for index in 1...3 {
            await client.send("GET /echo?n=\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try #require(await client.response())
            #expect(response.status == 200)
            #expect(response.text.hasPrefix("GET /echo n=\(index) 0"))
            #expect(response.headers["connection"] == nil)
        }
        await client.send("GET /echo HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(await client.response()?.headers["connection"] == "close")
        #expect(await client.waitForClose())
    }

    @Test("answers pipelined requests in the order they were sent, however long each takes")
    func pipelining() async throws {
        let server = try TestServer()
        let client = try server.client()
        await client.send(
            "GET /slow?ms=300&n=1 HTTP/1.1\r\nHost: t\r\n\r\nGET /slow?ms=0&n=2 HTTP/1.1\r\nHost: t\r\n\r\n"
                + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")
        #expect(await client.response()?.text == "slow 1")
        #expect(await client.response()?.text == "slow 2")
        #expect(await client.response()?.text == "POST /echo - 3\nabc")
    }

    @Test(
        "answers a malformed request with a clean status and closes, and goes on serving",
        arguments: [
            ("GET / HTTP/1.1\nHost: t\n\n", 400),
            ("GET / HTTP/1.1\r\n\r\n", 400),
            ("GET / HTTP/3\r\nHost: t\r\n\r\n", 505),
            ("GET / HTTP/1.1\r\nHost: t\r\n obs-fold\r\n\r\n", 400),
            ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
            ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
            ("GET / HTTP/1.1\r\nHost: t\r\nExpect: 200-ok\r\n\r\n", 417),
            // TLS on the plain port.
            ("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}\r\n\r\n", 400),
            ("GET /\u{00} HTTP/1.1\r\nHost: t\r\n\r\n", 400),
        ])
    func malformed(text: String, expected: Int) async throws {
        let server = try TestServer()
        let client = try server.client()
        await client.send(text)
        let response = try #require(await client.response())
        #expect(response.status == expected)
        #expect(response.headers["connection"] == "close")
        #expect(await client.waitForClose())
        #expect(try await server.stillServes())
        let records = await server.log.waitFor(2)
        #expect(records.first?.status == expected)
    }

    @Test("refuses oversized requests before reading them whole")
    func oversized() async throws {
        let server = try TestServer()
        let cases: [(String, Int)] = [
            ("GET /" + String(repeating: "a", count: 2000) + " HTTP/1.1\r\nHost: t\r\n\r\n", 414),
            ("GET / HTTP/1.1\r\nHost: t\r\n" + String(repeating: "X-A: 1\r\n", count: 30) + "\r\n", 431),
            ("GET / HTTP/1.1\r\nHost: t\r\nX-A: " + String(repeating: "a", count: 5000) + "\r\n\r\n", 431),
        ]
        for (text, expected) in cases {
            let client = try server.client()
            await client.send(text)
            #expect(await client.response()?.status == expected)
        }
        // A body announced over the limit is refused from its head, while the client is still sending it.
        let client = try server.client()
        await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10000000\r\n\r\n")
        _ = await client.send([UInt8](repeating: 0x61, count: 200_000))
        #expect(await client.response()?.status == 413)
        // A chunked body over the limit is refused as soon as it passes it.
        let chunked = try server.client()
        await chunked.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<20 { _ = await chunked.send("1000\r\n" + String(repeating: "a", count: 4096) + "\r\n") }
        #expect(await chunked.response()?.status == 413)
        #expect(try await server.stillServes())
    }

    @Test("answers a client that sends its request a byte at a time too slowly with 408")
    func slowloris() async throws {
        let server = try TestServer(timeouts: HTTPTimeouts(request: .milliseconds(300)))
        let client = try server.client()
        let head = Array("GET /echo HTTP/1.1\r\nHost: t\r\nX-Slow: ".utf8)
        var answered: RawClient.Response?
        // Trickles bytes until the server gives up: it must, long before the trickle would end.
        let trickle = Task {
            for byte in head + [UInt8](repeating: 0x61, count: 4000) {
                guard await client.send([byte]) else { return }
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        answered = await client.response()
        trickle.cancel()
        #expect(answered?.status == 408)
        #expect(try await server.stillServes())
    }

    @Test("closes a connection that stays idle, one that never sends a request, and one that stops mid-request")
    func idle() async throws {
        let server = try TestServer(timeouts: HTTPTimeouts(request: .milliseconds(300), idle: .milliseconds(300)))
        let kept = try server.client()
        await kept.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(await kept.response()?.status == 200)
        #expect(await kept.waitForClose())
        let silent = try server.client()
        #expect(await silent.waitForClose())
        let partial = try server.client()
        await partial.send("GET /echo HTTP/1.1\r\nHo")
        #expect(await partial.response()?.status == 408)
        #expect(try await server.stillServes())
    }

    @Test("sends 100 Continue before a body the client holds back, and decodes a chunked body")
    func continueAndChunked() async throws {
        let server = try TestServer()
        let client = try server.client()
        await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
        #expect(await client.response(toHead: true)?.status == 100)
        await client.send("hi")
        #expect(await client.response()?.text == "POST /echo - 2\nhi")
        await client.send(
            "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n1;x=y\r\nc\r\n0\r\n\r\n")
        #expect(await client.response()?.text == "POST /echo - 3\nabc")
    }

    @Test("streams a body in chunks to HTTP/1.1, and until the connection ends to HTTP/1.0")
    func streaming() async throws {
        let server = try TestServer()
        let client = try server.client()
        await client.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try #require(await client.response())
        #expect(response.headers["transfer-encoding"] == "chunked")
        #expect(response.text == "data: 1\n\ndata: 2\n\ndata: 3\n\n")
        await client.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(await client.response()?.status == 200)

        let old = try server.client()
        await old.send("GET /stream HTTP/1.0\r\n\r\n")
        let whole = String(decoding: await old.readToEnd(), as: UTF8.self)
        #expect(whole.hasSuffix("\r\n\r\ndata: 1\n\ndata: 2\n\ndata: 3\n\n"))
        #expect(!whole.lowercased().contains("transfer-encoding"))
    }

    @Test("answers HEAD without a body, and keeps control characters out of response fields")
    func headAndInjection() async throws {
        let server = try TestServer()
        let client = try server.client()
        await client.send("HEAD /big?bytes=10 HTTP/1.1\r\nHost: t\r\n\r\nGET /inject HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try #require(await client.response(toHead: true))
        #expect(head.headers["content-length"] == "10")
        let injected = try #require(await client.response())
        #expect(injected.text == "ok")
        #expect(injected.headers["set-cookie"] == nil)
        #expect(injected.headers["x-note"] == "a  Set-Cookie: stolen=1")
    }

    @Test("answers 503 with Retry-After once a gate is full, and lets the next in once it is free")
    func concurrencyGate() async throws {
        let server = try TestServer()
        let first = try server.client()
        await first.send("GET /search HTTP/1.1\r\nHost: t\r\n\r\n")
        await server.responder.latch.waitForArrivals(1)
        let second = try server.client()
        await second.send("GET /search HTTP/1.1\r\nHost: t\r\n\r\n")
        let refused = try #require(await second.response())
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "2")
        await server.responder.latch.open()
        #expect(await first.response()?.text == "searched")
        await second.send("GET /search HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(await second.response()?.status == 200)
    }

    @Test("answers 503 to connections over the cap when none is idle")
    func connectionCap() async throws {
        let server = try TestServer(maxConnections: 2)
        let held = [try server.client(), try server.client()]
        for client in held { await client.send("GET /wait HTTP/1.1\r\nHost: t\r\n\r\n") }
        await server.responder.latch.waitForArrivals(2)
        let extra = try server.client()
        await extra.send("GET /echo HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(await extra.response()?.status == 503)
        await server.responder.latch.open()
        for client in held { #expect(await client.response()?.status == 200) }
    }

    @Test("closes the connection of a client that stops reading a large response, and goes on")
    func stalledReader() async throws {
        let server = try TestServer(timeouts: HTTPTimeouts(write: .milliseconds(300)))
        let client = try server.client()
        await client.send("GET /big?bytes=24000000 HTTP/1.1\r\nHost: t\r\n\r\n")
        let records = await server.log.waitFor(1)
        #expect(records.first?.incomplete == true)
        #expect(records.first?.status == 200)
        #expect(try await server.stillServes())
    }

    @Test("logs each request once, with its path and never its query")
    func accessLog() async throws {
        let server = try TestServer()
        let client = try server.client()
        await client.send("GET /echo?token=secret HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = await client.response()
        await client.send("GET /nowhere?key=secret HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = await client.response()
        let records = await server.log.waitFor(2)
        #expect(records.map(\.path) == ["/echo", "/nowhere"])
        #expect(records.map(\.status) == [200, 404])
        #expect(records.allSatisfy { $0.method == "GET" && $0.remoteAddress.hasPrefix("127.0.0.1:") })
    }

    @Test("shuts down gracefully: refuses new connections, lets a request in progress finish")
    func gracefulShutdown() async throws {
        let server = try TestServer()
        let port = server.port
        let client = try server.client()
        await client.send("GET /wait HTTP/1.1\r\nHost: t\r\n\r\n")
        await server.responder.latch.waitForArrivals(1)
        let idle = try server.client()
        let stopped = Task { await server.server.shutdown(grace: .seconds(60)) }
        #expect(await idle.waitForClose())
        #expect(throws: RawClient.Failure.self) { try RawClient(port: port) }
        await server.responder.latch.open()
        let response = try #require(await client.response())
        #expect(response.text == "waited")
        #expect(response.headers["connection"] == "close")
        await stopped.value
    }

    @Test("ends a request that outlives the grace period, and stops")
    func shutdownGraceEnds() async throws {
        let server = try TestServer()
        let client = try server.client()
        await client.send("GET /wait HTTP/1.1\r\nHost: t\r\n\r\n")
        await server.responder.latch.waitForArrivals(1)
        await server.server.shutdown(grace: .milliseconds(200))
        #expect(await client.response() == nil)
        await server.responder.latch.open()
    }
}
