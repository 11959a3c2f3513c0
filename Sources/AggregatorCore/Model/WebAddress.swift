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
        // No port, no user: the host ends the authority.
        guard
            index == bytes.count || bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?")
                || bytes[index] == UInt8(ascii: "#")
        else { return nil }
        // The path runs to the first `?` or `#`, the query from a `?` to the first `#`, the fragment from there.
        // One pass tells, per part, whether it is valid as it stands (path characters and `%XX` escapes), how
        // many of its bytes are not path characters (each becomes three when the part is escaped), and
        // whether it holds anything but printable ASCII (then the text is not plain).
        var parts = Parts()
        var part = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "?"), part == 0 {
                part = 1
            } else if byte == UInt8(ascii: "#"), part < 2 {
                part = 2
            } else if !isPathByte(byte) {
                let escape =
                    byte == UInt8(ascii: "%") && index + 2 < bytes.count && isHexDigit(bytes[index + 1])
                    && isHexDigit(bytes[index + 2])
                parts[part].note(escape: escape, printable: byte > 0x20 && byte < 0x7F)
            }
            index += 1
        }
        guard parts.anyInvalid else { return .some(nil) }
        // A valid part is printable ASCII; an invalid one may hold anything.
        guard parts.invalidArePrintable else { return nil }
        let hex: StaticString = "0123456789ABCDEF"
        // An escape is three bytes for one. The text is sized exactly: thousands of booking links are kept,
        // and a buffer of three times the length would keep a kilobyte more of each.
        let length = bytes.count + 2 * parts.escapes
        return String(unsafeUninitializedCapacity: length) { text in
            var count = 0
            var part = 0
            for position in bytes.indices {
                let byte = bytes[position]
                if position >= hostStart {
                    if byte == UInt8(ascii: "?"), part == 0 {
                        part = 1
                    } else if byte == UInt8(ascii: "#"), part < 2 {
                        part = 2
                    } else if !isPathByte(byte), parts[part].isInvalid {
                        text[count] = UInt8(ascii: "%")
                        text[count + 1] = hex.utf8Start[Int(byte >> 4)]
                        text[count + 2] = hex.utf8Start[Int(byte & 0xF)]
                        count += 3
                        continue
                    }
                }
                text[count] = byte
                count += 1
            }
            return count
        }
    }

    /// What one pass found in the path, the query and the fragment of a link.
    private struct Parts {
        private var path = Part()
        private var query = Part()
        private var fragment = Part()

        /// The path (0), the query (1) or the fragment (2).
        subscript(index: Int) -> Part {
            get { index == 0 ? path : index == 1 ? query : fragment }
            set {
                switch index {
                case 0: path = newValue
                case 1: query = newValue
                default: fragment = newValue
                }
            }
        }

        var anyInvalid: Bool { path.isInvalid || query.isInvalid || fragment.isInvalid }

        var invalidArePrintable: Bool {
            (!path.isInvalid || path.isPrintable) && (!query.isInvalid || query.isPrintable)
                && (!fragment.isInvalid || fragment.isPrintable)
        }

        /// How many bytes the invalid parts escape.
        var escapes: Int {
            (path.isInvalid ? path.outside : 0) + (query.isInvalid ? query.outside : 0)
                + (fragment.isInvalid ? fragment.outside : 0)
        }
    }

    /// What one pass found in one part of a link.
    private struct Part {
        /// How many bytes are not path characters, escapes included.
        var outside = 0
        /// Whether a byte is neither a path character nor part of a `%XX` escape.
        var isInvalid = false
        /// Whether every such byte is printable ASCII.
        var isPrintable = true

        mutating func note(escape: Bool, printable: Bool) {
            outside += 1
            if !escape { isInvalid = true }
            if !printable { isPrintable = false }
        }
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
