import AggregatorTestSupport
import Foundation
import Kiwi
import ProviderKit
import ProviderTestKit
import Testing

/// Booking links and bag fee tables are read where they lie in the answer, without a string of them first: each
/// spelling of them must still read as its text does.
@Suite("Kiwi: links and bag fees read in place")
struct KiwiInPlaceReadingTests {
    /// One record with the given `deep_link` and `bags_price`, as JSON; its flight number makes its id its own.
    static func record(_ number: Int, link: String = "null", bags: String = "null") -> String {
        """
        {"id": "r\(number)", "price": \(100 + number), "dTime": 1797685800, "dTimeUTC": 1797682200,
         "route": [{"flyFrom": "VIE", "flyTo": "SAW", "airline": "PC", "flight_no": \(1000 + number),
                    "dTimeUTC": 1797682200, "aTimeUTC": 1797688200, "return": 0}],
         "deep_link": \(link), "bags_price": \(bags)}
        """
    }

    /// Searches an answer made of `records`, in their order.
    static func offers(_ records: [String]) async throws -> ProviderResponse {
        let body = #"{"currency": "EUR", "data": ["# + records.joined(separator: ",\n") + "]}"
        return try await KiwiProvider().search(SearchQuery(), using: KiwiFixtures.client(body: body))
    }

    @Test("booking links: trimmed, unescaped and escaped as their text is; numbers and scripts dropped")
    func bookingLinksReadAsTheirText() async throws {
        let cases: [(link: String, expected: String?)] = [
            (#""https://a.example/plain?x=1""#, "https://a.example/plain?x=1"),
            (#""  https://a.example/x  ""#, "https://a.example/x"),
            (#""https:\/\/a.example\/y""#, "https://a.example/y"),
            (#""https://a.example/p?f=a|b""#, "https://a.example/p?f=a%7Cb"),
            (#""https://a.example/\u00fc""#, URL(string: "https://a.example/ü")?.absoluteString),
            ("12345", nil),
            (#""javascript:alert(1)""#, nil),
            (#""   ""#, nil),
            ("null", nil),
            (#"{"x": 1}"#, nil),
        ]
        let response = try await Self.offers(cases.indices.map { Self.record($0, link: cases[$0].link) })
        #expect(response.offers.count == cases.count)
        for (offer, expected) in zip(response.offers, cases) {
            #expect(offer.onlySource?.deepLink?.absoluteString == expected.expected, "\(expected.link)")
        }
        // The number and the script were links that were not web links; the blank, null and object were none.
        #expect(response.notes == ["dropped 2 booking links that were not web links"])
    }

    @Test("bag fee tables: each spelling read as its text says, however often it repeats")
    func bagFeeTablesReadAsTheirText() async throws {
        let padded = "{" + String(repeating: " ", count: 200) + #""1": 12.5}"#
        let cases: [(bags: String, fees: [Int: Decimal]?)] = [
            (#"{"1": 35.00, "2": 75.00}"#, [1: 35, 2: 75]),
            (#"{"1": 47.50}"#, [1: Decimal(string: "47.5")!]),
            (#"{"1": 35.00, "2": 75.00}"#, [1: 35, 2: 75]),
            (#"{"1":35.00,"2":75.00}"#, [1: 35, 2: 75]),
            (#"{"2": 75.00, "1": 35.00}"#, [1: 35, 2: 75]),
            (#"{"1": 47.50}"#, [1: Decimal(string: "47.5")!]),
            ("{}", nil),
            (#""n/a""#, nil),
            (padded, [1: Decimal(string: "12.5")!]),
            (padded, [1: Decimal(string: "12.5")!]),
            (#"{"1": 35.00, "2": 75.00}"#, [1: 35, 2: 75]),
        ]
        let response = try await Self.offers(cases.indices.map { Self.record($0, bags: cases[$0].bags) })
        #expect(response.offers.count == cases.count)
        for (offer, expected) in zip(response.offers, cases) {
            let fees = offer.onlySource?.bagFees
            #expect(fees?.feesByCount == expected.fees, "\(expected.bags)")
            if fees != nil { #expect(fees?.currency == .eur) }
        }
    }
}
