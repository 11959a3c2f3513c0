import Foundation
import ProviderKit

// SITA's `/airlines` wire format: a top-level array of airline records, read with the project's JSON
// reader. Each record is read on its own, so one that cannot be used throws an error naming its path
// (`[12].id is not a whole number`) and is skipped and counted; fields the mapping does not need are
// skipped unread.

/// One airline record as SITA sends it, checked.
struct SitaAirline: Sendable, Hashable {
    /// The record's id: a string holding a whole number, sometimes a JSON number.
    var id: Int
    /// The airline's name, trimmed.
    var name: String
    /// The two-character IATA code, upper case; `nil` when empty, `-` or not two letters or digits.
    var iata: String?
    /// The three-letter ICAO code, upper case; `nil` when empty, `-` or not three letters.
    var icao: String?
    /// The radio callsign, trimmed.
    var callsign: String?
    /// The country, trimmed.
    var country: String?
    /// Whether the airline still flies: `active` is `"Y"`.
    var isActive: Bool
    /// The logo.
    var image: WebLink

    /// The most digits an id may have: SITA's ids are small, and this many always fit in an `Int`.
    static let maximumIDDigits = 18

    /// Reads and checks one record.
    ///
    /// The id is parsed strictly: `"12a"`, `"12.5"`, `"-3"` and `"١٢"` are not ids (Foundation's
    /// `Decimal(string:)` would read `"12a"` as 12). `active` is `"Y"` or `"N"` in any case, with spaces
    /// around it. The optional strings are lenient: empty, null or of the wrong type, the field is `nil`
    /// and the record stays.
    /// - Parameter record: one element of the top-level array.
    /// - Throws: `JSONError` naming the field, for a record that is not an object, whose id is not a
    ///   whole number of sane size, whose `active` is not `Y` or `N`, or whose name is missing or blank.
    init(_ record: JSONNode) throws(JSONError) {
        id = try Self.identifier(record["id"])
        isActive = try Self.flag(record["active"])
        let nameField = try record["name"]
        guard let name = Self.text(nameField) else { throw nameField.error("is blank") }
        self.name = name
        iata = Self.code(try record["iata"], length: 2, digitsAllowed: true)
        icao = Self.code(try record["icao"], length: 3, digitsAllowed: false)
        callsign = Self.text(try record["callsign"])
        country = Self.text(try record["country"])
        image = WebLink(try record["image"])
    }

    /// A non-negative whole number, sent as a JSON number or as a string of ASCII digits with optional
    /// white space around it.
    private static func identifier(_ field: JSONNode) throws(JSONError) -> Int {
        let id: Int?
        switch field.kind {
        case .number?: id = try field.int
        case .string?: id = wholeNumber(try field.string.trimmedText)
        default: id = nil
        }
        guard let id, id >= 0 else { throw field.error("is not a whole number") }
        return id
    }

    /// The value of a string of ASCII digits, or `nil` for anything else.
    private static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= maximumIDDigits else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// `Y` → `true`, `N` → `false`, in any case and with white space around it.
    private static func flag(_ field: JSONNode) throws(JSONError) -> Bool {
        switch try field.ifPresent?.string.trimmedText {
        case "Y", "y": return true
        case "N", "n": return false
        default: throw field.error("is not Y or N")
        }
    }

    /// A trimmed, non-blank string; `nil` for anything else.
    private static func text(_ field: JSONNode) -> String? {
        guard let text = (try? field.ifPresent?.string)?.trimmedText, !text.isEmpty else { return nil }
        return text
    }

    /// A code of `length` ASCII letters (and digits, when allowed), upper-cased; `nil` for SITA's `-`
    /// placeholder and for anything that is not a code.
    private static func code(_ field: JSONNode, length: Int, digitsAllowed: Bool) -> String? {
        guard let text = text(field)?.uppercasedCode, text.utf8.count == length else { return nil }
        let valid = text.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (digitsAllowed && byte >= 0x30 && byte <= 0x39)
        }
        return valid ? text : nil
    }
}
