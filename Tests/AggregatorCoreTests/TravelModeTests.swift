import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

/// Trains, buses and ferries are trips like flights: they merge when two sellers sell one service, never across
/// modes, and the query's modes keep only the trips asked for.
@Suite("Trips by train, bus and ferry: merging and the mode filter")
struct TravelModeTests {
    let converter = CurrencyConverter(rates: .embedded, target: .eur)

    func merge(_ offers: [Offer]) -> [Offer] {
        OfferMerger().merge(converter.convert(offers))
    }

    /// A service from Vienna to Budapest leaving at 07:42 local (06:42 UTC).
    static func service(
        _ mode: TravelMode, operator name: String = "ÖBB", code: String? = "ÖBB", number: String? = "RJX 61",
        from station: String = "Wien Hbf", stationID: String? = nil, departs minute: Int = 42, utc: Bool = true
    ) -> Segment {
        let local = LocalDateTime(parsing: "2026-12-18 07:\(minute)")
        let instant = local.map { Date(timeIntervalSince1970: TimeInterval(($0.minutesSinceEpoch - 60) * 60)) }
        let arrival = LocalDateTime(parsing: "2026-12-18 10:20")
        return Segment(
            carrier: Carrier(code: code, name: name),
            origin: Place(city: "VIE", station: stationID, name: station),
            destination: Place(city: "BUD", name: "Budapest-Keleti"),
            departure: FlightTime(local: local, utc: utc ? instant : nil), arrival: FlightTime(local: arrival),
            mode: mode, serviceNumber: number)
    }

    static func trip(_ provider: ProviderID, _ segment: Segment, price: Decimal) -> Offer {
        Offer(
            id: "\(provider)-\(segment.mode)-\(price)", product: .flight(Itinerary(legs: [Leg(segments: [segment])])),
            priceBasis: .total,
            source: OfferSource(
                provider: provider, reference: "r", price: Money(price, .eur), retrievedAt: OfferFactory.retrievedAt))
    }

    @Test func twoSellersOfOneTrainMergeIntoOneTrip() throws {
        let railjet = Self.trip("railseller", Self.service(.train), price: Decimal(string: "19.90")!)
        let other = Self.trip(
            "otherrail", Self.service(.train, code: nil, number: "rjx61", stationID: "8103000", utc: false), price: 24)
        let merged = merge([railjet, other])
        let trip = try #require(merged.first)
        #expect(merged.count == 1)
        #expect(trip.sources.map(\.provider) == ["railseller", "otherrail"])
        #expect(trip.product.itinerary?.isAllFlights == false)
    }

    @Test("one train sold twice is one row when the sellers agree on the operator's code but not its name")
    func operatorsMeetByCode() throws {
        let railjet = Self.trip("railseller", Self.service(.train, operator: "Österreichische Bundesbahnen"), price: 20)
        let other = Self.trip("otherrail", Self.service(.train, operator: "OBB Railjet", code: "OBB"), price: 24)
        let merged = merge([railjet, other])
        #expect(merged.count == 1)
        #expect(try #require(merged.first).sources.map(\.provider) == ["railseller", "otherrail"])
        // Neither code nor name in common: two trains.
        let third = Self.trip("thirdrail", Self.service(.train, operator: "RegioJet", code: "RJ"), price: 18)
        #expect(merge([railjet, third]).count == 2)
    }

    @Test("--airline and --exclude-airline match an operator's code of any length, typed as people write it")
    func airlineFiltersMatchOperatorCodes() {
        let railjet = Self.trip("railseller", Self.service(.train, operator: "Österreichische Bundesbahnen"), price: 20)
        let bus = Self.trip("coachseller", Self.service(.bus, operator: "FlixBus", code: nil), price: 15)
        let names = CarrierNames()
        let only = CarrierNames.Match(union: ["ÖBB"].map(names.resolve))
        #expect(only.matches(railjet.product.itinerary!.legs[0].segments[0].carrier))
        #expect(!only.matches(bus.product.itinerary!.legs[0].segments[0].carrier))
        #expect(
            CarrierNames.Match(union: ["obb"].map(names.resolve)).matches(
                railjet.product.itinerary!.segments[0].carrier))
    }

    @Test func aTrainNeverMergesWithABusOrAFlight() {
        let train = Self.trip("railseller", Self.service(.train), price: 20)
        let bus = Self.trip("coachseller", Self.service(.bus), price: 15)
        let flight = Self.trip("airseller", Self.service(.flight, code: "OS", number: nil), price: 90)
        let approximateTrain = Self.trip("otherrail", Self.service(.train, number: nil), price: 21)
        let approximateBus = Self.trip("othercoach", Self.service(.bus, number: nil), price: 16)
        let merged = merge([train, bus, flight, approximateTrain, approximateBus])
        let modeOf: [ProviderID: TravelMode] = [
            "railseller": .train, "otherrail": .train, "coachseller": .bus, "othercoach": .bus, "airseller": .flight,
        ]
        #expect(merged.count >= 3)
        for offer in merged {
            let modes = Set(offer.sources.compactMap { modeOf[$0.provider] })
            #expect(modes.count == 1, "\(offer.sources.map(\.provider))")
            #expect(offer.product.itinerary?.modes == Array(modes))
        }
    }

    @Test func servicesAtDifferentMinutesOrStationsOfOtherCitiesStayApart() {
        let early = Self.trip("railseller", Self.service(.train), price: 20)
        let late = Self.trip("otherrail", Self.service(.train, departs: 58), price: 21)
        #expect(merge([early, late]).count == 2)
    }

    @Test func modesKeepOnlyTripsOfThoseModes() {
        let offers = [
            Self.trip("railseller", Self.service(.train), price: 20),
            Self.trip("coachseller", Self.service(.bus), price: 15),
            Self.trip("airseller", Self.service(.flight, code: "OS", number: "395"), price: 90),
        ]
        func kept(_ modes: [TravelMode]) -> [String] {
            let filter = OfferFilter(query: SearchQuery(modes: modes))
            return filter.apply(offers).compactMap { $0.sources.first?.provider.rawValue }
        }
        #expect(kept([]) == ["railseller", "coachseller", "airseller"])
        #expect(kept([.train]) == ["railseller"])
        #expect(kept([.flight]) == ["airseller"])
        #expect(kept([.bus, .train]) == ["railseller", "coachseller"])
    }

    @Test func aCityFindsItsStationsAndTheCabinLetsTrainsPass() {
        let train = Self.trip("railseller", Self.service(.train), price: 20)
        let filter = OfferFilter(query: SearchQuery(origin: "VIE", destination: "BUD", cabin: .business))
        #expect(filter.apply([train]).count == 1)
        #expect(KnownCities.code(named: "wien") == "VIE")
        #expect(KnownCities.code(ofStation: "Budapest Keleti") == "BUD")
        #expect(KnownCities.code(named: "Xyzzyville") == nil)
    }

    @Test func namesAndModesReadAsPeopleWriteThem() {
        #expect(KnownCities.isName("Wien", of: "VIE"))
        #expect(KnownCities.isName("vienna", of: "vie"))
        #expect(!KnownCities.isName("Vienne", of: "VIE"), "a loose match is not the city")
        #expect(!KnownCities.isName("Vienna", of: "BUD"))
        #expect(TravelMode.alternatives([.bus, .flight]) == "flight or bus")
        #expect(TravelMode.alternatives([.train]) == "train")
        #expect(TravelMode.alternatives([.ferry, .bus, .train, .bus]) == "train, bus or ferry")
        #expect(TravelMode.alternatives([]).isEmpty)
    }
}
