import Foundation
import ProviderKit

/// Flight search at Skiplagged through its public MCP server (`https://mcp.skiplagged.com/mcp`, no key): the
/// `sk_flights_search` tool, one route and day per call, one-way and round trips, its hidden-city and
/// virtual-interlining fares included.
///
/// Each search is one call per origin and destination pair and per departure day (and return day on or
/// after it), at most four at a time and at most ``maximumCalls`` in all, with the arguments the tool
/// documents: `origin`, `destination`, `departureDate` and `returnDate` (`YYYY-MM-DD`), `adults`, `maxStops`
/// (`none`, `one`, `many`, when the query limits stops), `fareClass` (when it names a cabin) and `sort`.
/// The tool is asked for one adult, so every price is for one traveller; the pipeline prices the party.
///
/// The answer's quirks the mapping absorbs (see ``SkiplaggedCard`` and `Offer(skiplagged:…)`):
/// - Cards name their airlines in one string and no flight numbers, and count a leg's connections without
///   naming them: a nonstop card merges with the same flight sold elsewhere, a card with connections never.
/// - Times are the airports' wall clocks; durations come as `2h 35m` or `PT2H35M`.
/// - `hidden_city` cards are tagged `hidden_city`, `virtual_interlining` ones `self_transfer`.
///
/// A card that cannot be read or mapped is skipped and counted; an answer without a `flights` list is
/// malformed. A tool error (`Failed to fetch: Invalid range for depart. Must be no greater than …`) fails
/// the call, quoting the server's words; when every call fails, the provider fails with the first one's.
public struct SkiplaggedProvider: OfferProvider {
    /// The provider's id, `skiplagged`, as used on the command line and in offer ids.
    static let id: ProviderID = "skiplagged"
    /// The tool that searches flights; the embedded sample and a recording folder's file are named after it.
    static let toolName = "sk_flights_search"
    /// The most calls one search makes: every day of the longest range a query can name.
    static let maximumCalls = DateRange.maximumDays
    /// How many calls are in flight at once.
    static let concurrentCalls = 4

    /// Who the provider is: Skiplagged flights, which need a route and a day, priced per traveller.
    public let descriptor: ProviderDescriptor

