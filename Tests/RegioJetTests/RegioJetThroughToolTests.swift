import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import RegioJet
import Testing

/// RegioJet's public service, played on loopback from the embedded answers, asked as the tool asks a live
/// service: through the transport stack, as a guest paced to one request a second and retried once on 429 or
/// 502.
@Suite("RegioJet live through the tool, on loopback")
struct RegioJetThroughToolTests {
    /// What the server saw: each request's path, when it came, and who said it was asking.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(path: String, at: ContinuousClock.Instant, agent: String?)] = []
        func add(_ request: LoopbackHTTPServer.Request) {
            lock.withLock { entries.append((request.path, .now, request.headers["user-agent"])) }
        }
        var all: [(path: String, at: ContinuousClock.Instant, agent: String?)] { lock.withLock { entries } }
    }

    /// A server answering as RegioJet does; the first search answers `failFirstSearch` when given.
    static func server(log: Log, failFirstSearch: Int? = nil) throws -> LoopbackHTTPServer {
        let locations = RegioJetFixtures.locations
        let search = RegioJetFixtures.search
        let searches = RequestCounter()
        return try LoopbackHTTPServer { request in
            log.add(request)
            switch request.path {
            case "/consts/locations": return .json(locations)
            case "/routes/search/simple":
                if let status = failFirstSearch, searches.next() == 0 {
                    return .json("{\"message\": \"try later\"}", status: status)
                }
                return .json(search)
            default: return .json("{}", status: 404)
            }
        }
    }

    static func aggregator(_ server: LoopbackHTTPServer) throws -> Aggregator {
        try Aggregator(
            providers: [RegioJetProvider()],
            settings: try SearchSettings(deadline: .seconds(120), endpoints: ["regiojet": .remote(server.baseURL)]))
    }

    @Test func requestsAreSpacedToOneASecondAndNameTheTool() async throws {
        let log = Log()
        let server = try Self.server(log: log)
        defer { server.stop() }
        let start = ContinuousClock.now
        let result = try await Self.aggregator(server).search(
            RegioJetFixtures.query(on: "2026-12-18..2026-12-19"))
        #expect(result.outcomes.map(\.status) == [.ok])
        #expect(result.outcomes.first?.sample == nil, "live prices")
        let entries = log.all
        #expect(entries.count == 3, "the locations and two days")
        // One request a second to the host, twice the standard pace: the k-th request's slot is k seconds after
        // the first, and no request arrives before its slot, however late a loaded machine delivers an earlier
        // one. So the k-th arrival comes k seconds after the start or later (the standard half second would
        // bring the third at 1 s).
        for (index, entry) in entries.enumerated() {
            #expect(start.duration(to: entry.at) >= .seconds(index), "request \(index + 1)")
        }
        #expect(entries.allSatisfy { $0.agent?.hasPrefix("aggregate/") == true })
    }

    @Test(arguments: [429, 502])
    func aRefusalToSlowDownIsRetriedOnce(_ status: Int) async throws {
        let log = Log()
        let server = try Self.server(log: log, failFirstSearch: status)
        defer { server.stop() }
        let result = try await Self.aggregator(server).search(RegioJetFixtures.query())
        #expect(result.outcomes.map(\.status) == [.ok])
        #expect(result.offers.count == 5)
        #expect(log.all.filter { $0.path.hasSuffix("/simple") }.count == 2)
    }

    @Test func aBotWallIsBlockedInTheOutcomeNeverNoResults() async throws {
        let server = try LoopbackHTTPServer { _ in
            .raw(status: 403, headers: ["Content-Type": "text/html"], body: Data("<html>bot?</html>".utf8))
        }
        defer { server.stop() }
        let result = try await Self.aggregator(server).search(RegioJetFixtures.query())
        #expect(result.outcomes.map(\.status) == [.blocked])
        #expect(result.outcomes.first?.status.isFailure == true)
        let message = result.outcomes.first?.error?.message ?? ""
        #expect(message.contains("HTTP 403 Forbidden with an HTML page"), "\(message)")
    }
}
