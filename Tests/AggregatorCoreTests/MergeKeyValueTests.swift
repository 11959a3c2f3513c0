import AggregatorTestSupport
import Foundation
import Testing

@testable import AggregatorCore
@testable import ProviderKit

@Suite("Merge keys as values: the same keys and ids as their texts")
struct MergeKeyValueTests {
    /// Offers covering every kind of key: numbered with both clocks, local only, codeshares, no flight
    /// numbers, a name-only carrier, two legs, and a number with leading zeros.
    static let offers: [Offer] = [
        OfferFactory.flight(
            provider: "kiwi", carrier: "OS", flightNumber: "0395", from: "VIE", to: "BCN",
            departure: "2026-12-18 07:05", price: 169),
        OfferFactory.flight(
            provider: "kiwi", carrier: "OS", flightNumber: "395", from: "VIE", to: "BCN",
            departure: "2026-12-18 07:05", utc: false, stops: 1, price: 169),
        OfferFactory.flight(
            provider: "aviasales", carrier: "VY", carrierName: "Вуэлинг", from: "VIE", to: "BCN",
            departure: "2026-12-18 12:30", utc: false, price: 8900, currency: .rub),
        OfferFactory.flight(
            provider: "sunweb", carrier: nil, carrierName: "Transavia", from: "AMS", to: "PMI",
            departure: "1960-01-01 00:00", utc: false, price: 300),
        TripBuilder.trip(
            "duffel",
            [
                [
                    TripBuilder.segment(
                        "OS 7000", "VIE", "FRA", departs: "2026-12-18 07:00", arrives: "2026-12-18 08:20",
                        operatedBy: "LH 01234"),
                    TripBuilder.segment("LH 400", "FRA", "JFK", departs: "2026-12-18 10:00", arrives: nil),
                ],
                [
                    TripBuilder.segment(
                        "LH 401", "JFK", "FRA", departs: "2026-12-24 18:00", arrives: nil, operatedBy: "UA 9")
                ],
            ], price: 900),
        TripBuilder.trip(
            "duffel",
            [
                [
                    TripBuilder.segment(
                        "LH 1234", "VIE", "FRA", departs: "2026-12-18 07:00", arrives: nil, operatedBy: "LH 1234")
                ]
            ],
            price: 120),
    ]

    @Test("Each written key's text is the key MergeKeys states, and its id the id of that text")
    func writtenKeysSpellTheirTexts() {
        for offer in Self.offers {
            var written = TripKeys()
            MergeKeys.appendExactKeys(of: offer.product, priceBasis: offer.priceBasis, to: &written)
            let keys = MergeKeys(offer: offer)
            #expect((0..<written.count).map(written.text(of:)) == keys.exact)
            let exactCount = written.count
            let hasApproximate = MergeKeys.appendApproximateKey(of: offer.product, to: &written)
            #expect(hasApproximate == (keys.approximate != nil))
            #expect(written.count == exactCount + (hasApproximate ? 1 : 0))
            if hasApproximate { #expect(written.text(of: exactCount) == keys.approximate) }
            for index in 0..<written.count {
                #expect(
                    written.identifier(of: index, prefix: "f")
                        == StableIdentifier.make(prefix: "f", [written.text(of: index)]))
            }
        }
    }

    @Test("The texts keep their format: designators without leading zeros, minutes, separators")
    func textFormat() throws {
        let minutes = try #require(LocalDateTime(parsing: "2026-12-18 07:05")).minutesSinceEpoch
        let keys = MergeKeys(offer: Self.offers[0])
        #expect(keys.exact == ["flight|OS395@L\(minutes)", "flight|OS395@U\(minutes - 60)"])
        #expect(keys.approximate == "route|code:OS|VIE-BCN@\(minutes)")
        let old = try #require(LocalDateTime(parsing: "1960-01-01 00:00")).minutesSinceEpoch
        #expect(MergeKeys(offer: Self.offers[3]).approximate == "route|name:transavia|AMS-PMI@\(old)")
        #expect(old < 0)
    }

    @Test("Written keys number as one exactly when their texts are the same")
    func numbersFollowText() {
        var written = TripKeys()
        for offer in Self.offers + Self.offers {
            MergeKeys.appendExactKeys(of: offer.product, priceBasis: offer.priceBasis, to: &written)
            _ = MergeKeys.appendApproximateKey(of: offer.product, to: &written)
        }
        var numbers = KeyNumbers(capacity: 4)
        let list = numbers.adopt(written)
        let numbered = (0..<written.count).map { numbers.number($0, inList: list) }
        for first in 0..<written.count {
            for second in 0..<written.count {
                #expect((numbered[first] == numbered[second]) == (written.text(of: first) == written.text(of: second)))
            }
        }
    }

    @Test("A key left unfinished leaves nothing behind")
    func discardedKeyLeavesNothing() {
        var written = TripKeys()
        written.append("flight|OS1@L")
        written.finish()
        written.append("route|half")
        written.append(42)
        written.discard()
        written.append("route|whole")
        written.finish()
        #expect(written.count == 2)
        #expect([written.text(of: 0), written.text(of: 1)] == ["flight|OS1@L", "route|whole"])
    }

    @Test("A digest fed in pieces, numbers included, is the identifier of the whole text")
    func digestInPieces() {
        for number: Int64 in [0, 7, -7, 1_234_567_890, .max, .min] {
            var digest = StableDigest()
            digest.append("flight|OS1@L")
            digest.append(number)
            #expect(digest.identifier(prefix: "f") == StableIdentifier.make(prefix: "f", ["flight|OS1@L\(number)"]))
        }
    }

    @Test("A decimal fed to a digest is its description fed as text")
    func digestOfDecimals() {
        var generator = SplitMix64(seed: 0xd1_9e57)
        let fixed: [Decimal] = [
            0, 1, -1, .nan, Decimal(string: "124.50") ?? 0, Decimal(string: "0.000123") ?? 0, .greatestFiniteMagnitude,
            -Decimal.greatestFiniteMagnitude, Decimal(sign: .plus, exponent: 5, significand: 7),
        ]
        let random = (0..<2_000).map { _ in
            let value = randomDecimal(significand: 0...UInt64.max, places: -20...20, using: &generator)
            return generator.next() % 2 == 0 ? value : -value
        }
        for value in fixed + random {
            var fed = StableDigest()
            fed.append(value)
            var asText = StableDigest()
            asText.append(value.description)
            #expect(fed.identifier(prefix: "k") == asText.identifier(prefix: "k"), "\(value)")
        }
    }
}
