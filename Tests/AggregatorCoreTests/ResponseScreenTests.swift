import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// The screen every answer passes in the runner: links that are not web links and offers without a usable
/// price never reach the pipeline, and what was removed is counted.
@Suite("The response screen: only web links and real prices get past the runner")
struct ResponseScreenTests {
    /// Links a hostile or careless provider sends, none of them a web link.
    static let hostileLinks = [
        "javascript:alert(document.cookie)", "file:///etc/passwd", "data:text/html;base64,PHNjcmlwdD4=",
        "https:///no-host", "/relative/booking", "//evil.example/scheme-relative", "ftp://files.example/x",
    ]

    static func url(_ text: String) throws -> URL { try #require(URL(string: text), "\(text) parses") }

    static func flight(_ reference: String, price: Decimal = 100, link: String?, image: String? = nil) throws -> Offer {
        var offer = OfferFactory.flight(
            provider: "hostile", carrier: "OS", flightNumber: reference, from: "VIE", to: "BCN",
            departure: "2026-12-18 07:05", price: price, reference: reference)
        offer.sources[0].deepLink = try link.map(url)
        offer.imageURL = try image.map(url)
        return offer
    }

    static func run(_ provider: FakeProvider, kind: OfferCategory = .flights) async -> ProviderRun? {
        let runner = ProviderRunner(
            network: UnreachableTransport(), settings: (try? SearchSettings(deadline: .seconds(20))) ?? .standard)
        return await runner.run([provider], query: SearchQuery(kind: kind)).first
    }

    @Test func everyNonWebLinkIsRemovedAndCountedAndItsOfferKept() async throws {
        var offers = try Self.hostileLinks.enumerated().map { index, link in
            try Self.flight("\(index)", link: link, image: Self.hostileLinks[(index + 1) % Self.hostileLinks.count])
        }
        var withLogos = try Self.flight(
            "logos", link: "https://www.kiwi.com/deep?id=1", image: "HTTPS://Img.Example/a.jpg")
        if case .flight(var itinerary) = withLogos.product {
            itinerary.legs[0].segments[0].carrier.logoURL = try Self.url("javascript:void(0)")
            itinerary.legs[0].segments[0].operatingCarrier = Carrier(
                code: "LH", logoURL: try Self.url("http://logos.example/lh.png"))
            withLogos.product = .flight(itinerary)
        }
        offers.append(withLogos)
        let run = try #require(await Self.run(FakeProvider("hostile", behaviour: .offers(offers, skipped: 1))))

        #expect(run.outcome.status == .ok)
        #expect(run.response.offers.count == offers.count, "a bad link costs the link, not the offer")
        #expect(run.outcome.skipped == 1)
        let dropped = Self.hostileLinks.count * 2 + 1
        #expect(run.outcome.notes == [.nonWebLinksDropped(dropped)])
        let kept = run.response.offers.flatMap { offer in
            [offer.imageURL] + offer.sources.map(\.deepLink)
                + (offer.product.itinerary?.segments ?? []).flatMap {
                    [$0.carrier.logoURL, $0.operatingCarrier?.logoURL]
                }
        }.compactMap { $0 }
        #expect(
            kept.map(\.absoluteString).sorted()
                == ["HTTPS://Img.Example/a.jpg", "http://logos.example/lh.png", "https://www.kiwi.com/deep?id=1"])
        #expect(kept.allSatisfy(WebLink.isWebLink))
    }

    @Test func offersWithoutAUsablePriceAreSkippedAndCounted() async throws {
        let offers = [
            try Self.flight("free", price: 0, link: nil), try Self.flight("negative", price: -25, link: nil),
            try Self.flight("nan", price: .nan, link: nil), try Self.flight("fine", price: decimal("0.01"), link: nil),
        ]
        let run = try #require(await Self.run(FakeProvider("hostile", behaviour: .offers(offers, skipped: 2))))
        #expect(run.response.offers.map(\.sources[0].reference) == ["fine"])
        #expect(run.outcome.offerCount == 1)
        #expect(run.outcome.skipped == 2 + 3)
        #expect(run.outcome.notes.isEmpty)
    }

    @Test func aSkippedCountAProviderMadeUpIsKeptWithinBoundsSoNoSumOfItTraps() async throws {
        let offers = [try Self.flight("free", price: 0, link: nil), try Self.flight("fine", price: 10, link: nil)]
        for (stated, kept) in [(Int.max, 1_000_000_001), (Int.min, 1), (-5, 1)] {
            let run = try #require(await Self.run(FakeProvider("hostile", behaviour: .offers(offers, skipped: stated))))
            #expect(run.outcome.skipped == kept, "\(stated)")
        }
        let clean = ProviderResponse(offers: [try Self.flight("fine", price: 10, link: nil)], skipped: Int.max)
        #expect(ResponseScreen().screen(clean).response.skipped == 1_000_000_000)
    }

