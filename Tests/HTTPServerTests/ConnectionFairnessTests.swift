import Foundation
import HTTPServer
import Testing

/// One client holding sockets open without sending anything, against the others: each test plays several
/// clients from several loopback addresses (all of `127.0.0.0/8` is loopback on Linux). Every wait is
/// bounded by the clients' receive timeout or the server's own timeouts, never by how fast this machine is.
@Suite("The socket server shares its connections fairly", .serialized, .enabled(if: loopbackIsANetwork))
struct ConnectionFairnessTests {
    static let request = "GET /echo HTTP/1.1\r\nHost: t\r\n\r\n"

    @Test("a client keeps being served while another address holds 700 idle sockets and reopens them")
    func oneAddressCannotLockOthersOut() async throws {
        let standard = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        #expect(standard.maxConnectionsPerClient <= standard.maxConnections / 4)
        let server = try TestServer(
            maxConnections: standard.maxConnections, maxConnectionsPerClient: standard.maxConnectionsPerClient)
        var held: [RawClient] = []
        for _ in 0..<700 { held.append(try server.client()) }
        // The attacker reopens sockets the whole time the other client is asking.
        let port = server.port
        let reopening = Task.detached {
            var kept: [RawClient] = []
            for _ in 0..<300 where !Task.isCancelled {
                if let client = try? RawClient(port: port, receiveTimeout: 1) { kept.append(client) }
            }
            return kept.count
        }
        for index in 0..<20 {
            let client = try server.client(from: "127.0.0.2")
            await client.send("GET /echo?n=\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = await client.response()
            #expect(response?.status == 200, "request \(index) of the other client: \(response?.status ?? 0)")
        }
        _ = await reopening.value
        // The attacker's oldest sockets were closed to keep it within its share.
        #expect(await held[0].waitForClose())
        let last = try server.client()
        await last.send(Self.request)
        #expect(await last.response()?.status == 200)
    }

    @Test("a client over its cap with every connection busy is answered 503 at once; another client is not")
    func perClientCap() async throws {
        let server = try TestServer(maxConnections: 64, maxConnectionsPerClient: 4)
        var busy: [RawClient] = []
        for _ in 0..<4 {
            let client = try server.client(from: "127.0.0.3")
            await client.send("GET /wait HTTP/1.1\r\nHost: t\r\n\r\n")
            busy.append(client)
        }
        await server.responder.latch.waitForArrivals(4)
        let over = try server.client(from: "127.0.0.3")
        await over.send(Self.request)
        let refused = try #require(await over.response())
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "1")
        #expect(refused.text.contains("too many connections"))
        let other = try server.client(from: "127.0.0.4")
        await other.send(Self.request)
        #expect(await other.response()?.status == 200)
        await server.responder.latch.open()
        for client in busy { #expect(await client.response()?.status == 200) }
    }

    @Test("with every connection taken, one that has sent nothing is closed to let a new one in")
    func silentConnectionsMakeRoom() async throws {
        let server = try TestServer(
            timeouts: HTTPTimeouts(request: .seconds(120), firstByte: .seconds(120)), maxConnections: 16)
        var silent: [RawClient] = []
        for _ in 0..<16 { silent.append(try server.client()) }
        let newcomer = try server.client(from: "127.0.0.5")
        await newcomer.send(Self.request)
        #expect(await newcomer.response()?.status == 200)
        // The oldest silent one made room, within the receive timeout and long before the request timeout.
        #expect(await silent[0].waitForClose())
    }

    @Test("when connections are nearly all taken, one that sends nothing gets a moment, not a request's time")
    func firstByteTimeoutInACrowd() async throws {
        let server = try TestServer(
            timeouts: HTTPTimeouts(request: .seconds(120), firstByte: .milliseconds(300)), maxConnections: 8)
        // One of eight: no crowd, so a slow first request is still waited for.
        let patient = try server.client()
        try await Task.sleep(for: .seconds(1))
        await patient.send(Self.request)
        #expect(await patient.response()?.status == 200)
        // Six of eight: a crowd. The receive timeout (30 s) ends long before the request timeout (120 s).
        var crowd: [RawClient] = []
        for _ in 0..<6 { crowd.append(try server.client()) }
        #expect(await crowd[0].waitForClose())
        #expect(try await server.stillServes())
    }
}

/// Whether every address of `127.0.0.0/8` can be connected from, as on Linux (elsewhere only `127.0.0.1` is).
#if os(Linux)
    private let loopbackIsANetwork = true
#else
    private let loopbackIsANetwork = false
#endif
