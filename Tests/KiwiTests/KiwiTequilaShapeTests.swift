import AggregatorCore
import AggregatorTestSupport
import Foundation
import Kiwi
import ProviderKit
import ProviderTestKit
import Testing

/// The Tequila v2 shape, read from recordings shaped like the live service's answers, next to the legacy
/// v3 shape of the embedded sample.
@Suite("Kiwi Tequila v2 answers")
struct KiwiTequilaShapeTests {
    @Test("a v2 capture maps every record: one-way, codeshare and round trip")
    func capture() async throws {
        let response = try await KiwiFixtures.search("tequila-capture.json")
        #expect(response.skipped == 0)
        #expect(response.notes.isEmpty)
        #expect(
            response.offers.map { $0.onlySource?.reference } == [
                "0f1e2d3c4b5a000059e0f7e0_0", "2e6f6ad84f7d00001e06eeb3_0|af9408c24f7d0000d1c93379_0",
                "a1d6ba0f4f7d0000d1b0b99a_0|b2e7cb1f4f7d0000e2c1c0ab_0",
            ])
        #expect(
            response.offers.map(\.price) == [
                Money(169, .eur), Money(Decimal(string: "121.5") ?? 0, .eur), Money(194, .eur),
            ], "169, \"121.50\" and 1.94e2")
        #expect(response.offers.allSatisfy { $0.priceBasis == .total })
    }

    @Test("local_* carries a Z but is the airport's wall clock; utc_* is the instant")
    func localTimesAreWallClocks() async throws {
        let response = try await KiwiFixtures.search("tequila-capture.json")
        let leg = try #require(response.offers.first?.product.itinerary?.legs.first)
        #expect(leg.departure?.local == (try local("2026-12-18 07:05")))
        #expect(leg.departure?.utc == (try utc("2026-12-18T06:05:00Z")))
        #expect(leg.arrival?.local == (try local("2026-12-18 09:45")))
        #expect(leg.arrival?.utc == (try utc("2026-12-18T08:45:00Z")))
        #expect(leg.duration == .seconds(9600))
    }

    @Test("the same trip read from the v2 shape and from the v3 sample is the same trip with the same id")
    func bothShapesGiveOneTrip() async throws {
        let tequila = try #require(try await KiwiFixtures.search("tequila-capture.json").offers.first)
        let provider = KiwiProvider()
        let legacy = try await provider.search(SearchQuery(), using: .embedded(for: provider)).offers
        let twin = try #require(legacy.first { $0.onlySource?.reference == "0f1e2d3c4b5a000059e0f7e0_0" })
        #expect(tequila.id == twin.id)
        #expect(tequila.product == twin.product)
        #expect(tequila.imageURL == twin.imageURL)
    }

    @Test("bag prices become the source's bag fees per passenger; null seats stay unknown")
    func bagFeesAndSeats() async throws {
        let offers = try await KiwiFixtures.search("tequila-capture.json").offers
        try #require(offers.count == 3)
        let oneWay = try #require(offers[0].onlySource)
        #expect(oneWay.bagFees?.fee(forBags: 1) == Money(Decimal(string: "27.5") ?? 0, .eur))
        #expect(oneWay.bagFees?.fee(forBags: 2) == Money(60, .eur))
        #expect(oneWay.bagFees?.fee(forBags: 3) == nil, "Kiwi does not price a third bag here")
        #expect(oneWay.seatsLeft == 7)
        let codeshare = try #require(offers[1].onlySource)
        #expect(codeshare.bagFees?.fee(forBags: 1) == Money(Decimal(string: "39.9") ?? 0, .eur), "sent as \"39.90\"")
        #expect(codeshare.seatsLeft == nil)
        #expect(offers[2].onlySource?.seatsLeft == 3, "sent as \"3\"")
    }

    @Test("a codeshare keeps its operating carrier and flight; an empty or same operating carrier is no codeshare")
    func codeshare() async throws {
        let offers = try await KiwiFixtures.search("tequila-capture.json").offers
        try #require(offers.count == 3)
        let segments = try #require(offers[1].product.itinerary?.segments)
        try #require(segments.count == 2)
        #expect(segments[0].flightDesignator == "OS 7234", "\" 7234 \" trimmed")
        #expect(segments[0].operatingCarrier == Carrier(code: "LX"))
        #expect(segments[0].operatingFlightNumber == "1577")
        #expect(segments[0].cabin == .premium, "fare_category W")
        #expect(segments[1].flightDesignator == "LX 1952")
        #expect(segments[1].operatingCarrier == nil, "LX operates its own flight")
        #expect(segments[1].operatingFlightNumber == nil)
        #expect(segments[0].destination == Place(airport: "ZRH", city: "ZRH", cityName: "Zurich"))
        #expect(offers[1].product.itinerary?.legs.first?.duration == .seconds(16_800), "sent as 16800.0")

        let oneWay = try #require(offers[0].product.itinerary?.segments.first)
        #expect(oneWay.operatingCarrier == nil, "operating_carrier \"\" means the marketing carrier")
    }

    @Test("a v2 round trip splits on return (1.0 included), with each leg's cabin and stated duration")
    func roundTrip() async throws {
        let offers = try await KiwiFixtures.search("tequila-capture.json").offers
        let itinerary = try #require(offers.last?.product.itinerary)
        try #require(itinerary.legs.count == 2)
        let (outbound, inbound) = (itinerary.legs[0], itinerary.legs[1])
        #expect(outbound.segments.map(\.flightDesignator) == ["VY 1815"])
        #expect(inbound.segments.map(\.flightDesignator) == ["VY 1816"])
        #expect(outbound.segments.first?.cabin == .economy)
        #expect(inbound.segments.first?.cabin == .business, "fare_category C")
        #expect(outbound.duration == .seconds(9300))
        #expect(inbound.duration == .seconds(9000))
        #expect(inbound.departure?.local == (try local("2026-12-20 19:35")))
        #expect(inbound.departure?.utc == (try utc("2026-12-20T18:35:00Z")))
        #expect(inbound.origin == Place(airport: "BCN", city: "BCN", cityName: "Barcelona", country: "ES"))
        #expect(inbound.destination == Place(airport: "VIE", city: "VIE", cityName: "Vienna", country: "AT"))
    }

    @Test("a self-transfer is tagged, and the segment where bags are checked in again says so")
    func selfTransfer() async throws {
        let response = try await KiwiFixtures.search("tequila-self-transfer.json")
        let offer = try #require(response.offers.first)
        #expect(response.offers.count == 1)
        #expect(offer.tags == [.selfTransfer])
        let segments = try #require(offer.product.itinerary?.segments)
        #expect(segments.map(\.flightDesignator) == ["W6 2411", "VY 6107"])
        #expect(segments.map(\.bagsRecheckRequired) == [false, true])
        #expect(segments[0].destination == Place(airport: "FCO", city: "ROM", cityName: "Rome"))
        let fees = try #require(offer.onlySource?.bagFees)
        #expect(fees.fee(forBags: 1) == Money(Decimal(string: "46.98") ?? 0, .eur))
        #expect(fees.fee(forBags: 2) == Money(Decimal(string: "109.96") ?? 0, .eur))
        #expect(offer.product.itinerary?.duration == .seconds(22_500))
    }

    @Test("a hidden-city fare and its full-route twin under one Kiwi id are two offers with their own ids")
    func hiddenCityTwins() async throws {
        let response = try await KiwiFixtures.search("tequila-hidden-city-twins.json")
        #expect(response.skipped == 0, "the twin is not a repeat")
        try #require(response.offers.count == 2)
        let (hidden, full) = (response.offers[0], response.offers[1])
        #expect(hidden.onlySource?.reference == full.onlySource?.reference, "one Kiwi id")
        #expect(hidden.id != full.id)
        #expect(hidden.tags == [.hiddenCity])
        #expect(full.tags.isEmpty)
        #expect(hidden.destination?.airport == "FRA")
        #expect(full.destination?.airport == "JFK")
        #expect(full.destination?.city == "NYC")
        #expect(hidden.price == Money(89, .eur))
        #expect(full.price == Money(412, .eur))
        #expect(hidden.onlySource?.deepLink != full.onlySource?.deepLink)
        #expect(hidden.onlySource?.bagFees == nil, "an empty bags_price states no fee")
        #expect(full.onlySource?.bagFees?.fee(forBags: 1) == Money(0, .eur), "a free first bag is a fee of zero")
        #expect(full.product.itinerary?.duration == .seconds(44_700))
    }

    // MARK: Who the prices are for

    @Test("prices are for the party the answer states; without one, for the party Kiwi was asked for")
    func pricedFor() async throws {
        let family = Passengers(adults: 2, children: 1, infants: 1)
        // The capture states one adult: a family asking a recording priced for one adult is told so.
        let stated = try await KiwiFixtures.search("tequila-capture.json", query: SearchQuery(passengers: family))
        #expect(stated.offers.allSatisfy { $0.onlySource?.pricedFor == .one })
        // mixed-numbers.json states nothing.
        let asked = try await KiwiFixtures.search("mixed-numbers.json", query: SearchQuery(passengers: family))
        #expect(!asked.offers.isEmpty)
        #expect(asked.offers.allSatisfy { $0.onlySource?.pricedFor == family })
    }

    @Test("a stated party that cannot book, or is unreadable, falls back on the party asked for")
    func unreadableParty() async throws {
        let record = try KiwiFixtures.text("tequila-self-transfer.json")
        // Counts no party has, up to the largest a 64-bit number holds, must not trap in the party's sums.
        let overflowing = [
            #"{"adults": 1, "children": 9223372036854775807}"#,
            #"{"adults": 9223372036854775807, "children": 9223372036854775807, "infants": 9223372036854775807}"#,
            #"{"adults": -9223372036854775808, "children": -9223372036854775808}"#,
            #"{"adults": "9223372036854775807", "children": "1"}"#,
        ]
        for seats in [#"{"adults": 0, "children": 3}"#, #"{"adults": "two"}"#, #"null"#, #"[1, 0, 0]"#] + overflowing {
            let body = record.replacingOccurrences(
                of: #"{"passengers": 1, "adults": 1, "children": 0, "infants": 0}"#, with: seats)
            let query = SearchQuery(passengers: Passengers(adults: 3))
            let response = try await KiwiProvider().search(query, using: KiwiFixtures.client(body: body))
            #expect(response.offers.first?.onlySource?.pricedFor == Passengers(adults: 3), "\(seats)")
        }
    }

    // MARK: Tequila's errors in a 200

    @Test("a 200 carrying Tequila's error and no data is a failure quoting the message as a printable excerpt")
    func errorInsteadOfData() async throws {
        let long = String(repeating: "very ", count: 60)
        let cases: [(body: String, message: String)] = [
            (
                #"{"error": "Not recognized location: 'XXX'"}"#,
                "the service answered with an error: Not recognized location: 'XXX'"
            ),
            (
                #"{"error": "bad\u001b]0;owned\u0007 date", "data": null}"#,
                "the service answered with an error: bad�]0;owned� date"
            ),
            (#"{"error": {"message": "Unknown partner"}}"#, "the service answered with an error: Unknown partner"),
            (#"{"error": 42}"#, "the service answered with an error and no data"),
        ]
        for (body, message) in cases {
            let error = try await #require(throws: ProviderError.self) {
                try await KiwiProvider().search(SearchQuery(), using: KiwiFixtures.client(body: body))
            }
            #expect(error.code == .httpStatus)
            #expect(error.message == message)
        }
        let error = try await #require(throws: ProviderError.self) {
            try await KiwiProvider().search(
                SearchQuery(), using: KiwiFixtures.client(body: #"{"error": "\#(long)"}"#))
        }
        #expect(error.message.count < 170)
        #expect(error.message.hasSuffix("…"))
    }

    @Test("an error member beside data is not a failure: the data is read")
    func errorBesideData() async throws {
        let body = try KiwiFixtures.text("tequila-self-transfer.json")
            .replacingOccurrences(of: #""fx_rate": 1,"#, with: #""fx_rate": 1, "error": "partial results","#)
        let response = try await KiwiProvider().search(SearchQuery(), using: KiwiFixtures.client(body: body))
        #expect(response.offers.count == 1)
    }

    @Test("a first bag the fare includes (bags_price {\"1\": 0.0}) is a fee of zero, not an unknown one")
    func includedBag() async throws {
        let response = try await KiwiFixtures.search("tequila-included-bag.json")
        let qantas = try #require(response.offers.first { $0.product.itinerary?.carriers.first?.code == "QF" })
        let fees = try #require(qantas.onlySource?.bagFees)
        #expect(fees.fee(forBags: 1) == Money(0, .eur))
        #expect(fees.fee(forBags: 2) == nil, "a second bag's fee is not stated")
    }

    @Test("bags_price is in euros whatever the answer's currency: 557705 COP and bags of 36.387 and 94.978 EUR")
    func bagFeesAreInEuros() async throws {
        let response = try await KiwiFixtures.search("tequila-cop.json")
        let offer = try #require(response.offers.first)
        #expect(offer.onlySource?.price == Money(557_705, try #require(CurrencyCode("COP"))))
        let fees = try #require(offer.onlySource?.bagFees)
        #expect(fees.currency == .eur, "read as pesos, two bags would cost two cents")
        #expect(fees.fee(forBags: 1) == Money(decimal("36.387"), .eur))
        #expect(fees.fee(forBags: 2) == Money(decimal("94.978"), .eur))
    }

    @Test("a throw-away fare is tagged; an ordinary one is not")
    func throwAway() async throws {
        let response = try await KiwiFixtures.search("tequila-throw-away.json")
        #expect(response.offers.map { $0.tags.contains(.throwAway) } == [true, false])
        #expect(response.offers.map { $0.product.itinerary?.legs.count } == [1, 1], "sold as a one-way trip")
    }
}
