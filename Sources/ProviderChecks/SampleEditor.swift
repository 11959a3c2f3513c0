import Foundation
import ProviderKit

/// Edits the values of named keys in a JSON sample's text, leaving every other byte as it was, so that
/// a check can alter one thing about a provider's own sample and nothing else.
enum SampleEditor {
    /// The pattern of `"key": value`, where the value is a string or a number.
    private static func pattern(for keys: Set<String>) -> NSRegularExpression? {
        let names = keys.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        return try? NSRegularExpression(
            pattern: #""(?:\#(names))"\s*:\s*("(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*)"#)
    }

    /// The key whose value comes first among the keys, as ``replacingValues(of:in:limit:with:)`` with a limit of
    /// one changes it: which of several price keys a check edited.
    static func firstKey(of keys: Set<String>, in text: String) -> String? {
        guard let regex = pattern(for: keys),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range, in: text)
        else { return nil }
        let found = text[range]
        return keys.sorted { $0.count > $1.count }.first { found.hasPrefix("\"\($0)\"") }
    }

    /// The first value of one of the keys, as written.
    static func firstValue(of keys: Set<String>, in text: String) -> String? {
        guard let regex = pattern(for: keys),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// The text with the values of the keys replaced, in document order, at most `limit` of them.
    static func replacingValues(
        of keys: Set<String>, in text: String, limit: Int = .max, with replace: (String) -> String
    ) -> String {
        guard let regex = pattern(for: keys) else { return text }
        let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).prefix(limit)
        var result = text
        for match in matches.reversed() {
            guard let range = Range(match.range(at: 1), in: result) else { continue }
            result.replaceSubrange(range, with: replace(String(result[range])))
        }
        return result
    }
}
