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
    /// - Parameters:
    ///   - query: the search.
    ///   - limit: the most calls.
    public init(_ query: SearchQuery, limit: Int) {
        let routes = query.routes.compactMap { route -> (String, String)? in
            guard let origin = route.origin, let destination = route.destination else { return nil }
            return (origin, destination)
        }
        var calls: [Call] = []
        var total = 0
        for (departure, returnDate) in Self.days(of: query) {
            for (origin, destination) in routes {
                total += 1
                guard calls.count < limit else { continue }
                calls.append(
                    Call(origin: origin, destination: destination, departure: departure, returnDate: returnDate))
            }
        }
        self.calls = calls
        leftOut = total - calls.count
    }

    /// Each departure day of a query with each of its return days on or after it (a one-way query: each day
    /// alone), earliest departure first, then earliest return: the days a service taking one of each per call
    /// is asked for.
    /// - Parameter query: the search.
    /// - Returns: the pairs of days; none without departure days.
    public static func days(of query: SearchQuery) -> [(departure: LocalDate, returnDate: LocalDate?)] {
        let returns: [LocalDate?] = query.returnDates.map { $0.days.map(Optional.some) } ?? [nil]
        var pairs: [(departure: LocalDate, returnDate: LocalDate?)] = []
        for departure in query.departureDates?.days ?? [] {
            for returnDate in returns where returnDate.map({ $0 >= departure }) ?? true {
                pairs.append((departure, returnDate))
            }
        }
        return pairs
    }
}
