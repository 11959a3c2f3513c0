import Foundation
import ProviderKit

/// Trains and coaches from RegioJet's public REST service (`https://brn-ybus-pubapi.sa.cz/restapi`, no key): one-way
/// connections between two cities on a day, direct or with changes, in the countries RegioJet serves.
///
/// A search names its places by code (`VIE`); RegioJet names its cities in its locations list
/// (`consts/locations`: countries, their cities and their stations, with ids). The list is fetched once and
/// kept for a day per live endpoint; a place is the city whose name, or one of whose aliases, is one of the
/// city's names the tool knows (`Vienna`, `Wien`). A place the tool knows no city name for, or that RegioJet
/// does not serve, is not searched, with a note.
///
/// Then each pair of cities and each departure day is one call of `routes/search/simple` in the regular
/// tariff, for one adult (every price is for one traveller, and the pipeline prices the party), asked in the
/// query's currency with the `X-Currency` header when RegioJet sells in it, else in euros. The answer names no
/// currency: the price is in the one asked for. No `Origin` header is sent: RegioJet refuses a foreign one.
/// The service is visited as a guest, at most one request a second, retried once on 429 or 502.
///
/// The answer's quirks the mapping absorbs (see ``RegioJetRoute`` and `Offer(regioJet:…)`):
/// - A route with changes gives only its ends: its legs are known by their modes alone, and where it changes
///   is unknown.
/// - A route that is sold out or not on sale (`bookable: false`, no free seat, price 0) is left out and counted
///   in a note.
/// - An answer may hold routes of the following days: only the day asked for is kept.
/// - A route from or to a station of another city than those asked for is left out with a note: a recording
///   answers every call alike.
/// - A bot wall's page (HTML or other text with 403, 409 or 429) is `blocked` or `rate_limited`, never "no
///   results".
///
/// A route that cannot be read is skipped and counted; an answer without a `routes` list is malformed. When
/// every call fails, the provider fails with the first one's error.
public struct RegioJetProvider: OfferProvider {
    /// The provider's id, `regiojet`, as used on the command line and in offer ids.
    static let id: ProviderID = "regiojet"
    /// The most calls one search makes: every day of the longest range a query can name.
    static let maximumCalls = DateRange.maximumDays
    /// How many calls are in flight at once; the host's pace spaces them further.
    static let concurrentCalls = 2
    /// The least time between two requests to RegioJet's host.
    static let requestInterval: Duration = .seconds(1)
    /// How long a live service's locations list is kept.
    static let locationsLifetime: TimeInterval = 86_400
    /// The currencies RegioJet sells in; any other is asked in euros.
    static let currencies: Set<String> = ["EUR", "CZK", "HUF", "PLN"]
    /// The site a connection links to, which opens on the same search.
    static let site = "https://regiojet.com/"

    /// Who the provider is: RegioJet trains and coaches, which need a route and a day, priced per traveller.
    public let descriptor: ProviderDescriptor
    /// The locations lists fetched from live services, by endpoint.
    let locations = RegioJetLocationCache()

