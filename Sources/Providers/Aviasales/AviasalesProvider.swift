import Foundation
import ProviderKit

/// Flights from Aviasales: live through the Travelpayouts Data API
/// (`GET /aviasales/v3/prices_for_dates`), and from recordings in that shape or in the shape of the test
/// search the embedded sample is written in.
///
/// **The live service** answers one origin and destination per request with the cheapest prices users'
/// searches found in the last hours or days, for one passenger, in the currency asked for. A query with
/// several origins or destinations, or a date range across months, makes several requests
/// (``AviasalesRequestPlan``), at most four at a time, and their answers are merged: a request that fails
/// is a note while the others count; only when every one fails is the search a failure. The token goes in
/// the `X-Access-Token` header, added by the tool's transport, never by the provider. Its offers carry
/// instants, durations, IATA carrier codes and flight numbers, are priced per person and are tagged
/// ``OfferTag/cachedPrice``.
///
/// **The test search** answers one route with direct flights whose times are local wall-clock times with
/// no zone, whose airlines are display names (often Cyrillic) resolved to IATA codes through a built-in
/// table (``AviasalesCarriers``), and whose prices are totals for its `passengers_count`.
///
/// Which shape an answer is in is read from the answer itself, so a recording of either works with any
/// endpoint. A recording answers every request alike, so from the embedded sample or a `file://`
/// endpoint one request is made, whatever the query's routes.
public struct AviasalesProvider: OfferProvider {
    /// `aviasales`: flights with dates and round trips, live at `https://api.travelpayouts.com` with the
    /// token in `X-Access-Token`; the embedded sample is the test search's Vienna → Barcelona answer.
    public let descriptor = ProviderDescriptor(
        id: "aviasales", displayName: "Aviasales",
        summary: "Cached flight prices from the Aviasales searches of the last days (Travelpayouts Data API).",
        categories: [.flights], nativeCurrency: .rub, capabilities: [.dates, .roundTrips, .serverSideFilters],
        live: [LiveService("https://api.travelpayouts.com", signIn: .header("X-Access-Token"))],
        samples: ProviderSamples(
            EmbeddedResponses([AviasalesSamples.name: AviasalesSamples.testSearch]),
            query: SearchQuery(origin: "VIE", destination: "BCN"), perRequestKeys: ["id", "link"],
            priceKeys: ["value", "price"], recordedAt: ProviderSamples.recorded(2026, 11, 25)))

    /// Creates the provider; its token, when set, is the tool's to send.
    public init() {}

