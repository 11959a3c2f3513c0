import Foundation

/// A link kept as the text a `URL` would print: the `URL` itself is built only when asked for.
///
/// Answers carry a booking link per offer, and most are never shown: a search that prints 20 trips of
/// 10,000 needs 20 links. Parsing every one into a `URL` when it is read, and again asking each for its
/// host when it is screened, cost more than a tenth of reading a large answer. A link whose text is plainly
/// a web link (``init(checkedText:)``) is kept as that text and known to be one; any other is parsed once,
/// as before, and judged on its `URL`.
///
/// Two addresses are equal when their texts are; ``text`` is exactly what `url?.absoluteString` gives.
public struct WebAddress: Sendable, Hashable {
    private enum Storage: Sendable {
        /// Text that ``WebAddress/isPlainWebLink(_:)`` accepted.
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

    /// Plain web-link text, kept as it is; `nil` for any other text, which callers parse as a `URL`.
    /// - Parameter text: the link as sent.
    public init?(checkedText text: String) {
        var text = text
        guard text.withUTF8(Self.isPlainWebLink) else { return nil }
        storage = .checked(text)
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

    /// Whether the bytes are a web link that every `URL` parser reads as written: `http://` or `https://` in
    /// lower case, a host of letters, digits, dots and hyphens without a port or user, then only characters
    /// RFC 3986 allows unescaped in a path, query and fragment (percent signs starting an escape, one `#`).
    /// Such text parses, keeps its bytes as the URL's text, and has a host; anything else is left to `URL`.
    static func isPlainWebLink(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let http = "http://".utf8
        let https = "https://".utf8
        var index: Int
        if bytes.starts(with: https) {
            index = https.count
        } else if bytes.starts(with: http) {
            index = http.count
        } else {
            return false
        }
        let hostStart = index
        while index < bytes.count, isHostByte(bytes[index]) { index += 1 }
        guard index > hostStart else { return false }
        if index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") else {
                return false
            }
        }
        var inFragment = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#") {
                guard !inFragment else { return false }
                inFragment = true
            } else if !isPathByte(byte) {
                return false
            }
            index += 1
        }
        return true
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    /// Unreserved characters, sub-delimiters, `:`, `@`, `/` and `?`.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        if isAlphanumeric(byte) { return true }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

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
