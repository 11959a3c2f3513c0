import AggregatorCore
import Foundation

// SITA's `/airlines` wire format: a top-level array of airline records. Every field is decoded
// leniently, so that a record of the wrong shape reaches the mapping, which skips and counts it,
// instead of failing the list; fields the mapping does not need are ignored.

/// One airline record as SITA sends it.
struct SitaAirline: Decodable, Sendable {
    /// A string holding an integer (`"412"`), sometimes a JSON number.
    var id: Lenient<SitaIdentifier>?
    /// The airline's name; a record without one is skipped.
    var name: Lenient<String>?
    /// The IATA code, often empty or `-` for airlines without one.
    var iata: Lenient<String>?
    /// The ICAO code.
    var icao: Lenient<String>?
    /// The radio callsign.
    var callsign: Lenient<String>?
    /// The country.
    var country: Lenient<String>?
    /// `"Y"` or `"N"`, in any case, sometimes with spaces around it.
    var active: Lenient<String>?
    /// The logo's URL: absent, null, empty or a URL.
    var image: Lenient<String>?
}

/// SITA's record id: a string holding a whole number, or a JSON number. Parsed strictly: `"12a"` is
/// not 12 (Foundation's `Decimal(string:)` would read its prefix), so such a record is skipped.
struct SitaIdentifier: Decodable, Sendable {
    /// The id.
    var value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let text = try? container.decode(String.self),
            let number = Int(text.trimmingCharacters(in: .whitespaces))
        {
            value = number
        } else {
            throw DecodingError.typeMismatch(
                Int.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected a whole number"))
        }
    }
}
