import Foundation
import ProviderTestKit
import RedisTestSupport
import Testing

@Suite("aggregate serve: two instances sharing one real redis-server")
struct ServeRedisTests {
    /// A Kiwi search for one date, asked of kiwi alone.
    static func search(_ day: Int) -> String {
        "/v1/search?providers=kiwi&from=VIE&to=BCN&date=2026-12-\(day)"
    }

    /// Waits until a condition holds, within the patience that rules out a hang.
    static func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + ServeProcess.patience
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test(.enabled(if: RedisTestServer.isInstalled, RedisTestServer.missingNote))
    func answersRequestsAndBudgetsAreSharedAndRedisGoingAwayOnlyDegrades() async throws {
        let redis = try await RedisTestServer.start()
        defer { redis.stop() }
        let upstream = try LoopbackHTTPServer { _ in .slow(seconds: 0.5, then: .json(LiveEndpointTests.kiwiBody)) }
        defer { upstream.stop() }
        let arguments = [
            "--cache", redis.url, "--endpoint", "kiwi=\(upstream.baseURL.absoluteString)", "--budget", "kiwi=3/d",
            "--fresh-for", "600", "--timeout", "30",
        ]
        let first = try await ServeProcess.start(arguments: arguments)
        let second = try await ServeProcess.start(arguments: arguments)

        // An answer one instance fetched serves the other.
        #expect(try await first.request(Self.search(18)).status == 200)
        #expect(upstream.requests.count == 1)
        let shared = try await second.request(Self.search(18))
        #expect(shared.status == 200)
        #expect(shared.text.contains(#""offers": 1"#))
        #expect(upstream.requests.count == 1)

        // The same question asked of both at once goes upstream once.
        async let one = first.request(Self.search(19))
        async let other = second.request(Self.search(19))
        let answers = try await [one, other]
        #expect(answers.map(\.status) == [200, 200])
        #expect(upstream.requests.count == 2)
        #expect(try await second.request("/metrics").text.contains("aggregate_coalesced_requests_total"))

        // The budget of three a day is counted in Redis: the third request of the day is the last sent.
        #expect(try await second.request(Self.search(20)).status == 200)
        #expect(upstream.requests.count == 3)
        let refused = try await first.request(Self.search(21))
        #expect(upstream.requests.count == 3)
        #expect(refused.text.contains("budget"), "\(refused.text)")
        #expect(
            try await first.request("/metrics").text.contains(#"aggregate_budget_refusals_total{provider="kiwi"} 1"#))

        // Redis goes away: the instances say so and still answer, asking the service themselves.
        redis.stop()
        let degraded = try await first.request("/healthz")
        #expect(degraded.status == 200)
        #expect(try degraded.json()["status"] as? String == "degraded")
        let alone = try await first.request(Self.search(22))
        #expect(alone.status == 200)
        #expect(alone.text.contains(#""offers": 1"#))
        #expect(upstream.requests.count == 4)

        // Redis is back: sharing resumes by itself.
        try await redis.start()
        #expect(
            try await Self.eventually {
                try await first.request("/healthz").json()["status"] as? String == "ok"
            })
        #expect(try await first.request(Self.search(23)).status == 200)
        #expect(try await second.request(Self.search(23)).status == 200)
        #expect(upstream.requests.count == 5)

        #expect(try await first.stop() == 0)
        #expect(try await second.stop() == 0)
    }
}
