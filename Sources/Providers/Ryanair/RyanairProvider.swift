import Foundation
import ProviderKit

/// Ryanair's fares from its public fare finder (`https://services-api.ryanair.com/farfnd/v4`, no key; never
/// the booking service): the cheapest fare of each day on each route, not every flight, so every offer is
/// tagged ``OfferTag/cheapestOfDay``.
///
/// Each route (each origin with each destination; a search without a destination is one route per origin
/// to anywhere) is asked in one of three ways, for one adult, in the search's currency:
/// - one-way, one day, or any destination: `oneWayFares` for the whole range of days, which answers each
///   destination's cheapest fare in it, with its flight number; without `arrivalAirportIataCode` it lists the
///   cheapest fare to every destination, which no other seller offers;
/// - one-way over several days to a destination: `oneWayFares/{FROM}/{TO}/cheapestPerDay`, once per month
///   the range touches, which answers one fare per day (without a flight number), so that `dates` asks once a
///   month rather than once a day;
/// - a round trip: `roundTripFares` with both ranges, which needs the return days.
///
/// At most ``maximumCalls`` calls, two at a time; the live service is asked at most once a second and its
/// answers are kept for an hour (``LiveService/requestInterval``, ``LiveService/freshFor``), since the service
/// blocks addresses that ask too often.
///
/// The answer's quirks the mapping absorbs (see ``RyanairFare``, ``RyanairDay`` and `Offer(ryanair:…)`):
/// - Times are the airports' wall clocks with no zone: the offers carry them as such, never as instants.
/// - The price is in the currency the answer states, whatever the request asked for.
/// - `FR504` is FR's flight 504, so that a fare merges with the same flight sold elsewhere.
/// - A day of `cheapestPerDay` that is sold out, unavailable or has no price is no offer, and counted in a
///   note; days of the month outside the range asked are left out.
/// - A fare from or to another place than asked, or on another day, is left out with a note: a recording
///   answers every call alike.
/// - A refusal (`{"code": "SHIELD_BLOCK"}`, an HTML page, HTTP 403 or 409) is `blocked` and 429 is
///   `rate_limited`, each with what it means: never "no results".
///
/// A fare that cannot be read is skipped and counted; an answer without its list of fares is malformed.
/// When every call fails, the provider fails with the first one's error.
public struct RyanairProvider: OfferProvider {
    /// The provider's id, `ryanair`, as used on the command line and in offer ids.
    static let id: ProviderID = "ryanair"
    /// The most calls one search makes: at a call a second, what a search's deadline leaves time for.
    static let maximumCalls = 12
    /// How many calls are in flight at once.
    static let concurrentCalls = 2

    /// Who the provider is: Ryanair's cheapest fares, which need an origin and days, priced per traveller.
    public let descriptor: ProviderDescriptor

