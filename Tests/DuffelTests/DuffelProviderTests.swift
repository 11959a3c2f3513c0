import AggregatorCore
import AggregatorTestSupport
import Duffel
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("DuffelProvider")
struct DuffelProviderTests {
    @Test("passes the provider conformance kit")
    func conformance() async throws {
        try await ProviderConformance.check(DuffelProvider())
    }

    @Test("describes itself as Duffel flights that need a route and a day, live at api.duffel.com with a bearer token")
    func descriptor() throws {
        let descriptor = DuffelProvider().descriptor
        #expect(descriptor.id == "duffel")
        #expect(descriptor.displayName == "Duffel")
        #expect(descriptor.categories == [.flights])
        #expect(descriptor.nativeCurrency == nil, "prices come in the Duffel account's currency")
        #expect(descriptor.capabilities == [.dates, .roundTrips, .serverSideFilters])
        #expect(descriptor.requiredFields == [.origin, .destination, .departureDate])
        #expect(descriptor.live.first?.url.absoluteString == "https://api.duffel.com")
        #expect(descriptor.live.first?.signIn == .bearer)
        #expect(descriptor.live.first?.fixedHeaders == ["Duffel-Version": "v2", "Accept": "application/json"])
        #expect(descriptor.samples.responses.bodies.keys.sorted() == ["offer_requests"])
        #expect(descriptor.samples.priceKeys == ["total_amount"])
        #expect(descriptor.samples.perRequestKeys.contains("id"))
    }

    // MARK: The embedded sample

    @Test("maps the embedded sample's first offer field by field")
    func embeddedFirstOffer() async throws {
        let provider = DuffelProvider()
        let response = try await provider.search(DuffelFixtures.query(), using: .embedded(for: provider))
        #expect(response.offers.count == 6)
        #expect(response.skipped == 0)
        #expect(response.notes.isEmpty)

        let offer = try #require(response.offers.first)
        #expect(offer.id.hasPrefix("duffel-") && !offer.id.contains("off_"), "the id comes from the trip")
        #expect(offer.price == Money(Decimal(string: "96.40")!, .eur))
        #expect(offer.priceBasis == .total)
        #expect(offer.imageURL == nil)
        #expect(offer.tags.isEmpty)

        let source = try #require(offer.sources.first)
        #expect(source.provider == "duffel")
        #expect(source.reference == "off_0000AbC004DuFfElSaMpLe", "Duffel's offer id traces the source back")
        #expect(source.price == Money(Decimal(string: "96.40")!, .eur))
        #expect(source.deepLink == nil, "Duffel has no booking link for travellers")
        #expect(source.retrievedAt == DuffelFixtures.retrievedAt)
        #expect(source.seatsLeft == nil)
        #expect(source.pricedFor == Passengers(adults: 1))
        #expect(source.bagFees == nil, "the Basic fare includes no checked bag")

        let itinerary = try #require(offer.product.itinerary)
        #expect(itinerary.legs.count == 1)
        let leg = try #require(itinerary.legs.first)
        #expect(leg.duration == .seconds(2 * 3600 + 35 * 60))
        #expect(leg.segments.count == 1)
        let segment = try #require(leg.segments.first)
        #expect(segment.carrier == Carrier(code: "VY", name: "Vueling"))
        #expect(segment.flightNumber == "1815")
        #expect(segment.operatingCarrier == nil, "VY flies its own VY 1815: not a codeshare")
        #expect(segment.operatingFlightNumber == nil)
        #expect(segment.cabin == .economy)
        #expect(segment.origin == Place(airport: "VIE", city: "VIE", cityName: "Vienna", country: "AT"))
        #expect(segment.destination == Place(airport: "BCN", city: "BCN", cityName: "Barcelona", country: "ES"))
        #expect(segment.departure?.local == (try local("2026-12-18 12:30")))
        #expect(segment.departure?.utc == (try utc("2026-12-18T11:30:00Z")), "Europe/Vienna is UTC+1 in December")
        #expect(segment.arrival?.local == (try local("2026-12-18 15:05")))
        #expect(segment.arrival?.utc == (try utc("2026-12-18T14:05:00Z")), "Europe/Madrid is UTC+1 in December")
    }

