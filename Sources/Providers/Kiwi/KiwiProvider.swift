import Foundation
import ProviderKit

/// Flight search at Kiwi.com through Tequila (`GET /v2/search`, with a key) or Kiwi's public MCP server (the
/// `search-flight` tool, without one): one-way and round trips from one or more airports or cities to codes
/// or anywhere, priced for the whole party in the requested cabin.
///
/// Tequila has sent two answer shapes, and the provider reads both, recognising each record's by its time
/// fields: the legacy v3 shape of the embedded sample and old recordings (times as numbers) and the
/// Tequila v2 shape of the live service (times as ISO-8601 text). The MCP server's two shapes, a list of
/// itineraries and a search result object, are told apart from Tequila's and from each other by their
/// shape as well (``KiwiMCPShape``), so a recording of any of them reads. Their quirks the mapping absorbs:
/// - Local times are the airport's wall clock and are never read as instants: v3 writes them as if they
///   were epoch seconds (`dTime`), v2 as ISO text with a `Z` (`local_departure`) although they are not UTC.
///   The instants are `dTimeUTC` and `utc_departure`. A time outside 1900–2200 skips the record.
/// - An airport can belong to a city with another code (`SAW` is in `IST`): places keep both.
/// - Numbers arrive as Int, Double or digit strings and optional fields as null; unknown fields are ignored.
/// - Two different itineraries can share one Kiwi `id` (a hidden-city fare and its full-route twin): offer
///   ids derive from the trip, so both are kept. Hidden-city fares are tagged `hidden_city` and
///   self-transfers (`virtual_interlining`) `self_transfer`.
/// - Prices are totals for the party Kiwi was asked for; `bags_price` gives checked-bag fees per
///   passenger; segments carry the operating carrier of a codeshare and the cabin.
/// - Results come in Kiwi's order, which is kept because ranking is the pipeline's job.
///
/// - On the MCP server a leg that flies more than one carrier is tagged `self_transfer`: Kiwi joins airlines
///   that do not sell together, and the answer does not say when a leg is one ticket. Its list shape names
///   no carrier at all. An answer holds at most about 15 itineraries.
///
/// A record that cannot be read or mapped is skipped and counted; an answer whose `currency` is not a
/// currency code is rejected as a whole, since none of its prices could be trusted; Tequila's
/// `{"error": "…"}` and the MCP result's non-null `error` are failures that quote the service's message.
public struct KiwiProvider: OfferProvider {
    /// The provider's id, `kiwi`, as used on the command line and in offer ids.
    static let id: ProviderID = "kiwi"
    /// Tequila's search path. Its last component names the recording: the embedded sample is `search`
    /// and a `file://` folder holds `search.json`.
    static let searchPath = "v2/search"
    /// The most results Tequila returns for one request.
    static let maximumLimit = 1000

    /// Who the provider is: Kiwi.com flights priced in the requested currency (EUR by default).
    public let descriptor: ProviderDescriptor

