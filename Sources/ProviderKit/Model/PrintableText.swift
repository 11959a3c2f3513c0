/// Text from outside (a provider's answer, a service's message) made safe to show: the one sanitiser
/// for everything that reaches a terminal or a CSV cell.
///
/// Provider data is hostile until proven otherwise: a carrier name could carry an escape sequence that
/// sets the window title, clears the screen or fakes a line of output. Every control character (C0,
/// DEL, C1) and every bidirectional-override character is replaced by a visible `�`, so nothing in the
/// text can steer the terminal and the user can still see that something odd was there; tabs and line
/// breaks become single spaces, so one value stays one line.
public enum PrintableText {
    /// The replacement for a character that may not reach a terminal.
    public static let replacement: Character = "\u{FFFD}"

    /// The text with every control character replaced and line breaks turned into spaces.
    /// - Parameter text: text from outside.
    /// - Returns: text that is safe on a terminal, on one line.
    public static func sanitized(_ text: String) -> String {
        // Printable ASCII needs nothing: checking its bytes is far quicker than decoding scalars.
        guard !text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return text }
        guard text.unicodeScalars.contains(where: needsAttention) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": result.append(" ")
            case _ where isForbidden(scalar): result.append(contentsOf: String(replacement).unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// A short, printable, one-line excerpt: sanitised, runs of white space collapsed, cut at `limit`
    /// characters with `…`.
    /// - Parameters:
    ///   - text: text from outside.
    ///   - limit: the most characters kept.
    /// - Returns: the excerpt; empty for blank text.
    public static func excerpt(_ text: String, limit: Int = 120) -> String {
        let words = sanitized(text).split(whereSeparator: { $0 == " " })
        let joined = words.joined(separator: " ")
        guard joined.count > limit else { return joined }
        return String(joined.prefix(max(limit - 1, 0))) + "…"
    }

    private static func needsAttention(_ scalar: Unicode.Scalar) -> Bool {
        isForbidden(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// C0 controls, DEL, C1 controls, and the characters that reorder text on screen.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }
}