    /// Creates the provider. One value serves any number of searches, and keeps the locations list it fetches
    /// for a day.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "RegioJet",
            summary: "Trains and coaches from RegioJet's public service, no key needed: one-way connections "
                + "between two cities on a day.",
            categories: [.flights], modes: [.train, .bus], nativeCurrency: .eur, capabilities: [.dates],
            requiredFields: [.origin, .destination, .departureDate],
            live: [
                LiveService(
                    "https://brn-ybus-pubapi.sa.cz/restapi", fixedHeaders: ["X-Lang": "en"], isPublic: true,
                    requestInterval: Self.requestInterval)
            ],
            samples: ProviderSamples(
                EmbeddedResponses([
                    "locations": RegioJetSamples.locations, "simple": RegioJetSamples.noRoutes,
                    "simple?fromLocationId=10202003&toLocationId=10202052&departureDate=2026-12-18":
                        RegioJetSamples.pragueVienna,
                    "simple?fromLocationId=10202052&toLocationId=10202091&departureDate=2026-12-18":
                        RegioJetSamples.viennaBudapest,
                ]),
                query: SearchQuery(origin: "PRG", destination: "VIE", departureDates: DateRange(parsing: "2026-12-18")),
                priceKeys: ["priceFrom"], recordedAt: ProviderSamples.recorded(2026, 11, 28)))
    }

    /// Fetches the locations list, then asks for every pair and day of the query and maps every route it can
    /// read.
    /// - Parameters:
    ///   - query: what to look for; the route, the days and the currency go to the service, every other filter
    ///     is left to the pipeline.
    ///   - client: calls RegioJet's endpoint.
    /// - Returns: the connections in call order and RegioJet's order within each answer, those skipped, and
    ///   notes on places not searched, connections left out and calls that failed.
    /// - Throws: ``ProviderError``: `not_asked` without a route and a day; the locations list's error when it
    ///   cannot be fetched; when every call fails, the first call's error.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        try descriptor.requireFields(of: query, provider: client.provider)
        guard !query.roundTrip else {
            return ProviderResponse(
                offers: [], notes: ["RegioJet is searched one way at a time: search the way back as a one-way trip"])
        }
        let list = try await locationList(using: client)
        var notes: [String] = []
        var cities: [String: RegioJetCity] = [:]
        var seen = Set<String>()
        for code in query.origins + query.destinations where seen.insert(code).inserted {
            if let city = list.city(for: code) {
                cities[code] = city
            } else {
                notes.append(Self.unknownPlace(code))
            }
        }
        let currency = Self.currency(for: query, client: client)
        let plan = Plan(query, cities: cities)
        let results = try await client.withProviderErrors {
            try await BoundedCalls.run(plan.calls, atMost: Self.concurrentCalls) { call in
                await Self.page(for: call, currency: currency, locations: list, client: client)
            }
        }
        return try Self.combine(results, plan: plan, notes: notes)
    }

    /// The note for a place that is not searched.
    private static func unknownPlace(_ code: String) -> String {
        if let name = KnownCities.name(of: code) {
            return "RegioJet serves no city named \(name), so it was not searched"
        }
        return "RegioJet finds cities by name, and the tool knows no city name for \(code), so it was not searched"
    }

    /// The currency to ask for: the query's when RegioJet sells in it, else euros. The embedded samples are
    /// written in euros, whatever is asked.
    static func currency(for query: SearchQuery, client: ProviderClient) -> CurrencyCode {
        guard client.endpointKind != .samples, currencies.contains(query.currency.rawValue) else { return .eur }
        return query.currency
    }

    // MARK: - Locations

    /// The locations list: a live service's from what was fetched in the last day, else from the service.
    private func locationList(using client: ProviderClient) async throws(ProviderError) -> RegioJetLocations {
        // Only a live service's list is kept: samples and recordings answer at once, and a recording may change.
        let key = client.isLive ? client.endpointDescription : nil
        let now = client.now()
        if let key, let kept = locations.list(for: key, at: now) { return kept }
        let list = try await Self.honest(client) { () async throws(ProviderError) in
            try await client.read(.get("consts/locations")) { root in try RegioJetLocations(root) }
        }
        if let key { locations.keep(list, for: key, at: now) }
        return list
    }

    // MARK: - The calls

    /// The calls one search makes, earliest day first, then the routes in the query's order; at most
    /// ``maximumCalls``, the rest counted in ``leftOut`` for a note.
    struct Plan: Sendable {
        /// One call: a pair of cities and a day.
        struct Call: Sendable, Hashable {
            /// The code the origin was asked by.
            var originCode: String
            /// The city to leave from.
            var origin: RegioJetCity
            /// The code the destination was asked by.
            var destinationCode: String
            /// The city to go to.
            var destination: RegioJetCity
            /// The day, local at the origin.
            var day: LocalDate
        }

        /// The calls, in the order they are made.
        var calls: [Call]
        /// How many combinations of route and day the query asks for beyond ``maximumCalls``.
        var leftOut: Int

        /// Plans the calls of a query whose places are found.
        /// - Parameters:
        ///   - query: the search.
        ///   - cities: the cities found, by code; a route with a place not among them is not searched.
        init(_ query: SearchQuery, cities: [String: RegioJetCity]) {
            let origins = query.origins.compactMap { cities[$0] }
            let destinations = query.destinations.compactMap { cities[$0] }
            var sameCity: [String: Int] = [:]
            for origin in origins { sameCity[origin.id, default: 0] += 1 }
            let alike = destinations.reduce(0) { $0 + (sameCity[$1.id] ?? 0) }
            let routes = origins.count * destinations.count - alike
            let days = query.departureDates?.days ?? []
            var calls: [Call] = []
            if routes > 0 {
                planning: for day in days {
                    for route in query.routes {
                        guard calls.count < RegioJetProvider.maximumCalls, !Task.isCancelled else { break planning }
                        guard let from = route.origin, let to = route.destination, let origin = cities[from],
                            let destination = cities[to], origin.id != destination.id
                        else { continue }
                        calls.append(
                            Call(
                                originCode: from, origin: origin, destinationCode: to, destination: destination,
                                day: day))
                    }
                }
            }
            self.calls = calls
            leftOut = routes * days.count - calls.count
        }
    }

    /// The request of one call, with the parameters and headers the service takes.
    static func request(for call: Plan.Call, currency: CurrencyCode) -> ProviderRequest {
        .get(
            "routes/search/simple",
            query: [
                URLQueryItem(name: "tariffs", value: "REGULAR"),
                URLQueryItem(name: "fromLocationType", value: "CITY"),
                URLQueryItem(name: "fromLocationId", value: call.origin.id),
                URLQueryItem(name: "toLocationType", value: "CITY"),
                URLQueryItem(name: "toLocationId", value: call.destination.id),
                URLQueryItem(name: "departureDate", value: call.day.description),
            ],
            headers: ["X-Currency": currency.rawValue])
    }

    /// The page of RegioJet's site that opens on a call's search.
    static func link(for call: Plan.Call) -> WebAddress? {
        var page = URLComponents(string: site)
        page?.queryItems = [
            URLQueryItem(name: "departureDate", value: call.day.description),
            URLQueryItem(name: "fromLocationId", value: call.origin.id),
            URLQueryItem(name: "fromLocationType", value: "CITY"),
            URLQueryItem(name: "toLocationId", value: call.destination.id),
            URLQueryItem(name: "toLocationType", value: "CITY"),
            URLQueryItem(name: "tariffs", value: "REGULAR"),
        ]
        return page?.url.flatMap { WebLink.address($0.absoluteString) }
    }

    // MARK: - One call

    /// What one call gave.
    struct Page: Sendable {
        /// The connections mapped (exact repeats are the runner's to drop and count).
        var offers: [Offer] = []
        /// Routes skipped: unreadable.
        var skipped = 0
        /// Routes sold out or not on sale.
        var soldOut = 0
        /// Routes leaving on another day than the one asked for.
        var otherDays = 0
        /// Routes between other cities than those asked for, and the first such pair's names.
        var elsewhere = 0
        var elsewhereRoute: String?
    }

    /// Makes one call and maps its answer.
    private static func page(
        for call: Plan.Call, currency: CurrencyCode, locations: RegioJetLocations, client: ProviderClient
    ) async -> Result<Page, ProviderError> {
        do {
            return .success(
                try await honest(client) { () async throws(ProviderError) in
                    try await client.read(request(for: call, currency: currency)) { root in
                        try page(
                            root, call: call, currency: currency, locations: locations, provider: client.provider,
                            retrievedAt: client.now())
                    }
                })
        } catch {
            return .failure(error)
        }
    }

    /// Maps every route of an answer, in its order.
    /// - Parameters:
    ///   - root: the answer's root.
    ///   - call: the call it answers.
    ///   - currency: the currency it was asked in, which its prices are in.
    ///   - locations: the locations list, for the stations' names and cities.
    ///   - provider: the id to sell under.
    ///   - retrievedAt: when the answer arrived.
    /// - Returns: the page.
    /// - Throws: `JSONError` for an answer without a `routes` list; `CancellationError` when cancelled.
    static func page(
        _ root: JSONNode, call: Plan.Call, currency: CurrencyCode, locations: RegioJetLocations, provider: ProviderID,
        retrievedAt: Date
    ) throws -> Page {
        guard root.kind == .object else { throw root.error("is not a search answer") }
        let routes = try root["routes"]
        guard routes.kind == .array else { throw routes.error("is not a list of routes") }
        let link = link(for: call)
        var page = Page()
        for node in try routes.elements {
            try Task.checkCancellation()
            guard let route = try? RegioJetRoute(node) else {
                page.skipped += 1
                continue
            }
            guard route.departure.local?.date == call.day else {
                page.otherDays += 1
                continue
            }
            if route.isSoldOut {
                page.soldOut += 1
                continue
            }
            guard let price = route.price else {
                page.skipped += 1
                continue
            }
            let from = route.departureStationID.flatMap { locations.stations[$0] }
            let to = route.arrivalStationID.flatMap { locations.stations[$0] }
            if let from, from.cityID != call.origin.id {
                page.elsewhere += 1
                page.elsewhereRoute = page.elsewhereRoute ?? "\(from.cityName)→\(to?.cityName ?? "another city")"
                continue
            }
            if let to, to.cityID != call.destination.id {
                page.elsewhere += 1
                page.elsewhereRoute = page.elsewhereRoute ?? "\(from?.cityName ?? "another city")→\(to.cityName)"
                continue
            }
            let offer = Offer(
                regioJet: route, price: Money(price, currency),
                ends: (
                    RegioJetEnd(id: route.departureStationID, station: from, code: call.originCode),
                    RegioJetEnd(id: route.arrivalStationID, station: to, code: call.destinationCode)
                ), provider: provider, retrievedAt: retrievedAt, link: link)
            page.offers.append(offer)
        }
        return page
    }

    // MARK: - Honest status

    /// Runs a request, turning a bot wall's answer into the error that says so: a page that is not JSON with
    /// 403 or 409 is `blocked`, and with 429 `rate_limited`; a JSON refusal with 403 or 409 is `blocked` too
    /// (RegioJet needs no key, so there is no credential to check).
    private static func honest<Result>(
        _ client: ProviderClient, _ work: () async throws(ProviderError) -> Result
    ) async throws(ProviderError) -> Result {
        do {
            return try await work()
        } catch {
            throw explained(error, provider: client.provider)
        }
    }

    /// The error a failure becomes: a page that is not JSON with 429 is still `rate_limited`, named as a bot
    /// wall's; any other error as it is (the kit already makes a refusal with 403 or 409 `blocked`).
    /// - Parameters:
    ///   - error: the call's error.
    ///   - provider: the provider's id.
    /// - Returns: the error to report.
    static func explained(_ error: ProviderError, provider: ProviderID) -> ProviderError {
        guard let answer = error.underlying as? RejectedAnswer else { return error }
        let kind = ResponseBody.kind(of: answer.body)
        let body = kind == .json ? "" : " with \(ResponseBody.describe(answer.body))"
        let attempts = RejectedAnswer.attempts(answer.attempts)
        guard answer.status == 429, kind != .json else { return error }
        return ProviderError(
            .rateLimited, provider: provider,
            "RegioJet's service is rate limiting requests (HTTP 429\(body)\(attempts)): not an empty day; "
                + "try again later",
            underlying: answer)
    }

    // MARK: - Several calls

    /// Folds the pages into one response, in call order, leaving out a route an earlier page holds; notes on
    /// what was not searched, left out or failed. When every call failed, the first one's error is the
    /// provider's.
    private static func combine(
        _ results: [Result<Page, ProviderError>], plan: Plan, notes: [String]
    ) throws(ProviderError) -> ProviderResponse {
        let results = try CallResults(calls: plan.calls, results: results)
        var notes = notes
        let soldOut = results.sum(\.soldOut)
        let elsewhere = results.sum(\.elsewhere)
        let elsewhereRoute = results.pages.lazy.compactMap { call, page in
            page.elsewhereRoute.map {
                "asked for \(call.origin.name)→\(call.destination.name), the service answered for \($0)"
            }
        }.first
        if soldOut > 0 {
            notes.append(
                soldOut == 1
                    ? "1 connection not on sale (sold out) was left out"
                    : "\(soldOut) connections not on sale (sold out) were left out")
        }
        if let elsewhereRoute {
            notes.append(
                "\(elsewhereRoute); \(elsewhere == 1 ? "that connection was" : "those \(elsewhere) connections were") "
                    + "left out")
        }
        if plan.leftOut > 0 {
            let asked = plan.calls.count + plan.leftOut
            notes.append(
                "RegioJet takes one route and day per call: the first \(plan.calls.count) of \(asked) "
                    + "combinations were searched, earliest days first")
        }
        if let failed = results.failureNote(describing: { "\($0.origin.name)→\($0.destination.name) on \($0.day)" }) {
            notes.append(failed)
        }
        return ProviderResponse(
            offers: results.offers(\.offers), skipped: results.sum(\.skipped), notes: notes)
    }
}

