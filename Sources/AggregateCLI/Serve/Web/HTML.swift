import Foundation
import ProviderKit

/// HTML text built by the web pages: every value from a request or a provider goes through ``escaped(_:)``,
/// so that no carrier, station or seller name can open a tag, close an attribute or start a script.
enum HTML {
    /// Text as HTML character data or a quoted attribute value: `&`, `<`, `>`, `"` and `'` escaped, and the
    /// control characters HTML does not allow dropped.
    /// - Parameter text: any text.
    /// - Returns: the escaped text.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                // C0 and C1 controls, and the noncharacters U+FFFE and U+FFFF, have no place in a page.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.value >= 0xFFFE
                        && scalar.value <= 0xFFFF
                {
                    continue
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A query string of name–value pairs, each percent-encoded, for a link that repeats a query.
    /// - Parameter items: the pairs.
    /// - Returns: the query, without `?`.
    static func query(_ items: [(name: String, value: String)]) -> String {
        items.map { "\(percentEncoded($0.name))=\(percentEncoded($0.value))" }.joined(separator: "&")
    }

    /// Text percent-encoded for a query: everything but letters, digits and `-._~`.
    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<"\u{80}"))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// A link to a seller's booking page, or `nil` when the address is not a plain `http` or `https` one: a
    /// provider cannot make the page run `javascript:` or open a `data:` document.
    /// - Parameters:
    ///   - address: the seller's address.
    ///   - label: the link's words.
    /// - Returns: the `<a>` element, or `nil`.
    static func externalLink(_ address: WebAddress?, label: String) -> String? {
        guard let address, address.isWebLink, let url = URL(string: address.text),
            let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", url.host?.isEmpty == false
        else { return nil }
        return "<a href=\"\(escaped(address.text))\" rel=\"noopener noreferrer nofollow\">\(escaped(label))</a>"
    }

}
