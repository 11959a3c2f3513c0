import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import Aviasales

@Suite("Aviasales: hostile answers")
struct AviasalesHostileInputTests {
    @Test("Bad links, times, prices, durations and transfers skip or lose only what is bad, and nothing traps")
    func hostileRecords() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-hostile.json")
        // Times that do not parse or fall outside the sane years, prices that are no fare (1e999, 0,
        // negative, text, 10^13), transfers beyond belief, a return time that is not a time, no airline,
        // no origin, and two elements that are not records.
        #expect(response.skipped == 18)
        let numbers = response.offers.map { $0.product.itinerary?.segments.first?.flightNumber ?? "none" }
        #expect(
            numbers == ["1001", "1002", "1003", "1004", "1005", "1006", "1012", "1013", "1014", "none", "1029"])
        #expect(response.offers.first { $0.price.amount == Decimal(string: "123.45") } != nil)
    }

    @Test("Every link is a web link on a host: the record's when it is safe, the site's search otherwise")
    func linksAreWebLinks() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-hostile.json")
        let links = response.offers.compactMap { $0.sources.first?.deepLink }
        #expect(links.count == response.offers.count)
        for link in links {
            #expect(link.scheme == "https")
            #expect(link.host == "www.aviasales.com")
        }
        #expect(
            links.prefix(5).map(\.absoluteString)
                == Array(
                    repeating: "https://www.aviasales.com/search/VIE1812BCN1", count: 5))
        #expect(links.last?.absoluteString == "https://www.aviasales.com/search/VIE1812BCN1?t=ok")
    }

    @Test("A carrier name full of escapes is kept as sent, for the writing layer to make safe or escape")
    func hostileNameKept() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-hostile.json")
        let carrier = try #require(response.offers[5].product.itinerary?.segments.first?.carrier)
        #expect(carrier.code == nil)
        let name = try #require(carrier.name)
        #expect(name.unicodeScalars.contains { $0.value < 0x20 })
        #expect(name.contains("Evil"))
    }

    @Test("Negative, overflowing and absurd durations are unknown, never a trap or a wrong arrival")
    func oddDurations() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-hostile.json")
        for index in [6, 7, 8, 10] {
            let leg = try #require(response.offers[index].product.itinerary?.legs.first)
            #expect(leg.duration == nil, "offer \(index)")
            #expect(leg.arrival?.utc == nil, "offer \(index)")
        }
        #expect(response.offers[0].product.itinerary?.duration == .seconds(155 * 60))
    }

    @Test(
        "Links: only paths on the site and http(s) addresses with a host are kept",
        arguments: [
            ("/search/VIE1812BCN1?t=x", "https://www.aviasales.com/search/VIE1812BCN1?t=x"),
            ("  /search/VIE1812BCN1  ", "https://www.aviasales.com/search/VIE1812BCN1"),
            ("https://www.aviasales.com/search/A", "https://www.aviasales.com/search/A"),
            ("HTTP://example.com/x", "HTTP://example.com/x"),
            ("//evil.example/x", nil), ("javascript:alert(1)", nil), ("file:///etc/passwd", nil),
            ("data:text/html,hi", nil), ("https:///nohost", nil), ("/a b", nil), ("/a\u{1B}[2J", nil),
            ("/\u{0430}", nil), ("", nil), ("search/relative", nil), ("/\\evil.example", nil),
        ] as [(String, String?)])
    func links(text: String, expected: String?) {
        #expect(AviasalesLinks.absolute(text)?.absoluteString == expected)
    }

    @Test("A body cut anywhere is a malformed response, never a crash")
    func truncatedBodies() async throws {
        let body = try String(
            contentsOf: AviasalesHarness.fixtures.appendingPathComponent("tp-round-trip.json"), encoding: .utf8)
        let bytes = Array(body.utf8)
        for cut in stride(from: 0, to: bytes.count, by: 37) {
            let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
            await #expect(throws: ProviderError.self, "cut at \(cut)") {
                try await AviasalesHarness.search(body: prefix)
            }
        }
    }

    @Test("Deeply nested input is refused, not a stack overflow")
    func deepNesting() async throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesHarness.search(body: #"{"success": true, "currency": "rub", "data": \#(deep)}"#)
        }
        #expect(error.code == .malformedResponse)
    }

    @Test("A cancelled search stops mapping and says so")
    func cancellation() async throws {
        let record = #"""
            {"origin": "VIE", "destination": "BCN", "price": 91, "airline": "VY", "flight_number": "1815",
             "departure_at": "2026-12-18T12:30:00+01:00", "duration_to": 155}
            """#
        let body =
            #"{"success": true, "currency": "eur", "data": ["#
            + Array(repeating: record, count: 20_000).joined(separator: ",") + "]}"
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await AviasalesHarness.search(body: body)
        }
        let error = await #expect(throws: ProviderError.self) { try await task.value }
        #expect(error?.code == .timeout)
    }
}
