import Foundation

// A small text helper for the mapping's loop: it looks at a string's UTF-8 bytes first and only
// falls back to Unicode-aware work when the bytes are not plain ASCII, so the usual record costs no
// Foundation round-trip and no allocation.

extension String {
    /// The text without white space at either end (Unicode `White_Space`, line breaks included).
    ///
    /// Text that starts and ends with a visible ASCII character, as nearly every field does, is returned
    /// as it is after looking at two bytes.
    var trimmedText: String {
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
}
