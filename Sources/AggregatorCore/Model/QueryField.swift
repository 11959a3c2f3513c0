/// A part of a ``SearchQuery`` that a person sets: what a filter hint says to drop, what a provider
/// needs before it can be asked, what it cannot honour.
///
/// The core names fields, never command-line flags: the command line turns each field into the flag
/// that sets it, so renaming a flag never touches the core.
public enum QueryField: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Where the trip starts (``SearchQuery/origin``).
    case origin
    /// Where the trip goes (``SearchQuery/destination``).
    case destination
    /// The outbound date (``SearchQuery/departureDate``).
    case departureDate = "departure_date"
    /// The return date (``SearchQuery/returnDate``).
    case returnDate = "return_date"
    /// One-way or round trip (``SearchQuery/roundTrip``).
    case roundTrip = "round_trip"
    /// The price cap (``SearchQuery/maxPrice``).
    case maxPrice = "max_price"
    /// The most stops on a leg (``SearchQuery/maxStops``).
    case maxStops = "max_stops"
    /// The carriers to keep (``SearchQuery/airline``).
    case airline
    /// A car's colour (``SearchQuery/color``).
    case color

    /// Orders fields as a query lists them, so that hints and notes come out in a fixed order.
    public static func < (lhs: QueryField, rhs: QueryField) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

extension SearchQuery {
    /// The fields this query sets, in declaration order. `roundTrip` counts when it is set.
    public var setFields: [QueryField] {
        QueryField.allCases.filter(isSet)
    }

    /// Whether this query sets a field.
    /// - Parameter field: the field.
    /// - Returns: `true` when the field has a value (for `roundTrip`, when round trips are asked for).
    public func isSet(_ field: QueryField) -> Bool {
        switch field {
        case .origin: origin != nil
        case .destination: destination != nil
        case .departureDate: departureDate != nil
        case .returnDate: returnDate != nil
        case .roundTrip: roundTrip
        case .maxPrice: maxPrice != nil
        case .maxStops: maxStops != nil
        case .airline: airline != nil
        case .color: color != nil
        }
    }
}
