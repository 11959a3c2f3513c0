import AggregatorCore
import AggregatorTestSupport
import CarRental
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("CarRentalProvider")
struct CarRentalProviderTests {
    @Test("passes the provider conformance kit")
    func conformance() async throws {
        try await ProviderConformance.check(CarRentalProvider(), query: CarRentalFixtures.cars)
    }

    @Test("describes itself as cars with no fixed currency and no capabilities")
    func descriptor() {
        let descriptor = CarRentalProvider().descriptor
        #expect(descriptor.id == "carrental")
        #expect(descriptor.displayName == "CarRental")
        #expect(descriptor.categories == [.cars])
        #expect(descriptor.nativeCurrency == nil)
        #expect(descriptor.capabilities.isEmpty)
        #expect(descriptor.live.first?.url.absoluteString == "https://api.carbooking.app")
        #expect(descriptor.samples.responses.bodies.keys.sorted() == ["cars"])
    }

    // MARK: The embedded sample

    @Test("maps the embedded sample's first car field by field")
    func embeddedFirstCar() async throws {
        let provider = CarRentalProvider()
        let response = try await provider.search(CarRentalFixtures.cars, using: .embedded(for: provider))
        #expect(response.offers.count == 8)
        #expect(response.skipped == 0)
        #expect(response.notes.isEmpty)

        let offer = try #require(response.offers.first)
        #expect(offer.id == "carrental-9e8f2354eb24a62c")
        #expect(offer.product == .car(RentalCar(brand: "SEAT", model: "2024", plateNumber: "4821 MKT", color: "WHITE")))
        #expect(offer.price == Money(decimal("27.5"), .eur))
        #expect(offer.priceBasis == .perDay)
        #expect(offer.imageURL == nil)
        #expect(offer.tags.isEmpty)

        let source = try #require(offer.sources.first)
        #expect(source.provider == "carrental")
        #expect(source.reference == "cars[0]")
        #expect(source.price == Money(decimal("27.5"), .eur))
        #expect(source.deepLink == nil)
        #expect(source.seatsLeft == nil)
        #expect(source.retrievedAt == Date(timeIntervalSince1970: 1_790_000_000))
    }

    /// The sample's cars in order: brand, model year, colour, price as sent, and its euro equivalent.
    static let scenario: [(brand: String, model: String, color: String, price: Money, euros: String)] = [
        ("SEAT", "2024", "WHITE", Money(decimal("27.5"), .eur), "27.50"),
        ("Renault", "2023", "BLUE", Money(decimal("1364.48"), egp), "26.00"),
        ("Toyota", "2025", "RED", Money(decimal("41.9"), .eur), "41.90"),
        ("Volkswagen", "2024", "BLACK", Money(decimal("2676.48"), egp), "51.00"),
        ("Fiat", "2023", "SILVER", Money(25, .eur), "25.00"),
        ("Fiat", "2023", "SILVER", Money(25, .eur), "25.00"),
        ("BMW", "2025", "BLACK", Money(decimal("4985.6"), egp), "95.00"),
        ("Peugeot", "2024", "BLUE", Money(decimal("1548.16"), egp), "29.50"),
    ]

    static let egp = CurrencyCode("EGP") ?? .eur

    @Test("the embedded sample is eight cars at 25 to 95 EUR a day, in EUR and EGP, in the service's order")
    func embeddedScenario() async throws {
        let offers = try await CarRentalFixtures.embeddedOffers()
        try #require(offers.count == Self.scenario.count)
        let converter = CurrencyConverter(rates: .embedded, target: .eur)
        for (index, (offer, row)) in zip(offers, Self.scenario).enumerated() {
            let car = try offer.requireCar()
            #expect(car.brand == row.brand)
            #expect(car.model == row.model)
            #expect(car.color == row.color)
            #expect(offer.price == row.price)
            #expect(offer.priceBasis == .perDay)
            #expect(offer.sources.first?.reference == "cars[\(index)]")
            #expect(converter.convert(offer.price)?.formattedAmount == row.euros, "\(row.brand)")
        }
        #expect(Set(offers.compactMap(\.product.car?.color)) == ["RED", "BLUE", "WHITE", "BLACK", "SILVER"])
    }

