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
}
