import Foundation
import ProviderKit

/// One request of a search: what to ask the service, and the part of the query it answers.
struct AviasalesRequest: Sendable {
    /// The request.
    var request: ProviderRequest
    /// The origins the answer is for; empty for anywhere.
    var origins: [String]
    /// The destinations the answer is for; empty for anywhere.
    var destinations: [String]
    /// `VIE→BCN, 2026-12`: which part of the query this is, for a note when it fails.
    var label: String
}

/// Turns a query into the Travelpayouts Data API's `prices_for_dates` requests.
///
/// The service takes one origin and one destination per request, and one departure day or month (and,
/// for round trips, one return day or month). So a query makes one request per route
/// (``SearchQuery/routes``) and per period:
/// - no date: no `departure_at`, and the service answers for the dates it has;
/// - one day: `departure_at=2026-12-18`;
/// - a range of days: one request per calendar month the range touches (`departure_at=2026-12`; a range
///   within one month is one request), since the service takes a month but not a range. The answer then
///   holds the whole month, and the pipeline keeps the days asked for.
///
/// The return date is asked in the same way, and a round trip over ranges asks every pair of periods.
/// A range spans at most ``DateRange/maximumDays`` days, so at most three months on each side. At most
/// ``maximumRequests`` requests are made, the first in that order; the rest are counted
/// (``combinations(for:)``, by arithmetic) for a note, never made.
enum AviasalesRequestPlan {
    /// The request path; its last component names the embedded sample and a `file://` folder's file.
    static let path = "aviasales/v3/prices_for_dates"
    /// The most records one answer may hold, the service's documented maximum. The pipeline filters and
    /// ranks after merging with other sellers, so asking only for the few cheapest could lose the trips
    /// that pass the query's other filters.
    static let pageSize = 1000
    /// The most requests in flight at once, so that a search over many routes or months does not hit the
    /// service's rate limit all at once.
    static let concurrentRequests = 4
    /// The most requests one search makes: every pair of months two of the longest ranges touch on a
    /// handful of routes, or one period on dozens of routes. The service rate-limits, and each answer
    /// holds up to ``pageSize`` records, so this also bounds what one search holds.
    static let maximumRequests = 48

    /// The requests the query makes, routes first, then departure periods, then return periods; the
    /// first `limit` of them.
    /// - Parameters:
    ///   - query: the search.
    ///   - limit: the most requests made.
    /// - Returns: at least one request when `limit` is at least one.
    static func requests(for query: SearchQuery, limit: Int = maximumRequests) -> [AviasalesRequest] {
        let departures = periods(query.departureDates)
        let returns = query.roundTrip ? periods(query.returnDates) : [nil]
        var requests: [AviasalesRequest] = []
        for route in query.routes {
            for departure in departures {
                for returning in returns {
                    guard requests.count < limit, !Task.isCancelled else { return requests }
                    let items = queryItems(
                        origin: route.origin, destination: route.destination, departure: departure,
                        returning: returning, query: query)
                    var label = "\(route.origin ?? "anywhere")→\(route.destination ?? "anywhere")"
                    if let departure { label += ", \(departure)" }
                    if let returning { label += ", returning \(returning)" }
                    requests.append(
                        AviasalesRequest(
                            request: .get(path, query: items), origins: route.origin.map { [$0] } ?? [],
                            destinations: route.destination.map { [$0] } ?? [], label: label))
                }
            }
        }
        return requests
    }

    /// How many requests the whole query would make, counted without making them.
    /// - Parameter query: the search.
    /// - Returns: routes × departure periods × return periods, or `Int.max` when that does not fit.
    static func combinations(for query: SearchQuery) -> Int {
        let periodPairs = periods(query.departureDates).count * (query.roundTrip ? periods(query.returnDates).count : 1)
        let (product, overflow) = query.routes.count.multipliedReportingOverflow(by: periodPairs)
        return overflow ? .max : product
    }

    /// The query items of one request, in the order the service documents them.
    static func queryItems(
        origin: String?, destination: String?, departure: String?, returning: String?, query: SearchQuery
    ) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let origin { items.append(URLQueryItem(name: "origin", value: origin)) }
        if let destination { items.append(URLQueryItem(name: "destination", value: destination)) }
        if let departure { items.append(URLQueryItem(name: "departure_at", value: departure)) }
        if let returning { items.append(URLQueryItem(name: "return_at", value: returning)) }
        items += [
            URLQueryItem(name: "one_way", value: query.roundTrip ? "false" : "true"),
            URLQueryItem(name: "direct", value: query.maxStops == 0 ? "true" : "false"),
            // The service documents its currencies in lower case (`rub`, `eur`).
            URLQueryItem(name: "currency", value: query.currency.rawValue.lowercased()),
            URLQueryItem(name: "sorting", value: "price"),
            URLQueryItem(name: "limit", value: String(pageSize)),
            URLQueryItem(name: "page", value: "1"),
        ]
        return items
    }

    /// The `departure_at` or `return_at` values for a range: none, one day, or each month it touches.
    /// - Parameter range: the days asked for.
    /// - Returns: `[nil]` for any day; otherwise one value per request.
    static func periods(_ range: DateRange?) -> [String?] {
        guard let range else { return [nil] }
        if range.isSingleDay { return [range.first.description] }
        var periods: [String?] = []
        var year = range.first.year
        var month = range.first.month
        while (year, month) <= (range.last.year, range.last.month) {
            periods.append(String(year) + (month < 10 ? "-0" : "-") + String(month))
            month += 1
            if month > 12 {
                month = 1
                year += 1
            }
        }
        return periods
    }
}
