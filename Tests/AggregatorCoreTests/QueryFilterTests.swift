import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

/// The traveller's filters on hand-made trips: time windows, durations, connections, cabins, several
/// airports and airlines, the two fare exclusions, and what happens to a trip whose value is unknown.
@Suite("Query filters: windows, durations, connections, cabins and unknown values")
struct QueryFilterTests {
    typealias T = TripBuilder

    /// OS 395, 07:05–09:45, economy, 2h 40m.
    static let early = T.trip(
        "a",
        [
            [
                T.segment(
                    "OS 395", "VIE", "BCN", departs: "2026-12-18 07:05", arrives: "2026-12-18 09:45", cabin: .economy)
            ]
        ],
        price: 169)
    /// VY 1815, 12:30–15:05, business, 2h 35m.
    static let midday = T.trip(
        "a",
        [
            [
                T.segment(
                    "VY 1815", "VIE", "BCN", departs: "2026-12-18 12:30", arrives: "2026-12-18 15:05", cabin: .business)
            ]
        ],
        price: 98)
    /// LX 1577 + LX 1952 through Zurich, 06:50–11:30 with 55 minutes to change, cabin unknown, 4h 40m.
    static let connecting = T.trip(
        "a",
        [
            [
                T.segment("LX 1577", "VIE", "ZRH", departs: "2026-12-18 06:50", arrives: "2026-12-18 08:05"),
                T.segment("LX 1952", "ZRH", "BCN", departs: "2026-12-18 09:00", arrives: "2026-12-18 11:30"),
            ]
        ], price: 121)
    /// A seller that knows neither times nor duration nor cabin: every filter on them finds it unknown.
    static let blank = T.trip("b", [[T.segment("W6", "VIE", "BCN", departs: nil, arrives: nil)]], price: 58)

    static let trips = T.converted([early, midday, connecting, blank])

    func flights(_ query: SearchQuery, _ offers: [Offer] = trips) -> [String] {
        OfferFilter(query: query).apply(offers).compactMap { $0.product.itinerary?.segments.first?.flightDesignator }
    }

    func unknown(_ query: SearchQuery, _ offers: [Offer] = trips) -> [QueryField: Int] {
        Dictionary(
            uniqueKeysWithValues: OfferFilter(query: query).unknownValues(in: offers).map { ($0.field, $0.trips) })
    }

    static func time(_ text: String) -> ClockTime? { ClockTime(parsing: text) }

