import Foundation
import ProviderKit

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
/// record that repeats an earlier id. A body that is not a JSON array is rejected as a whole. A code
/// that is not one (an IATA code other than two letters or digits, an ICAO code other than three
/// letters) is dropped, and a logo that is not an `http`/`https` link with a host is left out, with a
/// note.
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
            live: [LiveService("https://airlines.api.sita.aero/v1")],
            samples: ProviderSamples(
                EmbeddedResponses(["airlines": SitaSamples.airlines]), query: SearchQuery(kind: .airlineDirectory),
                recordedAt: ProviderSamples.recorded(2026, 11, 21)))
    }

    /// Fetches SITA's `/airlines` and maps every record it can read, in SITA's order. The query does
    /// not narrow the directory: the pipeline filters and looks records up itself.
    /// - Parameters:
    ///   - query: the search; not used, since the directory is the same for every search.
    ///   - client: fetches from SITA's endpoint.
    /// - Returns: no offers; the airline records, how many records were skipped, and a note when logos
    ///   were left out.
    /// - Throws: ``ProviderError``: the client's errors for a failed fetch, and `malformedResponse` for a
    ///   body that is not a JSON array, and `timeout` when the search is cancelled while records are read.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        try await client.read(.get("airlines")) { root in
            let list = try root.decodeRecords { record in
                try Task.checkCancellation()
                return try SitaAirline(record)
            }
            var records: [AirlineRecord] = []
            records.reserveCapacity(list.records.count)
            var seen = Set<Int>()
            var skipped = list.skipped
            var refusedImages = 0
            for airline in list.records {
                guard seen.insert(airline.id).inserted else {
                    skipped += 1
                    continue
                }
                if airline.image == .refused { refusedImages += 1 }
                records.append(AirlineRecord(sita: airline))
            }
            var notes: [String] = []
            if refusedImages > 0 {
                notes.append(
                    refusedImages == 1
                        ? "left out 1 logo that was not a web link"
                        : "left out \(refusedImages) logos that were not web links")
            }
            return ProviderResponse(offers: [], skipped: skipped, notes: notes, airlines: records)
        }
    }
}
