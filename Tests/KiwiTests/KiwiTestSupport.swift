import AggregatorCore
import AggregatorTestSupport
import Foundation
import Kiwi
import ProviderKit
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
            testing: "kiwi", on: .file(url(name)), samples: EmbeddedResponses([:]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client that answers Kiwi's `search` request with `body`.
    static func client(body: String) -> ProviderClient {
        ProviderClient(
            testing: "kiwi", on: .embedded, samples: EmbeddedResponses(["search": body]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// Searches a fixture with `query`, the default query unless given.
    static func search(_ name: String, query: SearchQuery = SearchQuery()) async throws -> ProviderResponse {
        try await KiwiProvider().search(query, using: client(fixture: name))
    }

    /// A fixture's text.
    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }

    /// The embedded sample's body.
    static func embeddedSample() throws -> String {
        try #require(KiwiProvider().descriptor.samples.responses.bodies["search"])
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

extension Offer {
    /// The only source, which every offer straight from a provider has.
    var onlySource: OfferSource? { sources.count == 1 ? sources.first : nil }
}

/// Kiwi with its embedded samples replaced, so that the conformance kit can check a recording of another
/// shape the way it checks the compiled-in one.
struct KiwiServingRecording: OfferProvider {
    let descriptor: ProviderDescriptor

    /// Serves `body` for Kiwi's `search` request.
    init(_ body: String) {
        var descriptor = KiwiProvider().descriptor
        descriptor.samples.responses = EmbeddedResponses(["search": body])
        self.descriptor = descriptor
    }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        try await KiwiProvider().search(query, using: client)
    }
}
