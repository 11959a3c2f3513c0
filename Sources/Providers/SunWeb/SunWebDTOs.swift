import Foundation
import ProviderKit

// SunWeb's two wire formats, read with the project's JSON reader only as far as the mapping needs.
// Airline descriptions and whatever else a record carries are skipped unread, so new or oddly typed
// extras never fail a search. Each record is read on its own: one that cannot be sold throws an error
// naming its path (`data.outboundFlights[3].price is not positive`) and is skipped and counted.

/// One flight as SunWeb lists it, checked: a route, an airline key and a positive seat price, with no
/// dates or times (SunWeb publishes none).
struct SunWebFlight: Sendable, Hashable {
    /// SunWeb's id, documented as unique across both lists; offer ids derive from it.
    var id: Int
    /// The airline's key into the airlines list (not a display name, not an IATA code), trimmed.
    var airline: String
    /// The departure airport, upper case.
    var origin: String
    /// The arrival airport, upper case.
    var destination: String
    /// One seat's price in EUR.
    var price: Decimal

    /// The seat prices taken as real, one cent to a million euros: outside them the number is a broken or
    /// hostile record's (`1e-120`, `1e300`), and keeping prices this size keeps every sum of two exact.
    static let plausiblePrices = Decimal(sign: .plus, exponent: -2, significand: 1)...Decimal(1_000_000)

    /// Reads and checks one flight record.
    ///
    /// The price comes as an Int, a fraction or a numeric string; airport codes in any case with spaces
    /// around them.
    /// - Parameter record: one element of `outboundFlights` or `inboundFlights`.
    /// - Throws: `JSONError` naming the field, for a record that is not an object, has no whole-number
    ///   id or no airline key, misses an airport, or has a price that is missing, not a number, zero,
    ///   negative or of absurd size (`1e999`, `1e-120`).
    init(_ record: JSONNode) throws(JSONError) {
        id = try record["id"].int
        airline = try record["airline"].string.trimmedText
        origin = try Self.airport(record["departureAirportCode"])
        destination = try Self.airport(record["arrivalAirportCode"])
        let priceField = try record["price"]
        guard let price = try priceField.lenientDecimal else { throw priceField.error("is not a price") }
        guard price > 0 else { throw priceField.error("is not positive") }
        guard Self.plausiblePrices.contains(price) else { throw priceField.error("is not a plausible price") }
        self.price = price
    }

    /// An airport code, trimmed and upper-cased; a blank one makes the record unusable.
    private static func airport(_ field: JSONNode) throws(JSONError) -> String {
        guard let code = try field.ifPresent?.string.trimmedText, !code.isEmpty else { throw field.error("is blank") }
        return code.uppercasedCode
    }
}

/// One airline record, checked. Only `id` and `name` are required: a record without its pictures still
/// names the carrier, while one without a key or a name cannot be used at all.
struct SunWebAirline: Sendable, Hashable {
    /// The key flights refer to, such as `Vueling`, trimmed.
    var key: String
    /// The display name, such as `Vueling (Vueling Airlines)`, trimmed.
    var name: String
    /// The line the airline advertises itself with, when it has a non-blank one.
    var headline: String?
    /// The airline's logo.
    var logo: WebLink
    /// A large picture, used as the offer's image.
    var picture: WebLink

    /// Reads and checks one airline record; the optional fields are lenient, so a wrongly typed logo
    /// costs only the logo.
    /// - Parameter record: one element of `airlines`.
    /// - Throws: `JSONError` for a record that is not an object, or whose `id` or `name` is missing,
    ///   not a string or blank.
    init(_ record: JSONNode) throws(JSONError) {
        let keyField = try record["id"]
        key = try keyField.string.trimmedText
        guard !key.isEmpty else { throw keyField.error("is blank") }
        let nameField = try record["name"]
        name = try nameField.string.trimmedText
        guard !name.isEmpty else { throw nameField.error("is blank") }
        headline = (try? record["headline"].ifPresent?.string)?.trimmedText
        if headline?.isEmpty == true { headline = nil }
        logo = WebLink(try record["logoImg"])
        picture = WebLink(try record["mainImg"])
    }
}
