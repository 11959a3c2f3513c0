import Foundation
import ProviderKit

/// A search on Kiwi's public MCP server, which needs no key: its `search-flight` tool takes one departure day
/// (and one return day), so a range of days becomes one call per day, or per pair of days for a round trip.
///
/// Rules:
/// - It needs the origin, the destination and the departure day (and for a round trip the return day): the
///   tool searches nothing without them, so a query that lacks one is not asked, and says which.
/// - Several origins or destinations go in one call, as comma-separated lists (`flyFrom`, `flyTo`).
/// - One call per departure day and, for a round trip, per return day on or after it, earliest first: each
///   day (or pair) is asked once, at most ``concurrentCalls`` at a time, and at most ``maximumCalls`` in all;
///   a note says how many combinations were left out.
/// - Each call states the party (`adults`, `children`, `infants`), the cabin when one is asked for
///   (`cabinClass`), the currency of the query and `sort: price`. Days go as `dd/mm/yyyy`.
/// - A call that fails is a note while others count; when every call fails, the first one's error is the
///   provider's. An itinerary that an earlier call already gave is not given twice.
struct KiwiMCPSearch: Sendable {
    /// One tool call: a departure day and, for a round trip, a return day.
    struct Call: Sendable, Hashable {
        /// The outbound day, local at the origin.
        var departure: LocalDate
        /// The return day, for a round trip.
        var returnDate: LocalDate?
    }

    /// The tool that searches flights.
    static let toolName = "search-flight"
    /// The most calls one search makes: every day of the longest range a query can name.
    static let maximumCalls = DateRange.maximumDays
    /// How many calls are in flight at once.
    static let concurrentCalls = 4

    /// The calls, in the order they are made.
    var calls: [Call]
    /// How many combinations of days the query asks for beyond ``maximumCalls``.
    var leftOut: Int

    /// Plans the calls of a query that has its departure days.
    /// - Parameter query: the search.
    init(_ query: SearchQuery) {
        let days = RouteDayPlan.days(of: query, limit: Self.maximumCalls)
        calls = days.map { Call(departure: $0.departure, returnDate: $0.returnDate) }
        leftOut = RouteDayPlan.dayCount(of: query) - calls.count
    }

    /// The query fields the tool cannot search without that the query lacks.
    static func missingFields(for query: SearchQuery) -> [QueryField] {
        var missing: [QueryField] = []
        if query.origins.isEmpty { missing.append(.origin) }
        if query.destinations.isEmpty { missing.append(.destination) }
        if query.departureDates == nil { missing.append(.departureDate) }
        if query.roundTrip, query.returnDates == nil { missing.append(.returnDate) }
        return missing
    }

    /// The arguments of one call, compact JSON in the tool's documented order.
    /// - Parameters:
    ///   - call: the days.
    ///   - query: the route, party, cabin and currency.
    /// - Returns: the encoded object.
    static func arguments(for call: Call, query: SearchQuery) -> Data {
        var json = JSONWriter(style: .compact, capacity: 256)
        json.object { json in
            json.key("flyFrom")
            json.string(query.origins.joined(separator: ","))
            json.key("flyTo")
            json.string(query.destinations.joined(separator: ","))
            json.key("departureDate")
            json.string(KiwiProvider.tequilaDate(call.departure))
            if let returnDate = call.returnDate {
                json.key("returnDate")
                json.string(KiwiProvider.tequilaDate(returnDate))
            }
            // The party is validated before a search; the bounds only keep a bad one out of the request.
            let party = query.passengers
            json.key("adults")
            json.int(min(max(party.adults, 0), Passengers.maximum))
            json.key("children")
            json.int(min(max(party.children, 0), Passengers.maximum))
            json.key("infants")
            json.int(min(max(party.infants, 0), Passengers.maximum))
            if let cabin = query.cabin {
                json.key("cabinClass")
                json.string(KiwiProvider.cabinCode(cabin))
            }
            json.key("currency")
            json.string(query.currency.rawValue)
            json.key("sort")
            json.string("price")
        }
        return Data(json.bytes)
    }
}

