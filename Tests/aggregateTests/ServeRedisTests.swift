import Foundation
import ProviderTestKit
import RedisClient
import RedisTestSupport
import Testing

@Suite("aggregate serve: two instances sharing one real redis-server")
struct ServeRedisTests {
    /// A Kiwi search for one date, asked of kiwi alone.
    static func search(_ day: Int) -> String {
        "/v1/search?providers=kiwi&from=VIE&to=BCN&date=2026-12-\(day)"
    }

    /// The key the instances sign their shared answers with.
    static let key = ["AGGREGATE_CACHE_KEY": "team-cache-key-0123456789abcdef"]

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
        let first = try await ServeProcess.start(arguments: arguments, environment: Self.key)
        let second = try await ServeProcess.start(arguments: arguments, environment: Self.key)

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

    @Test(.enabled(if: RedisTestServer.isInstalled, RedisTestServer.missingNote))
    func anAnswerForgedInRedisIsNotServedCountedAndLoggedOnce() async throws {
        let redis = try await RedisTestServer.start()
        defer { redis.stop() }
        let upstream = try LoopbackHTTPServer { _ in .json(LiveEndpointTests.kiwiBody) }
        defer { upstream.stop() }
        let server = try await ServeProcess.start(
            arguments: [
                "--cache", redis.url, "--endpoint", "kiwi=\(upstream.baseURL.absoluteString)", "--fresh-for", "600",
                "--timeout", "30",
            ], environment: Self.key)
        // With a limit of its own, so that the searches below are not answered with this one's kept response
        // but read the answer from Redis (Kiwi is sent the same request for either).
        #expect(try await server.request(Self.search(18) + "&limit=10").status == 200)
        #expect(upstream.requests.count == 1)

        // Whoever may write to Redis rewrites the answer: every price 1 EUR, a phishing link, retrieved on
        // 9999-12-31 so that it would be fresh for ever, the header's length made to match.
        let client = try RedisClient(url: redis.url)
        let keys = try await client.send(
            .eval("return redis.call('KEYS', ARGV[1])", keys: [], arguments: ["aggregate:answer:kiwi/*"]))
        guard case .array(let found) = keys, found.count == 1, let key = found.first?.string else {
            throw ServeFailure(description: "no kept kiwi answer in Redis: \(keys)")
        }
        let kept = try #require(try await client.send(.get(key)).data)
        let newline = try #require(kept.firstIndex(of: 0x0A))
        let body = LiveEndpointTests.kiwiBody.replacingOccurrences(of: "155", with: "1")
            .replacingOccurrences(of: "https://www.kiwi.com/deep?flightsId=live", with: "https://phish.example/steal")
        var header = try #require(
            JSONSerialization.jsonObject(with: kept[kept.startIndex..<newline]) as? [String: Any])
        header["retrieved_at"] = "9999-12-31T23:59:59.000Z"
        header["bytes"] = body.utf8.count
        var forged = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
        forged.append(0x0A)
        forged.append(Data(body.utf8))
        _ = try await client.send(.set(key, forged))

        for _ in 0..<2 {
            let answer = try await server.request(Self.search(18))
            #expect(answer.status == 200)
            #expect(!answer.text.contains("phish.example"))
            #expect(answer.text.contains("https://www.kiwi.com/deep?flightsId=live"))
        }
        // The forged answer sent the first search upstream, whose answer replaced it for the second.
        #expect(upstream.requests.count == 2)
        let metrics = try await server.request("/metrics").text
        #expect(metrics.contains(#"aggregate_shared_answers_rejected_total{provider="kiwi"} 1"#), "\(metrics)")
        #expect(try await server.stop() == 0)
        let logged = server.lines.filter { $0.contains(#""event":"answer_rejected""#) }
        #expect(logged.count == 1)
        #expect(logged.first?.contains("not signed with the instances' key") == true)
    }

    @Test func sharingThroughRedisNeedsAKeyOfItsOwn() async throws {
        let none = try await Binary.run(["serve", "--cache", "redis://127.0.0.1:1/0"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("'--cache' needs the key the instances sign their shared answers with"))
        #expect(none.stderr.contains("AGGREGATE_CACHE_KEY"))
        let password = "redis-password-0123456789"
        let same = try await Binary.run(
            ["serve", "--cache", "redis://127.0.0.1:1/0"],
            environment: ["AGGREGATE_REDIS_PASSWORD": password, "AGGREGATE_CACHE_KEY": password])
        #expect(same.status == 64)
        #expect(same.stderr.contains("is the Redis password"))
        #expect(!same.stderr.contains(password))
    }
}
