import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("Comparing sources: per-provider figures, shared trips and pairs")
struct SourceComparisonTests {
    /// One VIE→BCN flight sold by `provider`; the same flight number means the same trip.
    static func trip(
        _ number: Int, _ provider: ProviderID, _ price: String, currency: CurrencyCode = .eur
    ) -> Offer {
        OfferFactory.flight(
            provider: provider, carrier: "VY", flightNumber: "\(number)", from: "VIE", to: "BCN",
            departure: "2026-12-18 \(String(format: "%02d", 6 + number)):00", price: decimal(price),
            currency: currency)
    }

    /// Converts, merges and ranks the offers as the aggregator does, without a limit.
    static func result(
        _ offers: [Offer], providers: [ProviderID], sort: SortKey = .price, outcomes: [ProviderOutcome]? = nil
    ) -> SearchResult {
        let converted = CurrencyConverter(rates: .embedded, target: .eur).convert(offers)
        let ranked = OfferRanker(sort: sort).rank(OfferMerger().merge(converted))
        let defaultOutcomes = providers.map { provider in
            ProviderOutcome(
                provider: provider, status: .ok, offerCount: offers.filter { $0.sources[0].provider == provider }.count,
                latency: .milliseconds(7))
        }
        return SearchResult(
            query: SearchQuery(sort: sort), outcomes: outcomes ?? defaultOutcomes, offers: ranked,
            matched: ranked.count, rates: .embedded)
    }

    /// Trip 1: a 100, b 90. Trip 2: a 80, b 95. Trip 3: a and b 50 (a tie). Trip 4: a 120 alone.
    /// Trip 5: a 200, b 210, c 190. Trip 6: b 70, c 65.
    static let scenario: [Offer] = [
        trip(1, "a", "100"), trip(1, "b", "90"),
        trip(2, "a", "80"), trip(2, "b", "95"),
        trip(3, "a", "50"), trip(3, "b", "50"),
        trip(4, "a", "120"),
        trip(5, "a", "200"), trip(5, "b", "210"), trip(5, "c", "190"),
        trip(6, "b", "70"), trip(6, "c", "65"),
    ]

    static func number(_ trip: SourceComparison.SharedTrip) -> String? {
        trip.offer.product.itinerary?.segments.first?.flightNumber
    }

    @Test func eachProviderGetsItsCheapestMedianAndSharedCount() throws {
        let comparison = SourceComparison(Self.result(Self.scenario, providers: ["a", "b", "c"]))
        #expect(comparison.providers.map(\.provider) == ["a", "b", "c"])
        let (a, b, c) = (comparison.providers[0], comparison.providers[1], comparison.providers[2])
        #expect(a.outcome.offerCount == 5)
        #expect(a.outcome.latency == .milliseconds(7))
        #expect([a.matched, b.matched, c.matched] == [5, 5, 2] as [Int])
        #expect([a.shared, b.shared, c.shared] == [4, 5, 2] as [Int])
        #expect(a.cheapest == Money(50, .eur))
        // Odd counts take the middle value: a 50, 80, 100, 120, 200; b 50, 70, 90, 95, 210.
        #expect(a.median == Money(100, .eur))
        #expect(b.median == Money(90, .eur))
        // An even count takes the exact mean of the middle two: c 65 and 190.
        #expect(c.median == Money(decimal("127.5"), .eur))
        #expect(comparison.providers.allSatisfy { $0.unconverted == 0 })
        #expect(comparison.notes.isEmpty)
        #expect(comparison.matched == 6)
    }

    @Test func sharedTripsNameTheCheapestAndTheSavingLargestFirst() throws {
        let comparison = SourceComparison(Self.result(Self.scenario, providers: ["a", "b", "c"]))
        #expect(comparison.sharedTotal == 5, "trip 4 is sold by one provider only")
        #expect(comparison.shared.map(Self.number) == ["5", "2", "1", "6", "3"])
        #expect(comparison.shared.map(\.saving) == [20, 15, 10, 5, 0].map { Money($0, .eur) })
        #expect(comparison.shared.map(\.cheapest) == ["c", "a", "b", "c", nil], "nobody is cheaper on a tie")
        #expect(comparison.shared.map(\.dearest) == ["b", "b", "a", "b", nil])
        let five = comparison.shared[0]
        #expect(five.sources.map(\.provider) == ["c", "a", "b"])
        #expect(five.lowest == Money(190, .eur))
        #expect(five.highest == Money(210, .eur))
        #expect(five.sources.map(five.isCheapest) == [true, false, false])
        let three = comparison.shared[4]
        #expect(three.sources.map(three.isCheapest) == [true, true], "both are at the lowest price")
        let percent = try #require(comparison.shared[1].savingPercent)
        #expect(abs(NSDecimalNumber(decimal: percent).doubleValue - 15.0 / 95 * 100) < 1e-9)
    }

