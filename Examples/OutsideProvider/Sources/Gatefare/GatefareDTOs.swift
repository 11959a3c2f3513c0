import Foundation
import ProviderKit

/// One flight offer of `data`, as much of it as the mapping needs: its segments (one leg), its seats and
/// its price for the whole party.
struct GatefareOffer {
    /// One flight of the leg.
    struct Flight {
        var carrier: String
        var number: String
        var from: String
        var to: String
        var departs: String
        var arrives: String?
    }

    var flights: [Flight]
    var seats: Int?
    var total: String
    var currency: String

    /// Reads a record; a record without segments or a price is not an offer.
    /// - Parameter record: the record.
    /// - Throws: ``JSONError`` for a record in another shape.
    init(_ record: JSONNode) throws {
        let leg = try record["itineraries"][0]
        flights = try leg["segments"].elements.map { segment in
            Flight(
                carrier: try segment["carrierCode"].string, number: try segment["number"].string,
                from: try segment["departure"]["iataCode"].string, to: try segment["arrival"]["iataCode"].string,
                departs: try segment["departure"]["at"].string, arrives: try? segment["arrival"]["at"].string)
        }
        seats = try? record["numberOfBookableSeats"].int
        total = try record["price"]["grandTotal"].string
        currency = try record["price"]["currency"].string
    }
}
