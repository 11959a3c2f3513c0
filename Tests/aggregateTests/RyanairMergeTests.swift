import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import AggregateCLI

/// Ryanair's fare finder and Kiwi's public MCP server, each played on loopback, selling the same flight: one
/// trip with two sellers, merged on the flight number Ryanair writes as `FR1017`.
@Suite("Ryanair and Kiwi on loopback: the same flight is one trip")
struct RyanairMergeTests {
    /// Kiwi's answer for Vienna→Barcelona on 2026-12-18: Ryanair's FR 1017 and a Vueling flight.
    static let kiwiAnswer = """
        {"query": {"flyFrom": "VIE", "flyTo": "BCN", "departureDate": "18/12/2026"}, "currency": "EUR",
         "passengers": {"adults": 1, "children": 0, "infants": 0}, "resultsCount": 2, "searchTimeMs": 812,
         "error": null, "itineraries": [
          {"id": "fr1017", "price": 46, "totalDurationSeconds": 8700,
           "bookingUrl": "https://www.kiwi.com/en/booking?token=fr1017",
           "baggage": {"personalItem": 1, "cabinBag": 0, "checkedBag": 0},
           "outbound": {"from": "VIE", "to": "BCN", "departureTime": "2026-12-18T10:15:00",
             "arrivalTime": "2026-12-18T12:40:00", "stops": 0, "route": "VIE → BCN", "cabinClass": "M",
             "segments": [{"from": "VIE", "to": "BCN", "carrier": "FR", "flightNumber": "FR1017",
               "departureTime": "2026-12-18T10:15:00", "arrivalTime": "2026-12-18T12:40:00"}]},
           "inbound": null},
          {"id": "vy1815", "price": 98, "totalDurationSeconds": 9300,
           "bookingUrl": "https://www.kiwi.com/en/booking?token=vy1815",
           "baggage": {"personalItem": 1, "cabinBag": 1, "checkedBag": 0},
           "outbound": {"from": "VIE", "to": "BCN", "departureTime": "2026-12-18T12:30:00",
             "arrivalTime": "2026-12-18T15:05:00", "stops": 0, "route": "VIE → BCN", "cabinClass": "M",
             "segments": [{"from": "VIE", "to": "BCN", "carrier": "VY", "flightNumber": "VY1815",
               "departureTime": "2026-12-18T12:30:00", "arrivalTime": "2026-12-18T15:05:00"}]},
           "inbound": null}]}
        """

    /// Kiwi's server: no session, the result a text content holding the answer as a JSON string.
    static func kiwiServer() throws -> LoopbackMCPServer {
        var json = JSONWriter(style: .compact)
        json.string(kiwiAnswer)
        let text = json.text
        return try LoopbackMCPServer(style: .stateless) { tool, _ in
            tool == "search-flight" ? .text(text) : .error("unknown tool \(tool)")
        }
    }

    /// Ryanair's fare finder, answering from the provider's embedded answers by route.
    static func ryanairServer() throws -> LoopbackHTTPServer {
        let provider = try #require(AggregateTool.builtInProviders.first { $0.descriptor.id == "ryanair" })
        let samples = provider.descriptor.samples.responses
        return try LoopbackHTTPServer { request in
            let name = request.path.split(separator: "/").last.map(String.init) ?? ""
            let body = samples.body(for: name, parameters: EmbeddedResponses.parameters(ofQuery: request.queryItems))
            return body.map { .json($0) } ?? .json("{\"code\": \"NOT_FOUND\"}", status: 404)
        }
    }

    @Test func aRyanairFareMergesWithKiwisSameFlight() async throws {
        let kiwi = try Self.kiwiServer()
        let ryanair = try Self.ryanairServer()
        defer {
            kiwi.stop()
            ryanair.stop()
        }
        let aggregator = try Aggregator(
            providers: AggregateTool.builtInProviders.filter { ["kiwi", "ryanair"].contains($0.descriptor.id) },
            settings: try SearchSettings(
                deadline: .seconds(120),
                endpoints: ["kiwi": .mcp(kiwi.baseURL), "ryanair": .remote(ryanair.baseURL)]))
        let result = await aggregator.search(
            SearchQuery(origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18")))
        #expect(result.outcomes.map(\.status) == [.ok, .ok])
        #expect(result.offers.count == 2)
        let fr = try #require(
            result.offers.first { $0.product.itinerary?.segments.first?.flightDesignator == "FR 1017" })
        #expect(fr.sources.map(\.provider) == ["ryanair", "kiwi"], "one trip, the cheaper seller first")
        #expect(fr.sources.map(\.price.amount) == [Decimal(string: "39.99"), 46])
        #expect(fr.tags.contains(.multipleSources) && fr.tags.contains(.cheapestOfDay))
        let vueling = try #require(
            result.offers.first { $0.product.itinerary?.segments.first?.flightDesignator == "VY 1815" })
        #expect(vueling.sources.map(\.provider) == ["kiwi"])
        #expect(ryanair.requests.map(\.path) == ["/oneWayFares"])
    }

    @Test func theBinaryPrintsTheMergedFareWithBothSellers() async throws {
        let kiwi = try Self.kiwiServer()
        let ryanair = try Self.ryanairServer()
        defer {
            kiwi.stop()
            ryanair.stop()
        }
        let run = try await Binary.run([
            "search", "--providers", "kiwi,ryanair", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18",
            "--endpoint", "kiwi=mcp+\(kiwi.baseURL.absoluteString)",
            "--endpoint", "ryanair=\(ryanair.baseURL.absoluteString)", "--format", "csv",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let row = try #require(run.stdoutLines.first { $0.contains(",FR 1017,") })
        #expect(row.contains(#",39.99,EUR,2,"ryanair 39.99, kiwi 46.00",ryanair,"#), "\(row)")
    }
}
