import Foundation

/// The names people and providers use for common airlines, by IATA code: the tool's built-in
/// knowledge, so that `Austrian Airlines` and `OS` mean the same carrier even when no airline directory
/// was asked and a provider sends only the code.
///
/// It is a lookup for matching names, never a source of codes for carriers: a provider that knows only a
/// name keeps only the name. The merge meets such a carrier with the coded one only where its name stands
/// for exactly one code, since a wrong code would merge different flights.
public enum AirlineNames {
    /// Each code with the names it is known by; names are matched case- and accent-insensitively.
    public static let byCode: [String: [String]] = [
        "A3": ["Aegean", "Aegean Airlines"],
        "AA": ["American", "American Airlines"],
        "AC": ["Air Canada"],
        "AF": ["Air France"],
        "AY": ["Finnair"],
        "AZ": ["ITA Airways", "Alitalia"],
        "BA": ["British Airways"],
        "BT": ["airBaltic", "Air Baltic"],
        "DL": ["Delta", "Delta Air Lines"],
        "DY": ["Norwegian", "Norwegian Air Shuttle"],
        "EI": ["Aer Lingus"],
        "EK": ["Emirates"],
        "EW": ["Eurowings"],
        "EY": ["Etihad", "Etihad Airways"],
        "FR": ["Ryanair"],
        "HV": ["Transavia"],
        "IB": ["Iberia"],
        "JU": ["Air Serbia"],
        "KL": ["KLM", "KLM Royal Dutch Airlines"],
        "LH": ["Lufthansa"],
        "LO": ["LOT", "LOT Polish Airlines"],
        "LX": ["Swiss", "Swiss International Air Lines"],
        "OK": ["Czech Airlines"],
        "OS": ["Austrian", "Austrian Airlines"],
        "PC": ["Pegasus", "Pegasus Airlines"],
        "QR": ["Qatar Airways"],
        "SK": ["SAS", "Scandinavian Airlines"],
        "SN": ["Brussels Airlines"],
        "SU": ["Aeroflot"],
        "TK": ["Turkish Airlines", "Türk Hava Yolları"],
        "TP": ["TAP", "TAP Air Portugal"],
        "U2": ["easyJet"],
        "UA": ["United", "United Airlines"],
        "UX": ["Air Europa"],
        "V7": ["Volotea"],
        "VY": ["Vueling", "Vueling Airlines"],
        "W6": ["Wizz Air"],
        "X3": ["TUIfly", "TUI fly"],
    ]

    /// Text folded for comparison: case and accents dropped, surrounding spaces trimmed, and the
    /// letters Unicode does not see as accented (`ı`, `ł`, `ø`, `đ`) read as their plain forms, so that
    /// `turk hava yollari` finds `Türk Hava Yolları`.
    /// - Parameter text: the text.
    /// - Returns: the folded text.
    public static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
        guard folded.unicodeScalars.contains(where: { plainForms[$0] != nil }) else { return folded }
        var plain = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars { plain.append(plainForms[scalar] ?? scalar) }
        return String(plain)
    }

    private static let plainForms: [Unicode.Scalar: Unicode.Scalar] = [
        "ı": "i", "ł": "l", "ø": "o", "đ": "d",
    ]
}
