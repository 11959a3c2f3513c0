import AggregatorCore

/// Finds the word a typo was probably meant to be.
enum Suggestion {
    /// The candidate within two edits of `word` (or that `word` is a prefix of), if exactly one is closest.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        if best.1 <= max(1, min(2, word.count / 3)) { return best.0 }
        let prefixed = candidates.filter { $0.hasPrefix(word) && word.count >= 3 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Levenshtein distance.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
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
    var uppercasedFirst: String { prefix(1).uppercased() + dropFirst() }
}
