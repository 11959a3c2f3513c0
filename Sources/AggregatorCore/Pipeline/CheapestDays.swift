import Foundation
import ProviderKit

/// The answer to "which day is cheapest?": a search's matching trips grouped by the day they leave (and,
/// for round trips over a range of return days, the day they come back), with each day's cheapest trip.
///
/// Rules:
/// - It is built from a ``SearchResult`` whose offers are every matching trip, ranked by price and not
///   limited: one search over the whole range. A day's cheapest trip is the first of that day in the
///   result's order. The ranker orders two trips the same way whatever other trips there are, so it is the
///   trip a search of that day alone puts first (`search --date D`).
/// - A trip belongs to the local date of its first departure; a trip without a date belongs to no day.
/// - The days are every day of the query's departure range, those without a trip included (they have no
///   cheapest trip). Without a range, they are the days from the first to the last day a matching trip
///   leaves on; should those span more than ``DateRange/maximumDays``, only the days that have a trip.
/// - With a range of return days, ``grid`` holds one cell per departure day and return day (every day of
///   the return range; the return day is the local date of the second leg's first departure), in
///   departure-major order, and ``days`` still gives each departure day's cheapest over every return day.
/// - The cheapest day (and cell) is the one whose cheapest trip comes first in the result's order among
///   those with a converted price for the whole party that are not test data: the same rule as the search's
///   `cheapest` tag. None is marked when no
///   day has such a trip.
public struct CheapestDays: Sendable {
    /// One day, or one cell of the grid.
    public struct Day: Sendable {
        /// The departure day.
        public var date: LocalDate
        /// The return day, for a cell of the grid; `nil` for a departure day.
        public var returnDate: LocalDate?
        /// The day's cheapest trip; `nil` when no trip matches on that day.
        public var cheapest: Offer?
        /// How many trips match on that day.
        public var offers: Int
        /// Whether this is the cheapest day (or cell).
        public var isCheapest: Bool

        /// Creates a day.
        /// - Parameters:
        ///   - date: the departure day.
        ///   - returnDate: the return day of a grid cell.
        ///   - cheapest: its cheapest trip.
        ///   - offers: the trips on that day.
        ///   - isCheapest: whether it is the cheapest.
        public init(
            date: LocalDate, returnDate: LocalDate? = nil, cheapest: Offer?, offers: Int, isCheapest: Bool = false
        ) {
            self.date = date
            self.returnDate = returnDate
            self.cheapest = cheapest
            self.offers = offers
            self.isCheapest = isCheapest
        }
    }

    /// One entry per departure day, in date order.
    public var days: [Day]
    /// The return days of the grid, in date order; empty without a range of return days.
    public var returnDates: [LocalDate]
    /// One cell per departure day and return day, departure-major; empty without a range of return days.
    public var grid: [Day]
    /// Matching trips without a departure date, which belong to no day.
    public var undated: Int

    /// Groups a search's trips by day.
    /// - Parameter result: a search run with ``SortKey/price`` and no limit.
    public init(_ result: SearchResult) {
        let offers = result.offers
        let departures = offers.map { Self.departureDay(of: $0) }
        let departureDays = result.query.departureDates?.days ?? Self.covered(departures.compactMap { $0 })
        undated = departures.filter { $0 == nil }.count
        days = Self.group(offers, departureDays.map { day in (day, nil) }) { index in (departures[index], nil) }
        if let returnRange = result.query.returnDates {
            let returns = offers.map { Self.returnDay(of: $0) }
            returnDates = returnRange.days
            let cells = departureDays.flatMap { day in returnRange.days.map { (day, Optional($0)) } }
            grid = Self.group(offers, cells) { index in (departures[index], returns[index]) }
        } else {
            returnDates = []
            grid = []
        }
    }

    /// The days from the first to the last given, or only those given when they span too long.
    private static func covered(_ dates: [LocalDate]) -> [LocalDate] {
        guard let first = dates.min(), let last = dates.max() else { return [] }
        if let range = DateRange(from: first, to: last) { return range.days }
        return Set(dates).sorted()
    }

    /// The cheapest trip and count per slot, and the cheapest slot marked.
    private static func group(
        _ offers: [Offer], _ slots: [(LocalDate, LocalDate?)], key: (Int) -> (LocalDate?, LocalDate?)
    ) -> [Day] {
        var first: [String: Int] = [:]
        var counts: [String: Int] = [:]
        for index in offers.indices {
            let (departure, comeback) = key(index)
            guard let departure else { continue }
            let slot = "\(departure)|\(comeback.map(\.description) ?? "")"
            counts[slot, default: 0] += 1
            if first[slot] == nil { first[slot] = index }
        }
        var days = slots.map { date, returnDate -> Day in
            let slot = "\(date)|\(returnDate.map(\.description) ?? "")"
            return Day(
                date: date, returnDate: returnDate, cheapest: first[slot].map { offers[$0] },
                offers: counts[slot] ?? 0)
        }
        let positions = slots.map { date, returnDate in first["\(date)|\(returnDate.map(\.description) ?? "")"] }
        let winner = positions.indices.filter { index in
            positions[index].map {
                offers[$0].isConverted && offers[$0].tags.isDisjoint(with: [.otherParty, .testMode])
            }
                ?? false
        }.min { (positions[$0] ?? 0) < (positions[$1] ?? 0) }
        if let winner { days[winner].isCheapest = true }
        return days
    }

    /// The local date the trip leaves on.
    static func departureDay(of offer: Offer) -> LocalDate? {
        offer.product.itinerary?.legs.first?.departure?.local?.date
    }

    /// The local date the trip's return leg leaves on.
    static func returnDay(of offer: Offer) -> LocalDate? {
        guard let legs = offer.product.itinerary?.legs, legs.count > 1 else { return nil }
        return legs[1].departure?.local?.date
    }
}