    @Test("the sample's codeshare states the carrier that flies the plane and its flight number")
    func codeshare() async throws {
        let provider = DuffelProvider()
        let response = try await provider.search(DuffelFixtures.query(), using: .embedded(for: provider))
        let segments = response.offers.compactMap { $0.product.itinerary?.segments.first }
        let iberia = try #require(segments.first { $0.carrier.code == "IB" })
        #expect(iberia.carrier == Carrier(code: "IB", name: "Iberia"))
        #expect(iberia.flightNumber == "5137")
        #expect(iberia.operatingCarrier == Carrier(code: "VY", name: "Vueling"))
        #expect(iberia.operatingFlightNumber == "1815")
        #expect(iberia.departure?.utc == (try utc("2026-12-18T11:30:00Z")))
    }

    /// The sample's offers, cheapest first as Duffel lists them: four of them are flights the Kiwi
    /// sample sells, at the same local minute, which is what merging needs.
    static let scenario: [(flights: String, departs: String, arrives: String, minutes: Int, price: String)] = [
        ("VY 1815", "2026-12-18T12:30", "2026-12-18T15:05", 155, "96.40"),
        ("IB 5137", "2026-12-18T12:30", "2026-12-18T15:05", 155, "104.90"),
        ("LX 1577, LX 1952", "2026-12-18T06:50", "2026-12-18T11:30", 280, "118.70"),
        ("VY 1815", "2026-12-18T12:30", "2026-12-18T15:05", 155, "131.40"),
        ("OS 395", "2026-12-18T07:05", "2026-12-18T09:45", 160, "164.25"),
        ("ZZ 4821", "2026-12-18T15:40", "2026-12-18T18:25", 165, "187.34"),
    ]

    @Test("maps every offer of the sample: flights, local times, durations and prices")
    func embeddedScenario() async throws {
        let provider = DuffelProvider()
        let response = try await provider.search(DuffelFixtures.query(), using: .embedded(for: provider))
        try #require(response.offers.count == Self.scenario.count)
        for (offer, expected) in zip(response.offers, Self.scenario) {
            let itinerary = try #require(offer.product.itinerary)
            #expect(itinerary.segments.map(\.flightDesignator).joined(separator: ", ") == expected.flights)
            #expect(itinerary.legs.first?.departure?.local?.description == expected.departs)
            #expect(itinerary.legs.first?.arrival?.local?.description == expected.arrives)
            #expect(itinerary.duration == .seconds(expected.minutes * 60))
            #expect(offer.price == Money(try #require(Decimal(string: expected.price)), .eur))
            #expect(itinerary.segments.allSatisfy { $0.departure?.utc != nil && $0.arrival?.utc != nil })
        }
        #expect(Set(response.offers.map(\.id)).count == 6, "two fare brands on one flight are two offers")
        let optima = response.offers[3].sources.first?.bagFees
        #expect(optima?.fee(forBags: 1) == Money(0, .eur), "the Optima fare includes one checked bag")
        #expect(optima?.fee(forBags: 2) == nil, "a second bag's fee is not in the answer")
        let test = try #require(response.offers.last?.product.itinerary?.segments.first)
        #expect(test.carrier == Carrier(code: "ZZ", name: "Duffel Airways"))
    }

    // MARK: Round trips, parties, zones

