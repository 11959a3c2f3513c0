import AggregatorCore
import Foundation

/// What a link field of an airline record (`logoImg`, `mainImg`) held: nothing, a web link, or text
/// that is not one.
///
/// Provider data is hostile until proven otherwise: only an `http` or `https` URL with a host can become
/// a logo or a picture. Anything else (`javascript:`, `file:`, `data:`, a bare file name, text with
/// control characters, a link longer than any real one) is left out, and counted so that the user is
/// told.
enum SunWebLink: Sendable, Hashable {
    /// No usable text: absent, null, blank or not a string.
    case absent
    /// A web link.
    case web(URL)
    /// Text that is not a web link.
    case refused

    /// The longest link taken: real logo and picture URLs are far shorter.
    static let maximumLength = 4_096

    /// Reads a link field; a value of the wrong type costs only the field.
    /// - Parameter node: the field, possibly missing.
    init(_ node: JSONNode) {
        guard let text = (try? node.ifPresent?.string)?.trimmedText, !text.isEmpty else {
            self = .absent
            return
        }
        self = Self.webURL(text).map(SunWebLink.web) ?? .refused
    }

    /// The URL, when the field held a web link.
    var url: URL? {
        guard case .web(let url) = self else { return nil }
        return url
    }

    /// `text` as a URL when it is an `http` or `https` link with a host and nothing that could steer a
    /// terminal; the scheme and the characters are checked on the bytes before a URL is built.
    static func webURL(_ text: String) -> URL? {
        let bytes = text.utf8
        guard bytes.count <= maximumLength, hasWebScheme(bytes) else { return nil }
        var previous: UInt8 = 0
        for byte in bytes {
            // Spaces, C0 controls and DEL; C1 controls are U+0080–U+009F, which UTF-8 writes as C2 80–9F.
            if byte <= 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { return nil }
            previous = byte
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }

    /// Whether the bytes start with `http://` or `https://`, in any case.
    private static func hasWebScheme(_ bytes: String.UTF8View) -> Bool {
        var index = bytes.startIndex
        for expected in "http".utf8 {
            guard index < bytes.endIndex, bytes[index] | 0x20 == expected else { return false }
            bytes.formIndex(after: &index)
        }
        if index < bytes.endIndex, bytes[index] | 0x20 == UInt8(ascii: "s") { bytes.formIndex(after: &index) }
        for expected in "://".utf8 {
            guard index < bytes.endIndex, bytes[index] == expected else { return false }
            bytes.formIndex(after: &index)
        }
        return true
    }
}
