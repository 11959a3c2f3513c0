import AggregatorCore
import AggregatorTestSupport
import Duffel
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// Recorded answers next to the tests, and clients that serve them.
enum DuffelFixtures {
    /// The clock every fixture client reports, so that `retrievedAt` can be asserted.
    static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// The URL of a file in `Fixtures/`.
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures", isDirectory: true).appendingPathComponent(name)
    }

    /// The embedded answer to an offer request.
    static var sample: String { DuffelProvider().descriptor.samples.responses.bodies["offer_requests"] ?? "" }

    /// A fixture's text.
    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }

    /// A client whose `file://` endpoint is the fixture itself, as `--endpoint duffel=file://…` sets it.
    static func client(fixture name: String) -> ProviderClient {
        ProviderClient(
            testing: "duffel", on: .file(url(name)), samples: EmbeddedResponses([:]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client that answers every offer request with `body`.
    static func client(body: String) -> ProviderClient {
        ProviderClient(
            testing: "duffel", on: .embedded, samples: EmbeddedResponses(["offer_requests": body]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A one-way query for a day, Vienna to Barcelona unless said otherwise.
    static func query(
        from origin: String = "VIE", to destination: String = "BCN", on day: String = "2026-12-18"
    ) -> SearchQuery {
        SearchQuery(origin: origin, destination: destination, departureDates: DateRange(parsing: day))
    }

    /// Searches a fixture with a query.
    static func search(_ name: String, query: SearchQuery = query()) async throws -> ProviderResponse {
        try await DuffelProvider().search(query, using: client(fixture: name))
    }
}

/// An instant written the way people check it, `2026-12-18T11:30:00Z`.
func utc(_ text: String) throws -> Date {
    try #require(ISO8601DateFormatter().date(from: text))
}

/// A wall-clock time, `2026-12-18 12:30`.
func local(_ text: String) throws -> LocalDateTime {
    try #require(LocalDateTime(parsing: text))
}