    @Test func theLimitKeepsTheFirstSharedTripsAndNothingElse() {
        let comparison = SourceComparison(Self.result(Self.scenario, providers: ["a", "b", "c"]), limit: 2)
        #expect(comparison.shared.map(Self.number) == ["5", "2"])
        #expect(comparison.sharedTotal == 5)
        #expect(comparison.query.limit == 2)
        #expect(comparison.providers.count == 3)
        #expect(comparison.providers[0].shared == 4, "provider figures cover every trip")
        #expect(comparison.pairs.first?.shared == 4, "pair figures cover every trip")
    }

    @Test func rankedOrderKeepsTheResultsSort() {
        let byPrice = SourceComparison(Self.result(Self.scenario, providers: ["a", "b", "c"]), order: .ranked)
        // Headline prices: trip 3 50, trip 6 65, trip 2 80, trip 1 90, trip 5 190.
        #expect(byPrice.shared.map(Self.number) == ["3", "6", "2", "1", "5"])
        let byDeparture = SourceComparison(
            Self.result(Self.scenario, providers: ["a", "b", "c"], sort: .departure), order: .ranked, limit: 3)
        #expect(byDeparture.shared.map(Self.number) == ["1", "2", "3"])
    }

    @Test func equalSavingsOrderByPriceThenId() {
        let offers = [
            Self.trip(1, "a", "110"), Self.trip(1, "b", "100"),
            Self.trip(2, "a", "60"), Self.trip(2, "b", "70"),
            Self.trip(3, "a", "60"), Self.trip(3, "b", "70"),
        ]
        let comparison = SourceComparison(Self.result(offers, providers: ["a", "b"]))
        #expect(comparison.shared.allSatisfy { $0.saving == Money(10, .eur) })
        #expect(comparison.shared.last.map(Self.number) == "1", "the dearer trip comes last")
        let sameprice = comparison.shared.prefix(2).map(\.offer.id)
        #expect(sameprice == sameprice.sorted())
    }

    @Test func pairsCountWinsTiesAndTheMedianDifference() throws {
        let comparison = SourceComparison(Self.result(Self.scenario, providers: ["a", "b", "c"]))
        #expect(comparison.pairs.map { "\($0.first)-\($0.second)" } == ["a-b", "a-c", "b-c"])
        let ab = comparison.pairs[0]
        // a − b: trip 1 +10, trip 2 −15, trip 3 0, trip 5 −10; the middle two of −15, −10, 0, +10.
        #expect(ab.shared == 4)
        #expect(ab.compared == 4)
        #expect([ab.firstCheaper, ab.secondCheaper, ab.ties] == [2, 1, 1] as [Int])
        #expect(ab.medianDifference == Money(-5, .eur))
        let ac = comparison.pairs[1]
        #expect([ac.shared, ac.firstCheaper, ac.secondCheaper, ac.ties] == [1, 0, 1, 0] as [Int])
        #expect(ac.medianDifference == Money(10, .eur))
        let bc = comparison.pairs[2]
        // b − c: trip 5 +20, trip 6 +5.
        #expect([bc.shared, bc.firstCheaper, bc.secondCheaper] == [2, 0, 2] as [Int])
        #expect(bc.medianDifference == Money(decimal("12.5"), .eur))
    }

    @Test func mediansStayExactDecimals() {
        let offers = [
            Self.trip(1, "a", "10.01"), Self.trip(1, "b", "10.00"),
            Self.trip(2, "a", "10.00"), Self.trip(2, "b", "10.02"),
        ]
        let comparison = SourceComparison(Self.result(offers, providers: ["a", "b"]))
        #expect(comparison.pairs.first?.medianDifference == Money(decimal("-0.005"), .eur))
        #expect(comparison.providers[1].median == Money(decimal("10.01"), .eur))
        #expect(comparison.providers[0].median == Money(decimal("10.005"), .eur))
    }

