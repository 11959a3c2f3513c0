import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import AggregateCLI

/// Real prices with no key: Kiwi's and Skiplagged's public MCP servers, played on loopback from the
/// recorded sessions' tool results (Kiwi's without sessions and in JSON, Skiplagged's with a session and in
/// event streams), asked together, their same flights merged.
@Suite("Keyless live services: kiwi and skiplagged on MCP servers on loopback")
struct KeylessLiveTests {
    /// The recorded sessions' folder.
    static let sessions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MCPSessions", isDirectory: true)

    /// A recorded tool result's text.
    static func result(_ path: String) throws -> String {
        try String(contentsOf: sessions.appendingPathComponent(path), encoding: .utf8)
    }

    /// Kiwi's server: no session, JSON answers, the result as a text content holding a JSON string.
    static func kiwiServer() throws -> LoopbackMCPServer {
        var json = JSONWriter(style: .compact)
        json.string(try result("kiwi/search-flight.json"))
        let text = json.text
        return try LoopbackMCPServer(style: .stateless) { tool, _ in
            tool == "search-flight" ? .text(text) : .error("unknown tool \(tool)")
        }
    }

    /// Skiplagged's server: a session, event streams, the result as structured content.
    static func skiplaggedServer(
        _ reply: LoopbackMCPServer.ToolReply? = nil
    ) throws -> LoopbackMCPServer {
        let structured = try result("skiplagged/sk_flights_search.json")
        return try LoopbackMCPServer(style: .stateful) { tool, _ in
            reply ?? (tool == "sk_flights_search" ? .structured(structured) : .error("unknown tool \(tool)"))
        }
    }

