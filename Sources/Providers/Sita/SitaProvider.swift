import AggregatorCore
import Foundation

/// The SITA airline directory: airline records (names, IATA and ICAO codes, callsigns, countries,
/// whether each still flies, logos) that enrich other providers' flights and back `aggregate airlines`
/// and `aggregate favorites`. It sells nothing, so it returns no offers.
///
/// The format's quirks the mapping absorbs:
/// - `id` is a string holding an integer, sometimes a JSON number.
/// - `active` is `"Y"` or `"N"` in any case, sometimes with spaces around it.
/// - `image` is absent, null, empty or a URL; codes may be empty or `-` for airlines without one.
///
/// A record whose id or `active` cannot be read, or that has no name, is skipped and counted; so is a
/// record that repeats an earlier id. A body that is not a JSON array is rejected as a whole.
public struct SitaProvider: OfferProvider {
    /// The provider's id, `sita`, as used on the command line.
    static let id: ProviderID = "sita"

    /// Who the provider is: SITA's airline directory.
    public let descriptor: ProviderDescriptor

    /// Creates the provider; it holds no state, so one value serves any number of searches.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "SITA Airline Directory",
            summary:
                "Airline records from SITA: names, codes, callsigns, countries, logos and whether each still flies.",
            categories: [.airlineDirectory], capabilities: [],
            liveURL: URL(string: "https://airlines.api.sita.aero/v1"),
            embeddedResponses: EmbeddedResponses(["airlines": SitaSamples.airlines]),
            sampleQuery: SearchQuery(kind: .airlineDirectory))
    }

    /// Fetches SITA's `/airlines` and maps every record it can read, in SITA's order. The query does
    /// not narrow the directory: the pipeline filters and looks records up itself.
    /// - Parameters:
    ///   - query: the search; not used, since the directory is the same for every search.
    ///   - client: fetches from SITA's endpoint.
    /// - Returns: no offers; the airline records, and how many records were skipped.
    /// - Throws: ``ProviderError``: the client's errors for a failed fetch, and `malformedResponse` for a
    ///   body that is not a JSON array.
    public func search(_ query: SearchQuery, using client: ProviderClient) async throws -> ProviderResponse {
        let body = try await client.get("airlines")
        let list = try client.decode(SkippingArray<SitaAirline>.self, from: body)
        var records: [AirlineRecord] = []
        var seen = Set<Int>()
        var skipped = list.skipped
        for airline in list.elements {
            try Task.checkCancellation()
            guard let record = AirlineRecord(sita: airline), seen.insert(record.id).inserted else {
                skipped += 1
                continue
            }
            records.append(record)
        }
        return ProviderResponse(offers: [], skipped: skipped, airlines: records)
    }
}
