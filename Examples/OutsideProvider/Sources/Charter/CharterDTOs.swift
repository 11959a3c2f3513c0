import Foundation
import ProviderKit

/// One departure as the service lists it, read from its JSON record; a field that is missing or of the
/// wrong type costs only that field.
struct CharterDeparture {
    var flight: String?
    var from: String?
    var to: String?
    var leaves: String?
    var amount: String?
    var currency: String?
    var seats: Int?

    /// Reads a record of `departures`.
    /// - Parameter record: the record.
    init(_ record: JSONNode) {
        flight = try? record["flight"].string
        from = try? record["from"].string
        to = try? record["to"].string
        leaves = try? record["leaves"].string
        amount = try? record["fare"]["amount"].string
        currency = try? record["fare"]["currency"].string
        seats = try? record["seats"].int
    }
}
