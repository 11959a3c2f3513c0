import Foundation
import ProviderKit

/// Coaches and trains from FlixBus's public search service (`https://global.api.flixbus.com`, no key): one-way
/// rides between two cities on a day, each leg a coach or a train as FlixBus runs it.
///
/// A search names its places by code (`VIE`); FlixBus finds cities by name. Each place is looked up once
/// by the English name the tool knows the city by (`search/autocomplete/cities?q=Vienna&locale=en`), and the
/// entry whose name is one of the city's names is taken, never merely the first: FlixBus matches loosely,
/// and its first answer for a station's name can be another city. The ids a live service gave are kept for
/// the life of the provider, per endpoint. A place the tool knows no city name for, or that FlixBus does not know, is
/// not searched, with a note.
///
/// Then each pair of cities and each departure day is one call of `search/service/v4/search`, at most two at
/// a time and at most ``maximumCalls`` in all, for one adult in EUR: every price is for one traveller, and
/// the pipeline prices the party. Round trips are not sold: FlixBus sells each way on its own.
///
/// The answer's quirks the mapping absorbs (see ``FlixBusRide`` and `Offer(flixBus:…)`):
/// - Rides are an object keyed by their uid, not a list; names of cities, stations and operators come in
///   maps beside the trips.
/// - A ride whose `status` is not `available` (sold out, not on sale) is left out and counted in a note.
/// - The price is `total`, or `total_with_platform_fee` when `platform_fee_in_price_required` says the fee
///   must be paid.
/// - A ride between other cities than those asked for is left out with a note: a recording answers every
///   call alike.
///
/// A ride that cannot be read is skipped and counted; an answer without a `trips` list is malformed. When
/// every call fails, the provider fails with the first one's error.
public struct FlixBusProvider: OfferProvider {
    /// The provider's id, `flixbus`, as used on the command line and in offer ids.
    static let id: ProviderID = "flixbus"
    /// The most calls one search makes: every day of the longest range a query can name.
    static let maximumCalls = DateRange.maximumDays
    /// How many calls are in flight at once.
    static let concurrentCalls = 2
    /// The booking page a ride links to.
    static let shop = "https://shop.flixbus.com/search"

    /// Who the provider is: FlixBus coaches and trains, which need a route and a day, priced per traveller.
    public let descriptor: ProviderDescriptor
    /// The city ids found so far.
    let cityIDs = FlixBusCityIDs()

