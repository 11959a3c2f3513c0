/// A part of a ``SearchQuery`` that a person sets: what a filter hint says to drop, what a provider
/// needs before it can be asked, what it cannot honour.
///
/// The core names fields, never command-line flags: the command line turns each field into the flag
/// that sets it, so renaming a flag never touches the core.
public enum QueryField: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Where the trip starts (``SearchQuery/origins``).
    case origin
    /// Where the trip goes (``SearchQuery/destinations``).
    case destination
    /// The outbound days (``SearchQuery/departureDates``).
    case departureDate = "departure_date"
    /// The return days (``SearchQuery/returnDates``).
    case returnDate = "return_date"
    /// One-way or round trip (``SearchQuery/roundTrip``).
    case roundTrip = "round_trip"
    /// Who travels (``SearchQuery/passengers``), when it is not one adult.
    case passengers
    /// The class of travel (``SearchQuery/cabin``).
    case cabin
    /// The price cap (``SearchQuery/maxPrice``).
    case maxPrice = "max_price"
    /// The most stops on a leg (``SearchQuery/maxStops``).
    case maxStops = "max_stops"
    /// The carriers to keep (``SearchQuery/airlines``).
    case airline
    /// The carriers to leave out (``SearchQuery/excludedAirlines``).
    case excludedAirline = "excluded_airline"
    /// The earliest outbound departure (``SearchQuery/departAfter``).
    case departAfter = "depart_after"
    /// The latest outbound departure (``SearchQuery/departBefore``).
    case departBefore = "depart_before"
    /// The earliest outbound arrival (``SearchQuery/arriveAfter``).
    case arriveAfter = "arrive_after"
    /// The latest outbound arrival (``SearchQuery/arriveBefore``).
    case arriveBefore = "arrive_before"
    /// The longest trip (``SearchQuery/maxDuration``).
    case maxDuration = "max_duration"
    /// The shortest connection (``SearchQuery/minLayover``).
    case minLayover = "min_layover"
    /// The longest connection (``SearchQuery/maxLayover``).
    case maxLayover = "max_layover"
    /// Checked bags per passenger (``SearchQuery/bags``).
    case bags
    /// Leaving out self-transfers (``SearchQuery/excludeSelfTransfer``).
    case selfTransfer = "self_transfer"
    /// Leaving out hidden-city fares (``SearchQuery/excludeHiddenCity``).
    case hiddenCity = "hidden_city"
    /// Leaving out throw-away fares (``SearchQuery/excludeThrowAway``).
    case throwAway = "throw_away"
    /// A car's colour (``SearchQuery/color``).
    case color
    /// The modes a trip may travel by (``SearchQuery/modes``).
    case mode

    /// Orders fields as a query lists them, so that hints and notes come out in a fixed order.
    public static func < (lhs: QueryField, rhs: QueryField) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

extension SearchQuery {
    /// The fields this query sets, in declaration order.
    public var setFields: [QueryField] {
        QueryField.allCases.filter(isSet)
    }

    /// Whether this query sets a field.
    /// - Parameter field: the field.
    /// - Returns: `true` when the field has a value other than its default (for `roundTrip`, when round
    ///   trips are asked for; for `passengers`, when the party is not one adult).
    public func isSet(_ field: QueryField) -> Bool {
        switch field {
        case .origin: !origins.isEmpty
        case .destination: !destinations.isEmpty
        case .departureDate: departureDates != nil
        case .returnDate: returnDates != nil
        case .roundTrip: roundTrip
        case .passengers: passengers != .one
        case .cabin: cabin != nil
        case .maxPrice: maxPrice != nil
        case .maxStops: maxStops != nil
        case .airline: !airlines.isEmpty
        case .excludedAirline: !excludedAirlines.isEmpty
        case .departAfter: departAfter != nil
        case .departBefore: departBefore != nil
        case .arriveAfter: arriveAfter != nil
        case .arriveBefore: arriveBefore != nil
        case .maxDuration: maxDuration != nil
        case .minLayover: minLayover != nil
        case .maxLayover: maxLayover != nil
        case .bags: bags > 0
        case .selfTransfer: excludeSelfTransfer
        case .hiddenCity: excludeHiddenCity
        case .throwAway: excludeThrowAway
        case .color: color != nil
        case .mode: !modes.isEmpty
        }
    }
}
