import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

/// Prices for the whole party and with its bags, before the merge, so that sellers compare like with like.
@Suite("Prices for the party and its bags")
struct PartyAndBagPricingTests {
    typealias T = TripBuilder

    static func flight(_ number: String, departs: String = "2026-12-18 07:05") -> [[Segment]] {
        [[T.segment(number, "VIE", "BCN", departs: departs, arrives: nil)]]
    }

    static let family = Passengers(adults: 2, children: 1, infants: 1)

    @Test func aPerPersonPriceIsMultipliedByTheSeatsAndBecomesATotal() throws {
        let perSeat = T.trip("sunweb", Self.flight("OS 395"), price: decimal("79.50"), basis: .perPerson)
        let priced = PartyPricing(party: Self.family).price([perSeat])
        let offer = try #require(priced.offers.first)
        #expect(offer.priceBasis == .total)
        #expect(offer.sources.first?.price == Money(decimal("238.50"), .eur), "three seats: the infant has none")
        #expect(offer.price == Money(decimal("238.50"), .eur))
        #expect(
            priced.notes == [.lapInfantsNotPriced("sunweb", seated: Passengers(adults: 2, children: 1), infants: 1)])
    }

    @Test func withoutInfantsThereIsNothingToNoteAndOneAdultChangesNoAmount() throws {
        let perSeat = T.trip("sunweb", Self.flight("OS 395"), price: 79, basis: .perPerson)
        let couple = PartyPricing(party: Passengers(adults: 2)).price([perSeat])
        #expect(couple.notes.isEmpty)
        #expect(couple.offers.first?.price == Money(158, .eur))
        let alone = PartyPricing(party: .one).price([perSeat])
        #expect(alone.offers.first?.price == Money(79, .eur))
        #expect(alone.offers.first?.priceBasis == .total)
    }

    @Test func aTotalIsKeptAndAPriceForAnotherPartyIsNotedNeverSilentlyUsed() {
        let total = T.trip("kiwi", Self.flight("OS 395"), price: 400)
        let forOne = T.trip("aviasales", Self.flight("VY 1815"), price: 9000, currency: .rub, pricedFor: .one)
        let forOneAgain = T.trip("aviasales", Self.flight("VY 1817"), price: 7000, currency: .rub, pricedFor: .one)
        let forTheFamily = T.trip("kiwi", Self.flight("OS 397"), price: 500, pricedFor: Self.family)
        let priced = PartyPricing(party: Self.family).price([total, forOne, forOneAgain, forTheFamily])
        #expect(priced.offers.map(\.price.amount) == [400, 9000, 7000, 500])
        #expect(priced.notes == [.pricedForAnotherParty("aviasales", party: .one, offers: 2)])
    }

    @Test func thePipelineComparesPerSeatAndTotalPricesForTheSameParty() throws {
        let perSeat = T.trip("sunweb", Self.flight("OS 395"), price: 100, basis: .perPerson)
        let total = T.trip("kiwi", Self.flight("OS 395"), price: 250)
        let result = SearchPipeline().run(
            [T.run("sunweb", [perSeat]), T.run("kiwi", [total])], query: SearchQuery(passengers: Self.family))
        let trip = try #require(result.offers.first)
        #expect(result.offers.count == 1)
        #expect(trip.sources.map(\.provider) == ["kiwi", "sunweb"], "250 for the party beats 3 × 100")
        #expect(trip.price == Money(250, .eur))
        #expect(
            result.notes.contains(
                .lapInfantsNotPriced("sunweb", seated: Passengers(adults: 2, children: 1), infants: 1)))
    }

    static func fees(_ fees: [Int: Decimal], _ currency: CurrencyCode = .eur) -> BagFees {
        BagFees(fees, currency: currency)
    }

    func bagged(_ offers: [Offer], bags: Int, party: Passengers = .one) -> [Offer] {
        let converter = CurrencyConverter(rates: .embedded, target: .eur)
        return BagPricing(bags: bags, party: party, converter: converter).price(converter.convert(offers))
    }

    @Test func bagFeesForTheBagsAskedAreAddedForEverySeat() throws {
        let trip = T.trip("kiwi", Self.flight("OS 395"), price: 200, bagFees: Self.fees([1: decimal("27.5"), 2: 60]))
        let one = try #require(bagged([trip], bags: 1, party: Self.family).first)
        #expect(one.price == Money(decimal("282.5"), .eur), "200 + 3 seats × 27.50")
        #expect(one.priceWithoutBags == Money(200, .eur))
        #expect(one.sources.first?.includedBagFees == Money(decimal("82.5"), .eur))
        #expect(one.sources.first?.price == Money(200, .eur), "the price as sent stays as sent")
        let two = try #require(bagged([trip], bags: 2).first)
        #expect(two.price == Money(260, .eur), "the fee for two bags, not twice the fee for one")
        let none = try #require(bagged([trip], bags: 0).first)
        #expect(none.price == Money(200, .eur))
        #expect(none.priceWithoutBags == nil)
    }

    @Test func feesInAnotherCurrencyAreConvertedBeforeTheyAreAdded() throws {
        let trip = T.trip(
            "aviasales", Self.flight("OS 395"), price: 9425, currency: .rub, bagFees: Self.fees([1: 2827.5], .rub))
        let offer = try #require(bagged([trip], bags: 1).first)
        #expect(offer.sources.first?.includedBagFees == Money(30, .eur))
        #expect(offer.price == Money(130, .eur))
    }

    @Test func unknownFeesKeepThePriceTagTheTripAndRankItAfterKnownTotals() throws {
        let known = T.trip("kiwi", Self.flight("OS 395"), price: 150, bagFees: Self.fees([1: 30]))
        let noFees = T.trip("other", Self.flight("VY 1815", departs: "2026-12-18 12:30"), price: 120)
        let noFeeForTwo = T.trip(
            "other", Self.flight("W6 1", departs: "2026-12-18 15:00"), price: 100, bagFees: Self.fees([1: 20]))
        let priced = bagged([known, noFees, noFeeForTwo], bags: 1)
        #expect(priced.map(\.price.amount) == [180, 120, 120])
        #expect(priced.map { $0.tags.contains(.bagFeesUnknown) } == [false, true, false])
        let ranked = OfferRanker(sort: .price).rank(priced)
        #expect(ranked.map(\.price.amount) == [120, 180, 120], "W6 120 known, OS 180 known, then VY 120 unknown")
        #expect(ranked.first?.tags.contains(.cheapest) == true)
        let byDeparture = OfferRanker(sort: .departure).rank(priced)
        #expect(byDeparture.map(\.price.amount) == [180, 120, 120], "departure order does not look at prices")
    }

    @Test func aTripIsUnknownOnlyWhenItsCheapestSellerIsUnknown() throws {
        let known = T.trip("kiwi", Self.flight("OS 395"), price: 150, bagFees: Self.fees([1: 30]))
        let unknownDearer = T.trip("other", Self.flight("OS 395"), price: 190)
        let unknownCheaper = T.trip("third", Self.flight("OS 395"), price: 160)
        let query = SearchQuery(bags: 1)
        let dearer = SearchPipeline().run([T.run("kiwi", [known]), T.run("other", [unknownDearer])], query: query)
        let trip = try #require(dearer.offers.first)
        #expect(trip.price == Money(180, .eur))
        #expect(!trip.tags.contains(.bagFeesUnknown), "190 without bags already costs more than 180 with them")
        let cheaper = SearchPipeline().run([T.run("kiwi", [known]), T.run("third", [unknownCheaper])], query: query)
        let unsure = try #require(cheaper.offers.first)
        #expect(unsure.price == Money(160, .eur))
        #expect(unsure.sources.map(\.provider) == ["third", "kiwi"])
        #expect(unsure.tags.contains(.bagFeesUnknown))
    }

    @Test func thePriceCapComparesTheTotalWithBagsAndLeavesOutUnknownTotals() {
        let known = T.trip("kiwi", Self.flight("OS 395"), price: 150, bagFees: Self.fees([1: 30]))
        let unknown = T.trip("other", Self.flight("VY 1815", departs: "2026-12-18 12:30"), price: 120)
        let tooDear = T.trip("other", Self.flight("W6 1", departs: "2026-12-18 15:00"), price: 200)
        let runs = [T.run("kiwi", [known]), T.run("other", [unknown, tooDear])]
        let capped = SearchPipeline().run(runs, query: SearchQuery(maxPrice: 175, bags: 1))
        #expect(capped.offers.isEmpty, "OS 395 costs 180 with its bag; VY 1815's total is unknown")
        #expect(capped.notes == [.unknownValues(.maxPrice, trips: 1)])
        let withoutBags = SearchPipeline().run(runs, query: SearchQuery(maxPrice: 175))
        #expect(withoutBags.offers.map(\.price.amount) == [120, 150])
    }

    /// Kiwi's `"bags_price": {"1": 0.0}` for a London → Perth Qantas fare whose first bag is included, beside a
    /// cheaper ticket whose bag costs extra.
    @Test func anIncludedBagIsAKnownFeeOfZeroAndRanksOnItsTotal() throws {
        let included = T.trip("kiwi", Self.flight("QF 10"), price: 1020, bagFees: Self.fees([1: 0]))
        let paid = T.trip(
            "kiwi", Self.flight("SQ 317", departs: "2026-12-18 11:20"), price: 990, bagFees: Self.fees([1: 60]))
        let priced = bagged([included, paid], bags: 1, party: Passengers(adults: 2))
        #expect(priced.map(\.price.amount) == [1020, 1110])
        #expect(priced.allSatisfy { !$0.tags.contains(.bagFeesUnknown) }, "a fee of zero is a known fee")
        #expect(priced.first?.sources.first?.includedBagFees == Money(0, .eur))
        let ranked = OfferRanker(sort: .price).rank(priced)
        #expect(ranked.map { $0.sources.first?.reference } == [included, paid].map { $0.sources.first?.reference })
        let result = SearchPipeline().run([T.run("kiwi", [paid, included])], query: SearchQuery(bags: 1))
        #expect(result.notes.isEmpty, "no trip's fees are unknown")
        #expect(result.offers.map(\.price.amount) == [1020, 1050])
    }

    @Test func aZeroFeeNeedsNoRateButAnyOtherFeeDoes() throws {
        // XTS (ISO 4217's code for tests) is in no rates table.
        let xts = try #require(CurrencyCode("XTS"))
        let zero = T.trip("duffel", Self.flight("OS 395"), price: 150, bagFees: Self.fees([1: 0], xts))
        let paid = T.trip("duffel", Self.flight("OS 397"), price: 150, bagFees: Self.fees([1: 5], xts))
        let priced = bagged([zero, paid], bags: 1)
        #expect(priced.map { $0.tags.contains(.bagFeesUnknown) } == [false, true])
        #expect(priced.first?.price == Money(150, .eur))
    }

    @Test func aNegativeOrAbsurdFeeIsNoFeeAtAll() {
        let negative = T.trip("kiwi", Self.flight("OS 395"), price: 150, bagFees: Self.fees([1: -20]))
        let absurd = T.trip("kiwi", Self.flight("OS 397"), price: 150, bagFees: Self.fees([1: Decimal.nan]))
        let priced = bagged([negative, absurd], bags: 1)
        #expect(priced.allSatisfy { $0.tags.contains(.bagFeesUnknown) })
        #expect(priced.map(\.price.amount) == [150, 150])
    }
}
