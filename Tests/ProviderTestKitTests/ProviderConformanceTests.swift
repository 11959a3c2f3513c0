import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderChecks
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
        case none, hardcodedID, idFromTheService, keepsZeroPrices, oneIDForEveryFlight, sendsEachFlightTwice
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
                    prefix: provider.rawValue,
                    mistake == .idFromTheService ? [flight.id] : mistake == .oneIDForEveryFlight ? [] : content),
                product: .flight(Itinerary(legs: [Leg(segments: [segment])])), priceBasis: .total,
                source: OfferSource(
                    provider: provider, reference: flight.id, price: Money(flight.price, .eur),
                    retrievedAt: client.now()))
        }
        return ProviderResponse(
            offers: mistake == .sendsEachFlightTwice ? offers.flatMap { [$0, $0] } : offers, skipped: skipped)
    }
}

/// A provider whose records carry a price and a total, both listed as price keys, and which reads the total.
private struct TwoPriceProvider: OfferProvider {
    static let sample = """
        {"flights": [{"carrier": "VY", "number": "1815", "departure": "2026-12-18 12:30", "price": 98, "total": 98}]}
        """

    let descriptor = ProviderDescriptor(
        id: "two-prices", displayName: "Two prices", summary: "Flights with two prices.", categories: [.flights],
        nativeCurrency: .eur, capabilities: [.dates],
        samples: ProviderSamples(EmbeddedResponses(["flights": sample]), priceKeys: ["price", "total"]))

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        let totals = try await client.read(.get("flights")) { root in
            try root["flights"].elements.map { try $0["total"].decimal }
        }
        guard let departure = LocalDateTime(parsing: "2026-12-18 12:30") else { return ProviderResponse(offers: []) }
        let offers = totals.filter { $0 > 0 }.map { total in
            let segment = Segment(
                carrier: Carrier(code: "VY"), flightNumber: "1815", origin: Place(airport: "VIE"),
                destination: Place(airport: "BCN"), departure: FlightTime(local: departure))
            return Offer(
                id: StableIdentifier.make(prefix: client.provider.rawValue, ["VY", "1815"]),
                product: .flight(Itinerary(legs: [Leg(segments: [segment])])), priceBasis: .total,
                source: OfferSource(
                    provider: client.provider, reference: "vy-1815", price: Money(total, .eur),
                    retrievedAt: client.now()))
        }
        return ProviderResponse(offers: offers, skipped: totals.count - offers.count)
    }
}

/// A provider that takes as long as it is told to on a test clock, so that the deadline check can be shown
/// both ways without timing anything.
private struct TimedProvider: OfferProvider {
    let clock: TestClock
    let takes: Duration
    let descriptor = ExampleProvider(mistake: .none).descriptor

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        try? await clock.sleep(for: takes)
        return try await ExampleProvider(mistake: .none).search(query, using: client)
    }
}

/// The kit's checks are asserted on what they find, rather than by letting them fail a test and expecting
/// the failure: the findings are plain values, and a test that expects them then passes without a "known
/// issue" in the output.
@Suite("The conformance kit catches the usual mistakes")
struct ProviderConformanceTests {
    @Test func aCarefulProviderPasses() async throws {
        try await ProviderConformance.check(ExampleProvider(mistake: .none))
        #expect(await ProviderConformance.findings(of: ExampleProvider(mistake: .none)).isEmpty)
    }

    /// The findings of the kit's checks, each check's by itself.
    private func findings(_ mistake: ExampleProvider.Mistake) async -> [ConformanceCheck.Aspect: [String]] {
        Dictionary(grouping: await ProviderConformance.findings(of: ExampleProvider(mistake: mistake))) {
            $0.aspect
        }.mapValues { $0.map(\.message) }
    }

    @Test func anOfferThatNamesItsOwnIDInsteadOfTheClientsIsCaught() async throws {
        let found = await findings(.hardcodedID)
        #expect(Set(found.keys) == [.anyProviderID])
        let messages = try #require(found[.anyProviderID])
        #expect(messages.contains { $0.contains("use client.provider") && $0.contains("offer ") }, "\(messages)")
    }

    @Test func anIDTakenFromTheServicesPerRequestIDIsCaught() async throws {
        let found = await findings(.idFromTheService)
        #expect(Set(found.keys) == [.perRequestValues])
        let messages = try #require(found[.perRequestValues])
        #expect(messages.contains { $0.contains("changed its id") && $0.contains("offer example-") }, "\(messages)")
    }

    @Test func twoDifferentFlightsUnderOneIDAreCaughtAndAnExactRepeatIsNot() async throws {
        let found = await findings(.oneIDForEveryFlight)
        let messages = try #require(found[.stableIDs])
        #expect(messages.contains { $0.contains("is given to 2 different offers") }, "\(messages)")
        #expect(await findings(.sendsEachFlightTwice).isEmpty, "the runner drops and counts exact repeats")
    }

    @Test func aZeroPriceThatIsNotSkippedIsCaught() async throws {
        let found = await findings(.keepsZeroPrices)
        #expect(Set(found.keys) == [.nonPositivePrices])
        let messages = try #require(found[.nonPositivePrices])
        #expect(messages.contains { $0.contains("the first record of 'flights' whose 'price' is") }, "\(messages)")
    }

    /// A provider that lists two price keys and reads the second: the check edits the first, and its message
    /// names the key it changed and the one it left alone.
    @Test func aCheckOfTwoPriceKeysNamesTheKeyItChanged() async throws {
        let found = await ProviderConformance.findings(of: TwoPriceProvider())
        let messages = found.filter { $0.aspect == .nonPositivePrices }.map(\.message)
        #expect(!messages.isEmpty)
        for message in messages {
            #expect(message.contains("whose 'price' is"), "\(message)")
            #expect(message.contains("(only 'price' was changed; 'total' kept its value)"), "\(message)")
        }
    }

    @Test func aSampleSearchPastTheDeadlineIsCaughtOnTheChecksClock() async throws {
        let clock = TestClock()
        let late = await ConformanceCheck(deadline: .seconds(10), clock: clock)
            .run(TimedProvider(clock: clock, takes: .seconds(11)))
        #expect(late.findings.map(\.message) == ["example: the sample search took 11 s, past its 10 s deadline"])
        #expect(late.sampleDuration == .seconds(11))
        let inTime = await ConformanceCheck(deadline: .seconds(10), clock: clock)
            .run(TimedProvider(clock: clock, takes: .seconds(9)))
        #expect(inTime.passed)
        #expect(inTime.checked.contains(.deadline))
    }
}
