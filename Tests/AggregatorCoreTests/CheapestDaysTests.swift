import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

/// Which day is cheapest: one search over a range, its trips grouped by day.
@Suite("Cheapest days and the departure × return grid")
struct CheapestDaysTests {
    typealias T = TripBuilder

    static func oneWay(_ provider: ProviderID, _ flight: String, _ departs: String?, _ price: Decimal) -> Offer {
        T.trip(provider, [[T.segment(flight, "VIE", "BCN", departs: departs, arrives: nil)]], price: price)
    }

    static func roundTrip(_ out: String, _ back: String, _ price: Decimal) -> Offer {
        T.trip(
            "kiwi",
            [
                [T.segment("OS \(out.suffix(2))", "VIE", "BCN", departs: "\(out) 07:00", arrives: nil)],
                [T.segment("OS \(back.suffix(2))1", "BCN", "VIE", departs: "\(back) 18:00", arrives: nil)],
            ], price: price)
    }

    static let offers = [
        oneWay("kiwi", "OS 1", "2026-12-18 07:00", 120), oneWay("kiwi", "OS 2", "2026-12-18 12:00", 90),
        oneWay("other", "VY 3", "2026-12-20 09:00", 60), oneWay("other", "W6 4", nil, 10),
    ]

    func search(_ query: SearchQuery, _ offers: [Offer] = offers) -> SearchResult {
        var query = query
        query.sort = .price
        let byProvider = Dictionary(grouping: offers) { $0.sources[0].provider }
        return SearchPipeline().run(byProvider.keys.sorted().map { T.run($0, byProvider[$0] ?? []) }, query: query)
    }

    @Test func everyDayOfTheRangeHasARowAndTheCheapestIsMarked() throws {
        let range = try #require(DateRange(from: day("2026-12-17"), to: day("2026-12-21")))
        let days = CheapestDays(search(SearchQuery(departureDates: range))).days
        #expect(days.map(\.date.description) == ["2026-12-17", "2026-12-18", "2026-12-19", "2026-12-20", "2026-12-21"])
        #expect(days.map { $0.cheapest?.price.amount } == [nil, 90, nil, 60, nil])
        #expect(days.map(\.offers) == [0, 2, 0, 1, 0])
        #expect(days.map(\.isCheapest) == [false, false, false, true, false])
    }

    @Test func eachDaysAnswerIsWhatASearchOfThatDayPutsFirst() throws {
        let range = try #require(DateRange(from: day("2026-12-17"), to: day("2026-12-21")))
        for answer in CheapestDays(search(SearchQuery(departureDates: range))).days {
            let single = search(SearchQuery(departureDate: answer.date))
            #expect(answer.cheapest?.id == single.offers.first?.id, "\(answer.date)")
            #expect(answer.offers == single.matched, "\(answer.date)")
        }
    }

    @Test func withoutARangeTheDaysAreThoseTheTripsCoverAndUndatedTripsAreCounted() {
        let days = CheapestDays(search(SearchQuery()))
        #expect(days.days.map(\.date.description) == ["2026-12-18", "2026-12-19", "2026-12-20"])
        #expect(days.undated == 1)
        #expect(days.grid.isEmpty)
        #expect(CheapestDays(search(SearchQuery(destination: "XXX"))).days.isEmpty)
    }

    @Test func aReturnRangeMakesAGridOfDepartureAndReturnDays() throws {
        let offers = [
            Self.roundTrip("2026-12-18", "2026-12-22", 300), Self.roundTrip("2026-12-18", "2026-12-23", 250),
            Self.roundTrip("2026-12-19", "2026-12-22", 280), Self.roundTrip("2026-12-19", "2026-12-23", 320),
            Self.roundTrip("2026-12-19", "2026-12-25", 100),
        ]
        let out = try #require(DateRange(from: day("2026-12-18"), to: day("2026-12-19")))
        let back = try #require(DateRange(from: day("2026-12-22"), to: day("2026-12-23")))
        let days = CheapestDays(search(SearchQuery(departureDates: out, returnDates: back), offers))
        #expect(days.returnDates.map(\.description) == ["2026-12-22", "2026-12-23"])
        #expect(
            days.grid.map { "\($0.date)→\($0.returnDate.map(\.description) ?? "")" } == [
                "2026-12-18→2026-12-22", "2026-12-18→2026-12-23", "2026-12-19→2026-12-22", "2026-12-19→2026-12-23",
            ])
        #expect(days.grid.map { $0.cheapest?.price.amount } == [300, 250, 280, 320])
        #expect(days.grid.map(\.isCheapest) == [false, true, false, false])
        #expect(days.days.map { $0.cheapest?.price.amount } == [250, 280], "the 25th is outside the return range")
    }
}