    @Test("a round trip's two slices are two legs, priced for the party the answer lists")
    func roundTrip() async throws {
        let query = SearchQuery(
            origin: "LON", destination: "NYC", departureDate: day("2026-12-18"), returnDate: day("2026-12-22"),
            passengers: Passengers(adults: 2, children: 1), cabin: .business)
        let response = try await DuffelFixtures.search("round-trip.json", query: query)
        #expect(response.skipped == 0)
        let offer = try #require(response.offers.first)
        #expect(response.offers.count == 1)
        #expect(offer.price == Money(Decimal(string: "2890.50")!, CurrencyCode("GBP")!))
        #expect(offer.priceBasis == .total)
        #expect(offer.sources.first?.pricedFor == Passengers(adults: 2, children: 1))
        #expect(offer.sources.first?.bagFees?.fee(forBags: 2) == Money(0, CurrencyCode("GBP")!))

        let itinerary = try #require(offer.product.itinerary)
        #expect(itinerary.isRoundTrip)
        #expect(itinerary.legs.count == 2)
        let outbound = itinerary.legs[0]
        let inbound = itinerary.legs[1]
        #expect(outbound.segments.map(\.flightDesignator) == ["BA 117"])
        #expect(outbound.duration == .seconds(7 * 3600 + 55 * 60))
        #expect(outbound.departure?.utc == (try utc("2026-12-18T08:25:00Z")), "London is UTC+0 in December")
        #expect(outbound.arrival?.utc == (try utc("2026-12-18T16:20:00Z")), "New York is UTC−5 in December")
        #expect(outbound.segments.first?.cabin == .business)
        #expect(outbound.origin == Place(airport: "LHR", city: "LON", cityName: "London", country: "GB"))

        #expect(inbound.segments.map(\.flightDesignator) == ["BA 6123", "BA 831"])
        #expect(inbound.stops == 1)
        #expect(inbound.duration == .seconds(9 * 3600 + 20 * 60))
        #expect(inbound.departure?.local == (try local("2026-12-22 22:00")))
        #expect(inbound.departure?.utc == (try utc("2026-12-23T03:00:00Z")), "a late departure is the next UTC day")
        #expect(inbound.arrival?.utc == (try utc("2026-12-23T12:20:00Z")))
        #expect(inbound.segments[0].operatingCarrier == Carrier(code: "EI", name: "Aer Lingus"))
        #expect(inbound.segments[0].operatingFlightNumber == "104")
        #expect(inbound.segments[1].operatingCarrier == nil)
    }

    @Test("a slice longer than a day keeps its ISO duration, and instants follow each airport's zone")
    func longTripAndZones() async throws {
        let response = try await DuffelFixtures.search(
            "zones.json", query: DuffelFixtures.query(from: "LON", to: "SYD"))
        #expect(response.offers.count == 3)
        #expect(response.skipped == 0)
        let long = try #require(response.offers.first?.product.itinerary?.legs.first)
        #expect(long.duration == .seconds(86_400 + 4 * 3600 + 25 * 60), "P1DT4H25M")
        #expect(long.segments[0].arrival?.utc == (try utc("2026-12-18T23:10:00Z")), "Singapore is UTC+8")
        #expect(long.segments[1].departure?.utc == (try utc("2026-12-19T07:00:00Z")))
        #expect(long.segments[1].arrival?.utc == (try utc("2026-12-19T14:40:00Z")), "Sydney is UTC+11 in summer")
        #expect(long.segments[1].operatingCarrier == Carrier(code: "QF", name: "Qantas"))

        let unknown = try #require(response.offers[1].product.itinerary?.legs.first)
        let segment = try #require(unknown.segments.first)
        #expect(segment.departure?.local == (try local("2026-12-18 07:05")))
        #expect(segment.departure?.utc == nil, "Mars/Olympus_Mons is no zone")
        #expect(segment.arrival?.utc == nil, "a path is never looked up as a zone")
        #expect(unknown.duration == .seconds(160 * 60), "the only flight's duration stands for the slice's")

        let noZone = try #require(response.offers[2].product.itinerary?.legs.first)
        #expect(noZone.segments.first?.departure?.utc == nil)
        #expect(noZone.duration == nil, "no stated duration and no instants: unknown, never guessed")
    }

