import Foundation

/// How results are ordered.
public enum SortKey: String, Sendable, Hashable, CaseIterable {
    /// Cheapest first.
    case price
    /// Shortest first.
    case duration
    /// Earliest departure first.
    case departure
    /// Lowest ``OfferRanker`` score first: price and duration relative to the best, plus stops.
    case best
}
