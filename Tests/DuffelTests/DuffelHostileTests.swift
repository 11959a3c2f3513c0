import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import Duffel

/// Answers a broken or hostile service could send: every bad record is skipped and counted, every
/// odd value is unknown, and nothing traps or hangs. Names are kept as sent for the writing layer.
@Suite("Duffel on hostile answers")
struct DuffelHostileTests {
    @Test("bad times, absurd durations, NaN-like amounts, odd shapes: six offers survive, nineteen are skipped")
    func hostileFixture() async throws {
        let response = try await DuffelFixtures.search("hostile.json")
        #expect(response.offers.count == 6)
        #expect(response.skipped == 19)
        let prices = response.offers.map { "\($0.price.amount)" }
        #expect(prices == ["96.4", "97.4", "97.5", "97.6", "97.7", "98.4"])
        for offer in response.offers {
            #expect(offer.price.amount > 0 && offer.price.amount.isFinite)
            let itinerary = try #require(offer.product.itinerary)
            for leg in itinerary.legs {
                if let duration = leg.duration {
                    #expect(duration > .zero && duration <= Leg.longestPlausibleDuration)
                }
            }
            for segment in itinerary.segments {
                // Names are kept as sent (the writing layer sanitises); codes and numbers are checked.
                let texts = [segment.carrier.code, segment.flightNumber, segment.origin.airport].compactMap { $0 }
                #expect(
                    texts.allSatisfy { text in !text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" } },
                    "\(texts)")
            }
        }
    }

    @Test("absurd stated durations are unknown and the instants speak instead; a backwards flight has none")
    func durationsFromInstants() async throws {
        let response = try await DuffelFixtures.search("hostile.json")
        let absurd = try #require(response.offers.first { $0.price.amount == Decimal(string: "97.4") })
        #expect(absurd.product.itinerary?.duration == .seconds(155 * 60), "PT-5H is unknown: 11:30Z to 14:05Z")
        let backwards = try #require(response.offers.first { $0.price.amount == Decimal(string: "97.5") })
        #expect(backwards.product.itinerary?.duration == nil, "P0D and P1Y are unknown, and it lands before it leaves")
        let long = try #require(response.offers.first { $0.price.amount == Decimal(string: "97.6") })
        #expect(long.product.itinerary?.duration == .seconds(155 * 60))
    }

    @Test("a code or flight number holding escape sequences is dropped; a name is kept exactly as sent")
    func escapes() async throws {
        let response = try await DuffelFixtures.search("hostile.json")
        let offer = try #require(response.offers.first { $0.price.amount == Decimal(string: "97.7") })
        let segment = try #require(offer.product.itinerary?.segments.first)
        #expect(segment.carrier.code == nil)
        #expect(segment.flightNumber == nil)
        // The writing layer makes it safe for a terminal; JSON output carries it escaped without loss.
        #expect(segment.carrier.name == "\u{1B}]0;owned\u{07}Evil Air\u{202E}")
    }

    @Test("names keep what they were sent but for white space at either end; a blank name is no name")
    func namesAsSent() {
        #expect(DuffelText.name("  Vueling\n") == "Vueling")
        #expect(DuffelText.name("Air \u{1B}[31mRed") == "Air \u{1B}[31mRed")
        #expect(DuffelText.name(" \t\n ") == nil)
        #expect(DuffelText.name("") == nil)
        #expect(DuffelText.name(nil) == nil)
        #expect(DuffelText.reference("off_0000AgRLJ5QzNmk4V2p1oX") == "off_0000AgRLJ5QzNmk4V2p1oX")
    }

    @Test(
        "a number id, a number amount and a lower-case currency are read; an unknown passenger type leaves the query's party"
    )
    func lenientFields() async throws {
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18"),
            passengers: Passengers(adults: 2))
        let response = try await DuffelFixtures.search("hostile.json", query: query)
        let offer = try #require(response.offers.last)
        #expect(offer.price == Money(Decimal(string: "98.4")!, .eur))
        #expect(offer.sources.first?.reference == "42")
        #expect(offer.sources.first?.pricedFor == Passengers(adults: 2))
    }

    @Test("bodies that are not an offer request fail with a ProviderError naming what was wrong")
    func malformedBodies() async throws {
        for (body, problem) in [
            ("{}", "data is missing"), (#"{"data": {}}"#, "data.offers is missing"),
            (#"{"data": {"offers": {}}}"#, "data.offers is not an array"), ("<html>502</html>", "is not JSON"),
            (#"{"data": {"offers": [1, 2"#, "cut-off JSON"),
        ] {
            let error = await #expect(throws: ProviderError.self) {
                try await DuffelProvider().search(DuffelFixtures.query(), using: DuffelFixtures.client(body: body))
            }
            #expect(error?.code == .malformedResponse)
            #expect(error?.message.contains(problem) == true, "\(error?.message ?? "") for \(body)")
        }
    }

    @Test("a huge answer of repeated broken offers is skipped record by record without trapping")
    func manyBrokenRecords() async throws {
        let broken = #"{"total_amount": "NaN", "total_currency": "EUR", "slices": []}"#
        let body = #"{"data": {"offers": ["# + Array(repeating: broken, count: 5000).joined(separator: ",") + "]}}"
        let response = try await DuffelProvider().search(
            DuffelFixtures.query(), using: DuffelFixtures.client(body: body))
        #expect(response.offers.isEmpty)
        #expect(response.skipped == 5000)
    }
}