    static let question = SearchQuery(
        origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18"))

    private func aggregator(kiwi: LoopbackMCPServer, skiplagged: LoopbackMCPServer) throws -> Aggregator {
        try Aggregator(
            providers: AggregateTool.builtInProviders.filter { ["kiwi", "skiplagged"].contains($0.descriptor.id) },
            settings: try SearchSettings(
                deadline: .seconds(120),
                endpoints: ["kiwi": .mcp(kiwi.baseURL), "skiplagged": .mcp(skiplagged.baseURL)]))
    }

    private static func soldBy(_ offer: Offer) -> [ProviderID] { offer.sources.map(\.provider) }

    @Test func aSkiplaggedCardMergesWithKiwisSameFlightAndNeverWithAnother() async throws {
        let kiwi = try Self.kiwiServer()
        let skiplagged = try Self.skiplaggedServer()
        defer {
            kiwi.stop()
            skiplagged.stop()
        }
        let result = try await aggregator(kiwi: kiwi, skiplagged: skiplagged).search(Self.question)
        #expect(result.outcomes.map(\.status) == [.ok, .ok])
        #expect(result.outcomes.allSatisfy { $0.sample == nil }, "live prices")
        func trip(_ flights: String) -> Offer? {
            result.offers.first { offer in
                offer.product.itinerary?.segments.map(\.flightDesignator).joined(separator: ", ") == flights
            }
        }
        // The nonstop flights both sell: one trip each, with both sellers, cheapest first.
        #expect(trip("VY 1815").map(Self.soldBy) == ["skiplagged", "kiwi"])
        #expect(trip("OS 395").map(Self.soldBy) == ["kiwi", "skiplagged"])
        #expect(trip("OS 395")?.tags.contains(.multipleSources) == true)
        // A card whose connection is unnamed stays apart from the same trip known in full.
        #expect(trip("LX 1577, LX 1952").map(Self.soldBy) == ["kiwi"])
        #expect(trip("Swiss, Swiss").map(Self.soldBy) == ["skiplagged"])
        #expect(trip("LH 1235, VY 1645").map(Self.soldBy) == ["kiwi"])
        #expect(trip("Lufthansa, Vueling").map(Self.soldBy) == ["skiplagged"])
        #expect(trip("Lufthansa, Vueling")?.tags.contains(.selfTransfer) == true, "virtual interlining")
        #expect(trip("LH 1235, VY 1645")?.tags.contains(.selfTransfer) == true, "two carriers joined by Kiwi")
        #expect(trip("Iberia")?.tags.contains(.hiddenCity) == true)
        #expect(result.offers.count == 7)
    }

    @Test func leavingOutHiddenCityFaresDropsTheCardAndKeepsTheMergedTrips() async throws {
        let kiwi = try Self.kiwiServer()
        let skiplagged = try Self.skiplaggedServer()
        defer {
            kiwi.stop()
            skiplagged.stop()
        }
        var query = Self.question
        query.excludeHiddenCity = true
        let result = try await aggregator(kiwi: kiwi, skiplagged: skiplagged).search(query)
        #expect(!result.offers.contains { $0.tags.contains(.hiddenCity) })
        #expect(result.offers.count == 6)
        #expect(result.offers.filter { $0.sources.count == 2 }.count == 2)
    }

    @Test func theBinaryPrintsMergedOffersWithBothSellers() async throws {
        let kiwi = try Self.kiwiServer()
        let skiplagged = try Self.skiplaggedServer()
        defer {
            kiwi.stop()
            skiplagged.stop()
        }
        // An explicit MCP endpoint makes each provider live; `--live` asks the same without one.
        let run = try await Binary.run([
            "search", "--providers", "kiwi,skiplagged", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18",
            "--endpoint", "kiwi=mcp+\(kiwi.baseURL.absoluteString)",
            "--endpoint", "skiplagged=mcp+\(skiplagged.baseURL.absoluteString)", "--format", "csv",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "live prices carry no sample note: \(run.stderr)")
        let vueling = try #require(run.stdoutLines.first { $0.contains(",VY 1815,") })
        #expect(vueling.contains(#",93.29,EUR,2,"skiplagged 93.29, kiwi 98.00",skiplagged,"#))
        let austrian = try #require(run.stdoutLines.first { $0.contains(",OS 395,") })
        #expect(austrian.contains(#",169.00,EUR,2,"kiwi 169.00, skiplagged 175.27",kiwi,"#))
        #expect(run.stdoutLines.filter { $0.hasPrefix("f-") || $0.contains(",flight,") }.count == 7)
        // Each server was asked once, Skiplagged's in the session it opened.
        #expect(kiwi.messages.map(\.method) == ["initialize", "notifications/initialized", "tools/call"])
        let calls = skiplagged.messages.filter { $0.method == "tools/call" }
        #expect(calls.count == 1 && calls.first?.sessionID != nil)
        #expect(calls.first?.headers["user-agent"]?.hasPrefix("aggregate/") == true)
    }

    @Test func theSamplesRoundTripIsOneTripWithBothSellers() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi,skiplagged", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18",
            "--return", "2026-12-20", "--format", "csv",
        ])
        #expect(run.status == 0)
        let rows = run.stdoutLines.dropFirst().filter { !$0.isEmpty }
        #expect(rows.count == 1, "\(run.stdout)")
        let both = #","VY 1815, VY 1816",189.00,EUR,2,"kiwi 189.00, skiplagged 201.66",kiwi,"#
        #expect(rows.first?.contains(both) == true, "\(run.stdout)")
        #expect(rows.first?.contains("2026-12-20T19:35") == true, "the return flight")
    }

    @Test func aToolErrorReachesTheUserAndTheOtherProviderStillPrints() async throws {
        let kiwi = try Self.kiwiServer()
        let skiplagged = try Self.skiplaggedServer(
            .error("Failed to fetch: Invalid range for depart. Must be no greater than 2027-03-22"))
        defer {
            kiwi.stop()
            skiplagged.stop()
        }
        let run = try await Binary.run([
            "search", "--providers", "kiwi,skiplagged", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18",
            "--endpoint", "kiwi=mcp+\(kiwi.baseURL.absoluteString)",
            "--endpoint", "skiplagged=mcp+\(skiplagged.baseURL.absoluteString)",
        ])
        #expect(run.status == 2, "partial: one provider failed")
        #expect(
            run.stderr
                == "warning: skiplagged failed: the tool sk_flights_search failed: Failed to fetch: Invalid range "
                + "for depart. Must be no greater than 2027-03-22\n")
        #expect(run.stdoutLines.contains { $0.contains("OS 395") && $0.contains("kiwi 169.00") })
    }

    @Test func theKeylessServicesSayWhatTheyNeedWithoutARoute() async throws {
        let kiwi = try Self.kiwiServer()
        let skiplagged = try Self.skiplaggedServer()
        defer {
            kiwi.stop()
            skiplagged.stop()
        }
        let run = try await Binary.run([
            "search", "--providers", "kiwi,skiplagged", "--from", "VIE",
            "--endpoint", "kiwi=mcp+\(kiwi.baseURL.absoluteString)",
            "--endpoint", "skiplagged=mcp+\(skiplagged.baseURL.absoluteString)", "--format", "json",
        ])
        let providers = try #require(try run.json()["providers"] as? [[String: Any]])
        #expect(providers.map { $0["status"] as? String } == ["not_asked", "not_asked"])
        #expect(kiwi.messages.isEmpty && skiplagged.messages.isEmpty, "nothing is sent")
    }

    /// Ferryhopper's server: a session, event streams, `get_ports` and `search_trips`, the trips as structured
    /// content, Piraeus to Santorini from the provider's own sample.
    static func ferryhopperServer() throws -> LoopbackMCPServer {
        let samples =
            AggregateTool.builtInProviders.first { $0.descriptor.id == "ferryhopper" }?.descriptor
            .samples.responses.bodies ?? [:]
        let ports = samples["get_ports"] ?? ""
        let trips = samples.first { $0.key.hasPrefix("search_trips?") }?.value ?? ""
        return try LoopbackMCPServer(style: .stateful) { tool, arguments in
            switch tool {
            case "get_ports": .structured(ports)
            case "search_trips" where arguments.contains(#""departureLocation":"PIR""#): .structured(trips)
            case "search_trips": .structured(#"{"foundDirectItinerariesForTrip": []}"#)
            default: .error("unknown tool \(tool)")
            }
        }
    }

    @Test func ferriesFromPiraeusToSantoriniWithModeFerryEndToEnd() async throws {
        let ferryhopper = try Self.ferryhopperServer()
        defer { ferryhopper.stop() }
        let endpoint = "ferryhopper=mcp+\(ferryhopper.baseURL.absoluteString)"
        let table = try await Binary.run([
            "search", "--from", "Piraeus", "--to", "Santorini", "--date", "2026-12-18", "--mode", "ferry",
            "--endpoint", endpoint,
        ])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdoutLines.first?.contains("SERVICES") == true, "\(table.stdout)")
        let rows = table.stdoutLines.dropFirst().filter { $0.contains("ferry ") }
        #expect(rows.count == 5, "\(table.stdout)")
        #expect(
            rows.contains { $0.contains("Piraeus→Santorini (Thira)") && $0.contains("ferry SeaJets WorldChampion Jet") }
        )
        #expect(rows.first?.contains("35.00") == true, "Zante Ferries' deck place is the cheapest: \(table.stdout)")
        #expect(table.stderr.contains("ferryhopper: Ferryhopper's prices are indicative"), "\(table.stderr)")
        let json = try await Binary.run([
            "search", "--from", "Piraeus", "--to", "Thira", "--date", "2026-12-18", "--mode", "ferry",
            "--endpoint", endpoint, "--format", "json",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try json.json()
        let providers = try #require(document["providers"] as? [[String: Any]])
        let statuses = Dictionary(
            uniqueKeysWithValues: providers.compactMap { provider in
                (provider["id"] as? String).map { ($0, provider["status"] as? String ?? "") }
            })
        #expect(statuses["ferryhopper"] == "ok", "\(statuses)")
        #expect(statuses["kiwi"] == "unsupported", "a flight seller is not asked for ferries: \(statuses)")
        let offers = try #require(document["offers"] as? [[String: Any]])
        #expect(offers.count == 5)
        for offer in offers {
            #expect(offer["kind"] as? String == "trip")
            #expect((offer["tags"] as? [String])?.contains("indicative_price") == true)
            let segments = (offer["legs"] as? [[String: Any]])?.first?["segments"] as? [[String: Any]]
            #expect(segments?.first?["mode"] as? String == "ferry", "\(offer)")
            #expect(segments?.first?["origin_name"] as? String == "Piraeus")
            #expect(segments?.first?["service_number"] as? String != nil)
        }
        let calls = ferryhopper.messages.filter { $0.method == "tools/call" }
        #expect(calls.allSatisfy { $0.sessionID != nil })
        #expect(calls.filter { $0.tool == "search_trips" }.count == 6, "Piraeus, Rafina and Lavrio, in each run")
    }
}
