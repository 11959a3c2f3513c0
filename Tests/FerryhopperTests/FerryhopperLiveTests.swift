import AggregatorCore
import AggregatorTestSupport
import Ferryhopper
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// The provider against an MCP server on loopback that plays Ferryhopper's: a session, event streams,
/// `get_ports` and `search_trips`, the tool's earlier text-only shape, its errors, and the walls and limits a
/// public server puts up.
@Suite("Ferryhopper's MCP server, on loopback")
struct FerryhopperLiveTests {
    @Test("initialize, then get_ports for each city, then search_trips for each pair of ports, as documented")
    func documentedCalls() async throws {
        let server = try FerryhopperFixtures.server()
        defer { server.stop() }
        let response = try await FerryhopperProvider().search(
            FerryhopperFixtures.query(), using: FerryhopperFixtures.client(server: server))
        #expect(response.offers.count == 5)
        #expect(response.offers.allSatisfy { $0.product.itinerary?.segments.allSatisfy { $0.mode == .ferry } == true })
        let messages = server.messages
        #expect(Array(messages.map(\.method).prefix(2)) == ["initialize", "notifications/initialized"])
        #expect(messages.dropFirst().allSatisfy { $0.sessionID != nil }, "the session goes with every call")
        let lookups = try FerryhopperFixtures.arguments(server, tool: "get_ports").map { $0["query"] as? String }
        #expect(lookups == ["Athens", "Santorini"])
        let searches = messages.filter { $0.tool == "search_trips" }.compactMap(\.arguments).sorted()
        #expect(
            searches == [
                #"{"departureLocation":"LAV","arrivalLocation":"JTR","date":"2026-12-18"}"#,
                #"{"departureLocation":"PIR","arrivalLocation":"JTR","date":"2026-12-18"}"#,
                #"{"departureLocation":"RAF","arrivalLocation":"JTR","date":"2026-12-18"}"#,
            ])
        #expect(messages.last?.headers["user-agent"]?.hasPrefix("aggregate/") == true)
    }

    @Test("a live server's ports are kept: a second search looks no city up again")
    func portsAreKept() async throws {
        let server = try FerryhopperFixtures.server()
        defer { server.stop() }
        let provider = FerryhopperProvider()
        let client = FerryhopperFixtures.client(server: server)
        _ = try await provider.search(FerryhopperFixtures.query(), using: client)
        _ = try await provider.search(FerryhopperFixtures.query(on: "2026-12-19"), using: client)
        #expect(server.messages.filter { $0.tool == "get_ports" }.count == 2, "Athens and Santorini, once each")
        #expect(server.messages.filter { $0.tool == "search_trips" }.count == 6)
        let fresh = FerryhopperProvider()
        _ = try await fresh.search(FerryhopperFixtures.query(), using: client)
        #expect(server.messages.filter { $0.tool == "get_ports" }.count == 4, "another provider value asks again")
    }

    @Test("the earlier shape, trips as JSON in the text content, reads the same")
    func earlierTextShape() async throws {
        let server = try LoopbackMCPServer(style: .stateless) { tool, arguments in
            switch tool {
            case "get_ports": .text(FerryhopperFixtures.twoPorts)
            default: .text(FerryhopperFixtures.trips)
            }
        }
        defer { server.stop() }
        let response = try await FerryhopperProvider().search(
            FerryhopperFixtures.query(), using: FerryhopperFixtures.client(server: server))
        #expect(response.offers.count == 5)
        let legacy =
            #"{"itineraries": [{"segments": [{"departurePort": "Piraeus", "arrivalPort": "Santorini", "#
            + #""departureDateTime": "2026-12-18T07:25:00+02:00", "arrivalDateTime": "2026-12-18T15:05:00+02:00", "#
            + #""operator": "Blue Star Ferries", "vesselName": "Blue Star Delos", "#
            + #""accommodations": [{"name": "DECK", "price": 4050}]}], "deepLink": "https://www.ferryhopper.com/x"}]}"#
        let older = try LoopbackMCPServer(style: .stateless) { tool, _ in
            tool == "get_ports" ? .text(FerryhopperFixtures.twoPorts) : .text(legacy)
        }
        defer { older.stop() }
        let read = try await FerryhopperProvider().search(
            FerryhopperFixtures.query(), using: FerryhopperFixtures.client(server: older))
        let offer = try #require(read.offers.first)
        #expect(read.offers.count == 1)
        #expect(offer.services == ["ferry Blue Star Ferries Blue Star Delos"])
        #expect(offer.price == Money(decimal("40.5"), .eur))
    }

    @Test("a text summary without structured content is a failure that says so, never no results")
    func summaryOnly() async throws {
        let server = try LoopbackMCPServer(style: .stateful) { tool, _ in
            tool == "get_ports"
                ? .structured(FerryhopperFixtures.twoPorts) : .text("Found 8 trips from Piraeus to Santorini.")
        }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await FerryhopperProvider().search(
                FerryhopperFixtures.query(), using: FerryhopperFixtures.client(server: server))
        }
        #expect(error?.code == .malformedResponse)
        #expect(
            error?.message
                == "Ferryhopper's tool answered only text that is not its trips (a summary without structured "
                + "content), so no sailing could be read")
    }

    @Test("a tool error fails the search and quotes the server's words")
    func toolError() async throws {
        let server = try FerryhopperFixtures.server(ports: FerryhopperFixtures.twoPorts) { _ in
            .error("Invalid date: must not be in the past")
        }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await FerryhopperProvider().search(
                FerryhopperFixtures.query(), using: FerryhopperFixtures.client(server: server))
        }
        #expect(error?.provider == "ferryhopper")
        #expect(error?.code == .httpStatus)
        #expect(error?.message == "the tool search_trips failed: Invalid date: must not be in the past")
    }

    @Test("a failed port lookup fails the search when nothing could be asked, and is a note when something was")
    func lookupFails() async throws {
        let server = try LoopbackMCPServer(style: .stateful) { tool, arguments in
            switch tool {
            case "get_ports" where arguments.contains("Mykonos"): .error("Service unavailable")
            case "get_ports": .structured(FerryhopperFixtures.ports)
            default: .structured(FerryhopperFixtures.trips)
            }
        }
        defer { server.stop() }
        let client = FerryhopperFixtures.client(server: server)
        let error = await #expect(throws: ProviderError.self) {
            try await FerryhopperProvider().search(FerryhopperFixtures.query(to: "JMK"), using: client)
        }
        #expect(error?.message == "the tool get_ports failed: Service unavailable")
        let query = SearchQuery(
            origins: ["ATH"], destinations: ["JTR", "JMK"], departureDates: DateRange(parsing: "2026-12-18"))
        let response = try await FerryhopperProvider().search(query, using: client)
        #expect(!response.offers.isEmpty)
        #expect(
            response.notes.contains("looking up a city's ports failed: the tool get_ports failed: Service unavailable"))
    }

    @Test("a bot wall's HTML page with 403 or 409 is blocked, never no results; so is an HTML page with 200")
    func botWall() async throws {
        for status in [403, 409, 200] {
            let wall = try LoopbackHTTPServer { _ in
                .raw(
                    status: status, headers: ["Content-Type": "text/html; charset=utf-8"],
                    body: Data("<html><body>Please verify you are a human</body></html>".utf8))
            }
            defer { wall.stop() }
            let client = ProviderClient(
                testing: "ferryhopper", on: .mcp(wall.baseURL.appendingPathComponent("mcp")),
                transport: URLSessionTransport())
            let error = await #expect(throws: ProviderError.self) {
                try await FerryhopperProvider().search(FerryhopperFixtures.query(), using: client)
            }
            #expect(error?.code.rawValue == "blocked", "HTTP \(status): \(error?.message ?? "")")
            #expect(error?.message.contains("bot wall") == true)
            #expect(error?.message.contains("<html") == false, "a page is named, never quoted")
        }
    }
}

