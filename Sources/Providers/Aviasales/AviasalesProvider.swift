import AggregatorCore
import Foundation

/// Flights from the Aviasales test search (`GET /api/search?origin=MOW&destination=LED`).
///
/// The service answers one route at a time with direct flights whose times are local wall-clock times
/// with no zone, whose airlines are display names (often Cyrillic) rather than codes, and whose prices
/// are in roubles for the whole booking. Airline names are resolved to IATA codes through a built-in
/// table so that its flights merge with other providers'; an unknown airline keeps its name only.
/// It cannot search round trips and ignores dates: the pipeline filters its results instead.
public struct AviasalesProvider: OfferProvider {
    /// `aviasales`, RUB, flights with dates; the live service is the test search at api.aviasales.ru.
    public let descriptor = ProviderDescriptor(
        id: "aviasales", displayName: "Aviasales",
        summary: "Direct flights on one route from the Aviasales test search, priced in roubles.",
        categories: [.flights], nativeCurrency: .rub, capabilities: [.dates],
        liveURL: URL(string: "https://api.aviasales.ru"),
        embeddedResponses: EmbeddedResponses(["search": AviasalesSamples.search]), sampleQuery: SearchQuery(),
        perRequestKeys: ["id"], priceKeys: ["value"])

    /// Creates the provider; it needs no configuration, since the service takes no API key.
    public init() {}

    /// Asks for the query's route and maps the flights found.
    ///
    /// Origin and destination are sent only when the query has them; without them the service
    /// answers its default route, and the pipeline's filters drop what was not asked for.
    /// - Parameters:
    ///   - query: the search; only `origin` and `destination` reach the service.
    ///   - client: fetches from this provider's endpoint.
    /// - Returns: one offer per mappable result, the count of skipped results, and a note when the
    ///   answer is for another route or passenger count than asked.
    /// - Throws: ``ProviderError``: the client's errors, and `malformedResponse` for a body that is
    ///   not a search answer.
    public func search(_ query: SearchQuery, using client: ProviderClient) async throws -> ProviderResponse {
        var items: [URLQueryItem] = []
        if let origin = query.origins.first { items.append(URLQueryItem(name: "origin", value: origin)) }
        if let destination = query.destinations.first {
            items.append(URLQueryItem(name: "destination", value: destination))
        }
        let body = try await client.get("api/search", query: items)
        let response = try client.decode(AviasalesSearchResponse.self, from: body)
        let mapped = try response.offers(provider: client.provider, retrievedAt: client.now())
        return ProviderResponse(
            offers: mapped.offers, skipped: mapped.skipped, notes: Self.notes(on: response, for: query))
    }

    /// Says where the answer differs from the question in ways the offers alone do not show.
    static func notes(on response: AviasalesSearchResponse, for query: SearchQuery) -> [String] {
        var notes: [String] = []
        let answered = (
            response.origin.iata.trimmingCharacters(in: .whitespaces).uppercased(),
            response.destination.iata.trimmingCharacters(in: .whitespaces).uppercased()
        )
        let originDiffers = query.origins.first.map { $0 != answered.0 } ?? false
        let destinationDiffers = query.destinations.first.map { $0 != answered.1 } ?? false
        if originDiffers || destinationDiffers {
            let asked = "\(query.origins.first ?? "any")→\(query.destinations.first ?? "any")"
            notes.append("asked for \(asked), the service answered for \(answered.0)→\(answered.1)")
        }
        if response.passengers != query.passengers.total {
            let plural = response.passengers == 1 ? "passenger" : "passengers"
            notes.append(
                "prices are totals for \(response.passengers) \(plural); the service takes no passenger count")
        }
        return notes
    }
}