    /// Creates the provider.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "Ryanair",
            summary: "Ryanair's public fare finder, no key needed: the cheapest fare of each day per route, "
                + "one-way or return, and the cheapest fare to every destination from an airport.",
            categories: [.flights], nativeCurrency: .eur, capabilities: [.dates, .roundTrips, .serverSideFilters],
            requiredFields: [.origin, .departureDate],
            live: [
                LiveService(
                    "https://services-api.ryanair.com/farfnd/v4", isPublic: true, requestInterval: .seconds(1),
                    freshFor: .seconds(3600))
            ],
            samples: ProviderSamples(
                EmbeddedResponses([
                    "oneWayFares": RyanairSamples.noFares,
                    "oneWayFares?departureAirportIataCode=VIE&arrivalAirportIataCode=BCN": RyanairSamples.vieBcn,
                    "oneWayFares?departureAirportIataCode=DUB&arrivalAirportIataCode=BCN": RyanairSamples.dubBcn,
                    "oneWayFares?departureAirportIataCode=STN&arrivalAirportIataCode=BGY": RyanairSamples.stnBgy,
                    "oneWayFares?departureAirportIataCode=VIE": RyanairSamples.fromVienna,
                    "oneWayFares?departureAirportIataCode=DUB": RyanairSamples.fromDublin,
                    "roundTripFares": RyanairSamples.noFares,
                    "roundTripFares?departureAirportIataCode=VIE&arrivalAirportIataCode=BCN":
                        RyanairSamples.vieBcnReturn,
                    "cheapestPerDay?outboundMonthOfDate=2026-12-01": RyanairSamples.december,
                    "cheapestPerDay": RyanairSamples.noDays,
                ]),
                query: SearchQuery(origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18")),
                priceKeys: ["value"], recordedAt: ProviderSamples.recorded(2026, 11, 28)))
    }

    /// Plans the calls, makes them and maps every fare it can read.
    /// - Parameters:
    ///   - query: what to look for; the places, the days and the departure window go to the service, every
    ///     other filter is left to the pipeline.
    ///   - client: calls the fare finder's endpoint.
    /// - Returns: the fares in call order and the service's order within each answer, those skipped, and
    ///   notes on places not searched, fares left out and calls that failed.
    /// - Throws: ``ProviderError``: `not_asked` without an origin and days (and return days for a round
    ///   trip); when every call fails, the first call's error.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        try descriptor.requireFields(of: query, provider: client.provider, returnDayForRoundTrips: true)
        let plan = Plan(query)
        var notes: [String] = []
        if !plan.notCodes.isEmpty {
            notes.append(
                "Ryanair's fare finder takes IATA airport codes, so "
                    + plan.notCodes.map { "'\(PrintableText.excerpt($0, limit: 12))'" }.joined(separator: ", ")
                    + " \(plan.notCodes.count == 1 ? "was" : "were") not searched")
        }
        guard !plan.calls.isEmpty else { return ProviderResponse(offers: [], notes: notes) }
        let results = try await client.withProviderErrors {
            try await BoundedCalls.run(plan.calls, atMost: Self.concurrentCalls) { call in
                await Self.page(for: call, query: query, client: client)
            }
        }
        return try Self.combine(results, plan: plan, notes: notes)
    }

    // MARK: - The calls

    /// The calls one search makes, earliest first, then the routes in the query's order; at most
    /// ``maximumCalls``, the rest counted in ``leftOut`` for a note.
    struct Plan: Sendable {
        /// What a call asks for.
        enum Kind: Sendable, Hashable {
            /// `oneWayFares`: each destination's cheapest fare in the days.
            case oneWay
            /// `roundTripFares`: each destination's cheapest round trip in the two ranges.
            case roundTrip
            /// `cheapestPerDay`: the route's cheapest fare of each day of a month.
            case perDay
        }

        /// One call.
        struct Call: Sendable, Hashable {
            /// What it asks for.
            var kind: Kind
            /// The airport to leave from.
            var origin: String
            /// The airport to go to; `nil` for anywhere.
            var destination: String?
            /// The days to leave on: for ``Kind/perDay``, those of its month.
            var days: DateRange
            /// The days to come back on, for a round trip.
            var returnDays: DateRange?

            /// `VIE→BCN on 2026-12-18`, `VIE→anywhere on 2026-12-18..2026-12-20`, for notes.
            var label: String {
                let route = "\(origin)→\(destination ?? "anywhere")"
                let out = days.isSingleDay ? "\(days.first)" : "\(days.first)..\(days.last)"
                guard let returnDays else { return "\(route) on \(out)" }
                let back = returnDays.isSingleDay ? "\(returnDays.first)" : "\(returnDays.first)..\(returnDays.last)"
                return "\(route) on \(out), back on \(back)"
            }
        }

        /// The calls, in the order they are made.
        var calls: [Call]
        /// How many calls the query asks for beyond ``maximumCalls``.
        var leftOut: Int
        /// The places the query names that are not airport codes the service takes, in its order.
        var notCodes: [String]

        /// Plans the calls of a query with an origin and days.
        /// - Parameter query: the search.
        init(_ query: SearchQuery) {
            let places = query.origins + query.destinations
            notCodes = places.filter { !RyanairAirport.isCode($0) }
            let origins = query.origins.filter(RyanairAirport.isCode)
            let destinations: [String?] =
                query.destinations.isEmpty ? [nil] : query.destinations.filter(RyanairAirport.isCode).map { $0 }
            var routes: [(String, String?)] = []
            for origin in origins {
                for destination in destinations where destination != origin { routes.append((origin, destination)) }
            }
            // The whole-range calls first, then the months', earliest first.
            var wanted: [Call] = []
            var monthly: [Call] = []
            if let days = query.departureDates {
                if query.roundTrip, let back = query.returnDates {
                    wanted = routes.map {
                        Call(kind: .roundTrip, origin: $0.0, destination: $0.1, days: days, returnDays: back)
                    }
                } else if !query.roundTrip {
                    for (origin, destination) in routes where destination == nil || days.isSingleDay {
                        wanted.append(Call(kind: .oneWay, origin: origin, destination: destination, days: days))
                    }
                    if !days.isSingleDay {
                        for month in Self.months(of: days) {
                            for (origin, destination) in routes {
                                guard let destination else { continue }
                                monthly.append(
                                    Call(kind: .perDay, origin: origin, destination: destination, days: month))
                            }
                        }
                    }
                }
            }
            wanted += monthly
            calls = Array(wanted.prefix(RyanairProvider.maximumCalls))
            leftOut = wanted.count - calls.count
        }

        /// The parts of a range in each month it touches, earliest first.
        static func months(of range: DateRange) -> [DateRange] {
            var parts: [DateRange] = []
            var start = range.first
            while start <= range.last {
                let next = LocalDate(year: start.year + start.month / 12, month: start.month % 12 + 1, day: 1)
                let end = next.map { LocalDate(daysSinceEpoch: $0.daysSinceEpoch - 1) } ?? range.last
                let last = min(end, range.last)
                if let part = DateRange(from: start, to: last) { parts.append(part) }
                guard let next else { break }
                start = next
            }
            return parts
        }
    }

    /// A day as the service writes it: `2026-12-18`.
    static func serviceDate(_ day: LocalDate) -> String { day.description }

    /// The request of one call, with the parameters the service documents.
    /// - Parameters:
    ///   - call: the call.
    ///   - query: the search, for its currency and departure window.
    /// - Returns: the request.
    static func request(for call: Plan.Call, query: SearchQuery) -> ProviderRequest {
        let currency = URLQueryItem(name: "currency", value: query.currency.rawValue)
        switch call.kind {
        case .perDay:
            // The route is in the path; the month is named by its first day.
            let month = LocalDate(year: call.days.first.year, month: call.days.first.month, day: 1) ?? call.days.first
            return .get(
                "oneWayFares/\(call.origin)/\(call.destination ?? "")/cheapestPerDay",
                query: [URLQueryItem(name: "outboundMonthOfDate", value: serviceDate(month)), currency])
        case .oneWay, .roundTrip:
            var items = [URLQueryItem(name: "departureAirportIataCode", value: call.origin)]
            if let destination = call.destination {
                items.append(URLQueryItem(name: "arrivalAirportIataCode", value: destination))
            }
            items += [
                URLQueryItem(name: "outboundDepartureDateFrom", value: serviceDate(call.days.first)),
                URLQueryItem(name: "outboundDepartureDateTo", value: serviceDate(call.days.last)),
            ]
            if let back = call.returnDays {
                items += [
                    URLQueryItem(name: "inboundDepartureDateFrom", value: serviceDate(back.first)),
                    URLQueryItem(name: "inboundDepartureDateTo", value: serviceDate(back.last)),
                ]
            }
            // The departure window is a bound the pipeline applies again.
            if query.departAfter != nil || query.departBefore != nil {
                items += [
                    URLQueryItem(name: "outboundDepartureTimeFrom", value: (query.departAfter?.description ?? "00:00")),
                    URLQueryItem(name: "outboundDepartureTimeTo", value: (query.departBefore?.description ?? "23:59")),
                ]
            }
            items += [currency, URLQueryItem(name: "adultPaxCount", value: "1")]
            return .get(call.kind == .roundTrip ? "roundTripFares" : "oneWayFares", query: items)
        }
    }

    // MARK: - One call

    /// What one call gave.
    struct Page: Sendable {
        /// The fares mapped (exact repeats are the runner's to drop and count).
        var offers: [Offer] = []
        /// Fares or days skipped: unreadable.
        var skipped = 0
        /// Days asked for with no fare: sold out, unavailable or not flown.
        var noFare = 0
        /// Fares between other places than those asked for, and the first such route.
        var elsewhere = 0
        var elsewhereRoute: String?
        /// Fares on other days than those asked for.
        var otherDays = 0
    }

    /// Makes one call and maps its answer; a refusal is worded as what it is.
    private static func page(
        for call: Plan.Call, query: SearchQuery, client: ProviderClient
    ) async -> Result<Page, ProviderError> {
        do {
            return .success(
                try await client.read(request(for: call, query: query)) { root in
                    try page(root, call: call, provider: client.provider, retrievedAt: client.now())
                })
        } catch {
            return .failure(RyanairRefusal.honest(error, live: client.isLive))
        }
    }

    /// Maps every fare of an answer, in its order.
    /// - Parameters:
    ///   - root: the answer's root.
    ///   - call: the call it answers.
    ///   - provider: the id to sell under.
    ///   - retrievedAt: when the answer arrived.
    /// - Returns: the page.
    /// - Throws: ``ProviderError`` `blocked` for a refusal in the body; `JSONError` for an answer without its
    ///   list; `CancellationError` when cancelled.
    static func page(_ root: JSONNode, call: Plan.Call, provider: ProviderID, retrievedAt: Date) throws -> Page {
        guard root.kind == .object else { throw root.error("is not a fare finder answer") }
        try RyanairRefusal.check(root, provider: provider)
        var page = Page()
        switch call.kind {
        case .perDay:
            let outbound = try root["outbound"]
            guard outbound.kind == .object else { throw outbound.error("is not the month's fares") }
            let fares = try outbound["fares"]
            guard fares.kind == .array else { throw fares.error("is not a list of days") }
            for element in try fares.elements {
                try Task.checkCancellation()
                guard let day = try? RyanairDay(element) else {
                    page.skipped += 1
                    continue
                }
                switch day {
                case .none(let date):
                    if call.days.contains(date) { page.noFare += 1 }
                case .fare(let date, let departure, let arrival, let price):
                    guard call.days.contains(date) else { continue }
                    page.offers.append(
                        Offer(
                            ryanairDay: call.origin, destination: call.destination ?? "", departure: departure,
                            arrival: arrival, price: price, provider: provider, retrievedAt: retrievedAt))
                }
            }
        case .oneWay, .roundTrip:
            let fares = try root["fares"]
            guard fares.kind == .array else { throw fares.error("is not a list of fares") }
            for element in try fares.elements {
                try Task.checkCancellation()
                guard let fare = try? RyanairFare(element, roundTrip: call.kind == .roundTrip) else {
                    page.skipped += 1
                    continue
                }
                let out = fare.outbound
                let toDestination = call.destination.map(out.arrivalAirport.isPlace) ?? true
                let backAgain =
                    fare.inbound.map {
                        $0.departureAirport.code == out.arrivalAirport.code
                            && $0.arrivalAirport.code == out.departureAirport.code
                    } ?? true
                let asked = out.departureAirport.isPlace(call.origin) && toDestination && backAgain
                guard asked else {
                    page.elsewhere += 1
                    if page.elsewhereRoute == nil {
                        page.elsewhereRoute = "\(out.departureAirport.code)→\(out.arrivalAirport.code)"
                    }
                    continue
                }
                guard call.days.contains(out.departure.date),
                    call.returnDays.map({ days in fare.inbound.map { days.contains($0.departure.date) } ?? false })
                        ?? true
                else {
                    page.otherDays += 1
                    continue
                }
                page.offers.append(Offer(ryanair: fare, provider: provider, retrievedAt: retrievedAt))
            }
        }
        return page
    }

    // MARK: - Several calls

    /// Folds the pages into one response, in call order, leaving out a fare an earlier page holds; notes on
    /// what was left out or failed. When every call failed, the first one's error is the provider's.
    private static func combine(
        _ results: [Result<Page, ProviderError>], plan: Plan, notes: [String]
    ) throws(ProviderError) -> ProviderResponse {
        let results = try CallResults(calls: plan.calls, results: results)
        var notes = notes
        let noFare = results.sum(\.noFare)
        let elsewhere = results.sum(\.elsewhere)
        let otherDays = results.sum(\.otherDays)
        if noFare > 0 {
            notes.append(
                noFare == 1
                    ? "1 day asked for has no fare (sold out or not flown)"
                    : "\(noFare) days asked for have no fare (sold out or not flown)")
        }
        if let route = results.pages.lazy.compactMap({ call, page in
            page.elsewhereRoute.map { "asked for \(call.origin)→\(call.destination ?? "anywhere"), it answered \($0)" }
        }).first {
            notes.append(
                "\(route); \(elsewhere == 1 ? "that fare was" : "those \(elsewhere) fares were") left out")
        }
        if otherDays > 0 {
            notes.append(
                otherDays == 1
                    ? "1 fare on another day than asked for was left out"
                    : "\(otherDays) fares on other days than asked for were left out")
        }
        if plan.leftOut > 0 {
            let asked = plan.calls.count + plan.leftOut
            notes.append(
                "Ryanair's fare finder is asked at most \(RyanairProvider.maximumCalls) times a search: the first "
                    + "\(plan.calls.count) of \(asked) calls were made, earliest days first")
        }
        if let failed = results.failureNote(describing: \.label) { notes.append(failed) }
        return ProviderResponse(offers: results.offers(\.offers), skipped: results.sum(\.skipped), notes: notes)
    }
}