extension KiwiMCPAnswer {
    /// Maps the itineraries into offers, in the answer's order; an exact repeat of an earlier one is counted
    /// and left out.
    /// - Parameters:
    ///   - provider: the id to sell under.
    ///   - asked: the party the search asked for, which prices are for unless the answer says otherwise.
    ///   - retrievedAt: when the answer arrived.
    /// - Returns: the page.
    func page(provider: ProviderID, asked: Passengers, retrievedAt: Date) -> KiwiPage {
        var page = KiwiPage(skipped: skipped)
        var mappers: [CurrencyCode: KiwiOfferMapper] = [:]
        for priced in itineraries {
            var mapper =
                mappers[priced.currency]
                ?? KiwiOfferMapper(
                    provider: provider, currency: priced.currency, pricedFor: statedParty ?? asked,
                    retrievedAt: retrievedAt)
            let offer = mapper.offer(for: priced.itinerary)
            mappers[priced.currency] = mapper
            page.offers.append(offer)
        }
        page.droppedLinks = mappers.values.reduce(0) { $0 + $1.droppedLinks }
        return page
    }
}

extension KiwiProvider {
    /// Searches Kiwi's MCP server as ``KiwiMCPSearch`` plans it.
    /// - Parameters:
    ///   - query: the search.
    ///   - client: a client whose endpoint is the MCP server.
    /// - Returns: the offers in call order, the records skipped and repeated, and notes on combinations not
    ///   searched, calls that failed and links dropped.
    /// - Throws: ``ProviderError``: `not_asked` without a route and days; when every call fails, the first
    ///   call's error (a tool error quotes the server's words).
    static func searchMCP(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError)
        -> ProviderResponse
    {
        let missing = KiwiMCPSearch.missingFields(for: query)
        guard missing.isEmpty else {
            throw ProviderError.notAsked(missing, provider: client.provider, "its keyless service")
        }
        let plan = KiwiMCPSearch(query)
        guard !plan.calls.isEmpty else {
            return ProviderResponse(offers: [], notes: ["no return day falls on or after a departure day"])
        }
        let results = try await client.withProviderErrors {
            try await BoundedCalls.run(plan.calls, atMost: KiwiMCPSearch.concurrentCalls) { call in
                await Self.page(for: call, query: query, client: client)
            }
        }
        return try Self.combine(results, plan: plan)
    }

    /// Makes one call and maps its answer.
    private static func page(
        for call: KiwiMCPSearch.Call, query: SearchQuery, client: ProviderClient
    ) async -> Result<KiwiPage, ProviderError> {
        let request = ProviderRequest.tool(
            KiwiMCPSearch.toolName, arguments: KiwiMCPSearch.arguments(for: call, query: query))
        do {
            return .success(
                try await client.read(request) { root in try Self.page(root, query: query, client: client) })
        } catch {
            return .failure(error)
        }
    }

    /// Folds the pages into one response, in call order, leaving out an offer an earlier page holds.
    private static func combine(
        _ results: [Result<KiwiPage, ProviderError>], plan: KiwiMCPSearch
    ) throws(ProviderError) -> ProviderResponse {
        let results = try CallResults(calls: plan.calls, results: results)
        let droppedLinks = results.sum(\.droppedLinks)
        var notes = notes(droppedLinks: droppedLinks)
        if plan.leftOut > 0 {
            let asked = plan.calls.count + plan.leftOut
            notes.append(
                "Kiwi without a key is searched one day at a time: the first \(plan.calls.count) of \(asked) "
                    + "days or pairs of days were searched, earliest first")
        }
        let failed = results.failureNote { call in
            call.departure.description + (call.returnDate.map { " returning \($0)" } ?? "")
        }
        if let failed { notes.append(failed) }
        return ProviderResponse(
            offers: results.offers(\.offers), skipped: results.sum(\.skipped), notes: notes)
    }
}
