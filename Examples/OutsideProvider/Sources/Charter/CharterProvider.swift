import Foundation
import ProviderKit

/// Seats on charter flights, from a small service of its own: `GET {endpoint}/departures` answers
/// `{"departures": [{"flight": "VY1815", "from": "VIE", "to": "BCN", "leaves": "2026-12-18T12:30",
/// "fare": {"amount": "89.90", "currency": "EUR"}, "seats": 4}]}`, times local at the airport.
///
/// It sells some of the flights Kiwi sells, so `--providers kiwi,charter` shows them merged.
public struct CharterProvider: OfferProvider {
    /// Who the provider is.
    public let descriptor = ProviderDescriptor(
        id: "charter", displayName: "Charter seats", summary: "Spare seats on charter flights, priced per seat.",
        categories: [.flights], nativeCurrency: .eur, capabilities: [.dates],
        live: [LiveService("https://charter.example", signIn: .header("X-Charter-Key"))],
        samples: ProviderSamples(EmbeddedResponses(["departures": CharterSamples.departures]), priceKeys: ["amount"]))

    /// Creates the provider.
    public init() {}

    /// Asks for the departures and maps each one it can read.
    /// - Parameters:
    ///   - query: what to look for; the service takes an origin.
    ///   - client: fetches from the provider's endpoint.
    /// - Returns: the offers and how many records were skipped.
    /// - Throws: ``ProviderError`` when the service cannot be reached or its answer is unusable.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        let items = query.origins.map { URLQueryItem(name: "from", value: $0) }
        return try await client.read(.get("departures", query: items)) { root in
            var offers: [Offer] = []
            var skipped = 0
            for record in try root["departures"].elements {
                try Task.checkCancellation()
                guard let offer = CharterDeparture(record).offer(provider: client.provider, retrievedAt: client.now())
                else {
                    skipped += 1
                    continue
                }
                offers.append(offer)
            }
            return ProviderResponse(offers: offers, skipped: skipped)
        }
    }
}
