import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("Filters and empty-result hints")
struct OfferFilterTests {
    let offers: [Offer] = CurrencyConverter(rates: .embedded, target: .eur).convert([
        OfferFactory.flight(
            provider: "a", carrier: "OS", flightNumber: "395", from: "VIE", to: "BCN", departure: "2026-12-18 07:05",
            price: 169),
        OfferFactory.flight(
            provider: "a", carrier: "VY", flightNumber: "1815", from: "VIE", to: "BCN", departure: "2026-12-18 12:30",
            price: 98),
        OfferFactory.flight(
            provider: "a", carrier: "LX", flightNumber: "1577", from: "VIE", to: "BCN", departure: "2026-12-19 06:50",
            stops: 1, price: 121),
        OfferFactory.flight(
            provider: "a", carrier: "KL", flightNumber: "1844", from: "VIE", to: "AMS", departure: "2026-12-18 17:40",
            price: 115),
    ])

    func flights(_ query: SearchQuery) -> [String] {
        OfferFilter(query: query).apply(offers).compactMap { $0.product.itinerary?.segments.first?.flightDesignator }
    }

    @Test func eachFilterAppliesToEveryOffer() {
        #expect(flights(SearchQuery(destination: "AMS")) == ["KL 1844"])
        #expect(flights(SearchQuery(origin: "vie", destination: "BCN")) == ["OS 395", "VY 1815", "LX 1577"])
        #expect(flights(SearchQuery(departureDate: day("2026-12-19"))) == ["LX 1577"])
        #expect(flights(SearchQuery(maxPrice: 115)) == ["VY 1815", "KL 1844"])
        #expect(flights(SearchQuery(maxStops: 0)) == ["OS 395", "VY 1815", "KL 1844"])
        #expect(flights(SearchQuery(airline: "vy")) == ["VY 1815"])
        #expect(flights(SearchQuery(roundTrip: true)) == [])
        #expect(flights(SearchQuery(kind: .cars)) == [])
    }

    @Test func airlinesMatchByNameIgnoringCaseAndAccents() {
        let named = OfferFactory.flight(
            provider: "b", carrier: nil, carrierName: "Вольотеа", from: "VIE", to: "BCN",
            departure: "2026-12-19 10:15", price: 60)
        let filter = OfferFilter(query: SearchQuery(airline: "вольотеа"))
        #expect(filter.apply([named]).count == 1)
    }

    @Test func anEmptyResultSaysWhichFilterToDropAndHowManyComeBack() {
        let query = SearchQuery(destination: "AMS", departureDate: day("2026-12-19"), maxPrice: 100)
        let filter = OfferFilter(query: query)
        #expect(filter.apply(offers).isEmpty)
        let hints = filter.hints(for: offers)
        // No single filter is enough (KL 1844 to AMS costs 115 and leaves on the 18th), so pairs are offered.
        #expect(
            hints == [
                FilterHint(dropped: [.destination, .departureDate], offers: 1),
                FilterHint(dropped: [.destination, .maxPrice], offers: 1),
                FilterHint(dropped: [.departureDate, .maxPrice], offers: 1),
            ])
    }

    @Test func singleFilterHintsCountWhatEachWouldBringBack() {
        let query = SearchQuery(departureDate: day("2026-12-20"), maxPrice: 110)
        let hints = OfferFilter(query: query).hints(for: offers)
        // Without the price cap the date still excludes everything, so only the date is suggested.
        #expect(hints == [FilterHint(dropped: [.departureDate], offers: 1)])
    }

    @Test func noHintsWhenSomethingMatchesOrNothingCame() {
        let filter = OfferFilter(query: SearchQuery(destination: "BCN"))
        #expect(filter.hints(for: offers).isEmpty)
        #expect(OfferFilter(query: SearchQuery(destination: "XXX")).hints(for: []).isEmpty)
    }
}