/// One end of a connection as the mapping needs it: RegioJet's station id, the station from the locations
/// list when it is there, and the code the city was asked by.
struct RegioJetEnd: Sendable {
    /// RegioJet's id for the station.
    var id: String?
    /// The station, when the locations list has it.
    var station: RegioJetStation?
    /// The code the city was asked by (`VIE`).
    var code: String
}

/// The locations lists fetched from live services, by endpoint, each kept for a day
/// (``RegioJetProvider/locationsLifetime``). Endpoints are few; the map is cleared should it ever pass
/// ``maximumCount``.
final class RegioJetLocationCache: @unchecked Sendable {
    /// The most lists kept.
    static let maximumCount = 16

    private let lock = NSLock()
    private var lists: [String: (list: RegioJetLocations, fetched: Date)] = [:]

    /// The list kept for an endpoint, when it was fetched less than a day before `now`.
    func list(for key: String, at now: Date) -> RegioJetLocations? {
        lock.withLock {
            guard let kept = lists[key], now.timeIntervalSince(kept.fetched) < RegioJetProvider.locationsLifetime,
                now >= kept.fetched
            else { return nil }
            return kept.list
        }
    }

    /// Keeps the list fetched from an endpoint at `now`.
    func keep(_ list: RegioJetLocations, for key: String, at now: Date) {
        lock.withLock {
            if lists.count >= Self.maximumCount { lists.removeAll() }
            lists[key] = (list, now)
        }
    }
}
