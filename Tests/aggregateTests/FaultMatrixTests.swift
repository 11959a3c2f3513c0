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
        case slow, serverError, rateLimited, truncated, wrongContentType, reset, oversized, redirectLoop,
            compressionBomb

        var reply: LoopbackHTTPServer.Reply {
            switch self {
            case .slow: .slow(seconds: FaultMatrixTests.hang, then: .json("[]"))
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
            case .compressionBomb: .gzip(bytes: 3 << 30)
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

    /// How long the slow fault holds its answer: the hang the deadline must cut short.
    static let hang = 600.0

    /// The search's deadline. It must be long enough for the healthy provider, which reads its embedded
    /// sample, to answer even on a loaded two-core machine, or its offers would be missing for a reason
    /// that has nothing to do with the fault; and well short of ``hang``.
    private static let deadline = 5.0

    /// The longest a run may take: far below ``hang``, so that a search that waited for the slow server
    /// fails, and far above the deadline plus the process's start-up and the cache's grace period on a
    /// loaded machine, so that a slow machine never does.
    private static let longestRun: Duration = .seconds(hang / 2)

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

        #expect(elapsed < Self.longestRun, "the search ended \(elapsed) after it started")
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
