import Foundation

/// Everything a search asks for. Providers read it to build requests; the pipeline applies the same
/// filters to every provider's offers afterwards, so a provider that cannot filter on the server
/// still gives correct results.
public struct SearchQuery: Sendable, Hashable {
    /// Flights or cars.
    public var kind: OfferCategory
    /// IATA airport or city code to leave from; `nil` for anywhere.
    public var origin: String?
    /// IATA airport or city code to go to; `nil` for anywhere.
    public var destination: String?
    /// Departure date (local at the origin); `nil` for any date.
    public var departureDate: LocalDate?
    /// Return date; implies a round trip.
    public var returnDate: LocalDate?
    /// Whether to look for round trips.
    public var roundTrip: Bool
    /// Number of adult passengers.
    public var adults: Int
    /// The currency prices are converted into and compared in.
    public var currency: CurrencyCode
    /// The most a headline price may be, in `currency`.
    public var maxPrice: Decimal?
    /// The most stops on any leg.
    public var maxStops: Int?
    /// Only offers with this carrier on some segment (IATA code or name).
    public var airline: String?
    /// Only cars of this colour (case-insensitive).
    public var color: String?
    /// The order of the results.
    public var sort: SortKey
    /// How many offers to keep after ranking; `nil` keeps all.
    public var limit: Int?

    /// Creates a query; every filter defaults to "any".
    /// - Parameters:
    ///   - kind: flights or cars.
    ///   - origin: where from.
    ///   - destination: where to.
    ///   - departureDate: the outbound date.
    ///   - returnDate: the return date.
    ///   - roundTrip: whether to search round trips.
    ///   - adults: passengers.
    ///   - currency: the comparison currency.
    ///   - maxPrice: the price cap in `currency`.
    ///   - maxStops: the most stops per leg.
    ///   - airline: a carrier to require.
    ///   - color: a car colour to require.
    ///   - sort: the result order.
    ///   - limit: how many to keep.
    public init(
        kind: OfferCategory = .flights, origin: String? = nil, destination: String? = nil,
        departureDate: LocalDate? = nil, returnDate: LocalDate? = nil, roundTrip: Bool = false, adults: Int = 1,
        currency: CurrencyCode = .eur, maxPrice: Decimal? = nil, maxStops: Int? = nil, airline: String? = nil,
        color: String? = nil, sort: SortKey = .price, limit: Int? = nil
    ) {
        self.kind = kind
        self.origin = origin?.uppercased()
        self.destination = destination?.uppercased()
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.roundTrip = roundTrip || returnDate != nil
        self.adults = adults
        self.currency = currency
        self.maxPrice = maxPrice
        self.maxStops = maxStops
        self.airline = airline
        self.color = color
        self.sort = sort
        self.limit = limit
    }
}
