import Foundation
import ProviderKit

/// Flight offers from Gatefare, an API that signs in the OAuth2 way (in the style of Amadeus
/// Self-Service): a client id and secret are traded at `POST /v1/security/oauth2/token` for a bearer token
/// that lasts half an hour, and `GET /v2/shopping/flight-offers` answers with the offers of one route and
/// day.
///
/// The provider declares the sign-in and never touches a credential: the tool reads
/// `AGGREGATE_GATEFARE_CLIENT_ID` and `AGGREGATE_GATEFARE_CLIENT_SECRET`, asks for the token, keeps it for
/// its lifetime, renews it after a 401, and never caches or prints it. Setting both variables makes the
/// provider live.
public struct GatefareProvider: OfferProvider {
    /// Who the provider is, how it is reached and what its samples are.
    public let descriptor = ProviderDescriptor(
        id: "gatefare", displayName: "Gatefare", summary: "Flight offers on one route and day, priced for the party.",
        categories: [.flights], capabilities: [.dates, .passengers],
        requiredFields: [.origin, .destination, .departureDate],
        live: [
            LiveService(
                "https://api.gatefare.example",
                signIn: .oauth2(
                    OAuth2ClientCredentials(tokenURL: "https://api.gatefare.example/v1/security/oauth2/token")))
        ],
        samples: ProviderSamples(
            EmbeddedResponses(["flight-offers": GatefareSamples.flightOffers]),
            query: SearchQuery(origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18")),
            perRequestKeys: ["id"], priceKeys: ["grandTotal"]))

    /// Creates the provider.
    public init() {}

    /// Asks for the offers of the query's first route and day, and maps each one it can read.
    /// - Parameters:
    ///   - query: what to look for; its first origin, destination and day, and its adults, go to the service.
    ///   - client: makes requests to the provider's endpoint.
    /// - Returns: the offers and how many records were skipped.
    /// - Throws: ``ProviderError`` when the service cannot be reached, refuses the sign-in, or answers
    ///   something that is not a list of offers.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        var items: [URLQueryItem] = []
        if let origin = query.origins.first { items.append(URLQueryItem(name: "originLocationCode", value: origin)) }
        if let destination = query.destinations.first {
            items.append(URLQueryItem(name: "destinationLocationCode", value: destination))
        }
        if let day = query.departureDates?.first {
            items.append(URLQueryItem(name: "departureDate", value: day.description))
        }
        items.append(URLQueryItem(name: "adults", value: String(query.passengers.adults)))
        return try await client.read(.get("v2/shopping/flight-offers", query: items)) { root in
            let retrievedAt = client.now()
            let records = try root["data"].decodeRecords { record in
                try Task.checkCancellation()
                return try GatefareOffer(record)
            }
            var offers: [Offer] = []
            var skipped = records.skipped
            for record in records.records {
                guard let offer = record.offer(provider: client.provider, retrievedAt: retrievedAt) else {
                    skipped += 1
                    continue
                }
                offers.append(offer)
            }
            return ProviderResponse(offers: offers, skipped: skipped)
        }
    }
}
