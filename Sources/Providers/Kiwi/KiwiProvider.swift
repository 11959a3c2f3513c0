import AggregatorCore
import Foundation

/// Flight search at Kiwi.com (the Skypicker API, v3): one-way and round trips from an airport or city
/// to a code or `anywhere`.
///
/// Kiwi's format has quirks the mapping absorbs:
/// - `dTime`/`aTime` are the airport's local wall clock written as if they were epoch seconds; they
///   become ``LocalDateTime``s and are never read as instants (`dTimeUTC`/`aTimeUTC` are the instants).
/// - An airport can belong to a city with another code (`SAW` is in `IST`): places keep both.
/// - Numbers arrive as Int or Double and optional fields as null; unknown fields are ignored.
/// - Results come in popularity order; the order is kept because ranking is the pipeline's job.
///
/// A record that cannot be read or mapped is skipped and counted; a response whose `currency` is not
/// a currency code is rejected as a whole, since none of its prices could be trusted.
public struct KiwiProvider: OfferProvider {
    /// The provider's id, `kiwi`, as used on the command line and in offer ids.
    static let id: ProviderID = "kiwi"

    /// Who the provider is: Kiwi.com flights priced in the requested currency (EUR by default).
    public let descriptor: ProviderDescriptor

    /// Creates the provider; it holds no state, so one value serves any number of searches.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "Kiwi.com",
            summary: "Flights from Kiwi.com: one-way and round trips to a city or anywhere, with booking links.",
            categories: [.flights], nativeCurrency: .eur, capabilities: [.dates, .roundTrips, .serverSideFilters],
            liveURL: URL(string: "https://api.skypicker.com"), authentication: .header("apikey"),
            embeddedResponses: EmbeddedResponses(["flights": KiwiSamples.flights]), sampleQuery: SearchQuery(),
            perRequestKeys: ["id", "search_id", "booking_token", "combination_id"], priceKeys: ["price"])
    }

    /// Searches Kiwi's `/flights` and maps every itinerary it can read, in Kiwi's order.
    /// - Parameters:
    ///   - query: what to look for; origin, destination, dates, trip type, passengers, sort and
    ///     currency go to the server, every other filter is left to the pipeline.
    ///   - client: fetches from Kiwi's endpoint.
    /// - Returns: the offers, and how many records were skipped because they could not be read or
    ///   mapped or repeated an earlier itinerary exactly.
    /// - Throws: ``ProviderError``: `unsupported` for a search that is not for flights, the client's
    ///   errors for a failed fetch, and `malformedResponse` for a body that is not a Kiwi answer.
    public func search(_ query: SearchQuery, using client: ProviderClient) async throws -> ProviderResponse {
        guard query.kind == .flights else {
            throw ProviderError(
                .unsupported, provider: client.provider, "Kiwi.com sells flights only, not \(query.kind.rawValue)")
        }
        let body = try await client.get("flights", query: Self.queryItems(for: query))
        let response = try client.decode(KiwiSearchResponse.self, from: body)
        let retrievedAt = client.now()
        var offers: [Offer] = []
        var seen = Set<String>()
        var skipped = response.data.skipped
        for itinerary in response.data.elements {
            try Task.checkCancellation()
            guard
                let offer = Offer(
                    kiwi: itinerary, currency: response.currency, provider: client.provider, retrievedAt: retrievedAt),
                seen.insert(offer.id).inserted
            else {
                skipped += 1
                continue
            }
            offers.append(offer)
        }
        return ProviderResponse(offers: offers, skipped: skipped)
    }

    /// The query items of a live `/flights` request, in the order Kiwi documents them.
    /// - Parameter query: the search.
    /// - Returns: the items; unknown origins and dates are left out, an unknown destination is `anywhere`.
    static func queryItems(for query: SearchQuery) -> [URLQueryItem] {
        var items = [URLQueryItem(name: "v", value: "3"), URLQueryItem(name: "partner", value: "picky")]
        if !query.origins.isEmpty {
            items.append(URLQueryItem(name: "flyFrom", value: query.origins.joined(separator: ",")))
        }
        let destinations = query.destinations.joined(separator: ",")
        items.append(URLQueryItem(name: "to", value: destinations.isEmpty ? "anywhere" : destinations))
        // Kiwi searches a window of dates; one day is a window that starts and ends on it.
        if let days = query.departureDates {
            items.append(URLQueryItem(name: "dateFrom", value: kiwiDate(days.first)))
            items.append(URLQueryItem(name: "dateTo", value: kiwiDate(days.last)))
        }
        if let days = query.returnDates {
            items.append(URLQueryItem(name: "returnFrom", value: kiwiDate(days.first)))
            items.append(URLQueryItem(name: "returnTo", value: kiwiDate(days.last)))
        }
        items.append(URLQueryItem(name: "typeFlight", value: query.roundTrip ? "round" : "oneway"))
        items.append(URLQueryItem(name: "adults", value: String(query.passengers.adults)))
        // Filters such as --max-stops run after mapping, so ask for enough to leave some after them.
        items.append(URLQueryItem(name: "limit", value: String(max(query.limit ?? 0, 200))))
        items.append(URLQueryItem(name: "sort", value: kiwiSort(query.sort)))
        items.append(URLQueryItem(name: "curr", value: query.currency.rawValue))
        return items
    }

    /// `dd/MM/yyyy`, Kiwi's date format.
    static func kiwiDate(_ date: LocalDate) -> String {
        String(format: "%02d/%02d/%04d", date.day, date.month, date.year)
    }

    /// Kiwi's nearest sort order. It has no departure order, so that asks for the cheapest and the
    /// pipeline re-sorts; `best` is closest to Kiwi's price-and-duration `quality`.
    static func kiwiSort(_ key: SortKey) -> String {
        switch key {
        case .price, .departure: "price"
        case .duration: "duration"
        case .best: "quality"
        }
    }
}
