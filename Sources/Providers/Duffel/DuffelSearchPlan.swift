import Foundation
import ProviderKit

/// The offer requests one search makes: Duffel takes one origin, one destination and one day per slice,
/// so a query with several airports or a range of days becomes several requests.
///
/// Rules:
/// - One request per origin and destination pair, per departure day and (for a round trip) per return day
///   on or after it: earliest departure first, then earliest return, then the pairs in the query's order.
/// - At most ``maximumRequests`` requests; when the query asks for more combinations, the earliest ones
///   are searched and ``leftOut`` says how many were not, for a note.
/// - Each request's body states the party, the cabin (only when one is asked for) and the most connections
///   (only when the query limits stops); Duffel filters on both itself.
struct DuffelSearchPlan: Sendable {
    /// One offer request: a route and its days.
    typealias Request = RouteDayPlan.Call

    /// The most offer requests one search makes. Each is a live search of many airlines that takes
    /// seconds; a dozen covers a week of days on one route, or a few airports on one day.
    static let maximumRequests = 12
    /// How many requests are in flight at once.
    static let concurrentRequests = 4
    /// Duffel's documented largest `supplier_timeout`.
    static let longestSupplierTimeout: Duration = .seconds(60)
    /// The shortest `supplier_timeout` worth asking for: airlines need a moment to answer at all.
    static let shortestSupplierTimeout: Duration = .seconds(2)

    /// The requests, in the order they are made.
    var requests: [Request]
    /// How many combinations of route and days the query asks for beyond ``maximumRequests``.
    var leftOut: Int

    /// Plans the requests of a query that has a route and a departure day.
    /// - Parameter query: the search; origins, destinations and departure days must be set.
    init(_ query: SearchQuery) {
        let plan = RouteDayPlan(query, limit: Self.maximumRequests)
        requests = plan.calls
        leftOut = plan.leftOut
    }

    /// The `supplier_timeout` to send, in milliseconds: how long Duffel may wait for airlines before it
    /// answers with what it has.
    ///
    /// It is 80 % of the time each round of concurrent requests has before the search's deadline (leaving
    /// the rest for the network and for reading the answer), within Duffel's bounds, rounded up to whole
    /// seconds. The rounding keeps the value, and so the request URL that the response cache is keyed on,
    /// the same from one search to the next with the same timeout, so cached answers can stand in.
    /// - Parameter timeLeft: the time left before the deadline, when the search starts.
    /// - Returns: milliseconds, from 2,000 to 60,000.
    func supplierTimeout(timeLeft: Duration) -> Int {
        let rounds = max(1, (requests.count + Self.concurrentRequests - 1) / Self.concurrentRequests)
        let budget = Double(timeLeft.components.seconds) + Double(timeLeft.components.attoseconds) / 1e18
        let seconds = (budget / Double(rounds) * 0.8).rounded(.up)
        let shortest = Double(Self.shortestSupplierTimeout.components.seconds)
        let longest = Double(Self.longestSupplierTimeout.components.seconds)
        let bounded = seconds.isFinite ? min(max(seconds, shortest), longest) : shortest
        return Int(bounded) * 1000
    }

    /// The body of one offer request, compact JSON:
    /// `{"data":{"slices":[…],"passengers":[…],"cabin_class":…,"max_connections":…}}`.
    /// - Parameters:
    ///   - request: the route and days.
    ///   - query: the party, cabin and stops.
    /// - Returns: the encoded body.
    static func body(for request: Request, query: SearchQuery) -> Data {
        var writer = JSONWriter(style: .compact, capacity: 512)
        writer.object { document in
            document.key("data")
            document.object { data in
                data.key("slices")
                data.array { slices in
                    slice(&slices, from: request.origin, to: request.destination, on: request.departure)
                    if let returnDate = request.returnDate {
                        slice(&slices, from: request.destination, to: request.origin, on: returnDate)
                    }
                }
                data.key("passengers")
                data.array { passengers in
                    // The party is validated before a search; the bounds only keep a bad one from looping long.
                    let party = query.passengers
                    for (type, count) in [("adult", party.adults), ("child", party.children)]
                        + [("infant_without_seat", party.infants)]
                    {
                        for _ in 0..<min(max(count, 0), Passengers.maximum) {
                            passengers.object { passenger in
                                passenger.key("type")
                                passenger.string(type)
                            }
                        }
                    }
                }
                if let cabin = query.cabin {
                    data.key("cabin_class")
                    data.string(cabinClass(cabin))
                }
                if let maxStops = query.maxStops {
                    data.key("max_connections")
                    data.int(max(maxStops, 0))
                }
            }
        }
        return Data(writer.bytes)
    }

    private static func slice(
        _ slices: inout JSONWriter, from origin: String, to destination: String, on day: LocalDate
    ) {
        slices.object { slice in
            slice.key("origin")
            slice.string(origin)
            slice.key("destination")
            slice.string(destination)
            slice.key("departure_date")
            slice.string(day.description)
        }
    }

    /// Duffel's name for a cabin.
    static func cabinClass(_ cabin: Cabin) -> String {
        switch cabin {
        case .economy: "economy"
        case .premium: "premium_economy"
        case .business: "business"
        case .first: "first"
        }
    }

    /// The cabin a Duffel `cabin_class` names, or `nil` for an unknown one.
    static func cabin(_ cabinClass: String?) -> Cabin? {
        switch cabinClass?.lowercased() {
        case "economy": .economy
        case "premium_economy": .premium
        case "business": .business
        case "first": .first
        default: nil
        }
    }
}
