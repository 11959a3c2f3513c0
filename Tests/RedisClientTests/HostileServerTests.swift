import Foundation
import RedisClient
import Testing

@Suite("A server that is not a well-behaved Redis: silent, broken, endless or not RESP")
struct HostileServerTests {
    private func client(
        _ server: ScriptedServer, timeout: Duration = .seconds(1), retry: Duration = .zero
    ) throws
        -> RedisClient
    {
        try RedisClient(
            RedisConfiguration(
                port: server.port, connectTimeout: .seconds(10), commandTimeout: timeout, retryInterval: retry,
                maxConnections: 2, maxReplyBytes: 1 << 20))
    }

    private func failure(_ server: ScriptedServer, _ client: RedisClient) async -> RedisError? {
        do {
            try await client.send(.get("k"))
            return nil
        } catch {
            return error
        }
    }

    @Test func aSilentServerTimesOutAndIsNotAskedAgainUntilTheRetryInterval() async throws {
        let server = try ScriptedServer(.silent)
        defer { server.stop() }
        let redis = try client(server, timeout: .milliseconds(300), retry: .seconds(3600))
        let first = try #require(await failure(server, redis))
        #expect(first.kind == .timeout)
        #expect(first.message == "timed out waiting for an answer from the Redis server 127.0.0.1:\(server.port)")
        for _ in 0..<10 {
            #expect(await failure(server, redis)?.kind == .unavailable)
        }
        #expect(server.connections == 1, "calls within the retry interval fail without connecting")
    }

    @Test(arguments: [
        ("HTTP/1.1 400 Bad Request\r\n\r\n", RedisError.Kind.protocolViolation),
        ("$1073741824\r\n", .replyTooLarge),
        (
            "*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n"
                + "*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n*1\r\n",
            .replyTooLarge
        ),
        (":12x\r\n", .protocolViolation),
    ])
    func aReplyThatIsNotRESPOrTooLargeIsAnError(reply: String, kind: RedisError.Kind) async throws {
        let server = try ScriptedServer(.reply(Data(reply.utf8), close: false))
        defer { server.stop() }
        let error = try #require(await failure(server, try client(server)))
        #expect(error.kind == kind, "\(error)")
        #expect(!error.message.contains("\n"))
    }

    @Test func aReplyCutShortIsAnError() async throws {
        let server = try ScriptedServer(.reply(Data("$100\r\nonly part of it".utf8), close: true))
        defer { server.stop() }
        let error = try #require(await failure(server, try client(server)))
        #expect(error.kind == .connection)
        #expect(error.message == "the Redis server 127.0.0.1:\(server.port) closed the connection")
    }

    @Test func anEndlessReplyStopsAtTheByteLimit() async throws {
        let element = "+" + String(repeating: "a", count: 90) + "\r\n"
        let server = try ScriptedServer(
            .endless(Data(String(repeating: element, count: 1000).utf8), first: Data("*1000000\r\n".utf8)))
        defer { server.stop() }
        let redis = try client(server, timeout: .seconds(60))
        let error = try #require(await failure(server, redis))
        #expect(error.message == "the Redis server 127.0.0.1:\(server.port) sent a reply over the 1048576-byte limit")
    }

    @Test func anEndlessLineStopsAtTheLimit() async throws {
        let server = try ScriptedServer(.endless(Data(("+" + String(repeating: "a", count: 8192)).utf8)))
        defer { server.stop() }
        let error = try #require(await failure(server, try client(server, timeout: .seconds(60))))
        #expect(error.kind == .replyTooLarge || error.kind == .protocolViolation, "\(error)")
    }

    @Test func nothingListeningIsAConnectionError() async throws {
        let server = try ScriptedServer(.silent)
        let port = server.port
        server.stop()
        let redis = try RedisClient(RedisConfiguration(port: port, connectTimeout: .seconds(10)))
        do {
            try await redis.send(.ping)
            Issue.record("a closed port answered")
        } catch {
            #expect(error.kind == .connection)
            #expect(error.message.hasPrefix("cannot connect to the Redis server 127.0.0.1:\(port)"), "\(error)")
        }
    }
}
