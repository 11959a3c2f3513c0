import Foundation

/// What a price covers.
public enum PriceBasis: String, Sendable, Hashable, Codable, CaseIterable {
    /// The whole booking, all passengers included.
    case total
    /// One passenger.
    case perPerson = "per_person"
    /// One day of a rental.
    case perDay = "per_day"
}