    /// Creates the provider; it holds no state, so one value serves any number of searches.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "Skiplagged",
            summary: "Flights from Skiplagged's public MCP server, no key needed: one-way and round trips on a "
                + "route and day, hidden-city and self-transfer fares included.",
            categories: [.flights], nativeCurrency: .usd,
            capabilities: [.dates, .roundTrips, .serverSideFilters, .cabins],
            requiredFields: [.origin, .destination, .departureDate],
            live: [LiveService("mcp+https://mcp.skiplagged.com/mcp")],
            samples: ProviderSamples(
                EmbeddedResponses([
                    Self.toolName: SkiplaggedSamples.flightsSearch,
                    "\(Self.toolName)?destination=BUD": SkiplaggedSamples.flightsSearchToBudapest,
                ]),
                query: SearchQuery(origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18")),
                perRequestKeys: ["id", "searchUrl"], priceKeys: ["amount"],
                recordedAt: ProviderSamples.recorded(2026, 11, 26)))
    }

    /// Asks the tool for every route and day of the query and maps every card it can read.
    /// - Parameters:
    ///   - query: what to look for; the route, days, cabin, most stops and sort go to the server, every other
    ///     filter is left to the pipeline.
    ///   - client: calls Skiplagged's endpoint.
    /// - Returns: the offers in call order and Skiplagged's order within each answer, the cards skipped and
    ///   repeated, and notes on combinations not searched, calls that failed and links dropped.
    /// - Throws: ``ProviderError``: `not_asked` without a route and a day (or a return day for a round
    ///   trip), and when every call fails, the first call's error.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        // A round trip needs its own return day: the tool takes one.
        try descriptor.requireFields(of: query, provider: client.provider, returnDayForRoundTrips: true)
        let plan = Plan(query, limit: Self.maximumCalls)
        // A plan made once the search was cancelled stops early: the search is over, not empty.
        if Task.isCancelled { throw client.providerError(CancellationError()) }
        guard !plan.calls.isEmpty else {
            return ProviderResponse(offers: [], notes: ["no return day falls on or after a departure day"])
        }
        let results = try await client.withProviderErrors {
            try await BoundedCalls.run(plan.calls, atMost: Self.concurrentCalls) { call in
                await Self.page(for: call, query: query, client: client)
            }
        }
        return try Self.combine(results, plan: plan)
    }

    // MARK: - The calls

    /// The calls one search makes, earliest departure first, then earliest return, then the routes in the
    /// query's order; at most ``maximumCalls``, the rest counted in `leftOut` for a note.
    typealias Plan = RouteDayPlan

    /// The arguments of one call, compact JSON in the tool's documented order.
    /// - Parameters:
    ///   - call: the route and days.
    ///   - query: the cabin, most stops and sort.
    /// - Returns: the encoded object.
    static func arguments(for call: Plan.Call, query: SearchQuery) -> Data {
        var json = JSONWriter(style: .compact, capacity: 256)
        json.object { json in
            json.key("origin")
            json.string(call.origin)
            json.key("destination")
            json.string(call.destination)
            json.key("departureDate")
            json.string(call.departure.description)
            if let returnDate = call.returnDate {
                json.key("returnDate")
                json.string(returnDate.description)
            }
            // One traveller: every price is then for one seat, whatever the tool does with a party.
            json.key("adults")
            json.int(1)
            if let stops = query.maxStops, stops >= 0 {
                json.key("maxStops")
                json.string(stops == 0 ? "none" : stops == 1 ? "one" : "many")
            }
            if let cabin = query.cabin {
                json.key("fareClass")
                json.string(fareClass(cabin))
            }
            json.key("sort")
            json.string(query.sort == .duration ? "duration" : "price")
        }
        return Data(json.bytes)
    }

    /// The tool's name for a cabin.
    static func fareClass(_ cabin: Cabin) -> String {
        switch cabin {
        case .economy: "economy"
        case .premium: "premium"
        case .business: "business"
        case .first: "first"
        }
    }

    // MARK: - One call

    /// What one call gave.
    struct Page: Sendable {
        /// The offers mapped (exact repeats are the runner's to drop and count).
        var offers: [Offer] = []
        /// Cards skipped: unreadable or unmappable.
        var skipped = 0
        /// Booking links dropped because they were not web links.
        var droppedLinks = 0
    }

    /// Makes one call and maps its answer.
    private static func page(
        for call: Plan.Call, query: SearchQuery, client: ProviderClient
    ) async -> Result<Page, ProviderError> {
        do {
            return .success(
                try await client.read(.tool(toolName, arguments: arguments(for: call, query: query))) { root in
                    try page(SkiplaggedAnswer(root), provider: client.provider, retrievedAt: client.now())
                })
        } catch {
            return .failure(error)
        }
    }

    /// Maps every card of an answer, in its order; an exact repeat of an earlier card is counted and left out.
    /// - Parameters:
    ///   - answer: the answer.
    ///   - provider: the id to sell under.
    ///   - retrievedAt: when the answer arrived.
    /// - Returns: the page.
    /// - Throws: `CancellationError` when the search is cancelled.
    static func page(_ answer: SkiplaggedAnswer, provider: ProviderID, retrievedAt: Date) throws -> Page {
        var page = Page()
        var index = -1
        let cards = try answer.flights.decodeRecords { node -> Offer in
            index += 1
            try Task.checkCancellation()
            let card = try SkiplaggedCard(node)
            var link: WebAddress?
            if let text = card.deepLink, !text.isEmpty {
                link = WebLink.address(text, maximumLength: 16_384)
                if link == nil { page.droppedLinks += 1 }
            }
            return Offer(skiplagged: card, index: index, provider: provider, retrievedAt: retrievedAt, link: link)
        }
        page.skipped = cards.skipped
        page.offers = cards.records
        return page
    }

    // MARK: - Several calls

    /// Folds the pages into one response, in call order, leaving out an offer an earlier page holds (a
    /// recording answers every call alike); notes on what was not searched, failed or dropped. When every
    /// call failed, the first one's error is the provider's.
    private static func combine(
        _ results: [Result<Page, ProviderError>], plan: Plan
    ) throws(ProviderError)
        -> ProviderResponse
    {
        let results = try CallResults(calls: plan.calls, results: results)
        let droppedLinks = results.sum(\.droppedLinks)
        var notes: [String] = []
        if droppedLinks > 0 {
            notes.append(
                droppedLinks == 1
                    ? "dropped 1 booking link that was not a web link"
                    : "dropped \(droppedLinks) booking links that were not web links")
        }
        if plan.leftOut > 0 {
            let asked = plan.calls.count + plan.leftOut
            notes.append(
                "Skiplagged is searched one route and day at a time: the first \(plan.calls.count) of \(asked) "
                    + "were searched, earliest days first")
        }
        let failed = results.failureNote { call in
            "\(call.origin)→\(call.destination) on \(call.departure)"
                + (call.returnDate.map { " returning \($0)" } ?? "")
        }
        if let failed { notes.append(failed) }
        return ProviderResponse(
            offers: results.offers(\.offers), skipped: results.sum(\.skipped), notes: notes)
    }
}
