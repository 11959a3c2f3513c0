import AggregatorCore
import Foundation

/// The body of `GET /api/search`: one route (origin and destination city) and the flights found on it.
///
/// Only the fields the mapping reads are declared; the service's other fields are ignored. A body
/// without `origin`, `destination` or `results` is not an answer at all and fails to decode.
struct AviasalesSearchResponse: Decodable, Sendable {
    /// How many passengers the prices are for; the test search always answers for its own default.
    var passengersCount: Lenient<Int>?
    /// The city the flights leave from.
    var origin: AviasalesCity
    /// The city the flights go to.
    var destination: AviasalesCity
    /// The flights, decoded one by one so that one bad record never spoils the rest.
    var results: SkippingArray<AviasalesResult>

    enum CodingKeys: String, CodingKey {
        case passengersCount = "passengers_count"
        case origin
        case destination
        case results
    }
}

/// A city as the service names it: an IATA city code (`MOW`, not an airport) and a Russian name.
struct AviasalesCity: Decodable, Sendable {
    /// The IATA city code, such as `MOW`.
    var iata: String
    /// The city's name in Russian, such as `Москва`; optional because only display uses it.
    var name: Lenient<String>?
}

/// One flight found on the route.
struct AviasalesResult: Decodable, Sendable {
    /// The service's id for the offer, a UUID-like string.
    var id: String
    /// `yyyy-MM-dd HH:mm` on the wall clock of the departure airport; no zone is sent.
    var departureDateTime: String
    /// `yyyy-MM-dd HH:mm` on the wall clock of the arrival airport; no zone is sent.
    var arrivalDateTime: String
    /// The price of the whole booking.
    var price: AviasalesPrice
    /// The airline's display name, often in Cyrillic; never a code, except for names such as `S7`.
    var airline: String
    /// Tickets left at this price; a wrong type loses the count, not the flight.
    var availableTicketsCount: Lenient<Int>?

    enum CodingKeys: String, CodingKey {
        case id
        case departureDateTime = "departure_date_time"
        case arrivalDateTime = "arrival_date_time"
        case price
        case airline
        case availableTicketsCount = "available_tickets_count"
    }
}

/// A price as the service sends it: the value is usually an integer but sometimes a fraction.
struct AviasalesPrice: Decodable, Sendable {
    /// The currency's text, checked during mapping so that a bad code skips only its record.
    var currency: String
    /// The amount, integer or fraction.
    var value: LenientNumber
}
