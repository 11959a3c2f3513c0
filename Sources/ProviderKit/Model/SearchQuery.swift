import Foundation

/// Everything a search asks for: the traveller's whole question. Providers read it to build requests
/// (and send what their service can honour); the pipeline applies the same filters to every merged trip
/// afterwards, so a provider that cannot filter on its server still gives correct results.
public struct SearchQuery: Sendable, Hashable {
    /// Flights or cars.
    public var kind: OfferCategory
    /// IATA airport or city codes to leave from, any of them; empty for anywhere.
    public var origins: [String]
    /// IATA airport or city codes to go to, any of them; empty for anywhere.
    public var destinations: [String]
    /// The days to leave on (local at the origin); `nil` for any day.
    public var departureDates: DateRange?
    /// The days to come back on; implies a round trip.
    public var returnDates: DateRange?
    /// Whether to look for round trips.
    public var roundTrip: Bool
    /// Who travels; prices are for the whole party.
    public var passengers: Passengers
    /// The class of travel; `nil` for any.
    public var cabin: Cabin?
    /// The currency prices are converted into and compared in.
    public var currency: CurrencyCode
    /// The most a trip's price may be, in `currency`.
    public var maxPrice: Decimal?
    /// The most stops on any leg.
    public var maxStops: Int?
    /// Only trips with one of these carriers on some segment (IATA codes or names); empty for any.
    public var airlines: [String]
    /// No trip with one of these carriers on any segment (IATA codes or names).
    public var excludedAirlines: [String]
    /// The outbound leg leaves at or after this time, local at its airport.
    public var departAfter: ClockTime?
    /// The outbound leg leaves at or before this time.
    public var departBefore: ClockTime?
    /// The outbound leg arrives at or after this time, local at its airport.
    public var arriveAfter: ClockTime?
    /// The outbound leg arrives at or before this time.
    public var arriveBefore: ClockTime?
    /// The longest the whole trip may take (all legs).
    public var maxDuration: Duration?
    /// The shortest connection allowed between two flights.
    public var minLayover: Duration?
    /// The longest connection allowed between two flights.
    public var maxLayover: Duration?
    /// Checked bags per passenger: trips are priced with the bag fees the seller states.
    public var bags: Int
    /// Whether to leave out self-transfers (separate tickets joined by the seller).
    public var excludeSelfTransfer: Bool
    /// Whether to leave out hidden-city fares.
    public var excludeHiddenCity: Bool
    /// Whether to leave out throw-away fares (a round-trip ticket whose return is never flown).
    public var excludeThrowAway: Bool
    /// Only cars of this colour (case-insensitive).
    public var color: String?
    /// The order of the results.
    public var sort: SortKey
    /// How many offers to keep after ranking; `nil` keeps all.
    public var limit: Int?
    /// The modes a trip may travel by, every segment one of them; empty for every mode.
    public var modes: [TravelMode]

