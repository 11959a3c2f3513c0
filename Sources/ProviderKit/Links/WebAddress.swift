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
        storage = .url(url, isWebLink: WebLink.isWebLink(url))
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

    /// ``init(webText:)`` for text given as UTF-8 bytes, such as a string read in place from an answer: the
    /// text is built once, as it is kept.
    /// - Parameter bytes: the link as sent, valid UTF-8.
    public init?(webBytes bytes: UnsafeBufferPointer<UInt8>) {
        switch Self.plainWebText(bytes) {
        case nil: return nil
        // Plain web-link text is printable ASCII.
        case .some(nil): storage = .checked(String(decoding: bytes, as: UTF8.self))
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

    /// Whether the link is a web link: `http` or `https`, with a host (``WebLink.isWebLink(_:)``).
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
        // The marks are found by `memchr`, many bytes at a time: a booking link's query runs to hundreds of bytes.
        let fragmentMark = Self.first(UInt8(ascii: "#"), in: bytes, from: index)
        let pathEnd = min(Self.first(UInt8(ascii: "?"), in: bytes, from: index), fragmentMark)
        let parts = Parts(
            path: index..<pathEnd, query: min(pathEnd + 1, fragmentMark)..<fragmentMark,
            fragment: min(fragmentMark + 1, bytes.count)..<bytes.count)
        return classes.withUnsafeBufferPointer { classes -> String?? in
            // Per part: whether it is valid as it stands, and how many bytes it escapes when it is not.
            var escapes = 0
            var invalid: UInt8 = 0
            for number in 0..<3 {
                let part = parts[number]
                var seen: UInt8 = 0
                var outside = 0
                for byte in bytes[part] {
                    let kind = classes[Int(byte)]
                    seen |= kind
                    outside &+= Int(kind & Self.outsidePath)
                }
                guard seen & Self.outsidePath != 0 else { continue }
                // Only a part with a percent sign can hold bytes outside the path set and still be valid.
                guard seen & Self.notPercent != 0 || !isValidComponent(bytes[part]) else { continue }
                // A valid part is printable ASCII; an invalid one may hold anything.
                guard seen & Self.unprintable == 0 else { return nil }
                invalid |= 1 << number
                escapes += outside
            }
            guard invalid != 0 else { return .some(nil) }
            return Self.escaped(
                bytes, parts: parts, invalid: invalid, length: bytes.count + 2 * escapes, classes: classes)
        }
    }

    /// The offset of the first `byte` at or after `start`, or the end.
    private static func first(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return bytes.count }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Where a link's path, query and fragment lie.
    private struct Parts {
        var path: Range<Int>
        var query: Range<Int>
        var fragment: Range<Int>

        /// The path (0), the query (1) or the fragment (2).
        subscript(number: Int) -> Range<Int> {
            number == 0 ? path : number == 1 ? query : fragment
        }
    }

    /// The text with every byte outside the path set escaped in the parts that are invalid (bits 0, 1 and 2 of
    /// `invalid`: the path, the query, the fragment).
    /// - Parameters:
    ///   - length: the escaped length, exactly: thousands of booking links are kept, and a buffer sized for
    ///     the worst case would keep a kilobyte more of each.
    private static func escaped(
        _ bytes: UnsafeBufferPointer<UInt8>, parts: Parts, invalid: UInt8, length: Int,
        classes: UnsafeBufferPointer<UInt8>
    ) -> String {
        let hex: StaticString = "0123456789ABCDEF"
        return String(unsafeUninitializedCapacity: length) { text in
            var count = 0
            var written = 0
            func copy(upTo end: Int) {
                guard end > written, let base = bytes.baseAddress, let target = text.baseAddress else { return }
                (target + count).update(from: base + written, count: end - written)
                count += end - written
                written = end
            }
            for number in 0..<3 where invalid & 1 << number != 0 {
                let part = parts[number]
                copy(upTo: part.lowerBound)
                // Runs of path characters are copied whole; each other byte becomes an escape, three bytes for one.
                var position = part.lowerBound
                while position < part.upperBound {
                    while position < part.upperBound, classes[Int(bytes[position])] & outsidePath == 0 {
                        position += 1
                    }
                    copy(upTo: position)
                    guard position < part.upperBound else { break }
                    let byte = bytes[position]
                    text[count] = UInt8(ascii: "%")
                    text[count + 1] = hex.utf8Start[Int(byte >> 4)]
                    text[count + 2] = hex.utf8Start[Int(byte & 0xF)]
                    count += 3
                    position += 1
                    written = position
                }
            }
            copy(upTo: bytes.count)
            return count
        }
    }

    /// A byte's class in a link, one bit each: outside the path set, not a percent sign, not printable ASCII.
    /// Path characters are 0, so a part's bytes are judged by OR-ing their classes, one table look-up each.
    private static let classes: [UInt8] = (0...255).map { byte in
        let byte = UInt8(byte)
        guard !isPathByte(byte) else { return 0 }
        let printable = byte > 0x20 && byte < 0x7F
        return outsidePath | (byte == UInt8(ascii: "%") ? 0 : notPercent) | (printable ? 0 : unprintable)
    }
    private static let outsidePath: UInt8 = 1
    private static let notPercent: UInt8 = 2
    private static let unprintable: UInt8 = 4

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
