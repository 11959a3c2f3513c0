import AggregatorCore
import AggregatorTestSupport
import Foundation
import Kiwi
import ProviderTestKit
import Testing

/// Recorded responses next to the tests, and clients that serve them.
enum KiwiFixtures {
    /// The clock every fixture client reports, so that `retrievedAt` can be asserted.
    static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// The URL of a file in `Fixtures/`.
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures", isDirectory: true).appendingPathComponent(name)
    }

    /// A client whose `file://` endpoint is the fixture itself, as `--endpoint kiwi=file://…` sets it.
    static func client(fixture name: String) -> ProviderClient {
        ProviderClient(
            provider: "kiwi", endpoint: .file(url(name)), embedded: EmbeddedResponses([:]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client that answers `/flights` with `body`.
    static func client(body: String) -> ProviderClient {
        ProviderClient(
            provider: "kiwi", endpoint: .embedded, embedded: EmbeddedResponses(["flights": body]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// Searches a fixture with the default query.
    static func search(_ name: String) async throws -> ProviderResponse {
        try await KiwiProvider().search(SearchQuery(), using: client(fixture: name))
    }

    /// The embedded sample's body.
    static func embeddedSample() throws -> String {
        try #require(KiwiProvider().descriptor.embeddedResponses.bodies["flights"])
    }
}

/// An instant written the way people check it, `2026-12-18T06:05:00Z`, so that expectations do not
/// repeat the fixtures' epoch numbers.
func utc(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
}

/// A wall-clock time, `2026-12-18 07:05`.
func local(_ text: String) throws -> LocalDateTime {
    try #require(LocalDateTime(parsing: text))
}

extension ProviderResponse {
    /// The only offer's itinerary, for fixtures that hold one record.
    func onlyItinerary() throws -> Itinerary {
        try #require(offers.count == 1)
        return try #require(offers.first?.product.itinerary)
    }
}
