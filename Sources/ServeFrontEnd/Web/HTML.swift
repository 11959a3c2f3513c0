import Foundation
import ProviderKit
import Watches

/// HTML text built by the web pages: every value from a request or a provider goes through ``escaped(_:)``,
/// so that no carrier, station or seller name can open a tag, close an attribute or start a script.
package enum HTML {
    /// Text as HTML character data or a quoted attribute value, escaped as the chart's SVG is (one rule for every
    /// page and the chart inside it): `&`, `<`, `>`, `"` and `'` escaped, and control characters shown as U+FFFD.
    /// - Parameter text: any text.
    /// - Returns: the escaped text.
    package static func escaped(_ text: String) -> String {
        SVGElement.escaped(text)
    }

    /// A query string of name–value pairs, each percent-encoded, for a link that repeats a query.
    /// - Parameter items: the pairs.
    /// - Returns: the query, without `?`.
    package static func query(_ items: [(name: String, value: String)]) -> String {
        items.map { "\(percentEncoded($0.name))=\(percentEncoded($0.value))" }.joined(separator: "&")
    }

    /// Text percent-encoded for a query: everything but letters, digits and `-._~`.
    package static func percentEncoded(_ text: String) -> String {
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
    package static func externalLink(_ address: WebAddress?, label: String) -> String? {
        guard let address, address.isWebLink, let url = URL(string: address.text),
            let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", url.host?.isEmpty == false
        else { return nil }
        return "<a href=\"\(escaped(address.text))\" rel=\"noopener noreferrer nofollow\">\(escaped(label))</a>"
    }

}
