import Foundation
import ProviderKit

/// Ferries from Ferryhopper's public MCP server (`https://mcp.ferryhopper.com/mcp`, no key, built for
/// assistants): one-way sailings between two ports on a day, across the operators Ferryhopper sells.
///
/// A search names its places by city code (`ATH`, or `--from Piraeus`, which the tool reads as Athens);
/// Ferryhopper searches ports by its own codes. Each city is looked up once with the `get_ports` tool, by the
/// English name the tool knows it by (`{"query": "Athens"}`), and the ports taken are those the answer names
/// as the city, as one of its ports the tool knows (`Piraeus`, `Rafina`, `Lavrio`) or as serving it: never
/// merely the first, since the list may hold every port. The ports a live server gave are kept for the life of
/// the provider, per endpoint. A place the tool knows no city name for, or with no port in the answer, is not
/// searched; a search that asks for ferries by name (`--mode ferry`) says so in a note.
///
/// Then each pair of ports and each departure day is one call of `search_trips` with `departureLocation`,
/// `arrivalLocation` (the ports' codes) and `date` (`YYYY-MM-DD`), at most two at a time and at most
/// ``maximumCalls`` in all. Ferryhopper prices one passenger: every price is for one traveller, and the
/// pipeline prices the party. Round trips are not sold as one: each way is searched on its own.
///
/// The answer's quirks the mapping absorbs (see ``FerryhopperItinerary`` and `Offer(ferryhopper:…)`):
/// - The trips are in the structured content, under `foundDirectItinerariesForTrip`; the text content is only
///   a summary, read when there is no structured content (an earlier shape sent the trips there as JSON).
///   A text that is not JSON holds no trips: the call fails, never "no results".
/// - Prices are euro cents for each accommodation (deck, seat, cabin); a sailing costs its cheapest. They are
///   indicative, in Ferryhopper's own word: every offer is tagged `indicative_price` and a note says so.
/// - A sailing with no accommodation on sale is left out and counted in a note.
/// - A sailing from or to other ports than those asked for is left out with a note: a recording answers
///   every call alike.
///
/// **Honest status.** A refusal with 403 or 409 (a bot wall's HTML page, most often) or a page that is not
/// JSON is `blocked`, a 429 `rate_limited`, a tool error (`isError`) a failure quoting Ferryhopper's words:
/// never an empty answer. The MCP client spaces requests to two a second per host and retries once, on 429
/// or 502 only.
public struct FerryhopperProvider: OfferProvider {
    /// The provider's id, `ferryhopper`, as used on the command line and in offer ids.
    static let id: ProviderID = "ferryhopper"
    /// The tool that lists ports.
    static let portsTool = "get_ports"
    /// The tool that searches sailings.
    static let tripsTool = "search_trips"
    /// The most calls of `search_trips` one search makes: at two a second, ten seconds of calls.
    static let maximumCalls = 20
    /// The most ports of one city searched.
    static let maximumPortsPerCity = 4
    /// How many calls are in flight at once.
    static let concurrentCalls = 2
    /// The note every answer with offers carries.
    static let indicativeNote =
        "Ferryhopper's prices are indicative, in its own word: each sailing's cheapest accommodation (deck, seat "
        + "or cabin) for one passenger, confirmed only when booking"

    /// Who the provider is: Ferryhopper's ferries, which need a route and a day, priced per traveller.
    public let descriptor: ProviderDescriptor
    /// The ports found so far.
    let knownPorts = FerryhopperKnownPorts()

