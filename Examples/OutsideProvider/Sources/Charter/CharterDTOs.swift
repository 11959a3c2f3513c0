import Foundation
import ProviderKit

/// The answer to `GET /departures`.
struct CharterAnswer: Decodable {
    var departures: [CharterDeparture]
}

/// One departure as the service lists it; every field may be missing in a broken record.
struct CharterDeparture: Decodable {
    var flight: String?
    var from: String?
    var to: String?
    var leaves: String?
    var fare: CharterFare?
    var seats: Int?
}

/// A fare: the amount as decimal text, and its currency.
struct CharterFare: Decodable {
    var amount: String
    var currency: String
}
