import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

/// A party of two adults and a child against sellers that price per person and per party: only prices for the
/// whole party make a trip's price, its rank and its tags.
@Suite("Prices for the party asked, or marked")
struct PartyHeadlineTests {
    typealias T = TripBuilder

    static let party = Passengers(adults: 2, children: 1)
    static let query = SearchQuery(passengers: party)

    /// `OS 395`: the first flight of a trip.
    static func flight(of offer: Offer) -> String {
        let segment = offer.product.itinerary?.legs.first?.segments.first
        return [segment?.carrier.code, segment?.flightNumber].compactMap { $0 }.joined(separator: " ")
    }

    static func flight(_ number: String, departs: String = "2026-12-18 07:05") -> [[Segment]] {
        [[T.segment(number, "VIE", "BCN", departs: departs, arrives: nil)]]
    }

    /// OS 395 sold by four sellers: Skiplagged's fare for one adult (scaled), Kiwi's total for the party, and
    /// Aviasales' and Duffel's totals for one adult. VY 1815 sold only for one adult, the cheapest amount of all.
    /// W6 1 for the whole party. ZZ 4821, Duffel's test airline, cheapest of all.
    static func runs() -> [ProviderRun] {
        [
            T.run(
                "skiplagged",
                [T.trip("skiplagged", flight("OS 395"), price: decimal("93.29"), basis: .perPerson, pricedFor: .one)]
            ),
            T.run("kiwi", [T.trip("kiwi", flight("OS 395"), price: 300, pricedFor: party)]),
            T.run(
                "aviasales",
                [
                    T.trip("aviasales", flight("OS 395"), price: decimal("94.43"), pricedFor: .one),
                    T.trip("aviasales", flight("VY 1815", departs: "2026-12-18 09:00"), price: 50, pricedFor: .one),
                ]),
            T.run(
                "duffel",
                [
                    T.trip("duffel", flight("OS 395"), price: decimal("96.40"), pricedFor: .one),
                    T.trip(
                        "duffel", flight("ZZ 4821", departs: "2026-12-18 10:00"), price: 10, pricedFor: party,
                        tags: [.testMode]),
                ]),
            T.run("other", [T.trip("other", flight("W6 1", departs: "2026-12-18 11:00"), price: 320)]),
        ]
    }

    @Test func theHeadlineIsTheCheapestPriceForTheWholePartyAndOtherPartiesAreShownMarked() throws {
        let result = SearchPipeline().run(Self.runs(), query: Self.query)
        let trip = try #require(result.offers.first { Self.flight(of: $0) == "OS 395" })
        #expect(trip.sources.map(\.provider) == ["skiplagged", "kiwi", "aviasales", "duffel"])
        #expect(trip.price == Money(decimal("279.87"), .eur), "3 seats × 93.29, not one adult's 94.43")
        let scaled = try #require(trip.sources.first)
        #expect(scaled.scaled && scaled.pricedFor == Self.party && !scaled.forAnotherParty)
        let kiwi = try #require(trip.sources.first { $0.provider == "kiwi" })
        #expect(!kiwi.scaled && kiwi.pricedFor == Self.party && !kiwi.forAnotherParty)
        let asSent = trip.sources.filter { ["aviasales", "duffel"].contains($0.provider) }
        #expect(asSent.map(\.price.amount) == [decimal("94.43"), decimal("96.40")], "shown as the sellers sent them")
        #expect(asSent.allSatisfy { $0.forAnotherParty && !$0.scaled && $0.pricedFor == .one })
        #expect(!trip.tags.contains(.otherParty))
        #expect(trip.tags.isSuperset(of: [.cheapest, .best]))
        #expect(
            Set(result.notes) == [
                .pricedForAnotherParty("aviasales", party: .one, offers: 2),
                .pricedForAnotherParty("duffel", party: .one, offers: 1),
            ])
    }

    @Test func aTripPricedOnlyForAnotherPartyIsTaggedAndRankedAfterThePartysAndTestDataLast() throws {
        for sort in [SortKey.price, .best, .duration, .departure] {
            var query = Self.query
            query.sort = sort
            let result = SearchPipeline().run(Self.runs(), query: query)
            // By departure VY 1815 (09:00) and ZZ 4821 (10:00) would come before W6 1 (11:00): the party and real
            // data come first whatever the order.
            #expect(result.offers.map(Self.flight(of:)) == ["OS 395", "W6 1", "VY 1815", "ZZ 4821"], "by \(sort)")
            let onePerson = try #require(result.offers.first { Self.flight(of: $0) == "VY 1815" })
            #expect(onePerson.tags.contains(.otherParty))
            #expect(onePerson.price == Money(50, .eur), "its price is as sent, not passed off as the party's")
            let test = try #require(result.offers.last)
            #expect(test.tags.isDisjoint(with: [.cheapest, .fastest, .best]), "test data takes no ranking tag")
            #expect(onePerson.tags.isDisjoint(with: [.cheapest, .fastest, .best]))
        }
    }

    @Test func withNoPriceForThePartyTheCheapestOtherPriceIsTheHeadlineAndSaysSo() throws {
        let runs = [
            T.run("aviasales", [T.trip("aviasales", Self.flight("OS 395"), price: 90, pricedFor: .one)]),
            T.run("duffel", [T.trip("duffel", Self.flight("OS 395"), price: 95, pricedFor: .one)]),
        ]
        let result = SearchPipeline().run(runs, query: Self.query)
        let trip = try #require(result.offers.first)
        #expect(trip.price == Money(90, .eur))
        #expect(trip.tags.contains(.otherParty))
        #expect(!trip.tags.contains(.cheapest), "no trip is priced for the party, so none is the cheapest for it")
        let alone = SearchPipeline().run(runs, query: SearchQuery(passengers: .one))
        #expect(
            alone.offers.first?.tags.contains(.otherParty) == false, "for one adult the same prices are the party's")
        #expect(alone.offers.first?.tags.contains(.cheapest) == true)
    }

    @Test func lapInfantsMakeAScaledPriceAnotherPartys() throws {
        let family = Passengers(adults: 2, children: 1, infants: 1)
        let runs = [
            T.run(
                "skiplagged",
                [T.trip("skiplagged", Self.flight("OS 395"), price: 100, basis: .perPerson, pricedFor: .one)])
        ]
        let result = SearchPipeline().run(runs, query: SearchQuery(passengers: family))
        let source = try #require(result.offers.first?.sources.first)
        #expect(source.pricedFor == Self.party, "the seated party: the lap infant is not in the price")
        #expect(source.scaled && source.forAnotherParty)
        #expect(result.offers.first?.tags.contains(.otherParty) == true)
    }
}
