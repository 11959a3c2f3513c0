import Foundation

// Text helpers for providers' mapping loops: they look at a string's UTF-8 bytes first and only fall back
// to Unicode-aware work when the bytes are not plain ASCII, so the usual record costs no Foundation
// round-trip and no allocation.

extension String {
    /// The text without white space at either end (Unicode `White_Space`, line breaks included).
    ///
    /// Text that starts and ends with a visible ASCII character, as nearly every field does, is returned
    /// as it is after looking at two bytes.
    public var trimmedText: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        if first > 0x20, first < 0x7F, last > 0x20, last < 0x7F { return self }
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { scalars.formIndex(after: &start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace {
            scalars.formIndex(before: &end)
        }
        return String(scalars[start..<end])
    }

    /// The text without white space at either end, or `nil` when nothing else is left: what a field that
    /// sends `""` or blanks for "unknown" means.
    public var nonBlank: String? {
        let trimmed = trimmedText
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The text in upper case; ASCII text is converted byte by byte, and returned as it is when it has
    /// no lower-case letter (as airport and airline codes usually have not).
    public var uppercasedCode: String {
        // The bytes are read where they lie (a code is a small string, held in the value itself): stepping
        // through the UTF-8 view checks every index, which cost more than the test. A string without UTF-8
        // storage of its own (one bridged from Objective-C) is stepped through.
        switch utf8.withContiguousStorageIfAvailable(Self.letters) ?? Self.letters(utf8) {
        case .upperCase: return self
        case .notASCII: return uppercased()
        case .lowerCase: return String(decoding: utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        }
    }

    /// What a code's letters need to be upper case.
    private enum CodeLetters { case upperCase, lowerCase, notASCII }

    private static func letters(_ bytes: some Sequence<UInt8>) -> CodeLetters {
        var letters = CodeLetters.upperCase
        for byte in bytes {
            if byte >= 0x80 { return .notASCII }
            if byte >= 0x61 && byte <= 0x7A { letters = .lowerCase }
        }
        return letters
    }
}