    @Test("in the sample, red under 30 EUR finds nothing, and dropping either filter finds some")
    func embeddedScenarioDefeatsColourAndPriceTogether() async throws {
        let converted = CurrencyConverter(rates: .embedded, target: .eur)
            .convert(try await CarRentalFixtures.embeddedOffers())
        let query = SearchQuery(kind: .cars, maxPrice: 30, color: "red")
        let filter = OfferFilter(query: query)
        let merged = OfferMerger().merge(converted)
        #expect(filter.apply(merged).isEmpty)
        #expect(
            filter.hints(for: merged) == [
                FilterHint(dropped: [.maxPrice], offers: 1), FilterHint(dropped: [.color], offers: 4),
            ])
        #expect(OfferFilter(query: SearchQuery(kind: .cars, color: "Red")).apply(converted).count == 1)
        #expect(OfferFilter(query: SearchQuery(kind: .cars, maxPrice: 30)).apply(converted).count == 5, "records")
        #expect(OfferFilter(query: SearchQuery(kind: .cars, maxPrice: 30)).apply(merged).count == 4, "cars")
    }

    // MARK: Ids and repeated plates

    @Test("the id is derived from the provider, the position and every field of the record")
    func idRecipe() async throws {
        let offers = try await CarRentalFixtures.embeddedOffers()
        let third = try #require(offers.dropFirst(2).first)
        #expect(
            third.id
                == StableIdentifier.make(
                    prefix: "carrental", ["2", "Toyota", "2025", "2157 NHD", "41.9", "EUR", "RED"]))
    }

    @Test("two identical records map to two offers with their own ids and references, for the merge to fold")
    func repeatedIdenticalRecord() async throws {
        let offers = try await CarRentalFixtures.embeddedOffers()
        let fiats = offers.filter { $0.product.car?.plateNumber == "9914 LPW" }
        try #require(fiats.count == 2)
        #expect(fiats[0].product == fiats[1].product)
        #expect(fiats[0].price == fiats[1].price)
        #expect(fiats[0].id != fiats[1].id)
        #expect(fiats.map(\.sources.first?.reference) == ["cars[4]", "cars[5]"])
        #expect(Set(offers.map(\.id)).count == offers.count)
    }

    @Test("repeated plates keep their own ids, and the same file gives the same ids on every read")
    func repeatedPlates() async throws {
        let first = try await CarRentalFixtures.search("repeated-plates.json")
        let second = try await CarRentalFixtures.search("repeated-plates.json")
        #expect(first.offers.count == 3)
        #expect(first.skipped == 0)
        #expect(Set(first.offers.map(\.id)).count == 3)
        #expect(first.offers.map(\.id) == second.offers.map(\.id))
        #expect(first.offers.map { $0.product.car?.color } == ["SILVER", "SILVER", "RED"])
    }

    // MARK: The live request

    @Test("a live search asks GET /cars under the base path, with no query items")
    func liveRequest() async throws {
        let provider = CarRentalProvider()
        let transport = SampleTransport(samples: provider.descriptor.samples.responses)
        let base = try #require(URL(string: "https://api.carbooking.app/v1"))
        let client = ProviderClient.embedded(for: provider, servedOver: base, transport: transport)

        let response = try await provider.search(
            SearchQuery(kind: .cars, currency: .usd, maxPrice: 40, color: "RED", limit: 3), using: client)

        #expect(response.offers.count == 8, "the service cannot filter: the pipeline does")
        #expect(transport.requests.count == 1)
        let request = try #require(transport.requests.first)
        #expect(request.method == .get)
        #expect(request.url.host == "api.carbooking.app")
        #expect(request.url.path == "/v1/cars")
        #expect(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems == nil)
    }

    @Test("a file:// endpoint pointing at a recorded response reads it, with the client's clock")
    func fileEndpoint() async throws {
        let response = try await CarRentalFixtures.search("repeated-plates.json")
        #expect(response.offers.allSatisfy { $0.sources.first?.retrievedAt == CarRentalFixtures.retrievedAt })
    }
}
