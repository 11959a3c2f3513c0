import Foundation

/// A price series as one line of block characters, `▁▂▃▄▅▆▇█`, each scaled to a common range, so that
/// several sellers' lines can be compared at a glance; `·` where a seller had no price.
package enum Sparkline {
    /// The eight heights, lowest first.
    package static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// Where there is no value.
    package static let gap: Character = "·"

    /// The line of a series.
    /// - Parameters:
    ///   - values: one value per point in time, `nil` for none.
    ///   - low: the bottom of the scale.
    ///   - high: the top of the scale.
    /// - Returns: one character per value: the lowest block at `low`, the highest at `high`, the middle one
    ///   for every value when the range is a single value.
    package static func line(_ values: [Decimal?], low: Decimal, high: Decimal) -> String {
        String(
            values.map { value -> Character in
                guard let value else { return gap }
                guard high > low else { return levels[3] }
                let share = NSDecimalNumber(decimal: (value - low) / (high - low)).doubleValue
                let index = Int((share * Double(levels.count - 1)).rounded())
                return levels[min(max(index, 0), levels.count - 1)]
            })
    }
}
