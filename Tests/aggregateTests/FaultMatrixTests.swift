import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

/// Every provider against every way a live service misbehaves, through the built binary and a real
/// server on loopback: the search ends within its deadline, the healthy provider's offers are all
/// there, and the faulty provider's outcome and the exit code say what happened.
@Suite("Every provider against every fault", .serialized)
struct FaultMatrixTests {
    enum Fault: String, CaseIterable, Sendable {
        case slow, serverError, rateLimited, truncated, wrongContentType, reset, oversized, redirectLoop

        var reply: LoopbackHTTPServer.Reply {
            switch self {
            case .slow: .slow(seconds: 60, then: .json("[]"))
            case .serverError: .json(#"{"error":"internal"}"#, status: 500)
            case .rateLimited: .json("{}", status: 429, headers: ["Retry-After": "1"])
            case .truncated: .truncated(declaredLength: 4096, body: Data(#"{"data": [{"id": "#.utf8))
            case .wrongContentType:
                .raw(
                    status: 200, headers: ["Content-Type": "text/html"],
                    body: Data("<html><body>Sign in to continue</body></html>".utf8))
            case .reset: .reset
            case .oversized: .oversized(bytes: 3 << 20)
            case .redirectLoop: .redirect(to: "/loop")
            }
        }

        /// The status the faulty provider must end with.
        var status: String {
            switch self {
            case .slow: "timeout"
            case .rateLimited: "rate_limited"
            default: "failed"
            }
        }
    }

    /// A faulty provider, the search it takes part in, and the healthy provider beside it (none for
    /// carrental, the only car provider).
    struct Case: Sendable, CustomTestStringConvertible {
        var provider: String
        var healthy: String?
        var extra: [String] = []
        var testDescription: String { provider }
    }

    static let cases = [
        Case(provider: "kiwi", healthy: "aviasales"),
        Case(provider: "aviasales", healthy: "kiwi"),
        Case(provider: "sunweb", healthy: "kiwi"),
        Case(provider: "sita", healthy: "kiwi"),
        Case(provider: "carrental", healthy: nil, extra: ["--kind", "cars"]),
    ]

    private static let deadline = 1.0

    private static func run(_ providers: [String], _ extra: [String], endpoint: String? = nil) async throws -> BinaryRun
    {
        var arguments = ["search", "--providers", providers.joined(separator: ","), "--format", "json"]
        arguments += extra + ["--timeout", "\(deadline)", "--max-response-size", "1MiB"]
        if let endpoint { arguments += ["--endpoint", endpoint] }
        return try await Binary.run(arguments)
    }

    private static let baselines = Baselines()

    /// How many offers a provider gives when asked alone: what it must still give beside a faulty one.
    /// Measured once per provider, since every run of the binary costs a process.
    private static func baseline(_ provider: String, _ extra: [String]) async throws -> Int {
        if let known = baselines.value(for: provider) { return known }
        let count = try offers(of: provider, in: await run([provider], extra))
        baselines.set(count, for: provider)
        return count
    }

    private final class Baselines: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        func value(for provider: String) -> Int? { lock.withLock { counts[provider] } }
        func set(_ count: Int, for provider: String) { lock.withLock { counts[provider] = count } }
    }

    private static func offers(of provider: String, in run: BinaryRun) throws -> Int {
        let offers = try #require(try run.json()["offers"] as? [[String: Any]])
        return offers.filter { offer in
            (offer["sources"] as? [[String: Any]])?.contains { $0["provider"] as? String == provider } == true
        }.count
    }

    @Test(arguments: cases, Fault.allCases)
    func theSearchEndsInTimeWithTheOthersIntact(_ scenario: Case, fault: Fault) async throws {
        let server = try LoopbackHTTPServer { _ in fault.reply }
        defer { server.stop() }
        let providers = [scenario.provider] + (scenario.healthy.map { [$0] } ?? [])
        let run = try await Self.run(
            providers, scenario.extra,
            endpoint: "\(scenario.provider)=\(server.baseURL.appendingPathComponent(scenario.provider).absoluteString)")
        let elapsed = run.duration

        // Well within the slow server's 60 s, with room for process start-up on a loaded machine.
        #expect(elapsed < .seconds(Self.deadline + 8), "the search ended \(elapsed) after it started")
        #expect(run.status == (scenario.healthy == nil ? 3 : 2))
        let outcomes = try #require(try run.json()["providers"] as? [[String: Any]])
        let faulty = try #require(outcomes.first { $0["id"] as? String == scenario.provider })
        #expect(faulty["status"] as? String == fault.status)
        let message = try #require(faulty["error"] as? String)
        #expect(!message.contains("\n"))
        #expect(run.stderr.contains("warning: \(scenario.provider) \(fault.status): "))
        #expect(!server.requests.isEmpty, "the provider really went to the server")
        if let healthy = scenario.healthy {
            #expect(outcomes.first { $0["id"] as? String == healthy }?["status"] as? String == "ok")
            let expected = try await Self.baseline(healthy, scenario.extra)
            #expect(try Self.offers(of: healthy, in: run) == expected)
        }
    }
}