    /// Asks for every route and period of the query and maps the flights found.
    /// - Parameters:
    ///   - query: the search; its routes, dates, round trip, stops (`direct`) and currency reach the live
    ///     service, and the pipeline applies every filter again to what comes back.
    ///   - client: fetches from this provider's endpoint.
    /// - Returns: the offers of every answer in request order (a trip two answers share once), the
    ///   records skipped, and notes: a request that failed, an answer for another route or another party
    ///   than asked, what the service cannot be asked.
    /// - Throws: ``ProviderError``: the client's errors; the service's own failure (`success: false`, an `error`); and
    ///   `malformed_response` for a body in neither shape. With several requests, only when all fail.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        var requests: [AviasalesRequest]
        var leftOut = 0
        // A recording answers every request alike: it is asked once, for the whole query. The live
        // service is asked each route as the query has it, up to the plan's most requests; a side the
        // query leaves open is left out of the request, and the service's answer (prices from or to
        // anywhere, or its error) has the last word.
        if client.isLive {
            requests = AviasalesRequestPlan.requests(for: query)
            leftOut = AviasalesRequestPlan.combinations(for: query) - requests.count
        } else {
            requests = AviasalesRequestPlan.requests(for: query, limit: 1).map { first in
                AviasalesRequest(
                    request: first.request, origins: query.origins, destinations: query.destinations,
                    label: first.label)
            }
        }
        return try await client.withProviderErrors { [requests, leftOut] in
            let outcomes = try await BoundedCalls.run(requests, atMost: AviasalesRequestPlan.concurrentRequests) {
                request in
                do {
                    return .success(try await Self.page(for: request, query: query, client: client))
                } catch {
                    return .failure(client.providerError(error))
                }
            }
            var response = try Self.merge(outcomes, requests: requests, query: query)
            if leftOut > 0 {
                let asked = Int.max - leftOut < requests.count ? Int.max : requests.count + leftOut
                response.notes.insert(
                    "Aviasales is searched one route and month at a time: the first \(requests.count) of \(asked) "
                        + "were searched, routes in the order asked", at: 0)
            }
            return response
        }
    }

    /// What one request gave.
    struct Page: Sendable {
        /// Its offers, in the answer's order (exact repeats are the runner's to drop and count).
        var offers: [Offer]
        /// Its records that could not be mapped.
        var skipped: Int
        /// Its remarks.
        var notes: [String]
    }

    /// Fetches and maps one request's answer.
    static func page(for request: AviasalesRequest, query: SearchQuery, client: ProviderClient) async throws -> Page {
        return try await client.read(request.request) { root in
            let retrievedAt = client.now()
            switch try AviasalesWireShape.of(root, provider: client.provider) {
            case .pricesForDates:
                return try pricesForDatesPage(root, query: query, provider: client.provider, retrievedAt: retrievedAt)
            case .testSearch:
                return try testSearchPage(
                    root, request: request, query: query, provider: client.provider, retrievedAt: retrievedAt)
            }
        }
    }

    /// Joins the pages: offers in request order; skipped records summed; notes once each, with one for every
    /// request that failed.
    /// - Throws: the first request's error when every request failed.
    static func merge(
        _ outcomes: [Result<Page, ProviderError>], requests: [AviasalesRequest], query: SearchQuery
    ) throws -> ProviderResponse {
        var offers: [Offer] = []
        var skipped = 0
        var notes: [String] = []
        var firstError: ProviderError?
        var answered = 0
        for (outcome, request) in zip(outcomes, requests) {
            switch outcome {
            case .success(let page):
                answered += 1
                skipped += page.skipped
                offers += page.offers
                for note in page.notes where !notes.contains(note) { notes.append(note) }
            case .failure(let error):
                firstError = firstError ?? error
                notes.append("\(request.label) failed: \(error.message)")
            }
        }
        if answered == 0, let firstError { throw firstError }
        if query.cabin != nil {
            notes.append("cannot be asked for a cabin class, so its prices do not say which cabin they are for")
        }
        return ProviderResponse(offers: offers, skipped: skipped, notes: notes)
    }

    // MARK: - The two shapes

    /// Maps a `prices_for_dates` answer.
    static func pricesForDatesPage(
        _ root: JSONNode, query: SearchQuery, provider: ProviderID, retrievedAt: Date
    ) throws -> Page {
        let answer = try PricesForDatesAnswer(root)
        var carriers: [String: Carrier] = [:]
        var index = -1
        let records = try root["data"].decodeRecords { node -> Offer in
            index += 1
            try Task.checkCancellation()
            let record = try PricesForDatesRecord(node)
            let carrier = carriers[record.airline] ?? travelpayoutsCarrier(record.airline)
            carriers[record.airline] = carrier
            return Offer(
                pricesForDates: record, index: index, carrier: carrier, currency: answer.currency, provider: provider,
                retrievedAt: retrievedAt)
        }
        return Page(offers: records.records, skipped: records.skipped, notes: [])
    }

    /// The carrier of a `prices_for_dates` airline: its IATA code, or for the rare name, the code the
    /// name table knows, keeping the name.
    static func travelpayoutsCarrier(_ airline: String) -> Carrier {
        if let code = AviasalesText.airlineCode(airline) { return Carrier(code: code) }
        return Carrier(code: AviasalesCarriers.code(forName: airline), name: airline.nonBlank)
    }

    /// Maps a test-search answer, with notes where it answers another route or party than asked.
    static func testSearchPage(
        _ root: JSONNode, request: AviasalesRequest, query: SearchQuery, provider: ProviderID, retrievedAt: Date
    ) throws -> Page {
        let route = try TestSearchRoute(root, provider: provider)
        // A missing or nonsensical count is read as one, the service's default.
        let passengers = (try? root["passengers_count"].lenientInt).flatMap { $0 > 0 ? $0 : nil } ?? 1
        var carriers: [String: Carrier] = [:]
        let records = try root["results"].decodeRecords { node -> Offer in
            try Task.checkCancellation()
            let result = try TestSearchResult(node)
            let carrier =
                carriers[result.airline]
                ?? Carrier(
                    code: AviasalesCarriers.code(forName: result.airline), name: result.airline.nonBlank)
            carriers[result.airline] = carrier
            return Offer(
                testSearch: result, route: route, carrier: carrier, passengers: passengers, provider: provider,
                retrievedAt: retrievedAt)
        }
        var notes: [String] = []
        let originDiffers = !request.origins.isEmpty && !request.origins.contains(route.originCode)
        let destinationDiffers = !request.destinations.isEmpty && !request.destinations.contains(route.destinationCode)
        if originDiffers || destinationDiffers {
            let asked = Self.codes(request.origins) + "→" + Self.codes(request.destinations)
            notes.append("asked for \(asked), the service answered for \(route.originCode)→\(route.destinationCode)")
        }
        if query.roundTrip {
            notes.append("its answer has one-way flights only, so it offers no round trips")
        }
        return Page(offers: records.records, skipped: records.skipped, notes: notes)
    }

    private static func codes(_ list: [String]) -> String {
        list.isEmpty ? "any" : list.joined(separator: ",")
    }
}
