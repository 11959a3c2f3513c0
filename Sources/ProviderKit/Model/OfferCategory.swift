import Foundation

/// What kind of thing a search looks for, and what a provider can offer.
public enum OfferCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Flight itineraries.
    case flights
    /// Car rentals.
    case cars
    /// Airline records that enrich other offers; never searched for directly.
    case airlineDirectory = "airline_directory"

    /// Orders by declaration, so lists print in a fixed order.
    public static func < (lhs: OfferCategory, rhs: OfferCategory) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
