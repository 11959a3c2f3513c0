import Foundation

/// Consecutive calendar days, `2026-12-18..2026-12-22`, or one day: what a flexible date asks for.
public struct DateRange: Sendable, Hashable, CustomStringConvertible {
    /// The most days a range may span, so that a search over it stays a search.
    public static let maximumDays = 62

    /// The first day.
    public let first: LocalDate
    /// The last day, on or after the first.
    public let last: LocalDate

    /// Creates a range.
    /// - Parameters:
    ///   - first: the first day.
    ///   - last: the last day.
    /// - Returns: `nil` when `last` is before `first` or the range is longer than ``maximumDays``.
    public init?(from first: LocalDate, to last: LocalDate) {
        guard first <= last, last.daysSinceEpoch - first.daysSinceEpoch < Int64(Self.maximumDays) else { return nil }
        self.first = first
        self.last = last
    }

    /// One day.
    /// - Parameter day: the day.
    public init(_ day: LocalDate) {
        first = day
        last = day
    }

    /// Parses `YYYY-MM-DD` or `YYYY-MM-DD..YYYY-MM-DD`.
    /// - Parameter text: the written range.
    /// - Returns: `nil` for anything else, or a range that ends before it starts or is too long.
    public init?(parsing text: String) {
        let parts = text.components(separatedBy: "..")
        guard (1...2).contains(parts.count), let first = LocalDate(iso: parts[0]),
            let last = parts.count == 2 ? LocalDate(iso: parts[1]) : first
        else { return nil }
        self.init(from: first, to: last)
    }

    /// Whether the range is a single day.
    public var isSingleDay: Bool { first == last }

    /// Whether a day falls in the range.
    /// - Parameter day: the day.
    /// - Returns: `true` from the first day to the last, both included.
    public func contains(_ day: LocalDate) -> Bool { first <= day && day <= last }

    /// Every day of the range, in order.
    public var days: [LocalDate] {
        let start = first.daysSinceEpoch
        return (0...(last.daysSinceEpoch - start)).map { LocalDate.civil(fromDaysSinceEpoch: start + $0) }
    }

    /// `2026-12-18`, or `2026-12-18..2026-12-22`.
    public var description: String { isSingleDay ? "\(first)" : "\(first)..\(last)" }
}
