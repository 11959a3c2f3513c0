import Foundation
import RedisClient
import RedisTestSupport
import Testing

@Suite("Talking to a real redis-server: commands, sign-in, databases, concurrency, and a server that goes away")
struct RedisClientTests {
    /// Generous timeouts: these tests are about behaviour, not about how fast a loaded machine is.
    private func client(
        _ server: RedisTestServer, password: String? = nil, database: Int = 0, retryInterval: Duration = .zero,
        maxConnections: Int = 4
    ) throws(RedisError) -> RedisClient {
        try RedisClient(
            RedisConfiguration(
                port: server.port, database: database, password: password, connectTimeout: .seconds(10),
                commandTimeout: .seconds(10), retryInterval: retryInterval, maxConnections: maxConnections))
    }

    @Test func theCommandsSharingNeedsWork() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let redis = try client(server)
        #expect(try await redis.send(.ping) == .simple("PONG"))
        #expect(try await redis.send(.set("greeting", Data("hello".utf8))) == .simple("OK"))
        #expect(try await redis.send(.get("greeting")).string == "hello")
        #expect(try await redis.send(.getRange("greeting", from: 0, through: 2)).string == "hel")
        #expect(try await redis.send(.getRange("absent", from: 0, through: 2)) == .bulk(Data()))
        #expect(try await redis.send(.get("absent")) == .null)
        #expect(try await redis.send(.incr("count")) == .integer(1))
        #expect(try await redis.send(.incr("count")) == .integer(2))
        #expect(try await redis.send(.pexpire("count", .seconds(100))) == .integer(1))
        let left = try #require(try await redis.send(.pttl("count")).integer)
        #expect(left > 0 && left <= 100_000)
        #expect(try await redis.send(.expire("greeting", seconds: 100)) == .integer(1))
        #expect(try await redis.send(.del(["greeting", "count", "absent"])) == .integer(2))
        let script = "return redis.call('INCRBY', KEYS[1], ARGV[1])"
        #expect(try await redis.send(.eval(script, keys: ["n"], arguments: ["5"])) == .integer(5))
    }

    @Test func setOnlyIfAbsentWritesOnce() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let redis = try client(server)
        let first = try await redis.send(.set("claim", Data("a".utf8), expiry: .seconds(30), condition: .ifAbsent))
        let second = try await redis.send(.set("claim", Data("b".utf8), expiry: .seconds(30), condition: .ifAbsent))
        #expect(first == .simple("OK"))
        #expect(second == .null)
        #expect(try await redis.send(.get("claim")).string == "a")
        let present = try await redis.send(.set("other", Data("c".utf8), condition: .ifPresent))
        #expect(present == .null)
    }

    @Test func anExpiryRemovesTheKey() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let redis = try client(server)
        try await redis.send(.set("short", Data("x".utf8), expiry: .milliseconds(1)))
        // Redis removes an expired key on the first read after its expiry; 20 ms covers that instant.
        try await Task.sleep(for: .milliseconds(20))
        #expect(try await redis.send(.get("short")) == .null)
    }

    @Test func binaryAndLargeValuesComeBackWhole() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let redis = try client(server)
        let binary = Data((0...255).map { UInt8($0) } + Array("\r\n*1\r\n".utf8))
        try await redis.send(.set("binary", binary))
        #expect(try await redis.send(.get("binary")) == .bulk(binary))
        let large = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try await redis.send(.set("large", large))
        #expect(try await redis.send(.get("large")) == .bulk(large))
    }

    @Test func aPipelineAnswersEachCommandAndKeepsErrorRepliesAsValues() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let redis = try client(server)
        let replies = try await redis.pipeline([
            .set("a", Data("1".utf8)), RedisCommand("NOSUCHCOMMAND"), .get("a"),
        ])
        #expect(replies.count == 3)
        #expect(replies[0] == .simple("OK"))
        guard case .error(let text) = replies[1] else {
            Issue.record("expected an error reply, got \(replies[1])")
            return
        }
        #expect(text.hasPrefix("ERR unknown command"))
        #expect(replies[2].string == "1")
        await #expect(throws: RedisError.self) { try await redis.send(RedisCommand("NOSUCHCOMMAND")) }
        #expect(try await redis.send(.ping) == .simple("PONG"), "an error reply leaves the connection usable")
    }

    @Test func anErrorReplyIsThrownAsTheServerSaidIt() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let redis = try client(server)
        try await redis.send(.set("text", Data("abc".utf8)))
        do {
            try await redis.send(.incr("text"))
            Issue.record("INCR of text succeeded")
        } catch {
            #expect(error.kind == .server)
            #expect(error.message == "Redis refused INCR: ERR value is not an integer or out of range")
        }
    }

    @Test func aPasswordIsSentAndAWrongOneIsAClearErrorWithoutIt() async throws {
        let server = try await RedisTestServer.start(password: "hunter2-team")
        defer { server.stop() }
        let signedIn = try client(server, password: "hunter2-team")
        #expect(try await signedIn.send(.ping) == .simple("PONG"))
        do {
            try await client(server, password: "wrong-guess").send(.ping)
            Issue.record("a wrong password was accepted")
        } catch {
            #expect(error.kind == .server)
            #expect(error.message.contains("refused the sign-in: WRONGPASS"), "\(error.message)")
            #expect(!error.message.contains("wrong-guess") && !error.message.contains("hunter2"))
        }
        do {
            try await client(server).send(.ping)
            Issue.record("no password was accepted")
        } catch {
            #expect(error.message.contains("NOAUTH"), "\(error.message)")
        }
        let fromURL = try RedisClient(url: "redis://:hunter2-team@127.0.0.1:\(server.port)/0")
        #expect(try await fromURL.send(.ping) == .simple("PONG"))
    }

    @Test func eachConnectionSelectsItsDatabase() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let zero = try client(server)
        let two = try client(server, database: 2)
        try await two.send(.set("where", Data("two".utf8)))
        #expect(try await zero.send(.get("where")) == .null)
        #expect(try await two.send(.get("where")).string == "two")
        let missing = try client(server, database: 9)
        await #expect(throws: RedisError.self) { try await missing.send(.ping) }
    }

    @Test func manyCallsAtOnceShareAFewConnections() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let redis = try client(server, maxConnections: 3)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask { try await redis.send(.incr("counter")) }
            }
            try await group.waitForAll()
        }
        #expect(try await redis.send(.get("counter")).string == "200")
        // The server's start-up check closes its own connection on a queue, which a busy machine may run late:
        // the server's list of clients is read until it has let that one go, for ten seconds at most.
        var count = Int.max
        let end = ContinuousClock.now.advanced(by: .seconds(10))
        repeat {
            let clients = try #require(try await redis.send(RedisCommand("CLIENT", text: ["LIST"])).string)
            count = clients.split(separator: "\n").count
            if count <= 3 { break }
            try await Task.sleep(for: .milliseconds(50))
        } while ContinuousClock.now < end
        #expect(count <= 3)
    }

    @Test func aReplyOverTheLimitIsAnErrorAndTheNextCallIsFine() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let redis = try client(server)
        try await redis.send(.set("big", Data(repeating: 7, count: 100_000)))
        do {
            try await redis.send(.get("big"), replyLimit: 10_000)
            Issue.record("a reply over the limit was read")
        } catch {
            #expect(error.kind == .replyTooLarge)
        }
        #expect(try await redis.send(.getRange("big", from: 0, through: 9_999), replyLimit: 10_100) != .null)
    }

    @Test func aServerThatGoesAwayIsUnavailableThenRecoveredWhenItIsBack() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let redis = try client(server, retryInterval: .milliseconds(50))
        #expect(try await redis.send(.ping) == .simple("PONG"))
        server.stop()
        do {
            try await redis.send(.ping)
            Issue.record("a stopped server answered")
        } catch {
            #expect(error.kind == .connection, "\(error)")
            #expect(error.message.contains("127.0.0.1:\(server.port)"))
        }
        try await server.start()
        #expect(try await eventually { try await redis.send(.ping) == .simple("PONG") })
    }

    @Test func whileTheServerIsDownCallsFailAtOnceWithoutTrying() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let redis = try client(server, retryInterval: .seconds(3600))
        #expect(try await redis.send(.ping) == .simple("PONG"))
        server.stop()
        await #expect(throws: RedisError.self) { try await redis.send(.ping) }
        try await server.start()
        for _ in 0..<5 {
            do {
                try await redis.send(.ping)
                Issue.record("the client tried again within its retry interval")
            } catch {
                #expect(error.kind == .unavailable)
                #expect(error.message.contains("not tried again for"), "\(error.message)")
            }
        }
        #expect(redis.isWaitingToRetry)
    }

    /// Tries until `check` holds; the bound rules out a hang, not a slow machine.
    private func eventually(_ check: () async throws -> Bool) async throws -> Bool {
        let end = ContinuousClock.now.advanced(by: .seconds(60))
        while ContinuousClock.now < end {
            if (try? await check()) == true { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
