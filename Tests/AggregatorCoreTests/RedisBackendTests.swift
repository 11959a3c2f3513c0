import Foundation
import ProviderKit
import RedisClient
import RedisTestSupport
import Testing

@testable import AggregatorCore

@Suite("RedisBackend: answers, claims and budgets kept in a real redis-server")
struct RedisBackendTests {
    static let key = AnswerKey(
        provider: "kiwi", request: HTTPRequest(url: URL(fileURLWithPath: "/v2/search").appendingPathComponent("x")))

    private func backend(_ server: RedisTestServer) throws -> RedisBackend {
        try RedisBackend(
            client: RedisClient(
                RedisConfiguration(
                    port: server.port, connectTimeout: .seconds(10), commandTimeout: .seconds(10),
                    retryInterval: .zero)))
    }

    @Test(.enabled(if: RedisTestServer.isInstalled, RedisTestServer.missingNote))
    func anAnswerKeptByOneIsReadByAnotherAndAnAlteredOneIsCorrupt() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let first = try backend(server)
        let second = try backend(server)
        #expect(await second.load(Self.key, maxBytes: 1000) == .missing)
        let answer = StoredAnswer(
            body: Data(#"{"data": []}"#.utf8), retrievedAt: Date(timeIntervalSince1970: 1_795_000_000))
        try await first.store(answer, for: Self.key)
        #expect(await second.load(Self.key, maxBytes: 1000) == .hit(answer))
        guard case .corrupt = await second.load(Self.key, maxBytes: 4) else {
            Issue.record("an answer over the size limit was read")
            return
        }
        // A value cut short is never served.
        var cut = RedisBackend.encode(answer, for: Self.key)
        cut.removeLast(3)
        _ = try await first.client.send(.set(RedisBackend.answerKey(Self.key), cut))
        guard case .corrupt = await second.load(Self.key, maxBytes: 1000) else {
            Issue.record("a cut answer was served")
            return
        }
    }

    @Test(.enabled(if: RedisTestServer.isInstalled, RedisTestServer.missingNote))
    func oneInstanceLeadsAQuestionAndOnlyItReleasesIt() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let first = try backend(server)
        let second = try backend(server)
        #expect(await first.claim(Self.key, for: .seconds(30)) == .lead)
        #expect(await second.claim(Self.key, for: .seconds(30)) == .follow)
        await second.release(Self.key)
        #expect(await second.claim(Self.key, for: .seconds(30)) == .follow)
        await first.release(Self.key)
        #expect(await second.claim(Self.key, for: .seconds(30)) == .lead)
    }

    @Test(.enabled(if: RedisTestServer.isInstalled, RedisTestServer.missingNote))
    func aBudgetIsCountedForEveryInstanceAndRedisGoneIsUnavailable() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let first = try backend(server)
        let second = try backend(server)
        let budget = try #require(RequestBudget(parsing: "2/d"))
        let now = Date()
        #expect(await first.take("kiwi", budget: budget, now: now) == .allowed)
        #expect(await second.take("kiwi", budget: budget, now: now) == .allowed)
        #expect(await first.take("kiwi", budget: budget, now: now) == .refused)
        #expect(await first.take("duffel", budget: budget, now: now) == .allowed)
        #expect(await first.health() == .ok)
        server.stop()
        guard case .degraded = await first.health() else {
            Issue.record("a Redis that is gone was healthy")
            return
        }
        guard case .unavailable = await first.take("kiwi", budget: budget, now: now),
            case .unavailable = await first.claim(Self.key, for: .seconds(1)),
            case .unavailable = await first.load(Self.key, maxBytes: 100)
        else {
            Issue.record("a Redis that is gone answered")
            return
        }
    }
}
