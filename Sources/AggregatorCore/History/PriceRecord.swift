import Foundation
import ProviderKit

/// One seller's price for one trip, as one run of a watch saw it: a line of the price history.
public struct PriceRecord: Sendable, Hashable {
    /// The trip's id, the same from run to run (``Offer/id``).
    public var trip: String
    /// The seller.
    public var provider: ProviderID
    /// The price as the seller sent it, in its own currency.
    public var price: Money
    /// The price in the watch's currency, bag fees included when the watch asks for bags; `nil` when it
    /// could not be converted.
    public var converted: Money?
    /// Whether this seller was the trip's cheapest in that run.
    public var cheapest: Bool
    /// The seller's booking link, a web link, if it had one.
    public var link: String?
    /// The trip's tags in that run (`cheapest`, `few_seats_left`, …).
    public var tags: [String]
    /// The trip's route for people, such as `VIE→ZRH→BCN`.
    public var route: String
    /// The local departure, `2026-12-18T07:05`, when known.
    public var departure: String?
    /// The flights, such as `OS 395`; empty for a car.
    public var flights: String

    /// Creates a record.
    /// - Parameters:
    ///   - trip: the trip's id.
    ///   - provider: the seller.
    ///   - price: the price as sent.
    ///   - converted: the price in the watch's currency.
    ///   - cheapest: whether the seller was the trip's cheapest.
    ///   - link: the booking link.
    ///   - tags: the trip's tags.
    ///   - route: the route for people.
    ///   - departure: the local departure.
    ///   - flights: the flights.
    public init(
        trip: String, provider: ProviderID, price: Money, converted: Money?, cheapest: Bool, link: String?,
        tags: [String], route: String, departure: String?, flights: String
    ) {
        self.trip = trip
        self.provider = provider
        self.price = price
        self.converted = converted
        self.cheapest = cheapest
        self.link = link
        self.tags = tags
        self.route = route
        self.departure = departure
        self.flights = flights
    }
}
