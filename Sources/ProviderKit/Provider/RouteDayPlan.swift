import Foundation

/// The calls of a search on a service that takes one origin, one destination and one day (and, for a round
/// trip, one return day) per call, so that a query with several airports or a range of days becomes several
/// calls.
///
/// One call per origin and destination pair, per departure day and per return day on or after it: earliest
/// departure first, then earliest return, then the pairs in the query's order. At most `limit` calls; when
/// the query asks for more combinations, the earliest are kept and ``leftOut`` says how many were not, for a
/// note.
public struct RouteDayPlan: Sendable, Hashable {
    /// One call: a route and its days.
    public struct Call: Sendable, Hashable {
        /// The IATA airport or city code to leave from.
        public var origin: String
        /// The IATA airport or city code to go to.
        public var destination: String
        /// The outbound day, local at the origin.
        public var departure: LocalDate
        /// The return day, for a round trip.
        public var returnDate: LocalDate?

        /// Creates a call.
        /// - Parameters:
        ///   - origin: where to leave from.
        ///   - destination: where to go.
        ///   - departure: the outbound day.
        ///   - returnDate: the return day, for a round trip.
        public init(origin: String, destination: String, departure: LocalDate, returnDate: LocalDate? = nil) {
            self.origin = origin
            self.destination = destination
            self.departure = departure
            self.returnDate = returnDate
        }
    }

    /// The calls, in the order they are made.
    public let calls: [Call]
    /// How many combinations of route and days the query asks for beyond the limit.
    public let leftOut: Int

    /// Plans the calls of a query; routes without both ends, and a query without departure days, plan none.
    ///
    /// The combinations are counted by arithmetic and only the calls kept are made, so a query naming
    /// hundreds of codes on each side over two months of days plans as fast, and holds as little, as one
    /// naming a route and a day. A plan made in a cancelled task stops where it is: it holds the calls made
    /// so far, and the rest are counted as left out.
    /// - Parameters:
    ///   - query: the search.
    ///   - limit: the most calls.
    public init(_ query: SearchQuery, limit: Int) {
        let routes = query.routes
        let routeCount = routes.completeCount
        let limit = max(limit, 0)
        let total = Self.saturatingProduct(routeCount, Self.dayCount(of: query))
        var calls: [Call] = []
        calls.reserveCapacity(min(limit, total))
        if routeCount > 0, limit > 0 {
            // The days the kept calls reach: each day holds one call per route.
            let days = limit / routeCount + (limit % routeCount == 0 ? 0 : 1)
            planning: for (departure, returnDate) in Self.days(of: query, limit: days) {
                for index in 0..<routeCount {
                    guard calls.count < limit, !Task.isCancelled else { break planning }
                    let route = routes[index]
                    guard let origin = route.origin, let destination = route.destination else { continue }
                    calls.append(
                        Call(origin: origin, destination: destination, departure: departure, returnDate: returnDate))
                }
            }
        }
        self.calls = calls
        leftOut = total - calls.count
    }

    /// Each departure day of a query with each of its return days on or after it (a one-way query: each day
    /// alone), earliest departure first, then earliest return: the days a service taking one of each per call
    /// is asked for.
    /// - Parameters:
    ///   - query: the search.
    ///   - limit: the most pairs returned, the earliest; all of them by default (at most
    ///     ``DateRange/maximumDays`` squared).
    /// - Returns: the pairs of days; none without departure days.
    public static func days(
        of query: SearchQuery, limit: Int = .max
    ) -> [(departure: LocalDate, returnDate: LocalDate?)] {
        let returns: [LocalDate?] = query.returnDates.map { $0.days.map(Optional.some) } ?? [nil]
        var pairs: [(departure: LocalDate, returnDate: LocalDate?)] = []
        for departure in query.departureDates?.days ?? [] {
            for returnDate in returns where returnDate.map({ $0 >= departure }) ?? true {
                guard pairs.count < limit else { return pairs }
                pairs.append((departure, returnDate))
            }
        }
        return pairs
    }

    /// How many pairs ``days(of:limit:)`` gives with no limit, counted without making them.
    /// - Parameter query: the search.
    /// - Returns: the departure days, or for a round trip the pairs of a departure and a return on or after it.
    public static func dayCount(of query: SearchQuery) -> Int {
        guard let departures = query.departureDates else { return 0 }
        let first = departures.first.daysSinceEpoch
        let last = departures.last.daysSinceEpoch
        guard let returns = query.returnDates else { return Int(last - first + 1) }
        let earliestReturn = returns.first.daysSinceEpoch
        let latestReturn = returns.last.daysSinceEpoch
        // Departures up to the first return day may come back on any return day; each later one only on
        // the return days from its own day on: one fewer per day, down to one on the last return day.
        let early = max(0, min(last, earliestReturn) - first + 1) * max(0, latestReturn - earliestReturn + 1)
        let laterFirst = max(first, earliestReturn + 1)
        let laterLast = min(last, latestReturn)
        let later =
            laterLast < laterFirst
            ? 0 : (laterLast - laterFirst + 1) * (2 * latestReturn - laterFirst - laterLast + 2) / 2
        return Int(early + later)
    }

    /// `a × b`, or `Int.max` when that does not fit.
    static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : product
    }
}
