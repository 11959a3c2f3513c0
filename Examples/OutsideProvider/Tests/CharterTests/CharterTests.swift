import AggregatorCore
import Charter
import Foundation
import Kiwi
import ProviderKit
import ProviderTestKit
import Testing

@Suite("The charter provider, from a package of its own")
struct CharterTests {
    @Test func itPassesTheConformanceKit() async throws {
        try await ProviderConformance.check(CharterProvider())
    }

    @Test func itsFlightsMergeWithKiwisFlights() async throws {
        let aggregator = try Aggregator(providers: [KiwiProvider(), CharterProvider()])
        let result = await aggregator.search(SearchQuery(departureDate: LocalDate(year: 2026, month: 12, day: 18)))
        #expect(result.completeness == .complete)
        let sellers = result.offers.map { offer in offer.sources.map { "\($0.provider) \($0.price)" } }
        #expect(sellers.contains(["charter 89.90 EUR", "kiwi 98.00 EUR"]), "\(sellers)")
        #expect(sellers.contains(["kiwi 169.00 EUR", "charter 175.00 EUR"]), "\(sellers)")
    }
}
