import Foundation
import ProviderKit

/// Flight search through Duffel's Flights API (v2): one-way and round trips on a route and day, priced for
/// the whole party by the airlines Duffel connects to.
///
/// Each search is one or more `POST /air/offer_requests?return_offers=true&supplier_timeout=MS`, with the
/// route, days, party, cabin and most connections in a JSON body (see ``DuffelSearchPlan``): one request
/// per origin and destination pair and per day, at most four at a time, because Duffel takes one of each
/// per slice. `supplier_timeout` tells Duffel to answer with what the airlines have sent before the search's
/// deadline rather than after it.
///
/// Duffel's format has quirks the mapping absorbs:
/// - `departing_at`/`arriving_at` are wall-clock times at the airport with no offset; the airport's IANA
///   `time_zone` turns them into instants, and an unknown zone leaves the instant unknown.
/// - Durations are ISO-8601 (`PT2H35M`, `P1DT2H`); a missing or absurd one is unknown, never a trap.
/// - `total_amount` is decimal text, for every passenger of the request.
/// - Every id in an answer (`off_…`, `orq_…`) is new each time: offer ids come from content.
/// - There is no booking link for travellers (booking is an API call), so offers have none.
///
/// A record that cannot be read or mapped is skipped and counted. Errors come as
/// `{"errors": [{"type", "code", "title", "message"}]}`, which the failure quotes.
public struct DuffelProvider: OfferProvider {
    /// The provider's id, `duffel`, as used on the command line and in offer ids.
    static let id: ProviderID = "duffel"

    /// Who the provider is: Duffel flights, which need a route and a day, priced in the account's currency.
    public let descriptor: ProviderDescriptor