/// The provider inside the tool's transport stack, with its politeness towards public servers: two requests
/// a second to the host, one retry only on 429 and 502, and honest statuses.
@Suite("Ferryhopper through the tool's transport stack, on loopback")
struct FerryhopperPolitenessTests {
    /// An aggregator asking Ferryhopper alone, at a server on loopback.
    private static func aggregator(_ server: LoopbackMCPServer) throws -> Aggregator {
        try Aggregator(
            providers: [FerryhopperProvider()],
            settings: try SearchSettings(deadline: .seconds(120), endpoints: ["ferryhopper": .mcp(server.baseURL)]))
    }

    @Test("requests to the server are spaced half a second apart: five tool calls take two seconds at least")
    func pace() async throws {
        let times = ArrivalTimes()
        let server = try LoopbackMCPServer(style: .stateful) { tool, arguments in
            times.add()
            switch tool {
            case "get_ports": return .structured(FerryhopperFixtures.ports)
            default:
                return arguments.contains("PIR")
                    ? .structured(FerryhopperFixtures.trips) : .structured(#"{"foundDirectItinerariesForTrip": []}"#)
            }
        }
        defer { server.stop() }
        let result = try await Self.aggregator(server).search(FerryhopperFixtures.query())
        #expect(result.outcomes.map(\.status) == [.ok])
        #expect(result.offers.count == 5)
        let arrivals = times.all
        try #require(arrivals.count == 5, "two lookups and three searches")
        // Seven messages in all; paced, the five calls span at least four slots of half a second. Unpaced, they
        // would come within milliseconds.
        let span = arrivals.last!.timeIntervalSince(arrivals.first!)
        #expect(span >= 1.8, "the calls came \(span) s apart in all")
    }

    @Test("429 is retried once, then rate_limited with a note; it is never no results")
    func rateLimited() async throws {
        let server = try FerryhopperFixtures.server(ports: FerryhopperFixtures.twoPorts) { _ in
            .http(status: 429, headers: ["Content-Type": "application/json", "Retry-After": "1"], body: "{}")
        }
        defer { server.stop() }
        let result = try await Self.aggregator(server).search(FerryhopperFixtures.query())
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.status == .rateLimited)
        #expect(outcome.error?.message.contains("rate limiting") == true, "\(outcome.error?.message ?? "")")
        #expect(server.messages.filter { $0.tool == "search_trips" }.count == 2, "one retry, no more")
    }