    /// Creates the provider. One value serves any number of searches, and keeps the city ids it finds.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "FlixBus",
            summary: "Coaches and trains from FlixBus's public search, no key needed: one-way rides between two "
                + "cities on a day.",
            categories: [.flights], modes: [.bus, .train], nativeCurrency: .eur, capabilities: [.dates],
            requiredFields: [.origin, .destination, .departureDate],
            live: [LiveService("https://global.api.flixbus.com", isPublic: true)],
            samples: ProviderSamples(
                EmbeddedResponses([
                    "cities": FlixBusSamples.cities, "search": FlixBusSamples.noRides,
                    "search?from_city_id=a3f1e0c2-8646-11e6-9066-549f350fcb0c"
                        + "&to_city_id=a3f2b7d4-8646-11e6-9066-549f350fcb0c&departure_date=18.12.2026":
                        FlixBusSamples.search,
                ]),
                query: SearchQuery(origin: "VIE", destination: "BUD", departureDates: DateRange(parsing: "2026-12-18")),
                perRequestKeys: ["uid"], priceKeys: ["total", "total_with_platform_fee"],
                recordedAt: ProviderSamples.recorded(2026, 11, 26)))
    }

    /// Looks up the cities, then asks for every pair and day of the query and maps every ride it can read.
    /// - Parameters:
    ///   - query: what to look for; the route and the days go to the service, every other filter is left to
    ///     the pipeline.
    ///   - client: calls FlixBus's endpoint.
    /// - Returns: the rides in call order and FlixBus's order within each answer, those skipped, and notes on
    ///   places not searched, rides left out and calls that failed.
    /// - Throws: ``ProviderError``: `not_asked` without a route and a day, and when every call fails, the
    ///   first call's error.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        try descriptor.requireFields(of: query, provider: client.provider)
        guard !query.roundTrip else {
            return ProviderResponse(
                offers: [], notes: ["FlixBus sells each way on its own: search the way back as a one-way trip"])
        }
        var notes: [String] = []
        var failures: [ProviderError] = []
        // Each place once, in the query's order.
        var cities: [String: FlixBusCity] = [:]
        // The order the routes name them in: the first origin, its destinations, then the other origins.
        var seen = Set<String>()
        let codes = (query.origins.prefix(1) + query.destinations + query.origins.dropFirst()).filter {
            seen.insert($0).inserted
        }
        for code in codes {
            if Task.isCancelled { throw client.providerError(CancellationError()) }
            switch await city(for: code, using: client) {
            case .success(let city?): cities[code] = city
            case .success(nil): notes.append(Self.unknownPlace(code))
            case .failure(let error): failures.append(error)
            }
        }
        let plan = Plan(query, cities: cities)
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
            return "FlixBus knows no city named \(name), so it was not searched"
        }
        return "FlixBus finds cities by name, and the tool knows no city name for \(code), so it was not searched"
    }

    // MARK: - Cities

    /// The FlixBus city a code stands for: from what was found before, else from the autocomplete service.
    /// - Returns: the city; `nil` when the tool knows no name for the code or FlixBus no city of that name;
    ///   the lookup's error when it failed.
    private func city(for code: String, using client: ProviderClient) async -> Result<FlixBusCity?, ProviderError> {
        guard let name = KnownCities.name(of: code) else { return .success(nil) }
        // Only a live service's ids are kept: samples and recordings answer at once, and a recording may change.
        let key = client.isLive ? "\(client.endpointDescription) \(code)" : nil
        if let key, let known = cityIDs[key] { return .success(known) }
        do {
            let request = ProviderRequest.get(
                "search/autocomplete/cities",
                query: [URLQueryItem(name: "q", value: name), URLQueryItem(name: "locale", value: "en")])
            let found = try await client.read(request) { root in Self.choose(try FlixBusCity.list(root), for: code) }
            if let key, let found { cityIDs[key] = found }
            return .success(found)
        } catch {
            return .failure(error)
        }
    }

    /// The entry of an autocomplete answer that is the city a code stands for: one named by one of the city's
    /// names, a city FlixBus serves itself first.
    /// - Parameters:
    ///   - cities: the answer's cities, in its order.
    ///   - code: the city's IATA code.
    /// - Returns: the city, or `nil` when no entry bears one of its names.
    static func choose(_ cities: [FlixBusCity], for code: String) -> FlixBusCity? {
        let named = cities.filter { KnownCities.isName($0.name, of: code) }
        return named.first { $0.isFlixBusCity } ?? named.first
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
            var origin: FlixBusCity
            /// The code the destination was asked by.
            var destinationCode: String
            /// The city to go to.
            var destination: FlixBusCity
            /// The day, local at the origin.
            var day: LocalDate
        }

        /// The calls, in the order they are made.
        var calls: [Call]
        /// How many combinations of route and day the query asks for beyond ``maximumCalls``.
        var leftOut: Int

        /// Plans the calls of a query whose places are looked up.
        /// - Parameters:
        ///   - query: the search.
        ///   - cities: the cities found, by code; a route with a place not among them is not searched.
        ///
        /// The routes are counted by arithmetic, once for every day, and only the calls kept are made; a plan
        /// made in a cancelled task stops where it is.
        init(_ query: SearchQuery, cities: [String: FlixBusCity]) {
            // A route is searched when both places are found and are not one city: every pair of found
            // places, less those whose two ends are the same city.
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
                        guard calls.count < FlixBusProvider.maximumCalls, !Task.isCancelled else { break planning }
                        guard let from = route.origin, let to = route.destination, let origin = cities[from],
                            let destination = cities[to], origin.id != destination.id
                        else { continue }
                        calls.append(
                            Call(
                                originCode: from, origin: origin, destinationCode: to, destination: destination,
                                day: day
                            ))
                    }
                }
            }
            self.calls = calls
            leftOut = routes * days.count - calls.count
        }
    }

    /// A day as the service writes it: `18.12.2026`.
    static func serviceDate(_ day: LocalDate) -> String {
        String(format: "%02d.%02d.%04d", day.day, day.month, day.year)
    }

    /// The request of one call, with the parameters the service documents.
    static func request(for call: Plan.Call) -> ProviderRequest {
        .get(
            "search/service/v4/search",
            query: [
                URLQueryItem(name: "from_city_id", value: call.origin.id),
                URLQueryItem(name: "to_city_id", value: call.destination.id),
                URLQueryItem(name: "departure_date", value: serviceDate(call.day)),
                // One adult: every price is then for one seat.
                URLQueryItem(name: "products", value: "{\"adult\":1}"),
                URLQueryItem(name: "currency", value: "EUR"),
                URLQueryItem(name: "locale", value: "en"),
                URLQueryItem(name: "search_by", value: "cities"),
                URLQueryItem(name: "sort", value: "price"),
            ])
    }

    /// The booking page of a call's day, which FlixBus's shop opens on the same search.
    static func link(for call: Plan.Call) -> WebAddress? {
        var page = URLComponents(string: shop)
        page?.queryItems = [
            URLQueryItem(name: "departureCity", value: call.origin.id),
            URLQueryItem(name: "arrivalCity", value: call.destination.id),
            URLQueryItem(name: "rideDate", value: serviceDate(call.day)),
            URLQueryItem(name: "adult", value: "1"),
        ]
        return page?.url.flatMap { WebLink.address($0.absoluteString) }
    }

    // MARK: - One call

    /// What one call gave.
    struct Page: Sendable {
        /// The rides mapped (exact repeats are the runner's to drop and count).
        var offers: [Offer] = []
        /// Rides skipped: unreadable.
        var skipped = 0
        /// Rides not on sale (`status` other than `available`).
        var notOnSale = 0
        /// Rides between other cities than those asked for, and the first such pair's names.
        var elsewhere = 0
        var elsewhereRoute: String?
    }

    /// Makes one call and maps its answer.
    private static func page(for call: Plan.Call, client: ProviderClient) async -> Result<Page, ProviderError> {
        do {
            return .success(
                try await client.read(request(for: call)) { root in
                    try page(root, call: call, provider: client.provider, retrievedAt: client.now())
                })
        } catch {
            return .failure(error)
        }
    }

    /// Maps every ride of an answer, in its order.
    /// - Parameters:
    ///   - root: the answer's root.
    ///   - call: the call it answers.
    ///   - provider: the id to sell under.
    ///   - retrievedAt: when the answer arrived.
    /// - Returns: the page.
    /// - Throws: `JSONError` for an answer without a `trips` list; `CancellationError` when cancelled.
    static func page(_ root: JSONNode, call: Plan.Call, provider: ProviderID, retrievedAt: Date) throws -> Page {
        guard root.kind == .object else { throw root.error("is not a search answer") }
        let trips = try root["trips"]
        guard trips.kind == .array else { throw trips.error("is not a list of trips") }
        let names = FlixBusNames(root)
        let feeRequired = ((try? root["platform_fee_in_price_required"].lenientBool) ?? nil) ?? false
        let cityCodes = [call.origin.id: call.originCode, call.destination.id: call.destinationCode]
        let link = link(for: call)
        var page = Page()
        for trip in try trips.elements {
            try Task.checkCancellation()
            guard trip.kind == .object, let results = try? trip["results"], results.kind == .object else {
                page.skipped += 1
                continue
            }
            for member in try results.members {
                let node = member.value
                let status = ((try? node["status"].lenientString) ?? nil)?.trimmedText.lowercased()
                if let status, status != "available" {
                    page.notOnSale += 1
                    continue
                }
                guard let ride = try? FlixBusRide(node, feeRequired: feeRequired) else {
                    page.skipped += 1
                    continue
                }
                guard ride.departure.cityID == call.origin.id, ride.arrival.cityID == call.destination.id else {
                    page.elsewhere += 1
                    if page.elsewhereRoute == nil {
                        let from = ride.departure.cityID.flatMap { names.cities[$0] } ?? "another city"
                        let to = ride.arrival.cityID.flatMap { names.cities[$0] } ?? "another city"
                        page.elsewhereRoute = "\(from)→\(to)"
                    }
                    continue
                }
                let offer = Offer(
                    flixBus: ride, names: names, cityCodes: cityCodes, provider: provider, retrievedAt: retrievedAt,
                    link: link)
                page.offers.append(offer)
            }
        }
        return page
    }

    // MARK: - Several calls

    /// Folds the pages into one response, in call order, leaving out a ride an earlier page holds; notes on
    /// what was not searched, left out or failed. When every call failed, the first one's error is the
    /// provider's.
    private static func combine(
        _ results: [Result<Page, ProviderError>], plan: Plan, notes: [String], lookupFailures: [ProviderError]
    ) throws(ProviderError) -> ProviderResponse {
        let results = try CallResults(calls: plan.calls, results: results)
        var notes = notes
        let notOnSale = results.sum(\.notOnSale)
        let elsewhere = results.sum(\.elsewhere)
        let elsewhereRoute = results.pages.lazy.compactMap { call, page in
            page.elsewhereRoute.map {
                "asked for \(call.origin.name)→\(call.destination.name), the service answered for \($0)"
            }
        }.first
        if let first = lookupFailures.first {
            notes.append("looking up \(lookupFailures.count == 1 ? "a city" : "cities") failed: \(first.message)")
        }
        if notOnSale > 0 {
            notes.append(
                notOnSale == 1
                    ? "1 ride not on sale (sold out) was left out"
                    : "\(notOnSale) rides not on sale (sold out) were left out")
        }
        if let elsewhereRoute {
            notes.append(
                "\(elsewhereRoute); \(elsewhere == 1 ? "that ride was" : "those \(elsewhere) rides were") left out")
        }
        if plan.leftOut > 0 {
            let asked = plan.calls.count + plan.leftOut
            notes.append(
                "FlixBus is searched one route and day at a time: the first \(plan.calls.count) of \(asked) "
                    + "were searched, earliest days first")
        }
        if let failed = results.failureNote(describing: { "\($0.origin.name)→\($0.destination.name) on \($0.day)" }) {
            notes.append(failed)
        }
        return ProviderResponse(
            offers: results.offers(\.offers), skipped: results.sum(\.skipped), notes: notes)
    }
}

/// The FlixBus cities found so far, by endpoint and code: a place is looked up once for the life of the
/// provider. Codes come from the tool's table of known cities, so the map stays small; it is cleared should it
/// ever pass ``maximumCount``.
final class FlixBusCityIDs: @unchecked Sendable {
    /// The most entries kept.
    static let maximumCount = 512

    private let lock = NSLock()
    private var cities: [String: FlixBusCity] = [:]

    /// The city found under a key, or `nil`; setting one keeps it.
    subscript(key: String) -> FlixBusCity? {
        get { lock.withLock { cities[key] } }
        set {
            lock.withLock {
                if cities.count >= Self.maximumCount { cities.removeAll() }
                cities[key] = newValue
            }
        }
    }
}