/// A refusal of the fare finder worded as what it is: `blocked` for its bot wall (`SHIELD_BLOCK`, an HTML
/// page, HTTP 403 or 409), `rate_limited` for 429, never "no results".
enum RyanairRefusal {
    /// What a refusal means and what to do.
    static let advice = "it blocks addresses that ask too often; wait before searching again"

    /// Throws `blocked` for an answer whose body is the bot wall's `{"code": "SHIELD_BLOCK"}`, and an
    /// `http_status` error quoting the service for any other `{"code", "message"}` answer without fares.
    /// - Parameters:
    ///   - root: the answer's root object.
    ///   - provider: the id to fail under.
    static func check(_ root: JSONNode, provider: ProviderID) throws {
        guard (try? root["fares"].ifPresent) == nil, (try? root["outbound"].ifPresent) == nil,
            let code = RyanairText.short(root, "code", limit: 60)
        else { return }
        if isShield(code) {
            throw ProviderError(
                .blocked, provider: provider, "Ryanair's fare finder turned the request away (\(code)): \(advice)")
        }
        let message = RyanairText.short(root, "message", limit: 120)
        throw ProviderError(
            .httpStatus, provider: provider,
            "Ryanair's fare finder answered \(code)\(message.map { ": \($0)" } ?? "") instead of fares")
    }

