import Foundation

/// The class of travel.
public enum Cabin: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Economy.
    case economy
    /// Premium economy.
    case premium
    /// Business.
    case business
    /// First.
    case first

    /// Orders cabins from economy up.
    public static func < (lhs: Cabin, rhs: Cabin) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
