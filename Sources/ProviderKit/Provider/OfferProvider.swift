import Foundation

/// A travel service the aggregator can ask: the plug-in point.
///
/// A conformer builds its service's requests from the query, fetches them through the given
/// ``ProviderClient`` and maps the wire format to ``Offer``s. It must guarantee:
/// - It does no I/O set-up of its own: the client already knows the endpoint, timeout and limits.
/// - It throws only ``ProviderError`` (the client's errors already are; the compiler holds it to that), and
///   never crashes on a malformed response: bad input is an expected case.
/// - It is asked only for the kinds of offer its descriptor declares and only with the fields it requires:
///   the tool checks both before calling it.
/// - A record it cannot map is skipped and counted in ``ProviderResponse/skipped``, not fatal.
/// - Offer ids are derived from content, so they are the same in every run.
/// - It honours task cancellation, which is how the search deadline stops it.
/// - When it needs several requests it makes them concurrently.
///
/// A minimal conformer:
/// ```swift
/// struct ExampleProvider: OfferProvider {
///     let descriptor = ProviderDescriptor(
///         id: "example", displayName: "Example", summary: "Flights from a sample.", categories: [.flights],
///         live: [LiveService(URL(string: "https://api.example.com")!, signIn: .bearer)],
///         samples: ProviderSamples(EmbeddedResponses(["flights": "[]"])))
///
///     func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
///         try await client.read(.get("flights")) { root in
///             let flights = try root.decodeRecords { record in try ExampleFlight(record) }
///             let offers = flights.records.map { $0.offer(provider: client.provider, retrievedAt: client.now()) }
///             return ProviderResponse(offers: offers, skipped: flights.skipped)
///         }
///     }
/// }
/// ```
public protocol OfferProvider: Sendable {
    /// Who the provider is and what it can do.
    var descriptor: ProviderDescriptor { get }

    /// Searches the service.
    /// - Parameters:
    ///   - query: what the user asked for.
    ///   - client: fetches from this provider's endpoint.
    /// - Returns: the mapped offers, the number of skipped records and any notes.
    /// - Throws: ``ProviderError`` when the service cannot be reached or its answer is unusable.
    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse
}
