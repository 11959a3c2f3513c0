import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("Ranking")
struct OfferRankerTests {
    /// cheap-slow: 100 EUR, 300 min, 1 stop; dear-fast: 150 EUR, 100 min; mid: 120 EUR, 150 min, leaves first.
    let offers: [Offer] = {
        let cheapSlow = OfferFactory.flight(
            provider: "a", carrier: "AA", flightNumber: "1", from: "VIE", to: "BCN", departure: "2026-12-18 12:00",
            minutes: 300, stops: 1, price: 100)
        let dearFast = OfferFactory.flight(
            provider: "a", carrier: "BB", flightNumber: "2", from: "VIE", to: "BCN", departure: "2026-12-18 10:00",
            minutes: 100, price: 150)
        let mid = OfferFactory.flight(
            provider: "a", carrier: "CC", flightNumber: "3", from: "VIE", to: "BCN", departure: "2026-12-18 06:00",
            minutes: 150, price: 120)
        return CurrencyConverter(rates: .embedded, target: .eur).convert([cheapSlow, dearFast, mid])
    }()

    func carriers(_ sort: SortKey, _ offers: [Offer]? = nil) -> [String] {
        OfferRanker(sort: sort).rank(offers ?? self.offers).map { $0.carrierCode }
    }

    @Test func priceSortsCheapestFirst() { #expect(carriers(.price) == ["AA", "CC", "BB"]) }

    @Test func durationSortsShortestFirst() { #expect(carriers(.duration) == ["BB", "CC", "AA"]) }

    @Test func departureSortsEarliestFirst() { #expect(carriers(.departure) == ["CC", "BB", "AA"]) }

    @Test func bestFollowsTheDocumentedScore() {
        // AA: 100/100 + 300/100 + 0.25 = 4.25; BB: 150/100 + 1 = 2.5; CC: 1.2 + 1.5 = 2.7
        let scores = offers.map { offer -> Double in
            let minutes = Double(offer.product.itinerary?.duration?.components.seconds ?? 0) / 60
            let price = NSDecimalNumber(decimal: offer.price.amount).doubleValue
            return price / 100 + minutes / 100 + OfferRanker.stopPenalty * Double(offer.product.itinerary?.stops ?? 0)
        }
        #expect(scores == [4.25, 2.5, 2.7])
        #expect(carriers(.best) == ["BB", "CC", "AA"])
    }

    @Test func tagsGoToTheCheapestFastestAndBest() {
        let ranked = OfferRanker(sort: .price).rank(offers)
        let tags = Dictionary(uniqueKeysWithValues: ranked.map { ($0.carrierCode, $0.tags) })
        #expect(tags["AA"] == [.cheapest])
        #expect(tags["BB"] == [.fastest, .best])
        #expect(tags["CC"] == [])
    }

    @Test func manyOffersMeasuredInPartsRankAsTheRuleSays() {
        // Enough offers to be measured in parts on several cores; the cheapest and the fastest are in the
        // last part, and the best score depends on both, so every part must see the others' findings.
        let count = 6_000
        let many = CurrencyConverter(rates: .embedded, target: .eur).convert(
            (0..<count).map { index in
                OfferFactory.flight(
                    provider: "a", carrier: "AA", flightNumber: "\(index)", from: "VIE", to: "BCN",
                    departure: "2026-12-18 09:00", minutes: 600 - index / 20, price: Decimal(10_000 - index))
            })
        let byPrice = OfferRanker(sort: .price).rank(many)
        #expect(byPrice.map(\.price.amount) == (0..<count).map { Decimal(10_000 - count + 1 + $0) })
        #expect(byPrice[0].tags.contains(.cheapest) && byPrice[0].tags.contains(.fastest))
        // The last offer is both the cheapest and among the fastest, so it scores best: 1 + 1.
        let best = OfferRanker(sort: .best).rank(many)
        #expect(best[0].price.amount == Decimal(10_000 - count + 1))
        #expect(best[0].tags.contains(.best))
        #expect(best.filter { $0.tags.contains(.cheapest) }.count == 1)
    }

    @Test func tiesBreakByPriceThenDurationThenDepartureThenId() {
        let same = (0..<4).map { index in
            OfferFactory.flight(
                provider: "a", carrier: "AA", flightNumber: "\(index)", from: "VIE", to: "BCN",
                departure: index < 2 ? "2026-12-18 09:00" : "2026-12-18 08:00", minutes: index == 3 ? 90 : 120,
                price: 100)
        }
        let ranked = OfferRanker(sort: .price).rank(CurrencyConverter(rates: .embedded, target: .eur).convert(same))
        // #3 is shortest; #2 leaves earlier than #0 and #1, which differ only in id.
        let firstTwo = ranked.prefix(2).map { $0.product.itinerary?.segments[0].flightNumber }
        #expect(firstTwo == ["3", "2"])
        let rest = ranked.suffix(2).map(\.id)
        #expect(rest == rest.sorted())
        #expect(
            OfferRanker(sort: .price).rank(ranked.reversed()).map(\.id) == ranked.map(\.id), "order is deterministic")
    }

    @Test func unconvertedPricesRankAfterAllConvertedOnes() throws {
        let xyz = try #require(CurrencyCode("XYZ"))
        let strange = OfferFactory.flight(
            provider: "b", carrier: "ZZ", flightNumber: "9", from: "VIE", to: "BCN", departure: "2026-12-18 05:00",
            minutes: 60, price: 1, currency: xyz)
        let all = offers + CurrencyConverter(rates: .embedded, target: .eur).convert([strange])
        for sort in SortKey.allCases {
            #expect(carriers(sort, all).last == "ZZ", "\(sort)")
        }
        let ranked = OfferRanker(sort: .price).rank(all)
        #expect(try #require(ranked.last).tags == [.unconverted])
    }

    @Test func unknownDurationsSortLastAndNeverWinFastest() {
        let unknown = OfferFactory.flight(
            provider: "c", carrier: "DD", from: "VIE", to: "BCN", departure: "2026-12-18 05:00", utc: false, price: 90)
        var noDuration = CurrencyConverter(rates: .embedded, target: .eur).convert([unknown])
        if case .flight(var itinerary) = noDuration[0].product {
            itinerary.legs[0].duration = nil
            noDuration[0].product = .flight(itinerary)
        }
        let all = offers + noDuration
        #expect(carriers(.duration, all).last == "DD")
        let ranked = OfferRanker(sort: .price).rank(all)
        #expect(ranked.first?.carrierCode == "DD")
        #expect(ranked.first?.tags.contains(.fastest) == false)
        #expect(ranked.first?.tags.contains(.cheapest) == true)
    }

    @Test func fewSeatsAndSeveralSellersAreTagged() {
        var offer = offers[0]
        offer.sources[0].seatsLeft = 3
        var second = offer.sources[0]
        second.provider = "z"
        offer.sources.append(second)
        let ranked = OfferRanker(sort: .price).rank([offer])
        #expect(ranked[0].tags.isSuperset(of: [.fewSeatsLeft, .multipleSources]))
    }
}

extension Offer {
    fileprivate var carrierCode: String { product.itinerary?.segments.first?.carrier.displayCode ?? "" }
}
