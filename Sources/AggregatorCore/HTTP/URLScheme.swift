/// The scheme a URL's text starts with, read from the text itself: what a setting or a `Location` header
/// means, before Foundation resolves it against anything.
enum URLScheme {
    /// The scheme of `text` (`https` in `https://…`, `javascript` in `javascript:…`), lower case; `nil` for a
    /// path. A scheme is letters, then letters, digits, `+`, `-` or `.`, then `:`; one letter before the
    /// colon is not taken for a scheme (it is a drive letter, or a typo).
    /// - Parameter text: the URL or path as written.
    /// - Returns: the scheme, or `nil`.
    static func of(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard candidate.count > 1, let first = candidate.first, first.isASCII, first.isLetter,
            candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return candidate.lowercased()
    }
}
