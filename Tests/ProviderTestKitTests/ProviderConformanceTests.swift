import AggregatorCore
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// A small flight format: `{"search_id": …, "flights": [{"id", "carrier", "number", "departure", "price"}]}`,
/// where `search_id` and each flight's `id` are minted anew for every search.
private struct ExampleFlight {
    var id: String
    var carrier: String
    var number: String
    var departure: String
    var price: Decimal

    init(_ node: JSONNode) throws {
        id = try node["id"].string
        carrier = try node["carrier"].string
        number = try node["number"].string
        departure = try node["departure"].string
        price = try node["price"].decimal
    }
}

/// The mistakes a provider author makes, one switch each, so that each can be shown to be caught.
private struct ExampleProvider: OfferProvider {
    enum Mistake: Sendable {
        case none, hardcodedID, idFromTheService, keepsZeroPrices
    }

    static let sample = """
        {"search_id": "s-1", "flights": [
          {"id": "f-1", "carrier": "VY", "number": "1815", "departure": "2026-12-18 12:30", "price": 98},
          {"id": "f-2", "carrier": "OS", "number": "395", "departure": "2026-12-18 07:05", "price": 169}
        ]}
        """

    let mistake: Mistake
    let descriptor = ProviderDescriptor(
        id: "example", displayName: "Example", summary: "Flights from a small sample.", categories: [.flights],
        nativeCurrency: .eur, capabilities: [.dates],
        samples: ProviderSamples(
            EmbeddedResponses(["flights": sample]), perRequestKeys: ["search_id", "id"], priceKeys: ["price"]))

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        let flights = try await client.read(.get("flights")) { root in
            try root["flights"].elements.map(ExampleFlight.init)
        }
        var skipped = 0
        let offers = flights.compactMap { flight -> Offer? in
            guard flight.price > 0 || mistake == .keepsZeroPrices,
                let departure = LocalDateTime(parsing: flight.departure)
            else {
                skipped += 1
                return nil
            }
            let provider: ProviderID = mistake == .hardcodedID ? "example" : client.provider
            let content = [flight.carrier, flight.number, flight.departure]
            let segment = Segment(
                carrier: Carrier(code: flight.carrier), flightNumber: flight.number, origin: Place(airport: "VIE"),
                destination: Place(airport: "BCN"), departure: FlightTime(local: departure))
            return Offer(
                id: StableIdentifier.make(
                    prefix: provider.rawValue, mistake == .idFromTheService ? [flight.id] : content),
                product: .flight(Itinerary(legs: [Leg(segments: [segment])])), priceBasis: .total,
                source: OfferSource(
                    provider: provider, reference: flight.id, price: Money(flight.price, .eur),
                    retrievedAt: client.now()))
        }
        return ProviderResponse(offers: offers, skipped: skipped)
    }
}

@Suite("The conformance kit catches the usual mistakes")
struct ProviderConformanceTests {
    @Test func aCarefulProviderPasses() async throws {
        try await ProviderConformance.check(ExampleProvider(mistake: .none))
    }

    @Test func anOfferThatNamesItsOwnIDInsteadOfTheClientsIsCaught() async throws {
        try await withKnownIssue {
            try await ProviderConformance.check(ExampleProvider(mistake: .hardcodedID))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("use client.provider") && $0.rawValue.contains("offer ") }
        }
    }

    @Test func anIDTakenFromTheServicesPerRequestIDIsCaught() async throws {
        try await withKnownIssue {
            try await ProviderConformance.check(ExampleProvider(mistake: .idFromTheService))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("changed its id") && $0.rawValue.contains("offer example-") }
        }
    }

    @Test func aZeroPriceThatIsNotSkippedIsCaught() async throws {
        try await withKnownIssue {
            try await ProviderConformance.check(ExampleProvider(mistake: .keepsZeroPrices))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("the first record of 'flights' whose price is") }
        }
    }
}
