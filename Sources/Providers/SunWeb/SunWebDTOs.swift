import AggregatorCore
import Foundation

// SunWeb's two wire formats, decoded only as far as the mapping needs. Airline descriptions and
// whatever else a record carries are ignored, so new or oddly typed extras never fail a search.

/// The whole answer to `GET /flights`.
struct SunWebFlightsResponse: Decodable, Sendable {
    /// Both lists; without it the body is not a flights answer at all.
    var data: SunWebFlightLists
}

/// The two directions SunWeb sells, each decoded on its own so that one bad record is skipped and
/// counted instead of failing the list.
struct SunWebFlightLists: Decodable, Sendable {
    /// Flights away from home.
    var outboundFlights: SkippingArray<SunWebFlight>
    /// Flights back home; each is also a one-way flight in its own right.
    var inboundFlights: SkippingArray<SunWebFlight>
}

/// One flight as SunWeb lists it: a route, an airline and a seat price, with no dates or times.
struct SunWebFlight: Decodable, Sendable {
    /// Unique across both lists, so offer ids derive from it.
    var id: Int
    /// The key of the airline in the airlines list; not a display name and not an IATA code. Required:
    /// a flight that names no airline at all is a broken record and is skipped.
    var airline: String
    /// The departure airport; blank or missing in broken records, which the mapping then skips.
    var departureAirportCode: String?
    /// The arrival airport.
    var arrivalAirportCode: String?
    /// The price of one seat in EUR: an Int usually, a fraction or a string sometimes; null or zero in
    /// broken records, which the mapping then skips.
    var price: LenientNumber?
}

/// The whole answer to `GET /airlines`.
struct SunWebAirlinesResponse: Decodable, Sendable {
    /// The airline records, each decoded on its own.
    var airlines: SkippingArray<SunWebAirline>
}

/// One airline record. Only `id` and `name` are required: a record without its pictures still names
/// the carrier, while one without a key or a name cannot be used at all.
struct SunWebAirline: Decodable, Sendable {
    /// The key flights refer to, such as `Vueling`.
    var id: String
    /// The display name, such as `Vueling (Vueling Airlines)`.
    var name: String
    /// The line the airline advertises itself with.
    var headline: Lenient<String>?
    /// The airline's logo.
    var logoImg: Lenient<String>?
    /// A large picture, used as the offer's image.
    var mainImg: Lenient<String>?
}