    // MARK: Not asked

    @Test("through the aggregator: without a route or a day it is not asked, with the fields to add")
    func notAskedWithoutRouteOrDate() async throws {
        let aggregator = try Aggregator(providers: [DuffelProvider()], transport: UnreachableTransport())
        let cases: [(SearchQuery, [QueryField])] = [
            (SearchQuery(), [.origin, .destination, .departureDate]),
            (SearchQuery(origin: "VIE", destination: "BCN"), [.departureDate]),
            (SearchQuery(origin: "VIE", departureDate: day("2026-12-18")), [.destination]),
        ]
        for (query, missing) in cases {
            let result = await aggregator.search(query)
            let outcome = try #require(result.outcomes.first)
            #expect(outcome.status == .notAsked)
            #expect(outcome.error?.remedy == .addFields(missing))
            #expect(!outcome.status.isFailure)
            #expect(result.offers.isEmpty)
        }
        let asked = await aggregator.search(DuffelFixtures.query())
        #expect(asked.outcomes.first?.status == .ok)
        #expect(asked.offers.count == 5, "VY 1815's two fare brands are one trip")
    }

    @Test("a round trip without a return day is not asked either: each slice needs its day")
    func roundTripNeedsAReturnDay() async throws {
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDate: day("2026-12-18"), roundTrip: true)
        let error = await #expect(throws: ProviderError.self) {
            try await DuffelProvider().search(query, using: DuffelFixtures.client(body: "{}"))
        }
        #expect(error?.code == .notAsked)
        #expect(error?.remedy == .addFields([.returnDate]))
    }

    @Test("an answer of Duffel's test mode (live_mode false, Duffel Airways' ZZ) says so; a live one does not")
    func testMode() async throws {
        let test = try await DuffelFixtures.search("test-mode.json")
        #expect(test.testMode, "its prices are not real")
        #expect(test.offers.contains { $0.product.itinerary?.carriers.first?.code == "ZZ" })
        let live = try await DuffelFixtures.search(
            "round-trip.json", query: DuffelFixtures.query(from: "LHR", to: "JFK"))
        #expect(!live.testMode, "an answer that does not say live_mode: false is not a test")
        let stated = try DuffelFixtures.text("test-mode.json").replacingOccurrences(
            of: #""live_mode": false"#, with: #""live_mode": true"#)
        let liveMode = try await DuffelProvider().search(
            DuffelFixtures.query(), using: DuffelFixtures.client(body: stated))
        #expect(!liveMode.testMode)
        // Only the offers say it: the offer request's own live_mode reads true.
        let oneOffer = try DuffelFixtures.text("test-mode.json").replacingOccurrences(
            of: "\"id\": \"orq_0000TeStMoDeOfFeRrEqUeSt\",\n    \"live_mode\": false",
            with: "\"id\": \"orq_0000TeStMoDeOfFeRrEqUeSt\",\n    \"live_mode\": true")
        #expect(oneOffer.contains("\"live_mode\": true"))
        let mixed = try await DuffelProvider().search(
            DuffelFixtures.query(), using: DuffelFixtures.client(body: oneOffer))
        #expect(mixed.testMode, "an offer of the test mode makes the answer a test")
    }

    @Test("a fare's included checked bag is a fee of zero for that many bags")
    func includedBag() async throws {
        let response = try await DuffelFixtures.search("test-mode.json")
        let zz = try #require(response.offers.first { $0.product.itinerary?.carriers.first?.code == "ZZ" })
        #expect(zz.sources.first?.bagFees?.fee(forBags: 1) == Money(0, .eur))
        let basic = try #require(response.offers.first { $0.product.itinerary?.carriers.first?.code == "VY" })
        #expect(basic.sources.first?.bagFees == nil, "no checked bag included")
    }
}
