import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("The aggregator with an airline directory")
struct AggregatorDirectoryTests {
    static let records = [
        AirlineRecord(id: 1, name: "Vueling", iata: "VY", country: "ES"),
        AirlineRecord(id: 2, name: "Air Berlin", iata: "AB", country: "DE", isActive: false),
    ]
    static let vueling = OfferFactory.flight(
        provider: "flights", carrier: "VY", carrierName: "Вуэлинг", flightNumber: "1815", from: "VIE", to: "BCN",
        departure: "2026-12-18 12:30", price: 98)
    static let airBerlin = OfferFactory.flight(
        provider: "flights", carrier: "AB", flightNumber: "8000", from: "VIE", to: "BCN",
        departure: "2026-12-19 12:30", price: 60)

    func search(
        _ providers: [any OfferProvider], query: SearchQuery = SearchQuery(), favorites: Set<String> = []
    ) async throws -> SearchResult {
        let aggregator = try Aggregator(
            providers: providers, transport: UnreachableTransport(),
            settings: try SearchSettings(deadline: .seconds(5)),
            pipeline: SearchPipeline(favorites: FavoriteCarriers(favorites)), now: { OfferFactory.retrievedAt })
        return await aggregator.search(query)
    }

    static func directory(_ id: ProviderID = "directory", skipped: Int = 0) -> FakeProvider {
        FakeProvider(
            id, categories: [.airlineDirectory], capabilities: [], behaviour: .airlines(records, skipped: skipped))
    }

    static let flights = FakeProvider("flights", behaviour: .offers([vueling, airBerlin]))

    @Test func aDirectoryIsAskedInAFlightSearchAndEnrichesTheOffers() async throws {
        let result = try await search([Self.flights, Self.directory(skipped: 2)])
        #expect(result.outcomes.map(\.status) == [.ok, .ok])
        let outcome = result.outcomes[1]
        #expect(outcome.recordCount == 2 && outcome.skipped == 2 && outcome.offerCount == 0)
        #expect(outcome.enrichesOnly)
        #expect(!result.outcomes[0].enrichesOnly)
        #expect(result.airlines.records == Self.records)
        let vueling = try #require(result.offers.first { $0.product.itinerary?.segments.first?.carrier.code == "VY" })
        #expect(vueling.product.itinerary?.segments.first?.carrier.name == "Vueling")
        #expect(vueling.product.itinerary?.segments.first?.carrier.country == "ES")
        let airBerlin = try #require(result.offers.first { $0.product.itinerary?.segments.first?.carrier.code == "AB" })
        #expect(airBerlin.tags.contains(.inactiveCarrier))
        #expect(!vueling.tags.contains(.inactiveCarrier))
        #expect(result.completeness == .complete)
    }

    @Test func aDirectoryIsNotAskedForCarsAndHasNoDateNotes() async throws {
        let cars = try await search([Self.directory()], query: SearchQuery(kind: .cars))
        #expect(cars.outcomes.map(\.status) == [.unsupported])
        let dated = try await search(
            [Self.flights, Self.directory()], query: SearchQuery(departureDate: day("2026-12-18"), roundTrip: true))
        #expect(dated.outcomes[1].notes.isEmpty, "a directory sells nothing, so dates are not its concern")
    }

    @Test func aDirectorySearchCollectsRecordsAndReportsNoResultsWhenThereAreNone() async throws {
        let empty = FakeProvider("empty", categories: [.airlineDirectory], behaviour: .airlines([]))
        let result = try await search(
            [Self.directory(skipped: 1), empty, Self.flights], query: SearchQuery(kind: .airlineDirectory))
        #expect(result.outcomes.map(\.status) == [.ok, .noResults, .unsupported])
        #expect(result.outcomes.map(\.recordCount) == [2, 0, 0])
        #expect(!result.outcomes[0].enrichesOnly)
        #expect(result.airlines.records.count == 2)
        #expect(result.offers.isEmpty)
        #expect(result.completeness == .complete)
    }

    @Test func aFailingDirectoryMakesAFlightSearchPartialAndKeepsTheOffers() async throws {
        let broken = FakeProvider(
            "directory", categories: [.airlineDirectory],
            behaviour: .failure(ProviderError(.malformedResponse, provider: "directory", "the body is not JSON")))
        let result = try await search([Self.flights, broken])
        #expect(result.outcomes.map(\.status) == [.ok, .failed])
        #expect(result.outcomes[1].enrichesOnly)
        #expect(result.completeness == .partial, "the offers lack the carrier details the directory was asked for")
        #expect(result.offers.count == 2)
        #expect(result.offers.allSatisfy { $0.tags.isDisjoint(with: [.inactiveCarrier]) })

        let directoryOnly = try await search([broken], query: SearchQuery(kind: .airlineDirectory))
        #expect(directoryOnly.completeness == .none, "in a directory search the directory is what was asked for")
    }

    @Test(arguments: ["Вуэлинг", "vueling", "VY"])
    func theAirlineFilterKnowsTheProvidersNameTheDirectorysNameAndTheCode(airline: String) async throws {
        let filtered = try await search([Self.flights, Self.directory()], query: SearchQuery(airline: airline))
        #expect(filtered.offers.count == 1)
        #expect(filtered.offers.first?.product.itinerary?.segments.first?.carrier.name == "Vueling")
    }

    @Test func favouritesAreTaggedByCodeAndByTheDirectorysName() async throws {
        let byCode = try await search([Self.flights], favorites: ["vy"])
        #expect(byCode.offers.filter { $0.tags.contains(.favorite) }.count == 1)
        let byName = try await search([Self.flights, Self.directory()], favorites: ["Air Berlin"])
        let favorite = try #require(byName.offers.first { $0.tags.contains(.favorite) })
        #expect(favorite.product.itinerary?.segments.first?.carrier.code == "AB")
        #expect(byName.offers.filter { $0.tags.contains(.favorite) }.count == 1)
    }

    @Test func mergedOffersKeepTheDirectoryTags() async throws {
        let other = FakeProvider(
            "other",
            behaviour: .offers([
                OfferFactory.flight(
                    provider: "other", carrier: "AB", flightNumber: "8000", from: "VIE", to: "BCN",
                    departure: "2026-12-19 12:30", price: 70)
            ]))
        let result = try await search([Self.flights, other, Self.directory()], favorites: ["AB"])
        let merged = try #require(result.offers.first { $0.sources.count == 2 })
        #expect(merged.tags.isSuperset(of: [.inactiveCarrier, .favorite, .multipleSources]))
    }
}
