import Foundation
import ProviderKit

/// Flights from SunWeb: a list of outbound and a list of inbound flights, priced per seat in EUR,
/// with an airlines list that names their carriers.
///
/// The format has quirks the mapping absorbs:
/// - Flights carry no dates and no times, so the provider cannot honour `--date` or `--return` (the
///   pipeline says so) and its offers are never merged with other providers'.
/// - A flight names its airline by a key into the airlines list (`Vueling`), not by an IATA code, and
///   the key is not always the display name (`Vueling (Vueling Airlines)`). No code is invented.
/// - Round trips are not sold as such: the app paired an outbound flight with an inbound flight on the
///   reverse route, priced the pair as the sum and proposed the same airline first. The provider does
///   the same for every valid pair, up to the 10,000 cheapest; an outbound flight with no reverse
///   inbound has no round trip.
/// - Prices come as an Int, a fraction or a numeric string; airports in any case, sometimes blank; ids
///   sometimes repeat. A flight that cannot be sold (no airport, a price that is not a positive number
///   of sane size) or that gives an earlier flight's id to another flight is skipped and counted; one that
///   repeats an earlier flight exactly is counted as a repeat.
/// - Logos and pictures are kept only when they are `http`/`https` links with a host; others are left
///   out, with a note.
///
/// Both lists are fetched concurrently. The airlines list only names carriers, so when it cannot be
/// fetched or read the flights are still offered, named by their airline key, with a note saying so.
public struct SunWebProvider: OfferProvider {
    /// The provider's id, `sunweb`, as used on the command line and in offer ids.
    static let id: ProviderID = "sunweb"

    /// Who the provider is: SunWeb flights, one-way and paired into round trips, priced per seat in EUR.
    public let descriptor: ProviderDescriptor

    /// Creates the provider; it holds no state, so one value serves any number of searches.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "SunWeb",
            summary: "Flights from SunWeb with their airlines' names and pictures; round trips pair the two lists.",
            categories: [.flights], nativeCurrency: .eur, capabilities: [.roundTrips],
            live: [LiveService("https://api.sunweb.nl")],
            samples: ProviderSamples(
                EmbeddedResponses(["flights": SunWebSamples.flights, "airlines": SunWebSamples.airlines]),
                priceKeys: ["price"], recordedAt: ProviderSamples.recorded(2026, 11, 21)))
    }

    /// Fetches `/flights` and `/airlines` concurrently and maps every flight, or every outbound and
    /// reverse-inbound pair for a round trip, in SunWeb's order.
    /// - Parameters:
    ///   - query: what to look for; only the kind and whether it is a round trip matter, since the
    ///     service takes no parameters and the pipeline applies every filter afterwards.
    ///   - client: fetches from SunWeb's endpoint.
    /// - Returns: the offers; how many flight and airline records were skipped; and notes when the
    ///   airlines list was unavailable, links were left out or round trips were capped.
    /// - Throws: ``ProviderError``: the client's errors for a failed flights fetch, `malformedResponse` for a
    ///   flights body that is not a SunWeb answer, and `timeout` when the search is cancelled while records
    ///   are read or paired.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        try await client.withProviderErrors { try await Self.flights(for: query, using: client) }
    }

    private static func flights(for query: SearchQuery, using client: ProviderClient) async throws -> ProviderResponse {
        // Both requests are in flight before either is awaited; leaving early cancels the other.
        async let airlinesResult = Self.airlines(using: client)
        let timetable = try await client.read(.get("flights"), SunWebTimetable.init)

        var notes: [String] = []
        let airlines: SunWebAirlineDirectory
        switch await airlinesResult {
        case .success(let directory):
            airlines = directory
        case .failure(let error):
            // A cancelled search must stop, not carry on with a degraded answer.
            if Task.isCancelled { throw error }
            airlines = .unavailable
            notes.append(
                "the airline list was unavailable (\(error.message)), so airlines are shown by SunWeb's own code for them"
            )
        }
        if airlines.refusedLinks > 0 {
            notes.append(
                airlines.refusedLinks == 1
                    ? "left out 1 airline logo or picture that was not a web link"
                    : "left out \(airlines.refusedLinks) airline logos and pictures that were not web links")
        }

        let retrievedAt = client.now()
        let outbound = timetable.outbound.map { SunWebOfferPart($0, airlines: airlines) }
        let inbound = timetable.inbound.map { SunWebOfferPart($0, airlines: airlines) }
        var offers: [Offer] = []
        if query.roundTrip {
            let roundTrips = try timetable.roundTrips()
            offers.reserveCapacity(roundTrips.pairs.count)
            for (count, pair) in roundTrips.pairs.enumerated() {
                if count % 1024 == 0 { try Task.checkCancellation() }
                offers.append(
                    Offer(
                        sunWebOutbound: outbound[pair.outbound], inbound: inbound[pair.inbound],
                        provider: client.provider, retrievedAt: retrievedAt))
            }
            if roundTrips.leftOut > 0 {
                notes.append(
                    "its flights make \(roundTrips.pairs.count + roundTrips.leftOut) round trips; the "
                        + "\(roundTrips.pairs.count) cheapest are kept and \(roundTrips.leftOut) left out")
            }
        } else {
            // Inbound flights are one-way flights too.
            offers.reserveCapacity(outbound.count + inbound.count)
            for (count, flight) in (outbound + inbound).enumerated() {
                if count % 1024 == 0 { try Task.checkCancellation() }
                offers.append(Offer(sunWeb: flight, provider: client.provider, retrievedAt: retrievedAt))
            }
        }
        return ProviderResponse(
            offers: offers, skipped: timetable.skipped + airlines.skipped, notes: notes, repeats: timetable.repeats)
    }

    /// Fetches and reads the airlines list, reporting a failure as a value so that the flights can
    /// still be offered without it.
    static func airlines(using client: ProviderClient) async -> Result<SunWebAirlineDirectory, ProviderError> {
        do {
            return .success(try await client.read(.get("airlines"), SunWebAirlineDirectory.init))
        } catch {
            return .failure(error)
        }
    }
}