    @Test func departureWindowsJudgeTheOutboundLocalTimeBothEndsIncluded() {
        #expect(flights(SearchQuery(departAfter: Self.time("07:00"))) == ["OS 395", "VY 1815"])
        #expect(flights(SearchQuery(departAfter: Self.time("07:05"))) == ["OS 395", "VY 1815"])
        #expect(flights(SearchQuery(departBefore: Self.time("07:05"))) == ["OS 395", "LX 1577"])
        #expect(
            flights(SearchQuery(departAfter: Self.time("07:00"), departBefore: Self.time("12:00"))) == ["OS 395"])
        #expect(unknown(SearchQuery(departAfter: Self.time("07:00"))) == [.departAfter: 1])
    }

    @Test func arrivalWindowsJudgeTheOutboundLegsLastLanding() {
        #expect(flights(SearchQuery(arriveBefore: Self.time("11:30"))) == ["OS 395", "LX 1577"])
        #expect(flights(SearchQuery(arriveAfter: Self.time("11:31"))) == ["VY 1815"])
        #expect(unknown(SearchQuery(arriveBefore: Self.time("23:59"))) == [.arriveBefore: 1])
    }

    @Test func anArrivalOnTheNextDayIsJudgedByItsClockTime() {
        let overnight = T.converted([
            T.trip(
                "a", [[T.segment("EK 126", "VIE", "DXB", departs: "2026-12-20 22:35", arrives: "2026-12-21 06:10")]],
                price: 389)
        ])
        #expect(flights(SearchQuery(arriveBefore: Self.time("07:00")), overnight) == ["EK 126"])
        #expect(flights(SearchQuery(arriveAfter: Self.time("07:00")), overnight) == [])
    }

    @Test func onARoundTripTheWindowsJudgeOnlyTheOutboundLeg() {
        let roundTrip = T.converted([
            T.trip(
                "a",
                [
                    [T.segment("OS 395", "VIE", "BCN", departs: "2026-12-18 08:00", arrives: "2026-12-18 10:40")],
                    [T.segment("OS 396", "BCN", "VIE", departs: "2026-12-22 05:30", arrives: "2026-12-22 08:00")],
                ], price: 260)
        ])
        let query = SearchQuery(roundTrip: true, departAfter: Self.time("07:00"), arriveBefore: Self.time("11:00"))
        #expect(flights(query, roundTrip) == ["OS 395"], "the 05:30 return leg is not judged")
        #expect(flights(SearchQuery(roundTrip: true, departAfter: Self.time("09:00")), roundTrip) == [])
    }

    @Test func theDurationCapTakesTheWholeTripAndLeavesOutUnknownDurations() {
        let cap = SearchQuery(maxDuration: .seconds(160 * 60))
        #expect(flights(cap) == ["OS 395", "VY 1815"])
        #expect(flights(SearchQuery(maxDuration: .seconds(155 * 60))) == ["VY 1815"])
        #expect(unknown(cap) == [.maxDuration: 1])
        let roundTrip = T.converted([
            T.trip(
                "a",
                [
                    [T.segment("OS 395", "VIE", "BCN", departs: "2026-12-18 08:00", arrives: "2026-12-18 10:40")],
                    [T.segment("OS 396", "BCN", "VIE", departs: "2026-12-22 05:30", arrives: "2026-12-22 08:00")],
                ], price: 260)
        ])
        // 2h 40m out and 2h 30m back: 5h 10m in all.
        #expect(flights(SearchQuery(roundTrip: true, maxDuration: .seconds(310 * 60)), roundTrip) == ["OS 395"])
        #expect(flights(SearchQuery(roundTrip: true, maxDuration: .seconds(309 * 60)), roundTrip) == [])
    }

    @Test func layoverLimitsJudgeEveryConnectionAndPassDirectFlights() {
        #expect(flights(SearchQuery(minLayover: .seconds(55 * 60))) == ["OS 395", "VY 1815", "LX 1577", "W6"])
        #expect(flights(SearchQuery(minLayover: .seconds(60 * 60))) == ["OS 395", "VY 1815", "W6"])
        #expect(flights(SearchQuery(maxLayover: .seconds(54 * 60))) == ["OS 395", "VY 1815", "W6"])
        #expect(flights(SearchQuery(maxLayover: .seconds(55 * 60))) == ["OS 395", "VY 1815", "LX 1577", "W6"])
    }

    @Test func aConnectionIsMeasuredOnLocalTimesOnlyAtOneAirportOrCity() {
        // No UTC instants: the change at ZRH is measured on its own clock, the change from MXP to LIN on
        // Milan's (one city), and the change from BGY to a differently coded place cannot be measured.
        var milan = [
            T.segment("U2 1", "VIE", "MXP", departs: "2026-12-18 10:00", arrives: "2026-12-18 11:30", utcOffset: nil),
            T.segment("AZ 2", "LIN", "BCN", departs: "2026-12-18 14:00", arrives: "2026-12-18 15:40", utcOffset: nil),
        ]
        milan[0].destination.city = "MIL"
        milan[1].origin.city = "MIL"
        let trips = T.converted([
            T.trip(
                "a",
                [
                    [
                        T.segment(
                            "LX 1", "VIE", "ZRH", departs: "2026-12-18 06:50", arrives: "2026-12-18 08:05",
                            utcOffset: nil),
                        T.segment(
                            "LX 2", "ZRH", "BCN", departs: "2026-12-18 09:00", arrives: "2026-12-18 11:30",
                            utcOffset: nil),
                    ]
                ], price: 100),
            T.trip("a", [milan], price: 90),
            T.trip(
                "a",
                [
                    [
                        T.segment(
                            "FR 1", "VIE", "BGY", departs: "2026-12-18 06:00", arrives: "2026-12-18 07:30",
                            utcOffset: nil),
                        T.segment(
                            "FR 2", "XXX", "BCN", departs: "2026-12-18 09:00", arrives: "2026-12-18 10:30",
                            utcOffset: nil),
                    ]
                ], price: 40),
        ])
        let query = SearchQuery(maxLayover: .seconds(3 * 3600))
        #expect(flights(query, trips) == ["LX 1", "U2 1"])
        #expect(flights(SearchQuery(maxLayover: .seconds(2 * 3600)), trips) == ["LX 1"])
        #expect(unknown(query, trips) == [.maxLayover: 1])
    }

    @Test func aConnectionThatAlreadyFailsIsAMissNotAnUnknown() {
        let trip = T.converted([
            T.trip(
                "a",
                [
                    [
                        T.segment("LX 1", "VIE", "ZRH", departs: "2026-12-18 06:00", arrives: "2026-12-18 07:00"),
                        T.segment("LX 2", "ZRH", "GVA", departs: "2026-12-18 07:20", arrives: "2026-12-18 08:00"),
                        T.segment("LX 3", "XXX", "BCN", departs: "2026-12-18 12:00", arrives: nil, utcOffset: nil),
                    ]
                ], price: 100)
        ])
        let query = SearchQuery(minLayover: .seconds(45 * 60))
        #expect(flights(query, trip) == [])
        #expect(unknown(query, trip).isEmpty, "the 20-minute change at ZRH fails whatever the other one is")
    }

    @Test func theCabinLeavesOutTripsWhoseEveryKnownCabinIsLower() {
        #expect(flights(SearchQuery(cabin: .business)) == ["VY 1815"])
        #expect(flights(SearchQuery(cabin: .premium)) == ["VY 1815"])
        #expect(flights(SearchQuery(cabin: .economy)) == ["OS 395", "VY 1815"])
        #expect(unknown(SearchQuery(cabin: .economy)) == [.cabin: 2], "LX 1577 and W6 state no cabin")
        let mixed = T.converted([
            T.trip(
                "a",
                [
                    [
                        T.segment(
                            "OS 1", "VIE", "FRA", departs: "2026-12-18 06:00", arrives: "2026-12-18 07:10",
                            cabin: .economy),
                        T.segment(
                            "LH 2", "FRA", "JFK", departs: "2026-12-18 10:00", arrives: "2026-12-18 13:00",
                            cabin: .business),
                    ]
                ], price: 2100),
            T.trip(
                "a",
                [
                    [
                        T.segment(
                            "OS 3", "VIE", "FRA", departs: "2026-12-18 06:00", arrives: "2026-12-18 07:10",
                            cabin: .economy),
                        T.segment("LH 4", "FRA", "JFK", departs: "2026-12-18 10:00", arrives: "2026-12-18 13:00"),
                    ]
                ], price: 900),
        ])
        #expect(flights(SearchQuery(cabin: .business), mixed) == ["OS 1"], "an economy feeder to a business flight")
        #expect(unknown(SearchQuery(cabin: .business), mixed).isEmpty, "OS 3's known cabin is lower: a miss")
    }

    @Test func aTripUnknownToTwoFiltersCountsForEachAndOneThatFailsCountsForNone() {
        let query = SearchQuery(maxPrice: 100, departAfter: Self.time("06:00"), maxDuration: .seconds(5 * 3600))
        // W6 (58) passes the price and is unknown to both others; nothing else is unknown.
        #expect(unknown(query) == [.departAfter: 1, .maxDuration: 1])
        let dear = SearchQuery(maxPrice: 50, maxDuration: .seconds(5 * 3600))
        #expect(unknown(dear).isEmpty, "W6 costs 58, above the cap: left out for its price")
    }

    @Test func severalAirportsAndAirlinesTakeAnyAndExclusionsTakeOperatingCarriers() {
        let trips = T.converted([
            T.trip(
                "a", [[T.segment("OS 1", "VIE", "BCN", departs: "2026-12-18 07:00", arrives: "2026-12-18 09:40")]],
                price: 100),
            T.trip(
                "a", [[T.segment("VY 2", "BRQ", "GRO", departs: "2026-12-18 08:00", arrives: "2026-12-18 10:30")]],
                price: 80),
            T.trip(
                "a",
                [
                    [
                        T.segment(
                            "OS 7000", "VIE", "FRA", departs: "2026-12-18 09:00", arrives: "2026-12-18 10:10",
                            operatedBy: "LH 1234")
                    ]
                ], price: 90),
            T.trip(
                "a", [[T.segment("FR 3", "PRG", "BCN", departs: "2026-12-18 06:00", arrives: "2026-12-18 08:40")]],
                price: 30),
        ])
        #expect(
            flights(SearchQuery(origins: ["VIE", "BRQ"], destinations: ["BCN", "GRO"]), trips) == ["OS 1", "VY 2"])
        #expect(flights(SearchQuery(airlines: ["OS", "VY"]), trips) == ["OS 1", "VY 2", "OS 7000"])
        #expect(flights(SearchQuery(excludedAirlines: ["LH", "FR"]), trips) == ["OS 1", "VY 2"])
    }

    @Test func selfTransfersAndHiddenCityFaresCanBeLeftOut() {
        let trips = T.converted([
            T.trip("a", [[T.segment("OS 1", "VIE", "BCN", departs: "2026-12-18 07:00", arrives: nil)]], price: 100),
            T.trip(
                "a", [[T.segment("FR 2", "VIE", "BCN", departs: "2026-12-18 08:00", arrives: nil)]], price: 40,
                tags: [.selfTransfer]),
            T.trip(
                "a", [[T.segment("VY 3", "VIE", "BCN", departs: "2026-12-18 09:00", arrives: nil)]], price: 50,
                tags: [.hiddenCity]),
        ])
        #expect(flights(SearchQuery(excludeSelfTransfer: true), trips) == ["OS 1", "VY 3"])
        #expect(flights(SearchQuery(excludeHiddenCity: true), trips) == ["OS 1", "FR 2"])
        #expect(flights(SearchQuery(excludeSelfTransfer: true, excludeHiddenCity: true), trips) == ["OS 1"])
    }

    @Test func throwAwayFaresCanBeLeftOutOnTheirOwn() {
        let trips = T.converted([
            T.trip("a", [[T.segment("OS 1", "VIE", "BCN", departs: "2026-12-18 07:00", arrives: nil)]], price: 100),
            T.trip(
                "a", [[T.segment("OS 397", "VIE", "BCN", departs: "2026-12-19 18:20", arrives: nil)]], price: 88,
                tags: [.throwAway]),
            T.trip(
                "a", [[T.segment("VY 3", "VIE", "BCN", departs: "2026-12-18 09:00", arrives: nil)]], price: 50,
                tags: [.hiddenCity]),
        ])
        #expect(flights(SearchQuery(excludeThrowAway: true), trips) == ["OS 1", "VY 3"])
        #expect(flights(SearchQuery(excludeHiddenCity: true), trips) == ["OS 1", "OS 397"])
        #expect(flights(SearchQuery(excludeHiddenCity: true, excludeThrowAway: true), trips) == ["OS 1"])
    }

    @Test func dateRangesKeepEveryDayOfTheRange() throws {
        let days = try #require(DateRange(from: day("2026-12-18"), to: day("2026-12-19")))
        let trips = T.converted([
            T.trip("a", [[T.segment("OS 1", "VIE", "BCN", departs: "2026-12-17 23:59", arrives: nil)]], price: 1),
            T.trip("a", [[T.segment("OS 2", "VIE", "BCN", departs: "2026-12-18 00:00", arrives: nil)]], price: 1),
            T.trip("a", [[T.segment("OS 3", "VIE", "BCN", departs: "2026-12-19 23:59", arrives: nil)]], price: 1),
            T.trip("a", [[T.segment("OS 4", "VIE", "BCN", departs: "2026-12-20 00:00", arrives: nil)]], price: 1),
        ])
        #expect(flights(SearchQuery(departureDates: days), trips) == ["OS 2", "OS 3"])
    }

    @Test func emptyResultsOfferTheNewFiltersAndTheRoundTrip() {
        let hints = OfferFilter(query: SearchQuery(departAfter: Self.time("20:00"))).hints(for: Self.trips)
        #expect(hints == [FilterHint(dropped: [.departAfter], offers: 4)])
        let roundTrips = T.converted([
            T.trip(
                "a",
                [
                    [T.segment("OS 395", "VIE", "BCN", departs: "2026-12-18 08:00", arrives: nil)],
                    [T.segment("OS 396", "BCN", "VIE", departs: "2026-12-22 05:30", arrives: nil)],
                ], price: 260),
            T.trip(
                "a",
                [
                    [T.segment("VY 1", "VIE", "GRO", departs: "2026-12-18 08:00", arrives: nil)],
                    [T.segment("VY 2", "GRO", "VIE", departs: "2026-12-22 05:30", arrives: nil)],
                ], price: 180),
        ])
        #expect(
            OfferFilter(query: SearchQuery(destination: "BCN")).hints(for: roundTrips)
                == [FilterHint(added: [.roundTrip], offers: 1)])
        #expect(
            OfferFilter(query: SearchQuery(destination: "BCN", maxPrice: 300)).hints(for: roundTrips)
                == [FilterHint(added: [.roundTrip], offers: 1)])
        #expect(
            OfferFilter(query: SearchQuery(destination: "BCN", maxPrice: 100)).hints(for: roundTrips).isEmpty,
            "no round trip fits the cap, and dropping filters brings back no one-way trip")
        #expect(OfferFilter(query: SearchQuery(roundTrip: true)).hints(for: roundTrips).isEmpty)
    }

    @Test func thePipelineSaysHowManyTripsUnknownValuesLeftOut() {
        let result = SearchPipeline().run(
            [T.run("a", [Self.early, Self.midday, Self.connecting]), T.run("b", [Self.blank])],
            query: SearchQuery(maxDuration: .seconds(3 * 3600)))
        #expect(result.offers.count == 2)
        #expect(result.notes == [.unknownValues(.maxDuration, trips: 1)])
    }

    @Test func compareCountsOnlyTheTripsTheNewFiltersKeep() throws {
        let kiwi = T.trip(
            "kiwi", [[T.segment("OS 395", "VIE", "BCN", departs: "2026-12-18 07:05", arrives: "2026-12-18 09:45")]],
            price: 169)
        let other = T.trip(
            "other", [[T.segment("OS 395", "VIE", "BCN", departs: "2026-12-18 07:05", arrives: "2026-12-18 09:45")]],
            price: 160)
        let late = T.trip(
            "kiwi", [[T.segment("VY 1815", "VIE", "BCN", departs: "2026-12-18 12:30", arrives: "2026-12-18 15:05")]],
            price: 98)
        let runs = [T.run("kiwi", [kiwi, late]), T.run("other", [other])]
        let all = SourceComparison(SearchPipeline().run(runs, query: SearchQuery()))
        let morning = SourceComparison(
            SearchPipeline().run(runs, query: SearchQuery(departBefore: Self.time("10:00"))))
        #expect(all.providers.map(\.matched) == [2, 1])
        #expect(morning.providers.map(\.matched) == [1, 1])
        #expect(morning.providers.first?.cheapest == Money(169, .eur))
        #expect(morning.sharedTotal == 1)
        let none = SourceComparison(SearchPipeline().run(runs, query: SearchQuery(excludedAirlines: ["OS"])))
        #expect(none.providers.map(\.matched) == [1, 0])
        #expect(none.sharedTotal == 0)
    }
}
