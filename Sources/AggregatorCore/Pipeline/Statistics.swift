import Foundation
import ProviderKit

/// Summary figures over exact amounts, kept in `Decimal` so that a median of prices is a price to the
/// cent (or half-cent), never a binary fraction near it.
enum Statistics {
    /// The middle value: of an odd count the middle one, of an even count the mean of the middle two.
    /// - Parameter values: the amounts, in any order.
    /// - Returns: the median, or `nil` for no values.
    static func median(_ values: [Decimal]) -> Decimal? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        // Halving a sum of two finite decimals is exact: at most one more decimal place.
        return (sorted[middle - 1] + sorted[middle]) / 2
    }
}
