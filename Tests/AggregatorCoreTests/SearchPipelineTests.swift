import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

/// The pipeline on its own, without providers or I/O: answers in, one result out.
@Suite("The search pipeline: filters judge merged trips")
struct SearchPipelineTests {
    /// OS 397 as Kiwi sells it: code, number, UTC and local times, euros.
    static let kiwi = OfferFactory.flight(
        provider: "kiwi", carrier: "OS", flightNumber: "397", from: "VIE", to: "BCN", departure: "2026-12-19 18:20",
        price: 142)
    /// The same flight as Aviasales sells it: a name the provider resolved to OS, local time, roubles.
    static let aviasales = OfferFactory.flight(
        provider: "aviasales", carrier: "OS", carrierName: "Austrian Airlines", from: "VIE", to: "BCN",
        departure: "2026-12-19 18:20", utc: false, price: 13990, currency: .rub)
    /// Another Kiwi flight on another carrier.
    static let vueling = OfferFactory.flight(
        provider: "kiwi", carrier: "VY", flightNumber: "1815", from: "VIE", to: "BCN", departure: "2026-12-18 12:30",
        price: 98)

    static func runs(_ offers: [Offer]...) -> [ProviderRun] {
        offers.map { list in
            ProviderRun(
                outcome: ProviderOutcome(
                    provider: list.first?.sources.first?.provider ?? "none", status: .ok, offerCount: list.count),
                response: ProviderResponse(offers: list))
        }
    }

    let answers = runs([kiwi, vueling], [aviasales])

    @Test func aPriceCapKeepsEverySellerOfATripWhoseCheapestPriceFits() throws {
        let result = SearchPipeline().run(answers, query: SearchQuery(maxPrice: 145))
        let trip = try #require(result.offers.first { $0.carrierCodes == ["OS"] })
        #expect(trip.price == Money(142, .eur))
        #expect(trip.sources.map(\.provider) == ["kiwi", "aviasales"], "the dearer seller stays listed")
        #expect(trip.sources.last?.convertedPrice == Money(decimal("148.44"), .eur))
    }

    @Test func aPriceCapBelowTheCheapestSellerDropsTheTripNotASeller() {
        let result = SearchPipeline().run(answers, query: SearchQuery(maxPrice: 140))
        #expect(result.offers.map(\.carrierCodes) == [["VY"]])
    }

    @Test(arguments: ["OS", "os", "Austrian Airlines", "austrian", "AUSTRIAN AIRLINES"])
    func anAirlineByCodeOrByNameGivesTheSameTripsAndSellers(airline: String) {
        let result = SearchPipeline().run(answers, query: SearchQuery(airline: airline))
        let byCode = SearchPipeline().run(answers, query: SearchQuery(airline: "OS"))
        #expect(result.offers.map(\.id) == byCode.offers.map(\.id))
        #expect(result.offers.map { $0.sources.map(\.provider) } == [["kiwi", "aviasales"]])
    }

    @Test func aCancelledSearchStopsJudgingTripsAndSaysSo() async {
        let many = (0..<3_000).map { index in
            OfferFactory.flight(
                provider: "kiwi", carrier: "OS", flightNumber: "\(index)", from: "VIE", to: "BCN",
                departure: "2026-12-19 18:20", price: 100)
        }
        let answers = Self.runs(many)
        let airlines = (0..<100).map { String(format: "X%02d", $0 % 100) } + ["OS"]
        let task = Task { () -> SearchResult in
            withUnsafeCurrentTask { $0?.cancel() }
            return SearchPipeline().run(answers, query: SearchQuery(airlines: airlines))
        }
        let result = await task.value
        #expect(result.offers.count == 0, "no trip is judged once the search is given up")
        #expect(result.hints.isEmpty)
        #expect(result.notes.contains { "\($0)".hasPrefix("stopped") }, "\(result.notes)")
        let finished = SearchPipeline().run(answers, query: SearchQuery(airlines: airlines))
        #expect(finished.offers.count == 3_000)
        #expect(!finished.notes.contains { "\($0)".hasPrefix("stopped") })
    }

    @Test func hintsCountMergedTrips() {
        let result = SearchPipeline().run(answers, query: SearchQuery(maxPrice: 50))
        #expect(result.offers.isEmpty)
        #expect(result.hints == [FilterHint(dropped: [.maxPrice], offers: 2)], "three offers, two trips")
    }

    @Test func theStagesRunInTheirOrderWithoutProviders() {
        let favourite = SearchPipeline(favorites: FavoriteCarriers(["Austrian Airlines"]))
        let result = favourite.run(answers, query: SearchQuery(sort: .price, limit: 1))
        #expect(result.matched == 2)
        #expect(result.offers.count == 1)
        #expect(result.offers.first?.carrierCodes == ["VY"])
        let all = favourite.run(answers, query: SearchQuery())
        #expect(all.offers.first { $0.carrierCodes == ["OS"] }?.tags.contains(.favorite) == true)
    }
}

extension Offer {
    /// The carriers' codes, in order.
    fileprivate var carrierCodes: [String] { product.itinerary?.carriers.compactMap(\.code) ?? [] }
}
