import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import RedisClient
import RedisTestSupport
import Testing

@testable import RedisSharing

@Suite("RedisBackend: answers, claims and budgets kept in a real redis-server")
struct RedisBackendTests {
    static let key = AnswerKey(
        provider: "kiwi", request: HTTPRequest(url: URL(fileURLWithPath: "/v2/search").appendingPathComponent("x")))

    private func backend(
        _ server: RedisTestServer, key: String = "instances-key-0123456789abcdef",
        rejected: @escaping @Sendable (RejectedSharedAnswer) -> Void = { _ in }
    ) throws -> RedisBackend {
        let secret = try #require(SharedSecret(key))
        return try RedisBackend(
            client: RedisClient(
                RedisConfiguration(
                    port: server.port, connectTimeout: .seconds(10), commandTimeout: .seconds(10),
                    retryInterval: .zero)), secret: secret, rejected: rejected)
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
        var cut = first.encode(answer, for: Self.key)
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
    func instancesSharingQuestionsBehaveAsEverySharingMust() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        // Each asker another instance, with its own client and claims' token.
        let problems = await QuestionSharingConformance.problems { try backend(server) }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(.enabled(if: RedisTestServer.isInstalled, RedisTestServer.missingNote))
    func aFollowerIsGivenTheLeadersAnswerFromRedisAndAGoneRedisIsToAskAlone() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let leader = try backend(server)
        let follower = try backend(server)
        let asked = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        guard case .lead = await leader.turn(Self.key, answersSince: asked, waitingAtMost: .seconds(30)) else {
            Issue.record("the first instance did not lead")
            return
        }
        async let followed = follower.turn(Self.key, answersSince: asked, waitingAtMost: .seconds(30))
        try await Task.sleep(for: .milliseconds(200))
        let body = Data(#"{"data": [{"price": 95}]}"#.utf8)
        await leader.settle(Self.key, with: .response(HTTPResponse(status: 200, body: body), retrievedAt: asked))
        guard case .answered(let answer) = await followed else {
            Issue.record("the follower was not given the leader's answer")
            return
        }
        #expect(try answer.get().body == body)
        #expect(answer.retrievedAt == asked, "as old as the leader's answer")
        #expect(await follower.load(Self.key, maxBytes: 1000) == .hit(StoredAnswer(body: body, retrievedAt: asked)))
        #expect(await follower.claim(Self.key, for: .seconds(1)) == .lead, "the leader let go of the question")
        server.stop()
        guard
            case .alone(unavailable: .some) = await follower.turn(
                Self.key, answersSince: asked, waitingAtMost: .seconds(1))
        else {
            Issue.record("a Redis that is gone did not send the asker to ask alone")
            return
        }
    }

    @Test(.enabled(if: RedisTestServer.isInstalled, RedisTestServer.missingNote))
    func anAnswerTheStoreStageKeptIsNotWrittenAgainWhenTheLeadIsSettled() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let leader = try backend(server)
        let asked = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        guard case .lead = await leader.turn(Self.key, answersSince: asked, waitingAtMost: .seconds(30)) else {
            Issue.record("the instance did not lead")
            return
        }
        // Settled as the store stage settles: with an answer it says it kept. Here it kept none, so Redis must
        // hold none, and the question must be let go of.
        let body = Data(#"{"data": [{"price": 95}]}"#.utf8)
        await leader.settle(Self.key, with: .stored(StoredAnswer(body: body, retrievedAt: asked)))
        #expect(
            await leader.load(Self.key, maxBytes: 1000) == .missing, "a stored answer is written once, by the store")
        #expect(await leader.claim(Self.key, for: .seconds(1)) == .lead, "the leader let go of the question")
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
        // Every window's key is made with its expiry: none is left to count for ever.
        let raw = try RedisClient(
            RedisConfiguration(port: server.port, connectTimeout: .seconds(10), commandTimeout: .seconds(10)))
        let keys = try await raw.send(RedisCommand("KEYS", text: [RedisBackend.prefix + "budget:*"]))
        guard case .array(let listed) = keys else {
            Issue.record("KEYS answered \(keys)")
            return
        }
        let names = listed.compactMap(\.string)
        #expect(names.count == 2)
        for name in names {
            let left = try await raw.send(RedisCommand("PTTL", text: [name])).integer ?? -1
            #expect(left > 0 && left <= 2 * 86_400_000, "\(name)")
        }
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

    @Test(.enabled(if: RedisTestServer.isInstalled, RedisTestServer.missingNote))
    func anAnswerNotSignedWithTheInstancesKeyOrFromTheFutureIsNotServed() async throws {
        let server = try await RedisTestServer.start()
        defer { server.stop() }
        let told = Rejections()
        let reader = try backend(server) { told.add($0) }
        // Kept to the millisecond: a whole second compares equal once read back.
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let answer = StoredAnswer(body: Data(#"{"data": [{"price": 95}]}"#.utf8), retrievedAt: now)
        try await reader.store(answer, for: Self.key)
        #expect(await reader.load(Self.key, maxBytes: 1000) == .hit(answer))

        // Written by someone who may write to Redis but holds another key, or none.
        let outsider = try backend(server, key: "someone-elses-key-0123456789")
        let forged = StoredAnswer(
            body: Data(#"{"data": [{"price": 1, "deep_link": "https://phish.example/steal"}]}"#.utf8),
            retrievedAt: Date(timeIntervalSince1970: 253_402_214_400))
        try await outsider.store(forged, for: Self.key)
        let read = await reader.load(Self.key, maxBytes: 1000)
        guard case .corrupt(let reason) = read else {
            Issue.record("a forged answer was read: \(read)")
            return
        }
        #expect(reason.contains("not signed with the instances' key"))
        // The signature covers the body: a body changed under a good header is not served either.
        var altered = reader.encode(answer, for: Self.key)
        altered[altered.count - 4] = UInt8(ascii: "1")
        _ = try await reader.client.send(.set(RedisBackend.answerKey(Self.key), altered))
        guard case .corrupt = await reader.load(Self.key, maxBytes: 1000) else {
            Issue.record("an altered body was read")
            return
        }
        // Signed with the key, but said to be retrieved on 9999-12-31: never served as fresh for ever.
        try await reader.store(forged, for: Self.key)
        guard case .corrupt(let future) = await reader.load(Self.key, maxBytes: 1000) else {
            Issue.record("an answer from the future was read")
            return
        }
        #expect(future.contains("in the future"))
        // Within the clocks' skew is fine.
        let soon = StoredAnswer(body: answer.body, retrievedAt: now.addingTimeInterval(30))
        try await reader.store(soon, for: Self.key)
        #expect(await reader.load(Self.key, maxBytes: 1000) == .hit(soon))

        // Each rejection is told; the first of an entry says so, for one log line.
        #expect(told.all.count == 3)
        #expect(told.all.map(\.isFirst) == [true, false, false])
        #expect(told.all.allSatisfy { $0.provider == "kiwi" && $0.entry == Self.key.digest })
    }

    @Test func hmacSHA256MatchesRFC4231AndSHA256ItsStandard() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        let cases: [(key: [UInt8], data: [UInt8], mac: String)] = [
            (
                [UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                [UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
            ),
            (
                Array(1...25), [UInt8](repeating: 0xCD, count: 50),
                "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
            ),
            (
                [UInt8](repeating: 0xAA, count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                [UInt8](repeating: 0xAA, count: 131),
                Array(
                    ("This is a test using a larger than block-size key and a larger than block-size data. The key "
                        + "needs to be hashed before being used by the HMAC algorithm.").utf8),
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            ),
        ]
        for (index, test) in cases.enumerated() {
            #expect(hex(HMACSHA256.mac(test.data, key: test.key)) == test.mac, "RFC 4231 test case \(index + 1)")
        }
        // Test case 5 is truncated to 128 bits.
        let truncated = HMACSHA256.mac(Array("Test With Truncation".utf8), key: [UInt8](repeating: 0x0C, count: 20))
        #expect(hex(Array(truncated.prefix(16))) == "a3b6167473100ee06e0c796c2955552b")
        #expect(hex(HMACSHA256.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(HMACSHA256.sha256(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex(HMACSHA256.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SharedSecret("short") == nil)
    }
}

/// The rejections a backend told, in order.
private final class Rejections: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [RejectedSharedAnswer] = []

    var all: [RejectedSharedAnswer] { lock.withLock { stored } }

    func add(_ rejection: RejectedSharedAnswer) { lock.withLock { stored.append(rejection) } }
}