    @Test func anUnconvertedPriceIsShownButLeftOutOfEveryComparison() throws {
        let xyz = try #require(CurrencyCode("XYZ"))
        let offers = [
            Self.trip(1, "a", "100"), Self.trip(1, "x", "1000", currency: xyz),
            Self.trip(2, "a", "100"), Self.trip(2, "b", "110"), Self.trip(2, "x", "5", currency: xyz),
        ]
        let comparison = SourceComparison(Self.result(offers, providers: ["a", "b", "x"]))
        #expect(comparison.shared.map(Self.number) == ["2", "1"], "the trip without a saving comes last")
        let two = comparison.shared[0]
        #expect(two.sources.map(\.provider) == ["a", "b", "x"])
        #expect(two.sources[2].convertedPrice == nil)
        #expect(two.sources[2].price == Money(5, xyz))
        #expect(two.cheapest == "a")
        #expect(two.saving == Money(10, .eur), "the 5 XYZ is not cheaper: it cannot be compared")
        let one = comparison.shared[1]
        #expect(one.sources.count == 2)
        #expect(one.cheapest == nil)
        #expect(one.saving == nil)
        #expect(one.savingPercent == nil)
        #expect(one.sources.map(one.isCheapest) == [false, false])

        let x = comparison.providers[2]
        #expect([x.matched, x.unconverted, x.shared] == [2, 2, 2] as [Int])
        #expect(x.cheapest == nil)
        #expect(x.median == nil)
        let ax = try #require(comparison.pairs.first { $0.first == "a" && $0.second == "x" })
        #expect([ax.shared, ax.compared, ax.firstCheaper, ax.secondCheaper, ax.ties] == [2, 0, 0, 0, 0] as [Int])
        #expect(ax.medianDifference == nil)
        #expect(
            comparison.notes == [
                .pricesLeftOutOfComparison(2, currencies: [xyz], ratesDate: ExchangeRates.embedded.date)
            ])
    }

    @Test func theSearchsNotesComeFirst() throws {
        let xyz = try #require(CurrencyCode("XYZ"))
        var result = Self.result(
            [Self.trip(1, "a", "100"), Self.trip(1, "x", "7", currency: xyz)], providers: ["a", "x"])
        let searchNote = SearchNote.unconvertedPrices([xyz], ratesDate: ExchangeRates.embedded.date)
        result.notes = [searchNote]
        let comparison = SourceComparison(result)
        #expect(
            comparison.notes == [
                searchNote, .pricesLeftOutOfComparison(1, currencies: [xyz], ratesDate: ExchangeRates.embedded.date),
            ])
    }

    @Test func aFailedProviderKeepsItsRowWithoutFigures() {
        let error = ProviderError(.malformedResponse, provider: "b", "the body is not JSON")
        let outcomes = [
            ProviderOutcome(provider: "a", status: .ok, offerCount: 1, skipped: 3, latency: .milliseconds(12)),
            ProviderOutcome(provider: "b", status: .failed, latency: .milliseconds(4), error: error),
        ]
        let comparison = SourceComparison(
            Self.result([Self.trip(1, "a", "100")], providers: ["a", "b"], outcomes: outcomes))
        #expect(comparison.providers.map(\.outcome) == outcomes)
        #expect(comparison.providers[0].outcome.skipped == 3)
        #expect(comparison.providers[0].matched == 1)
        #expect(comparison.providers[0].shared == 0)
        #expect(comparison.providers[1].matched == 0)
        #expect(comparison.providers[1].cheapest == nil)
        #expect(comparison.shared.isEmpty)
        #expect(comparison.pairs.isEmpty)
    }

    @Test func convertedPricesFromTwoCurrenciesAreCompared() throws {
        // 8900 RUB at 94.25 per euro is 94.43 EUR.
        let offers = [Self.trip(1, "kiwi", "98"), Self.trip(1, "aviasales", "8900", currency: .rub)]
        let comparison = SourceComparison(Self.result(offers, providers: ["kiwi", "aviasales"]))
        let trip = try #require(comparison.shared.first)
        #expect(trip.cheapest == "aviasales")
        #expect(trip.saving == Money(decimal("3.57"), .eur))
        #expect(trip.sources[0].price == Money(8900, .rub))
        #expect(comparison.pairs.first?.medianDifference == Money(decimal("3.57"), .eur))
    }
}
