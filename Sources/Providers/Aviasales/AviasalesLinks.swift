import Foundation
import ProviderKit

/// The booking links of Aviasales offers: the Travelpayouts `link`, which is a path on the Aviasales
/// site, made absolute; or, when a record has no usable link, the site's own search for the trip.
///
/// A link from the answer is hostile until proven otherwise: only a path on the site, or an absolute
/// `http`/`https` address with a host, becomes a link. A protocol-relative `//host/…`, a `javascript:` or
/// `file:` address, or text with spaces, quotes or control characters in it is dropped.
enum AviasalesLinks {
    /// The site the Travelpayouts links are relative to.
    static let site = "https://www.aviasales.com"

    /// The absolute link for a `link` member.
    /// - Parameter link: the member as sent, such as `/search/VIE1812BCN1?t=…`.
    /// - Returns: the web link, or `nil` when the text is not a safe path or web address.
    static func absolute(_ link: String?) -> URL? {
        guard let link else { return nil }
        let text = link.trimmedText
        guard text.utf8.count <= 4096, text.utf8.allSatisfy(isURLByte) else { return nil }
        if text.hasPrefix("/") {
            guard !text.hasPrefix("//"), let url = URL(string: site + text), url.host == "www.aviasales.com" else {
                return nil
            }
            return url
        }
        return WebLink.url(text)
    }

    /// The site's search for a trip, which Aviasales opens with today's prices:
    /// `https://www.aviasales.com/search/VIE1812BCN2212` + the passenger count.
    /// - Parameters:
    ///   - origin: the origin's city or airport code.
    ///   - destination: the destination's city or airport code.
    ///   - departure: the outbound day.
    ///   - returning: the return day, for a round trip.
    ///   - passengers: how many travel.
    /// - Returns: the link.
    static func search(
        origin: String, destination: String, departure: LocalDate, returning: LocalDate?, passengers: Int
    ) -> URL? {
        let path = origin + dayMonth(departure) + destination + (returning.map(dayMonth) ?? "") + String(passengers)
        return URL(string: site + "/search/" + path)
    }

    /// `1812` for 18 December: the day and month as the site's search paths write them.
    /// - Parameter date: the day.
    /// - Returns: four digits.
    static func dayMonth(_ date: LocalDate) -> String {
        (date.day < 10 ? "0" : "") + String(date.day) + (date.month < 10 ? "0" : "") + String(date.month)
    }

    /// Printable ASCII that may stand in a URL as sent: no space, quote, angle bracket, backslash, brace,
    /// bar, caret or backtick, and nothing outside ASCII (a real link percent-encodes those).
    private static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x3B, 0x3D, 0x3F...0x5B, 0x5D, 0x5F, 0x61...0x7A, 0x7E: true
        default: false
        }
    }
}