    /// Creates the provider; it holds no state, so one value serves any number of searches.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "Kiwi.com",
            summary: "Flights from Kiwi.com: one-way and round trips to a city or anywhere, for the whole party, "
                + "with booking links and bag fees.",
            categories: [.flights], nativeCurrency: .eur,
            capabilities: [.dates, .roundTrips, .serverSideFilters, .passengers, .cabins],
            // Tequila when its key is set; else Kiwi's public MCP server, which needs none.
            live: [
                LiveService("https://api.tequila.kiwi.com", signIn: .header("apikey")),
                LiveService("mcp+https://mcp.kiwi.com"),
            ],
            samples: ProviderSamples(
                EmbeddedResponses(["search": KiwiSamples.search]),
                // A question Tequila takes as it stands (it needs a departure airport and dates), and that the
                // embedded sample answers: OS 395 and VY 1815 fly it.
                query: SearchQuery(origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18")),
                perRequestKeys: ["id", "search_id", "booking_token", "combination_id"], priceKeys: ["price"],
                recordedAt: ProviderSamples.recorded(2026, 11, 28)))
    }

    /// Searches Tequila's `/v2/search`, or the MCP server's `search-flight` tool when the endpoint is an MCP
    /// server (see ``KiwiMCPSearch``), and maps every itinerary it can read, in Kiwi's order.
    /// - Parameters:
    ///   - query: what to look for; the route, dates, trip type, party, cabin, sort and currency go to the
    ///     server with the filters Tequila applies itself (see ``queryItems(for:)``); the pipeline applies
    ///     every filter again afterwards.
    ///   - client: fetches from Kiwi's endpoint.
    /// - Returns: the offers; how many records were skipped because they could not be read or mapped; how
    ///   many repeated an earlier itinerary exactly (one offer each); and a note when links that were not web
    ///   links were dropped.
    /// - Throws: ``ProviderError``: the client's errors for a failed fetch (a 4xx quotes Tequila's message, a
    ///   tool error the MCP server's), `http_status` for an answer that carries the service's `error` instead
    ///   of data, `malformed_response` for a body that is not a Kiwi answer, `not_asked` on the MCP server
    ///   without a route and days, and `timeout` when the search is cancelled.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        // The keyless MCP server takes one day per call: its own plan.
        if client.endpointKind == .mcp { return try await Self.searchMCP(query, using: client) }
        let page = try await client.read(.get(Self.searchPath, query: Self.queryItems(for: query))) { root in
            try Self.page(root, query: query, client: client)
        }
        return ProviderResponse(
            offers: page.offers, skipped: page.skipped, notes: Self.notes(droppedLinks: page.droppedLinks))
    }

    /// Reads one answer in whichever of Kiwi's shapes it is, told apart by shape: the MCP tool's list of
    /// itineraries or its search result object (``KiwiMCPShape``), else Tequila's or the legacy answer.
    /// - Parameters:
    ///   - root: the answer's root.
    ///   - query: the search, whose party prices are for unless the answer says otherwise.
    ///   - client: the client, for the provider's id and the time.
    /// - Returns: the offers in the answer's order, an exact repeat of an earlier one counted and left out.
    /// - Throws: ``ProviderError`` for an answer that carries the service's error; `JSONError` for one whose
    ///   currency or records cannot be read.
    static func page(_ root: JSONNode, query: SearchQuery, client: ProviderClient) throws -> KiwiPage {
        let retrievedAt = client.now()
        if let shape = KiwiMCPShape(root) {
            return try KiwiMCPAnswer(root, shape: shape, party: query.passengers, provider: client.provider)
                .page(provider: client.provider, asked: query.passengers, retrievedAt: retrievedAt)
        }
        let answer = try KiwiAnswer(root, provider: client.provider)
        let (provider, currency) = (client.provider, answer.currency)
        let pricedFor = answer.statedParty ?? query.passengers
        // Large answers are read on every core, each thread mapping with its own mapper.
        var read = try answer.records.decodeRecordsInParallel {
            KiwiOfferMapper(provider: provider, currency: currency, pricedFor: pricedFor, retrievedAt: retrievedAt)
        } _: { mapper, record in
            try Task.checkCancellation()
            return try mapper.offer(for: record)
        }
        // Exact repeats are the runner's to drop and count, for every provider alike.
        let offers = read.records.records
        read.records.records = []
        return KiwiPage(
            offers: offers, skipped: read.records.skipped,
            droppedLinks: read.workers.reduce(0) { $0 + $1.droppedLinks })
    }

    /// A note on booking links that were dropped because they were not web links.
    static func notes(droppedLinks count: Int) -> [String] {
        guard count > 0 else { return [] }
        return [
            count == 1
                ? "dropped 1 booking link that was not a web link"
                : "dropped \(count) booking links that were not web links"
        ]
    }

    // MARK: - The request

    /// The query items of a live `/v2/search` request, in the order Tequila documents them.
    ///
    /// Besides the route, dates, trip type, party, cabin, currency, limit and sort, the filters Tequila
    /// applies on its side are sent so that its limit is spent on trips that can match; each is sent only
    /// as a bound that keeps every trip the pipeline's exact filter keeps:
    /// - `max_stopovers` counts the whole itinerary, the query's `maxStops` each leg: a round trip sends
    ///   twice the number, with `max_sector_stopovers` for each leg;
    /// - `select_airlines` takes one list: the airlines to keep when every one is an IATA code, else the
    ///   IATA codes among those to leave out, with `select_airlines_exclude=true`;
    /// - `price_to` is the cap rounded up to a whole amount, in the request currency; `max_fly_duration`
    ///   the longest trip rounded up to whole hours;
    /// - `dtime_*`/`atime_*` are the outbound leg's local time windows, as the query's are.
    /// - Parameter query: the search.
    /// - Returns: the items; unknown origins and dates are left out, and so is an unknown destination,
    ///   which Tequila reads as anywhere.
    static func queryItems(for query: SearchQuery) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        func add(_ name: String, _ value: String) { items.append(URLQueryItem(name: name, value: value)) }
        if !query.origins.isEmpty { add("fly_from", query.origins.joined(separator: ",")) }
        if !query.destinations.isEmpty { add("fly_to", query.destinations.joined(separator: ",")) }
        // Tequila searches a window of dates; one day is a window that starts and ends on it.
        if let days = query.departureDates {
            add("date_from", tequilaDate(days.first))
            add("date_to", tequilaDate(days.last))
        }
        if let days = query.returnDates {
            add("return_from", tequilaDate(days.first))
            add("return_to", tequilaDate(days.last))
        }
        if let hours = query.maxDuration.flatMap(wholeHours) { add("max_fly_duration", String(hours)) }
        add("flight_type", query.roundTrip ? "round" : "oneway")
        add("adults", String(query.passengers.adults))
        add("children", String(query.passengers.children))
        add("infants", String(query.passengers.infants))
        if let cabin = query.cabin { add("selected_cabins", cabinCode(cabin)) }
        // Prices are asked for in the query's currency, the one its cap is in: Tequila can apply the cap as
        // it stands.
        add("curr", query.currency.rawValue)
        if let cap = query.maxPrice, cap > 0 { add("price_to", roundedUp(cap)) }
        if let time = query.departAfter { add("dtime_from", time.description) }
        if let time = query.departBefore { add("dtime_to", time.description) }
        if let time = query.arriveAfter { add("atime_from", time.description) }
        if let time = query.arriveBefore { add("atime_to", time.description) }
        if let stops = query.maxStops, stops >= 0 {
            add("max_stopovers", String(query.roundTrip ? stops * 2 : stops))
            if query.roundTrip { add("max_sector_stopovers", String(stops)) }
        }
        let included = query.airlines.map { $0.uppercased() }
        let excluded = query.excludedAirlines.map { $0.uppercased() }.filter(isAirlineCode)
        if !included.isEmpty, included.allSatisfy(isAirlineCode) {
            add("select_airlines", included.joined(separator: ","))
        } else if !excluded.isEmpty {
            add("select_airlines", excluded.joined(separator: ","))
            add("select_airlines_exclude", "true")
        }
        // The pipeline filters again after mapping, so ask for enough to leave some after it.
        add("limit", String(min(max(query.limit ?? 0, 200), maximumLimit)))
        add("sort", tequilaSort(query.sort))
        return items
    }

    /// `dd/mm/yyyy`, Tequila's date format.
    static func tequilaDate(_ date: LocalDate) -> String {
        twoDigits(date.day) + "/" + twoDigits(date.month) + "/" + String(date.year)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    /// Tequila's sort orders: `price`, `duration`, `quality` (price and duration together) and `date`.
    static func tequilaSort(_ key: SortKey) -> String {
        switch key {
        case .price: "price"
        case .duration: "duration"
        case .departure: "date"
        case .best: "quality"
        }
    }

    /// Tequila's `selected_cabins` codes.
    static func cabinCode(_ cabin: Cabin) -> String {
        switch cabin {
        case .economy: "M"
        case .premium: "W"
        case .business: "C"
        case .first: "F"
        }
    }

    /// Whether a value names an airline by a two-character IATA code, the only form Tequila filters on.
    static func isAirlineCode(_ value: String) -> Bool {
        value.utf8.count == 2 && value.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
    }

    /// A duration in whole hours, rounded up; `nil` for none.
    private static func wholeHours(_ duration: Duration) -> Int64? {
        let (seconds, attoseconds) = duration.components
        guard seconds > 0 || attoseconds > 0, seconds >= 0 else { return nil }
        let (hours, rest) = seconds.quotientAndRemainder(dividingBy: 3600)
        return hours + (rest > 0 || attoseconds > 0 ? 1 : 0)
    }

    /// An amount rounded up to a whole number, as text.
    private static func roundedUp(_ amount: Decimal) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .up)
        return "\(rounded)"
    }
}

/// What one of Kiwi's answers gave, in any of its shapes.
struct KiwiPage: Sendable {
    /// The offers, in the answer's order (exact repeats are the runner's to drop and count).
    var offers: [Offer] = []
    /// Records skipped: unreadable or unmappable.
    var skipped = 0
    /// Booking links dropped because they were not web links.
    var droppedLinks = 0
}