    /// Creates a query; every filter defaults to "any". The single-value parameters (`origin`,
    /// `departureDate`, `airline`, …) add to their list or set their one-day range, for callers that ask
    /// for one of each.
    /// - Parameters:
    ///   - kind: flights or cars.
    ///   - origin: one place to leave from.
    ///   - origins: places to leave from.
    ///   - destination: one place to go to.
    ///   - destinations: places to go to.
    ///   - departureDate: the outbound day.
    ///   - departureDates: the outbound days.
    ///   - returnDate: the return day.
    ///   - returnDates: the return days.
    ///   - roundTrip: whether to search round trips.
    ///   - passengers: who travels.
    ///   - cabin: the class of travel.
    ///   - currency: the comparison currency.
    ///   - maxPrice: the price cap in `currency`.
    ///   - maxStops: the most stops per leg.
    ///   - airline: one carrier to require.
    ///   - airlines: carriers, one of which to require.
    ///   - excludedAirlines: carriers to leave out.
    ///   - departAfter: the earliest outbound departure time.
    ///   - departBefore: the latest outbound departure time.
    ///   - arriveAfter: the earliest outbound arrival time.
    ///   - arriveBefore: the latest outbound arrival time.
    ///   - maxDuration: the longest trip.
    ///   - minLayover: the shortest connection.
    ///   - maxLayover: the longest connection.
    ///   - bags: checked bags per passenger.
    ///   - excludeSelfTransfer: whether to leave out self-transfers.
    ///   - excludeHiddenCity: whether to leave out hidden-city fares.
    ///   - excludeThrowAway: whether to leave out throw-away fares.
    ///   - color: a car colour to require.
    ///   - sort: the result order.
    ///   - limit: how many to keep.
    ///   - modes: the modes a trip may travel by; empty for every mode.
    public init(
        kind: OfferCategory = .flights, origin: String? = nil, origins: [String] = [], destination: String? = nil,
        destinations: [String] = [], departureDate: LocalDate? = nil, departureDates: DateRange? = nil,
        returnDate: LocalDate? = nil, returnDates: DateRange? = nil, roundTrip: Bool = false,
        passengers: Passengers = .one, cabin: Cabin? = nil, currency: CurrencyCode = .eur, maxPrice: Decimal? = nil,
        maxStops: Int? = nil, airline: String? = nil, airlines: [String] = [], excludedAirlines: [String] = [],
        departAfter: ClockTime? = nil, departBefore: ClockTime? = nil, arriveAfter: ClockTime? = nil,
        arriveBefore: ClockTime? = nil, maxDuration: Duration? = nil, minLayover: Duration? = nil,
        maxLayover: Duration? = nil, bags: Int = 0, excludeSelfTransfer: Bool = false,
        excludeHiddenCity: Bool = false, excludeThrowAway: Bool = false, color: String? = nil,
        sort: SortKey = .price, limit: Int? = nil, modes: [TravelMode] = []
    ) {
        self.kind = kind
        self.origins = Self.codes(origins + [origin].compactMap { $0 })
        self.destinations = Self.codes(destinations + [destination].compactMap { $0 })
        self.departureDates = departureDates ?? departureDate.map(DateRange.init)
        self.returnDates = returnDates ?? returnDate.map(DateRange.init)
        self.roundTrip = roundTrip || self.returnDates != nil
        self.passengers = passengers
        self.cabin = cabin
        self.currency = currency
        self.maxPrice = maxPrice
        self.maxStops = maxStops
        self.airlines = airlines + [airline].compactMap { $0 }
        self.excludedAirlines = excludedAirlines
        self.departAfter = departAfter
        self.departBefore = departBefore
        self.arriveAfter = arriveAfter
        self.arriveBefore = arriveBefore
        self.maxDuration = maxDuration
        self.minLayover = minLayover
        self.maxLayover = maxLayover
        self.bags = bags
        self.excludeSelfTransfer = excludeSelfTransfer
        self.excludeHiddenCity = excludeHiddenCity
        self.excludeThrowAway = excludeThrowAway
        self.color = color
        self.sort = sort
        self.limit = limit
        self.modes = Array(Set(modes)).sorted()
    }

    /// What the search looks for, in a traveller's words: `cars`, or for a search of travel `flights` (flights
    /// alone or no modes named), `trains`, `buses`, `ferries` or `trips` (several modes); see
    /// ``TravelMode/plural(of:)``.
    public var sought: String {
        kind == .flights ? TravelMode.plural(of: modes) : kind.rawValue
    }

    /// Whether the query lets a segment travel by this mode.
    /// - Parameter mode: a segment's mode.
    /// - Returns: `true` when ``modes`` is empty or holds it.
    public func admits(_ mode: TravelMode) -> Bool {
        modes.isEmpty || modes.contains(mode)
    }

    /// Upper-cased, without repeats, in the order given.
    private static func codes(_ list: [String]) -> [String] {
        var seen = Set<String>()
        return list.map { $0.uppercased() }.filter { seen.insert($0).inserted }
    }

    /// Every origin and destination pair the query asks for, for a service that takes one pair per
    /// request; `nil` stands for "anywhere" on its side. Each pair is made when it is read, so counting
    /// them, or reading the first few, costs nothing however many codes the query names.
    public var routes: Routes { Routes(origins: origins, destinations: destinations) }

    /// The origin and destination pairs of a query, each origin with every destination in the query's
    /// order, made on demand: the pair at a position is worked out from it, never stored.
    public struct Routes: RandomAccessCollection, Sendable {
        /// The origins; empty for anywhere.
        let origins: [String]
        /// The destinations; empty for anywhere.
        let destinations: [String]

        /// The first position.
        public var startIndex: Int { 0 }
        /// One past the last position: one pair per origin and destination, an open side counting once.
        public var endIndex: Int {
            let (product, overflow) = Swift.max(origins.count, 1).multipliedReportingOverflow(
                by: Swift.max(destinations.count, 1))
            return overflow ? Int.max : product
        }
        /// How many pairs have both ends: none when a side is open.
        public var completeCount: Int { origins.isEmpty || destinations.isEmpty ? 0 : count }

        /// The pair at a position.
        public subscript(position: Int) -> (origin: String?, destination: String?) {
            let width = Swift.max(destinations.count, 1)
            let origin = origins.isEmpty ? nil : origins[position / width]
            let destination = destinations.isEmpty ? nil : destinations[position % width]
            return (origin: origin, destination: destination)
        }
    }
}
