import AggregatorCore
import ProviderKit

/// Finds the word a typo was probably meant to be.
package enum Suggestion {
    /// The candidate within two edits of `word` (or that `word` is a prefix of), if exactly one is closest.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        if best.1 <= max(1, min(2, word.count / 3)) { return best.0 }
        let prefixed = candidates.filter { $0.hasPrefix(word) && word.count >= 3 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Characters that look like a hyphen but are not one: what a word processor, a phone or a web page
    /// makes of `--`.
    package static let lookalikeDashes: Set<Character> = [
        "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}", "\u{FE58}", "\u{FE63}",
        "\u{FF0D}",
    ]

    /// The option a word was meant to be when it starts with dashes of which one at least is a lookalike
    /// (`—from`, `–-from`, `−−from`): the word with its dashes replaced by `--`; `nil` for any other word.
    package static func optionWithLookalikeDash(_ word: String) -> String? {
        let dashes = word.prefix { $0 == "-" || lookalikeDashes.contains($0) }
        guard dashes.contains(where: lookalikeDashes.contains) else { return nil }
        let name = word.dropFirst(dashes.count).prefix { $0 != "=" }
        guard let first = name.first, first.isLetter else { return nil }
        return "--" + name
    }

    /// Whether a word can be shown as the value of an option in a hint, as typed: not empty, not starting
    /// with a dash (it would be read as an option), and without spaces or control characters (it would
    /// need quoting, or would not show as typed).
    package static func isPlainValue(_ word: String) -> Bool {
        guard let first = word.first, first != "-", !lookalikeDashes.contains(first) else { return false }
        return PrintableText.sanitized(word) == word && !word.unicodeScalars.contains { $0.properties.isWhitespace }
    }

    /// Levenshtein distance.
    package static func distance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        if left.isEmpty { return right.count }
        var previous = Array(0...right.count)
        for (i, leftCharacter) in left.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: right.count)
            for (j, rightCharacter) in right.enumerated() {
                current[j + 1] = min(
                    previous[j + 1] + 1, current[j] + 1, previous[j] + (leftCharacter == rightCharacter ? 0 : 1))
            }
            previous = current
        }
        return previous[right.count]
    }
}

extension String {
    package var uppercasedFirst: String { prefix(1).uppercased() + dropFirst() }
}
