import AggregatorCore
import Foundation

extension AirlineRecord {
    /// Maps one SITA record.
    ///
    /// Returns `nil`, so that the caller skips and counts the record, when the id is not a whole number,
    /// `active` is neither `Y` nor `N`, or the name is missing or blank. Optional strings are trimmed and
    /// an empty one (or SITA's `-` placeholder for codes) becomes `nil`; codes are upper-cased; an image
    /// that is not an http(s) URL becomes `nil` rather than costing the record.
    /// - Parameter sita: the record as decoded.
    init?(sita: SitaAirline) {
        guard let id = sita.id?.value?.value,
            let active = sita.active?.value.flatMap(Self.sitaFlag),
            let name = Self.text(sita.name)
        else { return nil }
        self.init(
            id: id, name: name, iata: Self.code(sita.iata), icao: Self.code(sita.icao),
            callsign: Self.text(sita.callsign), country: Self.text(sita.country), isActive: active,
            imageURL: Self.text(sita.image).flatMap(Self.webURL))
    }

    /// `Y` → `true`, `N` → `false`, in any case and with surrounding spaces; anything else `nil`.
    static func sitaFlag(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased() {
        case "Y": true
        case "N": false
        default: nil
        }
    }

    private static func text(_ field: Lenient<String>?) -> String? {
        guard let value = field?.value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    private static func code(_ field: Lenient<String>?) -> String? {
        guard let value = text(field), value != "-" else { return nil }
        return value.uppercased()
    }

    private static func webURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            url.host != nil
        else { return nil }
        return url
    }
}
