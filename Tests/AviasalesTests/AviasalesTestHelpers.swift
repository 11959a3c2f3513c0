import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit

@testable import Aviasales

/// Runs searches against recorded responses and inline bodies, with a fixed clock.
enum AviasalesHarness {
    /// The recorded responses next to this file.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Searches a recorded response through the `file://` endpoint, as `--endpoint aviasales=file://…` would.
    /// - Parameters:
    ///   - fixture: the file's name in `Fixtures/`.
    ///   - query: the search.
    /// - Returns: the provider's response.
    static func search(fixture: String, query: SearchQuery = SearchQuery()) async throws -> ProviderResponse {
        let provider = AviasalesProvider()
        let client = ProviderClient(
            testing: provider.descriptor.id, on: .file(fixtures.appendingPathComponent(fixture)),
            samples: provider.descriptor.samples.responses, transport: UnreachableTransport(),
            now: { OfferFactory.retrievedAt })
        return try await provider.search(query, using: client)
    }

    /// Searches a body given as text, served as the embedded sample.
    /// - Parameters:
    ///   - body: the response body.
    ///   - query: the search.
    /// - Returns: the provider's response.
    static func search(body: String, query: SearchQuery = SearchQuery()) async throws -> ProviderResponse {
        let provider = AviasalesProvider()
        let client = ProviderClient(
            testing: provider.descriptor.id, on: .embedded,
            samples: EmbeddedResponses([AviasalesSamples.name: body]),
            transport: UnreachableTransport(), now: { OfferFactory.retrievedAt })
        return try await provider.search(query, using: client)
    }
}

extension ProviderResponse {
    /// The offer with this Aviasales result id, if any.
    func offer(reference: String) -> Offer? {
        offers.first { $0.sources.first?.reference == reference }
    }
}

extension Offer {
    /// The only segment of a one-leg, one-segment flight.
    var onlySegment: Segment? {
        guard let legs = product.itinerary?.legs, legs.count == 1, legs[0].segments.count == 1 else { return nil }
        return legs[0].segments[0]
    }
}