    @Test func airlineRecordsKeepOnlyWebImages() async throws {
        let records = [
            AirlineRecord(id: 1, name: "Austrian", iata: "OS", imageURL: try Self.url("https://logos.example/os.png")),
            AirlineRecord(id: 2, name: "Evil", iata: "EV", imageURL: try Self.url("javascript:alert(1)")),
            AirlineRecord(id: 3, name: "Local", iata: "LO", imageURL: try Self.url("file:///tmp/logo.png")),
            AirlineRecord(id: 4, name: "Plain", iata: "PL"),
        ]
        let directory = FakeProvider("directory", categories: [.airlineDirectory], behaviour: .airlines(records))
        let run = try #require(await Self.run(directory, kind: .airlineDirectory))
        #expect(run.response.airlines.map(\.name) == ["Austrian", "Evil", "Local", "Plain"])
        #expect(
            run.response.airlines.map { $0.imageURL?.absoluteString } == [
                "https://logos.example/os.png", nil, nil, nil,
            ])
        #expect(run.outcome.notes == [.nonWebLinksDropped(2)])
    }

    @Test func theRuleOnItsOwn() throws {
        for link in Self.hostileLinks {
            #expect(!WebLink.isWebLink(try Self.url(link)), "\(link)")
        }
        for link in [
            "https://www.kiwi.com/en/booking?token=a%20b", "http://127.0.0.1:8080/x", "HTTP://EXAMPLE.COM",
            "hTtPs://example.com",
        ] {
            #expect(WebLink.isWebLink(try Self.url(link)), "\(link)")
        }
        for link in ["httpx://example.com", "htt://example.com", "httpss://example.com", "h\u{0130}tp://example.com"] {
            guard let url = URL(string: link) else { continue }
            #expect(!WebLink.isWebLink(url), "\(link)")
        }
        #expect(ResponseScreen.isPrice(Money(decimal("94.43"), .eur)))
        for amount: Decimal in [0, -1, .nan] {
            #expect(!ResponseScreen.isPrice(Money(amount, .eur)), "\(amount)")
        }
    }

    @Test func aCleanAnswerPassesAsItIsWithoutANote() throws {
        let offers = try [
            Self.flight("395", link: "https://www.kiwi.com/booking?id=1", image: "https://images.example/a.jpg"),
            Self.flight("396", link: nil),
        ]
        let response = ProviderResponse(offers: offers, skipped: 2, notes: ["as sent"])
        let (screened, notes) = ResponseScreen().screen(response)
        #expect(screened.offers == offers)
        #expect(screened.skipped == 2 && screened.notes == ["as sent"])
        #expect(notes.isEmpty)
    }

    @Test func exactRepeatsAreDroppedAndCountedForEveryProvider() async throws {
        let sent = try ["1", "2", "1", "3", "2", "1"].map { try Self.flight($0, link: nil) }
        let response = ProviderResponse(offers: sent, repeats: 1)
        let (screened, _) = ResponseScreen().screen(response)
        #expect(screened.offers.map(\.id) == [sent[0].id, sent[1].id, sent[3].id], "the first of each, in order")
        #expect(screened.repeats == 4, "the provider's own count and the three found here")

        let run = try #require(await Self.run(FakeProvider("repeating", behaviour: .offers(sent, skipped: 0))))
        #expect(run.response.offers.count == 3)
        #expect(run.outcome.repeats == 3 && run.outcome.offerCount == 3)

        let unique = try ["1", "2", "3"].map { try Self.flight($0, link: nil) }
        let (untouched, _) = ResponseScreen().screen(ProviderResponse(offers: unique, repeats: -5))
        #expect(untouched.offers == unique && untouched.repeats == 0, "a made-up count is kept in bounds")
    }

    @Test func aLargeAnswerIsScreenedWhereverItsHostileLinkIs() throws {
        // Large enough to be read in parts on several cores: a hostile link in any part, the last one
        // included, is found and removed.
        let clean = try (0..<6_000).map { try Self.flight("\($0)", link: "https://www.kiwi.com/booking?id=\($0)") }
        for position in [0, 2_999, 5_999] {
            var offers = clean
            offers[position].sources[0].deepLink = try Self.url("javascript:alert(1)")
            let (screened, notes) = ResponseScreen().screen(ProviderResponse(offers: offers))
            #expect(notes == [.nonWebLinksDropped(1)], "hostile link at \(position)")
            #expect(screened.offers[position].sources[0].deepLink == nil)
            #expect(screened.offers.count == clean.count)
        }
        let (screened, notes) = ResponseScreen().screen(ProviderResponse(offers: clean))
        #expect(notes.isEmpty && screened.offers == clean)
    }
}
