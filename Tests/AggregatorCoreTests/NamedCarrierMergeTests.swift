import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// A seller that names its carriers and states no flight numbers (a Skiplagged card) meets the same flight
/// sold under its code and number, and never a different flight.
@Suite("Merging a flight known by its carrier's name with the same flight known by code")
struct NamedCarrierMergeTests {
    let converter = CurrencyConverter(rates: .embedded, target: .eur)

    func merge(_ offers: [Offer], carriers: CarrierNames = CarrierNames()) -> [Offer] {
        OfferMerger(carriers: carriers).merge(converter.convert(offers))
    }

    static let kiwi = OfferFactory.flight(
        provider: "kiwi", carrier: "VY", flightNumber: "1815", from: "VIE", to: "BCN", departure: "2026-12-18 12:30",
        price: 98)

    /// A card of a seller that names its airline and states only local times.
    static func card(
        _ name: String, from: String = "VIE", to: String = "BCN", departure: String = "2026-12-18 12:30",
        price: Decimal = 93
    ) -> Offer {
        OfferFactory.flight(
            provider: "skiplagged", carrier: nil, carrierName: name, from: from, to: to, departure: departure,
            utc: false, price: price)
    }

    @Test func aNameThatStandsForTheCodeMergesWithThatFlight() throws {
        for name in ["Vueling", "vueling airlines", "VUELING"] {
            let merged = merge([Self.card(name), Self.kiwi])
            let trip = try #require(merged.first)
            #expect(merged.count == 1, "\(name)")
            #expect(trip.sources.map(\.provider) == ["skiplagged", "kiwi"])
            #expect(trip.product.itinerary?.segments.first?.flightDesignator == "VY 1815", "the richer member's")
            #expect(trip.id == merge([Self.kiwi]).first?.id, "the trip keeps the id it has alone")
        }
    }

    @Test func anotherMinuteRouteOrCarrierNeverMerges() {
        for card in [
            Self.card("Vueling", departure: "2026-12-18 12:35"), Self.card("Vueling", to: "MAD"),
            Self.card("Iberia"), Self.card("Vueling", departure: "2026-12-19 12:30"),
        ] {
            #expect(merge([card, Self.kiwi]).count == 2)
        }
    }

    @Test func aNameNoCodeHasOrTwoCodesShareMeetsOnlyTheSameName() {
        let unknown = Self.card("Vueling Express")
        #expect(merge([unknown, Self.kiwi]).count == 2, "a name the tool does not know")
        #expect(merge([unknown, Self.card("vueling express", price: 80)]).count == 1, "the same name meets itself")
        // A directory that gives one name to two airlines makes the name stand for neither.
        let shared = CarrierNames(
            directory: AirlineDirectory([
                AirlineRecord(id: 1, name: "Sky Express", iata: "GQ"),
                AirlineRecord(id: 2, name: "Sky Express", iata: "XE"),
            ]))
        let sky = OfferFactory.flight(
            provider: "kiwi", carrier: "GQ", flightNumber: "101", from: "ATH", to: "JTR", departure: "2026-12-18 09:00",
            price: 60)
        #expect(
            merge(
                [Self.card("Sky Express", from: "ATH", to: "JTR", departure: "2026-12-18 09:00"), sky], carriers: shared
            ).count == 2)
        let known = CarrierNames(directory: AirlineDirectory([AirlineRecord(id: 1, name: "Sky Express", iata: "GQ")]))
        #expect(
            merge(
                [Self.card("Sky Express", from: "ATH", to: "JTR", departure: "2026-12-18 09:00"), sky], carriers: known
            ).count == 1)
    }

    @Test func twoCodedFlightsAtThatMinuteLeaveTheNamedCardAlone() {
        // VY 1815 and a second VY flight leave at the same minute from two airports the keys cannot tell apart.
        let other = OfferFactory.flight(
            provider: "kiwi", carrier: "VY", flightNumber: "8001", from: "VIE", to: "BCN",
            departure: "2026-12-18 12:30",
            price: 110)
        #expect(merge([Self.card("Vueling"), Self.kiwi, other]).count == 3, "a wrong merge is worse than none")
    }

    @Test func aCardWhoseConnectionIsUnnamedNeverMergesEvenWithTheSameTripKnownInFull() {
        // Swiss through Zurich, known in full by one seller, and by a card that says only "one stop".
        let full = TripBuilder.trip(
            "kiwi",
            [
                [
                    TripBuilder.segment(
                        "LX 1577", "VIE", "ZRH", departs: "2026-12-18 06:50", arrives: "2026-12-18 08:15"),
                    TripBuilder.segment(
                        "LX 1952", "ZRH", "BCN", departs: "2026-12-18 09:40", arrives: "2026-12-18 11:30"),
                ]
            ], price: 121)
        let swiss = Carrier(code: nil, name: "Swiss")
        let card = TripBuilder.trip(
            "skiplagged",
            [
                [
                    Segment(
                        carrier: swiss, origin: Place(airport: "VIE"), destination: Place(),
                        departure: FlightTime(local: LocalDateTime(parsing: "2026-12-18 06:50"))),
                    Segment(
                        carrier: swiss, origin: Place(), destination: Place(airport: "BCN"),
                        arrival: FlightTime(local: LocalDateTime(parsing: "2026-12-18 11:30"))),
                ]
            ], price: 130)
        #expect(MergeKeys(offer: card, carriers: CarrierNames()).approximate == nil)
        #expect(merge([card, full]).count == 2)
    }

    @Test func withoutTheNamesTheKeyIsTheName() throws {
        let minutes = try #require(LocalDateTime(parsing: "2026-12-18 12:30")).minutesSinceEpoch
        #expect(MergeKeys(offer: Self.card("Vueling")).approximate == "route|name:vueling|VIE-BCN@\(minutes)")
        #expect(
            MergeKeys(offer: Self.card("Vueling"), carriers: CarrierNames()).approximate
                == "route|code:VY|VIE-BCN@\(minutes)")
    }

    @Test func thePipelineLearnsNamesFromTheSellersThatStateBoth() throws {
        // No built-in name for LEVEL: a seller that says both code and name teaches it.
        let coded = TripBuilder.trip(
            "duffel",
            [
                [
                    Segment(
                        carrier: Carrier(code: "IB", name: "LEVEL"), flightNumber: "2622",
                        origin: Place(airport: "BCN", city: "BCN"), destination: Place(airport: "BOS", city: "BOS"),
                        departure: FlightTime(local: LocalDateTime(parsing: "2026-12-18 10:30")))
                ]
            ], price: 300)
        let card = TripBuilder.trip(
            "skiplagged",
            [
                [
                    Segment(
                        carrier: Carrier(code: nil, name: "Level"), origin: Place(airport: "BCN"),
                        destination: Place(airport: "BOS"),
                        departure: FlightTime(local: LocalDateTime(parsing: "2026-12-18 10:30")))
                ]
            ], price: 280, basis: .perPerson)
        let runs = [coded, card].map { offer in
            ProviderRun(
                outcome: ProviderOutcome(provider: offer.sources[0].provider, status: .ok, offerCount: 1),
                response: ProviderResponse(offers: [offer]))
        }
        let result = SearchPipeline().run(runs, query: SearchQuery())
        #expect(result.offers.count == 1)
        #expect(Set(result.offers.first?.sources.map(\.provider) ?? []) == ["duffel", "skiplagged"])
    }
}
