import Foundation
import ProviderKit
import Testing

@Suite("RouteDayPlan")
struct RouteDayPlanTests {
    static func day(_ text: String) -> LocalDate? { LocalDate(iso: text) }

    @Test("one call per route and day, and per return day on or after it: earliest days first, routes in order")
    func order() {
        let query = SearchQuery(
            origins: ["VIE", "BRQ"], destination: "BCN", departureDates: DateRange(parsing: "2026-12-18..2026-12-19"),
            returnDates: DateRange(parsing: "2026-12-18..2026-12-19"), roundTrip: true)
        let plan = RouteDayPlan(query, limit: 62)
        #expect(
            plan.calls.map { "\($0.origin) \($0.departure) \($0.returnDate.map(\.description) ?? "-")" } == [
                "VIE 2026-12-18 2026-12-18", "BRQ 2026-12-18 2026-12-18", "VIE 2026-12-18 2026-12-19",
                "BRQ 2026-12-18 2026-12-19", "VIE 2026-12-19 2026-12-19", "BRQ 2026-12-19 2026-12-19",
            ], "no return before its departure")
        #expect(plan.leftOut == 0)
    }

    @Test("keeps the earliest calls up to the limit and counts the rest")
    func limit() {
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-01..2026-12-31"))
        let plan = RouteDayPlan(query, limit: 12)
        #expect(plan.calls.count == 12)
        #expect(plan.calls.first?.departure == Self.day("2026-12-01"))
        #expect(plan.calls.last?.departure == Self.day("2026-12-12"))
        #expect(plan.calls.allSatisfy { $0.returnDate == nil })
        #expect(plan.leftOut == 19)
    }

    @Test("a query without both ends of a route, or without a day, plans no call")
    func nothing() {
        #expect(
            RouteDayPlan(SearchQuery(origin: "VIE", departureDates: DateRange(parsing: "2026-12-18")), limit: 5).calls
                .isEmpty)
        #expect(RouteDayPlan(SearchQuery(origin: "VIE", destination: "BCN"), limit: 5).calls.isEmpty)
    }

    /// Three-letter codes, `AAA`, `AAB`, …: as many as asked.
    static func codes(_ count: Int, offset: Int = 0) -> [String] {
        (offset..<(offset + count)).map(code)
    }

    /// The code a number stands for: `AAA` for 0, `AAB` for 1, …
    static func code(_ number: Int) -> String {
        let letters: [Int] = [number / 676 % 26, number / 26 % 26, number % 26]
        return String(decoding: letters.map { UInt8(65 + $0) }, as: UTF8.self)
    }

    @Test("650 × 650 codes over two months each way: every combination counted, only the kept calls made")
    func hugeProduct() throws {
        let departures = try #require(DateRange(parsing: "2026-12-01..2027-01-31"))
        let returns = try #require(DateRange(parsing: "2026-12-10..2027-02-09"))
        let query = SearchQuery(
            origins: Self.codes(650), destinations: Self.codes(650, offset: 5_000), departureDates: departures,
            returnDates: returns, roundTrip: true)
        #expect(query.routes.count == 422_500)
        #expect(query.routes.completeCount == 422_500)
        let pairs = RouteDayPlan.dayCount(of: query)
        #expect(pairs == RouteDayPlan.days(of: query).count)
        let plan = RouteDayPlan(query, limit: 12)
        #expect(plan.calls.count == 12)
        #expect(plan.calls.capacity < 64, "the plan holds what it uses, not the product")
        #expect(plan.leftOut == 422_500 * pairs - 12)
        #expect(plan.calls.map(\.origin) == Array(repeating: "AAA", count: 12))
        #expect(plan.calls.map(\.destination) == Array(Self.codes(12, offset: 5_000)))
        #expect(plan.calls.allSatisfy { $0.departure == departures.first && $0.returnDate == returns.first })
    }

    @Test("the pairs of days are counted by arithmetic as they are listed, whatever the two ranges")
    func dayCounts() throws {
        let base = try #require(LocalDate(iso: "2026-12-01"))
        let day = { (offset: Int64) in LocalDate(daysSinceEpoch: base.daysSinceEpoch + offset) }
        for (departFirst, departLast, returnFirst, returnLast) in [
            (0, 0, 0, 0), (0, 61, 0, 61), (0, 61, 10, 71), (10, 20, 0, 5), (0, 9, 3, 5), (5, 9, 0, 61), (0, 30, 31, 40),
            (0, 30, 30, 30), (3, 3, 0, 9),
        ] as [(Int64, Int64, Int64, Int64)] {
            let query = SearchQuery(
                origin: "VIE", destination: "BCN",
                departureDates: DateRange(from: day(departFirst), to: day(departLast)),
                returnDates: DateRange(from: day(returnFirst), to: day(returnLast)), roundTrip: true)
            #expect(RouteDayPlan.dayCount(of: query) == RouteDayPlan.days(of: query).count)
        }
        let oneWay = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-01..2026-12-31"))
        #expect(RouteDayPlan.dayCount(of: oneWay) == 31)
        #expect(RouteDayPlan.dayCount(of: SearchQuery(origin: "VIE", destination: "BCN")) == 0)
        #expect(
            RouteDayPlan.days(of: oneWay, limit: 3).map(\.departure.description) == [
                "2026-12-01", "2026-12-02", "2026-12-03",
            ])
    }

    @Test("a plan made once its search is cancelled makes no call and counts every combination as left out")
    func cancellation() async throws {
        let query = SearchQuery(
            origins: Self.codes(30), destinations: Self.codes(30, offset: 900),
            departureDates: DateRange(parsing: "2026-12-01..2027-01-31"))
        let task = Task { () -> RouteDayPlan in
            while !Task.isCancelled { await Task.yield() }
            return RouteDayPlan(query, limit: 1_000)
        }
        task.cancel()
        let plan = await task.value
        #expect(plan.calls.isEmpty)
        #expect(plan.leftOut == 900 * 62)
        // The same plan, not cancelled: the thousandth call is the hundredth route of the second day.
        let kept = RouteDayPlan(query, limit: 1_000)
        #expect(kept.calls.count == 1_000)
        #expect(kept.leftOut == 900 * 62 - 1_000)
        let last = try #require(kept.calls.last)
        #expect(last.origin == Self.codes(30)[99 / 30] && last.destination == Self.codes(30, offset: 900)[99 % 30])
        #expect(last.departure.description == "2026-12-02")
    }
}
