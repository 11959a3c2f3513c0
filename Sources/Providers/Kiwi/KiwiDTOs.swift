import AggregatorCore
import Foundation

// Kiwi's v3 `/flights` wire format, decoded only as far as the mapping needs. Everything else in a
// response (`search_id`, `_results`, `conversion`, `quality`, `popularity`, `distance`, booking flags
// and whatever Kiwi adds next) is ignored, so new or oddly typed extras never fail a search.

/// The whole answer to `GET /flights`.
struct KiwiSearchResponse: Decodable, Sendable {
    /// The currency every `price` is in. Decoded strictly: without a valid code no price can be read,
    /// so a bad one makes the whole response unusable rather than one record.
    var currency: CurrencyCode
    /// The itineraries, each decoded on its own so that one bad record is skipped and counted.
    var data: SkippingArray<KiwiItinerary>
}

/// One bookable trip: a one-way flight or a round trip, possibly with connections.
struct KiwiItinerary: Decodable, Sendable {
    /// Kiwi's segment ids joined by `|`: stable for the same flights, so offer ids derive from it.
    var id: String
    /// The IATA city code of the origin; used when a segment leaves its own city code out.
    var cityCodeFrom: String?
    /// The IATA city code of the destination, which may differ from the airport (`IST` for `SAW`).
    var cityCodeTo: String?
    /// The origin country; sometimes null, never worth losing the record over.
    var countryFrom: Lenient<KiwiCountry>?
    /// The destination country.
    var countryTo: Lenient<KiwiCountry>?
    /// Local wall clock of the first departure, written as if it were epoch seconds: not an instant.
    var dTime: LenientNumber?
    /// Local wall clock of the outbound leg's last arrival, written as if it were epoch seconds.
    var aTime: LenientNumber?
    /// The real UTC instant of the first departure, in epoch seconds.
    var dTimeUTC: LenientNumber?
    /// The real UTC instant of the outbound leg's last arrival, in epoch seconds.
    var aTimeUTC: LenientNumber?
    /// The price in the response's `currency`: an Int usually, a fraction sometimes, and anything at
    /// all in a broken record, which the mapping then skips.
    var price: Lenient<LenientNumber>?
    /// Door-to-door seconds of each direction.
    var duration: Lenient<KiwiDuration>?
    /// The booking link.
    var deepLink: String?
    /// The destination's image key, such as `dubai_ae`.
    var mapIdto: String?
    /// Seats left at this price.
    var availability: Lenient<KiwiAvailability>?
    /// The flights, outbound (`return == 0`) and inbound (`return == 1`) in one list.
    var route: [KiwiSegment]

    enum CodingKeys: String, CodingKey {
        case id, cityCodeFrom, cityCodeTo, countryFrom, countryTo, dTime, aTime, dTimeUTC, aTimeUTC, price
        case duration, mapIdto, availability, route
        case deepLink = "deep_link"
    }
}

/// A country as Kiwi names it: `{"code": "AT", "name": "Austria"}`.
struct KiwiCountry: Decodable, Sendable {
    /// The ISO 3166 code.
    var code: String
}

/// The seconds each direction takes; Kiwi sends Int or Double and leaves `return` at 0 one-way.
struct KiwiDuration: Decodable, Sendable {
    /// Seconds of the outbound leg.
    var departure: Lenient<LenientNumber>?
    /// Seconds of the inbound leg.
    var inbound: Lenient<LenientNumber>?

    enum CodingKeys: String, CodingKey {
        case departure
        case inbound = "return"
    }
}

/// How many seats are left; `seats` is null when Kiwi does not know.
struct KiwiAvailability: Decodable, Sendable {
    /// Seats left at this price.
    var seats: Lenient<Int>?
}

/// One flight of an itinerary.
struct KiwiSegment: Decodable, Sendable {
    /// The departure airport.
    var flyFrom: String
    /// The arrival airport.
    var flyTo: String
    /// The departure city's name.
    var cityFrom: String?
    /// The arrival city's name.
    var cityTo: String?
    /// The departure city's code; not every response carries it per segment.
    var cityCodeFrom: String?
    /// The arrival city's code.
    var cityCodeTo: String?
    /// Local wall clock of take-off, written as if it were epoch seconds.
    var dTime: LenientNumber?
    /// Local wall clock of landing, written as if it were epoch seconds.
    var aTime: LenientNumber?
    /// The UTC instant of take-off.
    var dTimeUTC: LenientNumber?
    /// The UTC instant of landing.
    var aTimeUTC: LenientNumber?
    /// The marketing carrier's IATA code.
    var airline: String
    /// The flight number without the carrier: an Int, in some responses a string.
    var flightNumber: KiwiFlightNumber?
    /// 0 on the outbound leg, 1 on the way back.
    var direction: Lenient<Int>?

    enum CodingKeys: String, CodingKey {
        case flyFrom, flyTo, cityFrom, cityTo, cityCodeFrom, cityCodeTo, dTime, aTime, dTimeUTC, aTimeUTC, airline
        case flightNumber = "flight_no"
        case direction = "return"
    }

    /// Whether the segment belongs to the way back. A missing or unreadable flag means outbound, which
    /// is what every one-way answer is.
    var isInbound: Bool { direction?.value == 1 }
}

/// A flight number sent as `395` or as `"395"`; anything else reads as unknown rather than failing
/// the record, since a segment is still worth showing without it.
struct KiwiFlightNumber: Decodable, Sendable {
    /// The digits, as sent.
    var text: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            text = String(number)
        } else if let string = try? container.decode(String.self) {
            let trimmed = string.trimmingCharacters(in: .whitespaces)
            text = trimmed.isEmpty ? nil : trimmed
        } else {
            text = nil
        }
    }
}
