import Foundation

/// A link kept as the text a `URL` would print: the `URL` itself is built only when asked for.
///
/// Answers carry a booking link per offer, and most are never shown: a search that prints 20 trips of
/// 10,000 needs 20 links. Parsing every one into a `URL` when it is read, and again asking each for its
/// host when it is screened, cost more than a tenth of reading a large answer. A link whose text is plainly
/// a web link (``init(webText:)``) is kept as the text its `URL` would print and known to be one; any other is parsed once,
/// as before, and judged on its `URL`.
///
/// Two addresses are equal when their texts are; ``text`` is exactly what `url?.absoluteString` gives.
public struct WebAddress: Sendable, Hashable {
    private enum Storage: Sendable {
        /// The text ``WebAddress/plainWebText(_:)`` gave.
        case checked(String)
        /// A URL from elsewhere, judged when it was stored.
        case url(URL, isWebLink: Bool)
    }

    private let storage: Storage

    /// A URL as it is; ``isWebLink`` says whether it is a web link.
    /// - Parameter url: any URL.
    public init(_ url: URL) {
        storage = .url(url, isWebLink: ResponseScreen.isWebLink(url))
    }

    /// Plain web-link text, kept as the text its `URL` prints; `nil` for any other text, which callers parse
    /// as a `URL`.
    /// - Parameter text: the link as sent.
    public init?(webText text: String) {
        var text = text
        switch text.withUTF8(Self.plainWebText) {
        case nil: return nil
        case .some(nil): storage = .checked(text)
        case .some(let escaped?): storage = .checked(escaped)
        }
    }

    /// The link's text, as `URL.absoluteString` gives it.
    public var text: String {
        switch storage {
        case .checked(let text): text
        case .url(let url, _): url.absoluteString
        }
    }

    /// The link as a `URL`.
    public var url: URL? {
        switch storage {
        case .checked(let text): URL(string: text)
        case .url(let url, _): url
        }
    }

    /// Whether the link is a web link: `http` or `https`, with a host (``ResponseScreen/isWebLink(_:)``).
    public var isWebLink: Bool {
        switch storage {
        case .checked: true
        case .url(_, let isWebLink): isWebLink
        }
    }

    /// Whether two addresses have the same text.
    public static func == (lhs: WebAddress, rhs: WebAddress) -> Bool { lhs.text == rhs.text }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// The text a `URL` prints for a plain web link: `http://` or `https://` in lower case, a host of letters,
    /// digits, dots and hyphens without a port or user, then printable ASCII.
    ///
    /// As `URL` does, the path, query and fragment are judged apart: one that RFC 3986 allows as it is stays
    /// as it is, and one that it does not (a `|`, a brace, a percent sign that starts no escape, a second
    /// `#`) has every character it does not allow percent-escaped, its percent signs included.
    /// - Returns: `nil` for text that is not a plain web link; `.some(nil)` when the text is printed as it
    ///   is; else the escaped text.
    static func plainWebText(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        let http = "http://".utf8
        let https = "https://".utf8
        var index: Int
        if bytes.starts(with: https) {
            index = https.count
        } else if bytes.starts(with: http) {
            index = http.count
        } else {
            return nil
        }
        let hostStart = index
        while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
        guard index > hostStart else { return nil }
        // The path runs to the first `?` or `#`, the query from a `?` to the first `#`, the fragment from there.
        let question = UInt8(ascii: "?")
        let hash = UInt8(ascii: "#")
        guard
            index == bytes.count || bytes[index] == UInt8(ascii: "/") || bytes[index] == question
                || bytes[index] == hash
        else { return nil }
        let pathEnd = bytes[index...].firstIndex { $0 == question || $0 == hash } ?? bytes.count
        let fragmentMark = bytes[pathEnd...].firstIndex(of: hash) ?? bytes.count
        let components = [
            index..<pathEnd, min(pathEnd + 1, fragmentMark)..<fragmentMark,
            min(fragmentMark + 1, bytes.count)..<bytes.count,
        ]
        .filter { !$0.isEmpty }
        let invalid = components.filter { !isValidComponent(bytes[$0]) }
        guard !invalid.isEmpty else { return .some(nil) }
        // A valid part is printable ASCII; an invalid one may hold anything.
        for component in invalid {
            guard bytes[component].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        }
        let hex: StaticString = "0123456789ABCDEF"
        // An escape is three bytes for one. The text is sized exactly: thousands of booking links are kept,
        // and a buffer of three times the length would keep a kilobyte more of each.
        var length = bytes.count
        for component in invalid {
            for byte in bytes[component] where !isPathByte(byte) { length += 2 }
        }
        return String(unsafeUninitializedCapacity: length) { text in
            var count = 0
            var written = 0
            func copy(_ range: Range<Int>) {
                for byte in bytes[range] {
                    text[count] = byte
                    count += 1
                }
            }
            for component in invalid {
                copy(written..<component.lowerBound)
                for byte in bytes[component] {
                    if isPathByte(byte) {
                        text[count] = byte
                        count += 1
                    } else {
                        text[count] = UInt8(ascii: "%")
                        text[count + 1] = hex.utf8Start[Int(byte >> 4)]
                        text[count + 2] = hex.utf8Start[Int(byte & 0xF)]
                        count += 3
                    }
                }
                written = component.upperBound
            }
            copy(written..<bytes.count)
            return count
        }
    }

    /// Whether a path, query or fragment is as RFC 3986 allows it: only the characters it allows unescaped,
    /// and percent signs that start escapes.
    private static func isValidComponent(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
                continue
            }
            guard isPathByte(byte) else { return false }
            index += 1
        }
        return true
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    /// Unreserved characters, sub-delimiters, `:`, `@`, `/` and `?`, as ``pathCharacters`` lists them.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        // One bit per ASCII character: bytes 0–63, then 64–127 (the test checks them against the list above).
        let (low, high): (UInt64, UInt64) = (0xAFFF_FFD2_0000_0000, 0x47FF_FFFE_87FF_FFFF)
        return byte < 64 ? low >> byte & 1 != 0 : byte < 128 && high >> (byte - 64) & 1 != 0
    }

    /// The characters ``isPathByte(_:)`` takes, spelt out.
    static let pathCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?".utf8)

    /// Whether ``isPathByte(_:)`` takes `byte`, for tests.
    static func takesInPath(_ byte: UInt8) -> Bool { isPathByte(byte) }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}
