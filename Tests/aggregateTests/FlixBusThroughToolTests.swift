import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import AggregateCLI

/// FlixBus's public search, played on loopback from the embedded answers, asked as the tool asks a live
/// service: through the transport stack, as a guest (paced, retried once on 502), and through the binary.
@Suite("FlixBus live through the tool, on loopback")
struct FlixBusThroughToolTests {
    /// What the server saw: each request's path, when it came, and who said it was asking.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(path: String, at: ContinuousClock.Instant, agent: String?)] = []
        func add(_ request: LoopbackHTTPServer.Request) {
            lock.withLock { entries.append((request.path, .now, request.headers["user-agent"])) }
        }
        var all: [(path: String, at: ContinuousClock.Instant, agent: String?)] { lock.withLock { entries } }
    }

    /// A server answering as FlixBus does; the first search answers 502 when asked to.
    static func server(log: Log, failFirstSearch: Bool = false) throws -> LoopbackHTTPServer {
        let samples = AggregateTool.builtInProviders.first { $0.descriptor.id == "flixbus" }?.descriptor.samples
        let cities = samples?.responses.bodies["cities"] ?? "[]"
        let search = samples?.responses.bodies.first { $0.key.hasPrefix("search?") }?.value ?? "{}"
        let searches = RequestCounter()
        return try LoopbackHTTPServer { request in
            log.add(request)
            switch request.path {
            case "/search/autocomplete/cities": return .json(cities)
            case "/search/service/v4/search":
                if failFirstSearch, searches.next() == 0 { return .json("{\"message\": \"bad gateway\"}", status: 502) }
                return .json(search)
            default: return .json("{}", status: 404)
            }
        }
    }

    static let question = SearchQuery(
        origin: "VIE", destination: "BUD", departureDates: DateRange(parsing: "2026-12-18"))

    static func aggregator(_ server: LoopbackHTTPServer) throws -> Aggregator {
        try Aggregator(
            providers: AggregateTool.builtInProviders.filter { $0.descriptor.id == "flixbus" },
            settings: try SearchSettings(deadline: .seconds(120), endpoints: ["flixbus": .remote(server.baseURL)]))
    }

    @Test func aPublicServerIsAskedAsAGuestPacedAndNamingTheTool() async throws {
        let log = Log()
        let server = try Self.server(log: log)
        defer { server.stop() }
        let start = ContinuousClock.now
        let result = try await Self.aggregator(server).search(Self.question)
        #expect(result.outcomes.map(\.status) == [.ok])
        #expect(result.outcomes.first?.sample == nil, "live prices")
        #expect(result.offers.count == 5)
        let entries = log.all
        #expect(entries.map(\.path).filter { $0.hasSuffix("cities") }.count == 2)
        #expect(entries.count == 3)
        // At most two requests a second to one host: the k-th request's slot is k × 500 ms after the first, and
        // no request arrives before its slot, however late a loaded machine delivers an earlier one.
        for (index, entry) in entries.enumerated() {
            #expect(start.duration(to: entry.at) >= .milliseconds(500 * index), "request \(index + 1)")
        }
        #expect(entries.allSatisfy { $0.agent?.hasPrefix("aggregate/") == true })
    }

    @Test func aBadGatewayIsRetriedOnce() async throws {
        let log = Log()
        let server = try Self.server(log: log, failFirstSearch: true)
        defer { server.stop() }
        let result = try await Self.aggregator(server).search(Self.question)
        #expect(result.outcomes.map(\.status) == [.ok])
        #expect(result.offers.count == 5)
        #expect(log.all.filter { $0.path.hasSuffix("/search") }.count == 2)
    }

    @Test func theBinaryListsTheRidesWithoutASampleNote() async throws {
        let log = Log()
        let server = try Self.server(log: log)
        defer { server.stop() }
        let run = try await Binary.run([
            "search", "--providers", "flixbus", "--from", "Vienna", "--to", "Budapest", "--date", "2026-12-18",
            "--endpoint", "flixbus=\(server.baseURL.absoluteString)", "--timeout", "120",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("bus FlixBus, train MÁV-START"), "\(run.stdout)")
        #expect(run.stdout.contains("Vienna Erdberg→Budapest Népliget"))
        #expect(!run.stderr.contains("samples"), "live prices: \(run.stderr)")
        #expect(run.stderr.contains("note: flixbus: 1 ride not on sale (sold out) was left out"))
    }
}