    /// Creates the provider; it holds no state, so one value serves any number of searches.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "Duffel",
            summary: "Flights from Duffel's airline connections: one-way and round trips on a route and day, "
                + "priced for the whole party.",
            categories: [.flights], capabilities: [.dates, .roundTrips, .serverSideFilters],
            requiredFields: [.origin, .destination, .departureDate],
            live: [
                LiveService(
                    "https://api.duffel.com", signIn: .bearer,
                    fixedHeaders: ["Duffel-Version": "v2", "Accept": "application/json"])
            ],
            samples: ProviderSamples(
                EmbeddedResponses(["offer_requests": DuffelSamples.offerRequests]),
                query: SearchQuery(origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18")),
                perRequestKeys: ["id", "passenger_id", "created_at", "updated_at", "expires_at"],
                priceKeys: ["total_amount"], recordedAt: ProviderSamples.recorded(2026, 11, 23)))
    }

    /// Asks Duffel for offers on every route and day of the query and maps every offer it can read.
    /// - Parameters:
    ///   - query: what to look for; the route, days, party, cabin and most stops go to the server, every
    ///     other filter is left to the pipeline.
    ///   - client: fetches from Duffel's endpoint.
    /// - Returns: the offers in request order and Duffel's order within each answer, the records skipped,
    ///   and notes on combinations not searched, requests that failed and prices that had expired.
    /// - Throws: ``ProviderError``: `unsupported` for a search that is not for flights, `not_asked` without
    ///   a route and a day (or a return day for a round trip), and when every request fails, the first
    ///   request's error.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        // Each slice needs its own day: a round trip with any return day cannot be asked for.
        try descriptor.requireFields(of: query, provider: client.provider, returnDayForRoundTrips: true)
        let plan = DuffelSearchPlan(query)
        // A plan made once the search was cancelled stops early: the search is over, not empty.
        if Task.isCancelled { throw client.providerError(CancellationError()) }
        guard !plan.requests.isEmpty else {
            return ProviderResponse(offers: [], notes: ["no return day falls on or after a departure day"])
        }
        let supplierTimeout = plan.supplierTimeout(timeLeft: client.timeLeft)
        let pages = try await client.withProviderErrors {
            try await BoundedCalls.run(plan.requests, atMost: DuffelSearchPlan.concurrentRequests) { request in
                do {
                    return try await Self.page(
                        for: request, query: query, supplierTimeout: supplierTimeout, client: client)
                } catch {
                    return .failure(client.providerError(error))
                }
            }
        }
        return try Self.combine(pages, plan: plan, client: client)
    }

    /// The query items of every offer request: offers in the answer, and Duffel's time budget.
    static func queryItems(supplierTimeout: Int) -> [URLQueryItem] {
        [
            URLQueryItem(name: "return_offers", value: "true"),
            URLQueryItem(name: "supplier_timeout", value: String(supplierTimeout)),
        ]
    }

    // MARK: - One request

    /// What one offer request gave.
    struct Page: Sendable {
        /// The offers mapped (exact repeats are the runner's to drop and count).
        var offers: [Offer]
        /// Records skipped: unreadable or unmappable.
        var skipped: Int
        /// Offers whose `expires_at` had passed when the answer was read.
        var expired: Int
        /// Whether Duffel said the answer comes from its test mode.
        var testMode = false
    }

    /// Sends one offer request and maps its answer.
    private static func page(
        for request: DuffelSearchPlan.Request, query: SearchQuery, supplierTimeout: Int, client: ProviderClient
    ) async throws -> Result<Page, ProviderError> {
        let body: Data
        do {
            body = try await client.fetch(
                .post(
                    "air/offer_requests", query: queryItems(supplierTimeout: supplierTimeout),
                    json: DuffelSearchPlan.body(for: request, query: query)))
        } catch {
            return .failure(DuffelErrors.explained(error))
        }
        let answer: DuffelAnswer
        do {
            answer = try client.read(body) { root in try DuffelAnswer(root) }
        } catch {
            return .failure(error)
        }
        let retrievedAt = client.now()
        var zones = DuffelZones()
        var page = Page(offers: [], skipped: answer.skipped, expired: 0, testMode: answer.testMode)
        // Only a live answer can be read after its prices expired (a cached one): recordings never are.
        let expiries = client.isLive ? ExpiryReader() : nil
        for record in answer.offers {
            try Task.checkCancellation()
            guard
                let offer = Offer(
                    duffel: record, party: query.passengers, provider: client.provider, retrievedAt: retrievedAt,
                    zones: &zones)
            else {
                page.skipped += 1
                continue
            }
            if let expiry = expiries?.instant(record.expiresAt), expiry < retrievedAt { page.expired += 1 }
            page.offers.append(offer)
        }
        return .success(page)
    }

    /// Reads `expires_at`, an ISO-8601 instant with an offset, with or without fractions of a second: one
    /// per answer, since a formatter is costly to make and an answer can hold thousands of offers.
    private final class ExpiryReader {
        private let fractional = ISO8601DateFormatter()
        private let whole = ISO8601DateFormatter()

        init() {
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            whole.formatOptions = [.withInternetDateTime]
        }

        /// The instant, or `nil` for text in another form.
        func instant(_ text: String?) -> Date? {
            guard let text, text.utf8.count <= 40 else { return nil }
            return fractional.date(from: text) ?? whole.date(from: text)
        }
    }

    // MARK: - Several requests

    /// Folds the pages into one response: offers in request order, an offer that an earlier page already
    /// holds left out (a recording answers every request alike), notes on what was not searched or failed,
    /// and the test mark when any answer came from Duffel's test mode. When every request failed, the first
    /// one's error is the provider's.
    static func combine(
        _ results: [Result<Page, ProviderError>], plan: DuffelSearchPlan, client: ProviderClient
    ) throws(ProviderError) -> ProviderResponse {
        let results = try CallResults(calls: plan.requests, results: results)
        let expired = results.sum(\.expired)
        let testMode = results.pages.contains { $0.page.testMode }
        var notes: [String] = []
        if plan.leftOut > 0 {
            let asked = plan.requests.count + plan.leftOut
            notes.append(
                "Duffel is searched one route and day at a time: the first \(plan.requests.count) of \(asked) "
                    + "were searched, earliest days first")
        }
        let failed = results.failureNote(unit: "request") { request in
            "\(request.origin)→\(request.destination) on \(request.departure)"
        }
        if let failed { notes.append(failed) }
        if expired > 0, client.isLive {
            notes.append(
                "\(expired) offer\(expired == 1 ? "" : "s") had expired when the answer was read: "
                    + "Duffel holds a price for a short time, so book soon after searching")
        }
        return ProviderResponse(
            offers: results.offers(\.offers), skipped: results.sum(\.skipped), notes: notes, testMode: testMode)
    }
}
