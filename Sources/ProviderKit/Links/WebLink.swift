import Foundation

/// What a link field of a provider's answer held: nothing, a web link, or text that is not one.
///
/// Provider data is hostile until proven otherwise: only an `http` or `https` URL with a host becomes a
/// link. Anything else (`javascript:`, `file:`, `data:`, a bare file name, text with spaces or control
/// characters, text longer than any real link) is refused, so that a provider can count it and tell the
/// user. The one check every provider's links go through; ``ResponseScreen`` checks the mapped offers again.
public enum WebLink: Sendable, Hashable {
    /// No usable text: absent, null, blank or not a string.
    case absent
    /// A web link.
    case web(URL)
    /// Text that is not a web link.
    case refused

    /// The longest link taken by default: logos, pictures and booking pages are far shorter.
    public static let maximumLength = 4_096

    /// Reads a link field; a value of the wrong type costs only the field.
    /// - Parameters:
    ///   - node: the field, possibly missing.
    ///   - maximumLength: the longest link taken, in UTF-8 bytes.
    public init(_ node: JSONNode, maximumLength: Int = WebLink.maximumLength) {
        let text = (try? node.ifPresent?.string)?.trimmedText ?? ""
        guard !text.isEmpty else {
            self = .absent
            return
        }
        self = Self.url(text, maximumLength: maximumLength).map(WebLink.web) ?? .refused
    }

    /// The URL, when the field held a web link.
    public var url: URL? {
        guard case .web(let url) = self else { return nil }
        return url
    }

    /// `text` as a URL when it is an `http` or `https` link with a host and nothing that could steer a
    /// terminal. The length, the scheme and the characters are checked on the bytes, so that text that
    /// cannot be a clean web link is never parsed.
    /// - Parameters:
    ///   - text: the link as sent.
    ///   - maximumLength: the longest link taken, in UTF-8 bytes.
    /// - Returns: the URL, or `nil`.
    public static func url(_ text: String, maximumLength: Int = WebLink.maximumLength) -> URL? {
        var text = text
        let clean = text.withUTF8 { bytes in
            bytes.count <= maximumLength && hasWebScheme(bytes) && !hasSpaceOrControl(bytes)
        }
        guard clean, let url = URL(string: text), Self.isWebLink(url) else { return nil }
        return url
    }

    /// `text` as a web address: kept as text when it is plainly a web link, else parsed as ``url(_:maximumLength:)``
    /// parses it. Booking links, read by the thousand and mostly never shown, are read this way.
    /// - Parameters:
    ///   - text: the link as sent.
    ///   - maximumLength: the longest link taken, in UTF-8 bytes.
    /// - Returns: the address, or `nil` where ``url(_:maximumLength:)`` gives `nil`.
    public static func address(_ text: String, maximumLength: Int = WebLink.maximumLength) -> WebAddress? {
        guard text.utf8.count <= maximumLength else { return nil }
        if let address = WebAddress(webText: text) { return address }
        return url(text, maximumLength: maximumLength).map(WebAddress.init)
    }

    /// ``address(_:maximumLength:)`` for text given as UTF-8 bytes, such as a string read in place from an
    /// answer: a plain web link is checked on the bytes and its text built once, as it is kept.
    /// - Parameters:
    ///   - bytes: the link as sent, valid UTF-8.
    ///   - maximumLength: the longest link taken, in UTF-8 bytes.
    /// - Returns: the address, or `nil` where ``url(_:maximumLength:)`` gives `nil`.
    public static func address(
        bytes: UnsafeBufferPointer<UInt8>, maximumLength: Int = WebLink.maximumLength
    ) -> WebAddress? {
        guard bytes.count <= maximumLength else { return nil }
        if let address = WebAddress(webBytes: bytes) { return address }
        return url(String(decoding: bytes, as: UTF8.self), maximumLength: maximumLength).map(WebAddress.init)
    }

    /// Whether the text holds a space, a C0 control, DEL or a C1 control (U+0080–U+009F, which UTF-8 writes as
    /// C2 80–9F). Booking links run to kilobytes, so one branch-free pass looks for any byte that could start
    /// such a character before the exact check runs.
    private static func hasSpaceOrControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var suspect: UInt8 = 0
        for byte in bytes {
            suspect |= (byte <= 0x20 ? 1 : 0) | (byte == 0x7F ? 1 : 0) | (byte == 0xC2 ? 1 : 0)
        }
        guard suspect != 0 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte <= 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { return true }
            previous = byte
        }
        return false
    }

    /// Whether the bytes start with `http://` or `https://`, in any case.
    private static func hasWebScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        for expected in "http".utf8 {
            guard index < bytes.count, bytes[index] | 0x20 == expected else { return false }
            index += 1
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
        for expected in "://".utf8 {
            guard index < bytes.count, bytes[index] == expected else { return false }
            index += 1
        }
        return true
    }

    /// Whether a URL is a web link: `http` or `https` (in any case), with a host.
    /// - Parameter url: the URL.
    /// - Returns: `true` for a link a browser can open on the web.
    public static func isWebLink(_ url: URL) -> Bool {
        guard hasWebScheme(url.absoluteString) else { return false }
        guard let host = url.host, !host.isEmpty else { return false }
        return true
    }

    /// Whether a URL's text starts with the scheme `http` or `https`, in any case: read from the text the
    /// URL already holds, since asking the URL for its scheme builds a new string each time.
    private static func hasWebScheme(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        for expected in "http".utf8 {
            guard let byte = bytes.next(), byte | 0x20 == expected else { return false }
        }
        var next = bytes.next()
        if let byte = next, byte | 0x20 == UInt8(ascii: "s") { next = bytes.next() }
        return next == UInt8(ascii: ":")
    }
}
