import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Skiplagged
import Testing

/// Answers written to break the provider: airports that are not codes, numbers of connections and prices no
/// trip has, times far outside any travel, links that are not web links, control characters, marks that
/// would claim the tool's own tags. Nothing traps; broken cards are skipped and counted; what is kept links
/// only to the web.
@Suite("Skiplagged against hostile answers")
struct SkiplaggedHostileInputTests {
    @Test("broken cards are skipped and counted; the rest map, in order")
    func hostileFixture() async throws {
        let response = try await SkiplaggedFixtures.search("hostile.json")
        #expect(response.skipped == 16)
        #expect(
            response.offers.map { $0.onlySource?.reference } == [
                "card-kept", "card-javascript-link", "card-link-with-an-escape", "card-odd-extras",
                "card-long-airlines", "card-iso-duration-days", "card-negative-duration",
            ])
        #expect(response.notes == ["dropped 2 booking links that were not web links"])
    }

    @Test("only web links survive")
    func onlyWebLinks() async throws {
        let offers = try await SkiplaggedFixtures.search("hostile.json").offers
        let links = offers.map { $0.onlySource?.deepLink }
        #expect(links[1] == nil && links[2] == nil)
        for link in links.compactMap({ $0 }) {
            #expect(link.scheme == "https" && link.host == "skiplagged.com", "\(link)")
        }
    }

    @Test("odd values in a kept card read as unknown; marks the tool sets itself are never taken from it")
    func oddValuesInAKeptCard() async throws {
        let offers = try await SkiplaggedFixtures.search("hostile.json").offers
        let odd = try #require(offers.first { $0.onlySource?.reference == "card-odd-extras" })
        #expect(odd.tags == [.hiddenCity, OfferTag(rawValue: "basic_economy")])
        #expect(odd.product.itinerary?.legs.first?.duration == nil, "99999 hours is no duration")
        #expect(odd.product.itinerary?.legs.first?.arrival == nil, "25:99 is no time")
        #expect(odd.price == Money(decimal("96.5"), .usd))
        // Names stay in the model as sent; the renderers make them safe to print.
        #expect(odd.product.itinerary?.segments.first?.carrier.name == "Vue\u{1B}]0;owned\u{07}ling")
        let long = try #require(offers.first { $0.onlySource?.reference == "card-long-airlines" })
        #expect(long.product.itinerary?.segments.first?.carrier == Carrier(code: nil), "no name that long")
        let days = try #require(offers.first { $0.onlySource?.reference == "card-iso-duration-days" })
        #expect(days.product.itinerary?.legs.first?.duration == .seconds(26 * 3600))
        #expect(days.product.itinerary?.legs.first?.stops == 1)
        let negative = try #require(offers.first { $0.onlySource?.reference == "card-negative-duration" })
        #expect(negative.product.itinerary?.legs.first?.duration == nil)
    }

    @Test("an answer that is not a list of cards is a malformed response that says where")
    func notAnAnswer() async throws {
        for (body, problem) in [
            (#"{"searchUrl": "x"}"#, "flights is missing"),
            (#"{"flights": {"0": {}}}"#, "flights is not a list of flights"),
            (#"[{"flights": []}]"#, "is not an object"),
            ("Flights are not available right now.", "the body is not JSON"),
        ] {
            let error = await #expect(throws: ProviderError.self) {
                try await SkiplaggedProvider().search(
                    SkiplaggedFixtures.query(), using: SkiplaggedFixtures.client(body: body))
            }
            #expect(error?.code == .malformedResponse)
            #expect(error?.message.contains(problem) == true, "\(error?.message ?? "") lacks \(problem)")
        }
    }

    @Test("an empty list is an answer with no offers")
    func emptyList() async throws {
        let response = try await SkiplaggedProvider().search(
            SkiplaggedFixtures.query(), using: SkiplaggedFixtures.client(body: #"{"flights": []}"#))
        #expect(response.offers.isEmpty && response.skipped == 0)
    }

    @Test("mangled samples never crash: every prefix, and every byte replaced, gives offers or an error")
    func mangledSamples() async throws {
        let sample = Array(SkiplaggedFixtures.sample.utf8)
        let provider = SkiplaggedProvider()
        for cut in stride(from: 0, to: sample.count, by: 97) {
            let body = String(decoding: sample[..<cut], as: UTF8.self)
            _ = try? await provider.search(SkiplaggedFixtures.query(), using: SkiplaggedFixtures.client(body: body))
        }
        for position in stride(from: 0, to: sample.count, by: 131) {
            for byte: UInt8 in [0x00, 0x22, 0x7B, 0x5D, 0x2D, 0xFF] {
                var mangled = sample
                mangled[position] = byte
                _ = try? await provider.search(
                    SkiplaggedFixtures.query(),
                    using: SkiplaggedFixtures.client(body: String(decoding: mangled, as: UTF8.self)))
            }
        }
    }
}