    /// Creates the provider. One value serves any number of searches, and keeps the ports it finds.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "Ferryhopper",
            summary: "Ferries from Ferryhopper's public MCP server, no key needed: one-way sailings between two "
                + "ports on a day, at indicative prices.",
            categories: [.flights], modes: [.ferry], nativeCurrency: .eur, capabilities: [.dates],
            requiredFields: [.origin, .destination, .departureDate],
            live: [LiveService("mcp+https://mcp.ferryhopper.com/mcp", isPublic: true)],
            samples: ProviderSamples(
                EmbeddedResponses([
                    Self.portsTool: FerryhopperSamples.ports,
                    Self.tripsTool: FerryhopperSamples.noSailings,
                    "\(Self.tripsTool)?departureLocation=PIR&arrivalLocation=JTR&date=2026-12-18":
                        FerryhopperSamples.piraeusToSantorini,
                ]),
                query: SearchQuery(origin: "ATH", destination: "JTR", departureDates: DateRange(parsing: "2026-12-18")),
                perRequestKeys: [], priceKeys: ["totalPriceInCents"], recordedAt: ProviderSamples.recorded(2026, 11, 28)
            ))
    }

    /// Looks up the cities' ports, then asks for every pair of ports and day of the query and maps every
    /// sailing it can read.
    /// - Parameters:
    ///   - query: what to look for; the route and the days go to the server, every other filter is left to the
    ///     pipeline.
    ///   - client: calls Ferryhopper's endpoint.
    /// - Returns: the sailings in call order and Ferryhopper's order within each answer, those skipped, and
    ///   notes on the prices, places not searched, sailings left out and calls that failed.
    /// - Throws: ``ProviderError``: `not_asked` without a route and a day; when every lookup or call fails,
    ///   the first one's error (`blocked` for a bot wall).
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        try descriptor.requireFields(of: query, provider: client.provider)
        guard !query.roundTrip else {
            return ProviderResponse(
                offers: [], notes: ["Ferryhopper sells each way on its own: search the way back as a one-way trip"])
        }
        var notes: [String] = []
        var failures: [ProviderError] = []
        var ports: [String: [FerryhopperPort]] = [:]
        // Each place once, in the order the routes name them: the first origin, its destinations, the others.
        var seen = Set<String>()
        let codes = (query.origins.prefix(1) + query.destinations + query.origins.dropFirst()).filter {
            seen.insert($0).inserted
        }
        for code in codes {
            if Task.isCancelled { throw client.providerError(CancellationError()) }
            switch await self.ports(for: code, using: client) {
            case .success(let found) where !found.isEmpty: ports[code] = found
            // Most places have no port: that is said only to a search that asks for ferries by name.
            case .success: if query.modes.contains(.ferry) { notes.append(Self.unknownPlace(code)) }
            case .failure(let error): failures.append(error)
            }
        }
        let plan = Plan(query, ports: ports)
        if let first = failures.first, plan.calls.isEmpty { throw first }
        let results = try await client.withProviderErrors {
            try await BoundedCalls.run(plan.calls, atMost: Self.concurrentCalls) { call in
                await Self.page(for: call, client: client)
            }
        }
        return try Self.combine(results, plan: plan, notes: notes, lookupFailures: failures)
    }

    /// The note for a place that is not searched.
    private static func unknownPlace(_ code: String) -> String {
        if let name = KnownCities.name(of: code) {
            return "Ferryhopper lists no port of \(name), so it was not searched"
        }
        return "Ferryhopper finds ports by name, and the tool knows no city name for \(code), so it was not searched"
    }

    // MARK: - Ports

    /// The ports of the city a code stands for: from what was found before, else from `get_ports`.
    /// - Returns: the ports, none when the tool knows no name for the code or Ferryhopper no port of it; the
    ///   lookup's error when it failed.
    private func ports(
        for code: String, using client: ProviderClient
    ) async -> Result<
        [FerryhopperPort], ProviderError
    > {
        guard let name = KnownCities.name(of: code) else { return .success([]) }
        // Only a live server's ports are kept: samples and recordings answer at once, and a recording may change.
        let key = client.isLive ? "\(client.endpointDescription) \(code)" : nil
        if let key, let known = knownPorts[key] { return .success(known) }
        var arguments = JSONWriter(style: .compact, capacity: 64)
        arguments.object { json in
            json.key("query")
            json.string(name)
        }
        do {
            let found = try await client.read(.tool(Self.portsTool, arguments: Data(arguments.bytes))) { root in
                Self.choose(try FerryhopperPort.list(root), for: code)
            }
            if let key, !found.isEmpty { knownPorts[key] = found }
            return .success(found)
        } catch {
            return .failure(Self.honest(error, client: client))
        }
    }

    /// The ports of a `get_ports` answer that serve the city a code stands for: named as the city, as one of
    /// its ports the tool knows, or as serving it; each code once, at most ``maximumPortsPerCity``, in the
    /// answer's order.
    /// - Parameters:
    ///   - ports: the answer's ports.
    ///   - code: the city's IATA code.
    /// - Returns: the ports.
    static func choose(_ ports: [FerryhopperPort], for code: String) -> [FerryhopperPort] {
        var chosen: [FerryhopperPort] = []
        for port in ports where serves(port.names, code: code) && !chosen.contains(where: { $0.code == port.code }) {
            chosen.append(port)
            if chosen.count == maximumPortsPerCity { break }
        }
        return chosen
    }

    /// Whether one of the names is the city's, or one of its ports' the tool knows.
    static func serves(_ names: [String], code: String) -> Bool {
        names.contains { KnownCities.isName($0, of: code) || KnownCities.code(ofStation: $0) == code.uppercased() }
    }

    // MARK: - The calls

    /// The calls one search makes, earliest day first, then the routes in the query's order, then each
    /// pair of their ports; at most ``maximumCalls``, the rest counted in ``leftOut`` for a note.
    struct Plan: Sendable {
        /// One call: a pair of ports and a day.
        struct Call: Sendable, Hashable {
            /// The ports and the codes of the cities asked for.
            var ends: FerryhopperEnds
            /// The day, local at the port of departure.
            var day: LocalDate
        }

        /// The calls, in the order they are made.
        var calls: [Call]
        /// How many combinations of ports and day the query asks for beyond ``maximumCalls``.
        var leftOut: Int

        /// Plans the calls of a query whose cities' ports are looked up.
        /// - Parameters:
        ///   - query: the search.
        ///   - ports: the ports found, by city code; a route with a place not among them is not searched, nor a
        ///     pair of a port with itself.
        init(_ query: SearchQuery, ports: [String: [FerryhopperPort]]) {
            var pairs: [FerryhopperEnds] = []
            for route in query.routes {
                guard let from = route.origin, let to = route.destination, let origins = ports[from],
                    let destinations = ports[to]
                else { continue }
                for origin in origins {
                    for destination in destinations where origin.code != destination.code {
                        pairs.append(
                            FerryhopperEnds(
                                origin: .init(city: from, port: origin), destination: .init(city: to, port: destination)
                            ))
                    }
                }
            }
            let days = query.departureDates?.days ?? []
            var calls: [Call] = []
            planning: for day in days {
                for ends in pairs {
                    guard calls.count < FerryhopperProvider.maximumCalls, !Task.isCancelled else { break planning }
                    calls.append(Call(ends: ends, day: day))
                }
            }
            self.calls = calls
            leftOut = pairs.count * days.count - calls.count
        }
    }

    /// The arguments of one call, compact JSON in the tool's documented order.
    static func arguments(for call: Plan.Call) -> Data {
        var json = JSONWriter(style: .compact, capacity: 128)
        json.object { json in
            json.key("departureLocation")
            json.string(call.ends.origin.port.code)
            json.key("arrivalLocation")
            json.string(call.ends.destination.port.code)
            json.key("date")
            json.string(call.day.description)
        }
        return Data(json.bytes)
    }

    // MARK: - One call

    /// What one call gave.
    struct Page: Sendable {
        /// The sailings mapped (exact repeats are the runner's to drop and count).
        var offers: [Offer] = []
        /// Itineraries skipped: unreadable.
        var skipped = 0
        /// Itineraries with a sailing that has no accommodation on sale.
        var notOnSale = 0
        /// Itineraries between other ports than those asked for, and the first such pair's names.
        var elsewhere = 0
        var elsewhereRoute: String?
        /// Booking links dropped because they were not web links.
        var droppedLinks = 0
    }

    /// Makes one call and maps its answer.
    private static func page(for call: Plan.Call, client: ProviderClient) async -> Result<Page, ProviderError> {
        do {
            return .success(
                try await client.read(.tool(tripsTool, arguments: arguments(for: call))) { root in
                    try page(FerryhopperAnswer(root), call: call, provider: client.provider, retrievedAt: client.now())
                })
        } catch {
            return .failure(honest(error, client: client))
        }
    }

    /// Maps every itinerary of an answer, in its order.
    /// - Parameters:
    ///   - answer: the answer.
    ///   - call: the call it answers.
    ///   - provider: the id to sell under.
    ///   - retrievedAt: when the answer arrived.
    /// - Returns: the page.
    /// - Throws: `CancellationError` when the search is cancelled.
    static func page(
        _ answer: FerryhopperAnswer, call: Plan.Call, provider: ProviderID, retrievedAt: Date
    ) throws -> Page {
        var page = Page()
        var index = -1
        let records = try answer.itineraries.decodeRecords { node -> Offer? in
            index += 1
            try Task.checkCancellation()
            let itinerary = try FerryhopperItinerary(node)
            guard let first = itinerary.segments.first, let last = itinerary.segments.last else { return nil }
            guard call.ends.origin.port.isNamed(first.departurePort, code: first.departureCode),
                call.ends.destination.port.isNamed(last.arrivalPort, code: last.arrivalCode)
            else {
                page.elsewhere += 1
                if page.elsewhereRoute == nil { page.elsewhereRoute = "\(first.departurePort)→\(last.arrivalPort)" }
                return nil
            }
            guard let cents = itinerary.cents else {
                page.notOnSale += 1
                return nil
            }
            var link: WebAddress?
            if let text = itinerary.deepLink, !text.isEmpty {
                link = WebLink.address(text, maximumLength: 4_096)
                if link == nil { page.droppedLinks += 1 }
            }
            return Offer(
                ferryhopper: itinerary, cents: cents, ends: call.ends, index: index, provider: provider,
                retrievedAt: retrievedAt, link: link)
        }
        page.skipped = records.skipped
        page.offers = records.records.compactMap { $0 }
        return page
    }

    // MARK: - Honest status

    /// A failed request as it should reach the user: a page that is not JSON where the MCP server's answer
    /// should be is `blocked`; a text result that is not JSON holds no trips; any other error is handed on as it
    /// is (the kit already makes a refusal with 403 or 409 `blocked` and 429 `rate_limited`; a tool error quotes
    /// the server).
    static func honest(_ error: ProviderError, client: ProviderClient) -> ProviderError {
        guard error.code == .malformedResponse else { return error }
        if error.message.contains("answered text/html") {
            return ProviderError(
                .blocked, provider: error.provider,
                "Ferryhopper's server answered with an HTML page instead of its tool's result, as a bot wall "
                    + "does: the search was blocked, not empty; try again later",
                underlying: error)
        }
        if client.endpointKind == .mcp, let reading = error.underlying as? JSONError, reading.code == .notJSON {
            return ProviderError(
                .malformedResponse, provider: error.provider,
                "Ferryhopper's tool answered only text that is not its trips (a summary without structured "
                    + "content), so no sailing could be read",
                underlying: error)
        }
        return error
    }

    // MARK: - Several calls

    /// Folds the pages into one response, in call order, leaving out a sailing an earlier page holds; notes
    /// on prices, and on what was not searched, left out or failed. When every call failed, the first one's
    /// error is the provider's.
    private static func combine(
        _ results: [Result<Page, ProviderError>], plan: Plan, notes: [String], lookupFailures: [ProviderError]
    ) throws(ProviderError) -> ProviderResponse {
        let results = try CallResults(calls: plan.calls, results: results)
        let offers = results.offers(\.offers)
        var notes = notes
        if !offers.isEmpty { notes.insert(indicativeNote, at: 0) }
        if let first = lookupFailures.first {
            notes.append(
                "looking up \(lookupFailures.count == 1 ? "a city's ports" : "ports") failed: \(first.message)")
        }
        let notOnSale = results.sum(\.notOnSale)
        if notOnSale > 0 {
            notes.append(
                notOnSale == 1
                    ? "1 sailing with no accommodation on sale (sold out) was left out"
                    : "\(notOnSale) sailings with no accommodation on sale (sold out) were left out")
        }
        let elsewhere = results.sum(\.elsewhere)
        let elsewhereRoute = results.pages.lazy.compactMap { call, page in
            page.elsewhereRoute.map {
                "asked for \(call.ends.origin.port.name)→\(call.ends.destination.port.name), the server answered "
                    + "for \($0)"
            }
        }.first
        if let elsewhereRoute {
            notes.append(
                "\(elsewhereRoute); \(elsewhere == 1 ? "that sailing was" : "those \(elsewhere) sailings were") "
                    + "left out")
        }
        let droppedLinks = results.sum(\.droppedLinks)
        if droppedLinks > 0 {
            notes.append(
                droppedLinks == 1
                    ? "dropped 1 booking link that was not a web link"
                    : "dropped \(droppedLinks) booking links that were not web links")
        }
        if plan.leftOut > 0 {
            let asked = plan.calls.count + plan.leftOut
            notes.append(
                "Ferryhopper takes one pair of ports and day per call: the first \(plan.calls.count) of \(asked) "
                    + "combinations were searched, earliest days first")
        }
        if let failed = results.failureNote(describing: {
            "\($0.ends.origin.port.name)→\($0.ends.destination.port.name) on \($0.day)"
        }) {
            notes.append(failed)
        }
        return ProviderResponse(
            offers: offers, skipped: results.sum(\.skipped), notes: notes)
    }
}