    /// Whether a code is the bot wall's.
    static func isShield(_ code: String) -> Bool { code.uppercased().contains("SHIELD") }

    /// The error a failed call ends with, worded for what the service did.
    /// - Parameters:
    ///   - error: the call's error.
    ///   - live: whether the endpoint is the live service (a recording that is not JSON is only malformed).
    /// - Returns: `blocked` for a bot wall, `rate_limited` for 429, else the error as it is.
    static func honest(_ error: ProviderError, live: Bool) -> ProviderError {
        if let answer = error.underlying as? RejectedAnswer {
            let code = bodyCode(answer.body)
            let what = code.map { "HTTP \(answer.status), \($0)" } ?? "HTTP \(answer.status)"
            let attempts = RejectedAnswer.attempts(answer.attempts)
            if answer.status == 429 {
                return ProviderError(
                    .rateLimited, provider: error.provider,
                    "Ryanair's fare finder is rate limiting requests (\(what)): \(advice)\(attempts)",
                    underlying: answer)
            }
            // The kit makes 403 and 409 of a keyless service `blocked`; a shield's code says so with any status.
            if error.code == .blocked || code.map(isShield) == true {
                return ProviderError(
                    .blocked, provider: error.provider,
                    "Ryanair's fare finder turned the request away (\(what), as its bot wall does): \(advice)"
                        + attempts, underlying: answer)
            }
            return answer.error(quoting: bodyMessage(answer.body) ?? code)
        }
        // A page declared as HTML has no reader's error under it; a body that is not JSON at all has one.
        let notJSON = (error.underlying as? JSONError).map { $0.code == .notJSON || $0.code == .empty }
        if live, error.code == .malformedResponse, notJSON ?? (error.underlying == nil) {
            return ProviderError(
                .blocked, provider: error.provider,
                "Ryanair's fare finder answered with something other than fares, as its bot wall does "
                    + "(\(error.message)): \(advice)", underlying: error.underlying)
        }
        return error
    }

    /// The `code` of a JSON error body, `SHIELD_BLOCK`; `nil` for any other body.
    private static func bodyCode(_ body: Data) -> String? {
        (try? JSONDocument.read(body) { root in root.kind == .object ? RyanairText.short(root, "code", limit: 60) : nil
        })
            ?? nil
    }

    /// The `message` of a JSON error body.
    private static func bodyMessage(_ body: Data) -> String? {
        (try? JSONDocument.read(body) { root in
            root.kind == .object ? RyanairText.short(root, "message", limit: 120) : nil
        }) ?? nil
    }
}
