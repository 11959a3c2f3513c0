import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Skiplagged
import Testing

@Suite("SkiplaggedProvider")
struct SkiplaggedProviderTests {
    @Test("passes the provider conformance kit")
    func conformance() async throws {
        try await ProviderConformance.check(SkiplaggedProvider())
    }

    @Test("describes itself as Skiplagged flights on a route and day, live at its MCP server without a key")
    func descriptor() throws {
        let descriptor = SkiplaggedProvider().descriptor
        #expect(descriptor.id == "skiplagged")
        #expect(descriptor.displayName == "Skiplagged")
        #expect(descriptor.categories == [.flights])
        #expect(descriptor.capabilities == [.dates, .roundTrips, .serverSideFilters, .cabins])
        #expect(!descriptor.capabilities.contains(.passengers), "it prices one traveller")
        #expect(descriptor.requiredFields == [.origin, .destination, .departureDate])
        #expect(descriptor.live.map(\.url.absoluteString) == ["mcp+https://mcp.skiplagged.com/mcp"])
        #expect(descriptor.live.first?.signIn == SignIn.none)
        #expect(descriptor.credentials.isEmpty, "no key")
        #expect(
            descriptor.samples.responses.bodies.keys.sorted() == [
                "sk_flights_search", "sk_flights_search?destination=BUD",
            ])
        #expect(descriptor.samples.priceKeys == ["amount"])
    }

    /// One card of the sample as the table shows it.
    struct Card {
        var departs: String
        var arrives: String
        var flights: [String]
        var stops: Int
        var minutes: Int
        var price: String
        var tags: Set<OfferTag> = []
    }

    /// The sample's cards, Vienna to Barcelona, in Skiplagged's order.
    static let scenario: [Card] = [
        Card(
            departs: "2026-12-18T10:45", arrives: "2026-12-18T13:20", flights: ["Iberia"], stops: 0, minutes: 155,
            price: "72", tags: [.hiddenCity]),
        Card(
            departs: "2026-12-18T06:10", arrives: "2026-12-18T13:55", flights: ["Lufthansa, Vueling"], stops: 1,
            minutes: 465, price: "88", tags: [.selfTransfer]),
        Card(
            departs: "2026-12-18T12:30", arrives: "2026-12-18T15:05", flights: ["Vueling"], stops: 0, minutes: 155,
            price: "99"),
        Card(
            departs: "2026-12-18T06:50", arrives: "2026-12-18T11:30", flights: ["Swiss, Swiss"], stops: 1,
            minutes: 280, price: "139"),
        Card(
            departs: "2026-12-18T07:05", arrives: "2026-12-18T09:45", flights: ["Austrian Airlines"], stops: 0,
            minutes: 160, price: "186"),
        Card(
            departs: "2026-12-18T12:30", arrives: "2026-12-18T15:05", flights: ["Vueling", "Vueling"], stops: 0,
            minutes: 305, price: "214"),
    ]

    @Test("maps every card of the sample: places, wall-clock times, stops, carriers, prices and marks")
    func embeddedScenario() async throws {
        let provider = SkiplaggedProvider()
        let response = try await provider.search(SkiplaggedFixtures.query(), using: .embedded(for: provider))
        #expect(response.skipped == 0)
        #expect(response.notes.isEmpty)
        try #require(response.offers.count == Self.scenario.count)
        for (offer, expected) in zip(response.offers, Self.scenario) {
            let itinerary = try #require(offer.product.itinerary)
            let outbound = try #require(itinerary.legs.first)
            #expect(outbound.origin?.airport == "VIE")
            #expect(outbound.destination?.airport == "BCN")
            #expect(outbound.departure?.local?.description == expected.departs)
            #expect(outbound.arrival?.local?.description == expected.arrives)
            #expect(offer.flightDesignators == expected.flights)
            #expect(outbound.stops == expected.stops)
            #expect(itinerary.duration == .seconds(expected.minutes * 60))
            #expect(offer.price == Money(decimal(expected.price), .usd))
            #expect(offer.priceBasis == .perPerson, "the tool is asked for one adult")
            #expect(offer.tags == expected.tags)
            #expect(itinerary.segments.allSatisfy { $0.departure?.utc == nil && $0.arrival?.utc == nil })
            #expect(itinerary.segments.allSatisfy { $0.flightNumber == nil && $0.carrier.code == nil })
        }
        #expect(Set(response.offers.map(\.id)).count == 6)
    }

    @Test("a card's source: its id as the reference, its link, one adult's fare and no bag fees")
    func source() async throws {
        let provider = SkiplaggedProvider()
        let response = try await provider.search(SkiplaggedFixtures.query(), using: .embedded(for: provider))
        let offer = try #require(response.offers.first)
        let source = try #require(offer.onlySource)
        #expect(source.provider == "skiplagged")
        #expect(source.reference == "sk-7f3a1c-0")
        #expect(source.deepLink?.absoluteString == "https://skiplagged.com/flights/VIE/BCN/2026-12-18#trip=IB3237")
        #expect(source.pricedFor == .one, "the one traveller asked for, whose fare the pipeline multiplies")
        #expect(source.bagFees == nil)
        #expect(offer.id.hasPrefix("skiplagged-") && !offer.id.contains("sk-7f3a1c"))
    }

    @Test("a connection the card does not name is an unknown place, with no time: the trip shows its stop")
    func unnamedConnection() async throws {
        let provider = SkiplaggedProvider()
        let response = try await provider.search(SkiplaggedFixtures.query(), using: .embedded(for: provider))
        let interlined = try #require(response.offers.dropFirst().first?.product.itinerary?.segments)
        #expect(interlined.count == 2)
        #expect(interlined[0].origin.airport == "VIE" && interlined[0].destination == Place())
        #expect(interlined[1].origin == Place() && interlined[1].destination.airport == "BCN")
        #expect(interlined[0].arrival == nil && interlined[1].departure == nil)
        #expect(interlined.map(\.carrier.name) == ["Lufthansa", "Vueling"], "names in order, one per flight")
    }

    @Test("a round trip card's return flight is the second leg, with the card's airline")
    func roundTrip() async throws {
        let provider = SkiplaggedProvider()
        let response = try await provider.search(SkiplaggedFixtures.query(), using: .embedded(for: provider))
        let legs = try #require(response.offers.last?.product.itinerary?.legs)
        try #require(legs.count == 2)
        #expect(legs[1].origin?.airport == "BCN" && legs[1].destination?.airport == "VIE")
        #expect(legs[1].departure?.local == (try local("2026-12-20 19:35")))
        #expect(legs[1].arrival?.local == (try local("2026-12-20 22:05")))
        #expect(legs[1].duration == .seconds(150 * 60))
        #expect(legs[1].segments.first?.carrier == Carrier(code: nil, name: "Vueling"))
    }

    @Test("carriers: one airline on every flight; several in order; more names than flights stay together")
    func carriersFromTheAirlinesString() async throws {
        func card(_ airlines: String, layovers: Int) -> String {
            """
            {"id": "c", "airlines": "\(airlines)", "departure": {"airport": "VIE", "dateTime": "2026-12-18T08:00:00"},
             "arrival": {"airport": "BCN", "dateTime": "2026-12-18T15:00:00"}, "layovers": \(layovers),
             "price": {"amount": 50, "currency": "EUR"}}
            """
        }
        let body = """
            {"flights": [\(card("Swiss", layovers: 2)), \(card("Lufthansa, Vueling", layovers: 2)),
              \(card("Iberia, Vueling", layovers: 0)), \(card(" , Ryanair,Ryanair , ", layovers: 0)),
              \(card("", layovers: 0))]}
            """
        let response = try await SkiplaggedProvider().search(
            SkiplaggedFixtures.query(), using: SkiplaggedFixtures.client(body: body))
        let carriers = response.offers.map { $0.product.itinerary?.segments.map(\.carrier.name) ?? [] }
        #expect(
            carriers == [
                ["Swiss", "Swiss", "Swiss"], ["Lufthansa", "Vueling", "Vueling"], ["Iberia, Vueling"], ["Ryanair"],
                [nil],
            ])
    }

    @Test("the offer id comes from the trip: the card's id and the search URL change nothing")
    func contentIDs() async throws {
        let provider = SkiplaggedProvider()
        let first = try await provider.search(
            SkiplaggedFixtures.query(), using: SkiplaggedFixtures.client(body: SkiplaggedFixtures.sample))
        let renamed = SkiplaggedFixtures.sample.replacingOccurrences(of: "sk-7f3a1c", with: "sk-000000")
            .replacingOccurrences(of: "2026-12-18\",", with: "2026-12-18?x=1\",")
        let second = try await provider.search(
            SkiplaggedFixtures.query(), using: SkiplaggedFixtures.client(body: renamed))
        #expect(first.offers.map(\.id) == second.offers.map(\.id))
        #expect(first.offers.map { $0.onlySource?.reference } != second.offers.map { $0.onlySource?.reference })
    }

    @Test("an exact repeat of a card is one offer once screened, counted as a repeat")
    func repeats() async throws {
        let card = """
            {"id": "a", "airlines": "Vueling", "departure": {"airport": "VIE", "dateTime": "2026-12-18T12:30:00"},
             "arrival": {"airport": "BCN", "dateTime": "2026-12-18T15:05:00"}, "layovers": 0,
             "price": {"amount": 99, "currency": "USD"}}
            """
        let body = #"{"flights": [\#(card), \#(card.replacingOccurrences(of: "\"a\"", with: "\"b\""))]}"#
        let sent = try await SkiplaggedProvider().search(
            SkiplaggedFixtures.query(), using: SkiplaggedFixtures.client(body: body))
        let response = ResponseScreen().screen(sent).response
        #expect(response.offers.count == 1)
        #expect(response.repeats == 1)
        #expect(response.skipped == 0)
    }
}

@Suite("Skiplagged samples by route")
struct SkiplaggedSampleRouteTests {
    @Test("a call to Budapest is answered by the sample named for it, any other by the general one")
    func byDestination() async throws {
        let client = ProviderClient.embedded(for: SkiplaggedProvider())
        let budapest = try await SkiplaggedProvider().search(
            SkiplaggedFixtures.query(to: "BUD"), using: client)
        #expect(budapest.offers.count == 3)
        #expect(budapest.offers.allSatisfy { $0.destination?.airport == "BUD" })
        let barcelona = try await SkiplaggedProvider().search(SkiplaggedFixtures.query(), using: client)
        #expect(barcelona.offers.allSatisfy { $0.destination?.airport == "BCN" })
        #expect(barcelona.offers.count == 6)
    }
}