/// The two ends of a call: the port of departure and of arrival, each with the code of the city it was asked
/// for by.
struct FerryhopperEnds: Sendable, Hashable {
    /// One end.
    struct End: Sendable, Hashable {
        /// The IATA code of the city asked for: `ATH`.
        var city: String
        /// The port searched.
        var port: FerryhopperPort
    }

    /// Where the sailings leave from.
    var origin: End
    /// Where they arrive.
    var destination: End

    /// The place of an end: the port's code and the answer's name for it, in the city asked for.
    func place(_ end: End, name: String) -> Place {
        Place(city: end.city, cityName: KnownCities.name(of: end.city), station: end.port.code, name: name)
    }
}

extension FerryhopperPort {
    /// Whether an answer's port is this one: by code when the answer gives one, else by one of its names.
    func isNamed(_ name: String, code: String?) -> Bool {
        if let code { return code == self.code }
        let mine = Set(names.map(AirlineNames.fold))
        return FerryhopperText.parts(of: name).contains { mine.contains(AirlineNames.fold($0)) }
    }
}

/// The ports found so far, by endpoint and city code: a city is looked up once for the life of the provider.
/// Codes come from the tool's table of known cities, so the map stays small; it is cleared should it ever pass
/// ``maximumCount``.
final class FerryhopperKnownPorts: @unchecked Sendable {
    /// The most entries kept.
    static let maximumCount = 512

    private let lock = NSLock()
    private var ports: [String: [FerryhopperPort]] = [:]

    /// The ports found under a key, or `nil`; setting them keeps them.
    subscript(key: String) -> [FerryhopperPort]? {
        get { lock.withLock { ports[key] } }
        set {
            lock.withLock {
                if ports.count >= Self.maximumCount { ports.removeAll() }
                ports[key] = newValue
            }
        }
    }
}
