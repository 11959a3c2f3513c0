import AggregatorCore
import AggregatorTestSupport
import CarRental
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// Recorded responses next to the tests, and clients that serve them.
enum CarRentalFixtures {
    /// The clock every fixture client reports, so that `retrievedAt` can be asserted.
    static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// A car search with no filters.
    static let cars = SearchQuery(kind: .cars)

    /// The URL of a file in `Fixtures/`.
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures", isDirectory: true).appendingPathComponent(name)
    }

    /// A client whose `file://` endpoint is the fixture itself, as `--endpoint carrental=file://…` sets it.
    static func client(fixture name: String) -> ProviderClient {
        ProviderClient(
            testing: "carrental", on: .file(url(name)), samples: EmbeddedResponses([:]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client that answers `/cars` with `body`.
    static func client(body: String) -> ProviderClient {
        ProviderClient(
            testing: "carrental", on: .embedded, samples: EmbeddedResponses(["cars": body]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// Searches a fixture for cars.
    static func search(_ name: String) async throws -> ProviderResponse {
        try await CarRentalProvider().search(cars, using: client(fixture: name))
    }

    /// Searches a body for cars.
    static func search(body: String) async throws -> ProviderResponse {
        try await CarRentalProvider().search(cars, using: client(body: body))
    }

    /// The embedded sample's body.
    static func embeddedSample() throws -> String {
        try #require(CarRentalProvider().descriptor.samples.responses.bodies["cars"])
    }

    /// The embedded sample's offers.
    static func embeddedOffers() async throws -> [Offer] {
        let provider = CarRentalProvider()
        return try await provider.search(cars, using: .embedded(for: provider)).offers
    }
}

extension Offer {
    /// The car, for tests that know the offer is one.
    func requireCar() throws -> RentalCar {
        try #require(product.car)
    }
}