    @Test("502 is retried once and the second answer counts")
    func badGatewayOnce() async throws {
        let calls = ArrivalTimes()
        let server = try FerryhopperFixtures.server(ports: FerryhopperFixtures.twoPorts) { _ in
            calls.add()
            return calls.all.count == 1
                ? .http(status: 502, headers: ["Content-Type": "text/html"], body: "<html>Bad gateway</html>")
                : .structured(FerryhopperFixtures.trips)
        }
        defer { server.stop() }
        let result = try await Self.aggregator(server).search(FerryhopperFixtures.query())
        #expect(result.outcomes.map(\.status) == [.ok])
        #expect(result.offers.count == 5)
        #expect(calls.all.count == 2)
    }

    @Test("a 403 wall's page is blocked: the outcome is blocked, with a clear note")
    func blockedOutcome() async throws {
        let server = try FerryhopperFixtures.server(ports: FerryhopperFixtures.twoPorts) { _ in
            .http(status: 403, headers: ["Content-Type": "text/html"], body: "<html>Access denied</html>")
        }
        defer { server.stop() }
        let result = try await Self.aggregator(server).search(FerryhopperFixtures.query())
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.status == .blocked)
        #expect(outcome.error?.code == .blocked)
        #expect(server.messages.filter { $0.tool == "search_trips" }.count == 1, "403 is not retried")
    }
}

/// When a server received each call.
final class ArrivalTimes: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Date] = []
    func add() { lock.withLock { times.append(Date()) } }
    var all: [Date] { lock.withLock { times } }
}
