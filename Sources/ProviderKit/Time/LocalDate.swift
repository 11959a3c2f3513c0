import Foundation

/// A calendar date with no time zone, as people write it: `2026-12-18`.
///
/// The parts are kept in eight bytes rather than three words: every flight segment holds up to two dates,
/// and a search holds tens of thousands of segments. A part set to a value its field cannot hold (a year past
/// two billion, a month past 255) is clamped; no real date comes near.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    private var storedYear: Int32
    private var storedMonth: UInt8
    private var storedDay: UInt8

    /// The year, for example 2026.
    public var year: Int {
        get { Int(storedYear) }
        set { storedYear = Int32(clamping: newValue) }
    }

    /// The month, 1 to 12.
    public var month: Int {
        get { Int(storedMonth) }
        set { storedMonth = UInt8(clamping: newValue) }
    }

    /// The day of the month, 1 to 31.
    public var day: Int {
        get { Int(storedDay) }
        set { storedDay = UInt8(clamping: newValue) }
    }

    /// Creates a date from its parts, checking that the day exists in that month.
    /// - Parameters:
    ///   - year: four-digit year.
    ///   - month: 1 to 12.
    ///   - day: 1 to the month's length.
    /// - Returns: `nil` for a date that does not exist, such as February 30th.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(validYear: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD`.
    /// - Parameter text: the date, for example `2026-12-18`.
    /// - Returns: `nil` unless the text is exactly a valid date in that form.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Orders dates chronologically.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Creates a date known to be valid, skipping the range check.
    package init(validYear year: Int, month: Int, day: Int) {
        storedYear = Int32(clamping: year)
        storedMonth = UInt8(clamping: month)
        storedDay = UInt8(clamping: day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension LocalDate {
    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm): a number
    /// for day differences and ordering.
    public var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day a number of days after 1970-01-01 (before it, when negative), held within
    /// ``LocalDateTime/saneYears`` so that no arithmetic overflows.
    /// - Parameter days: days since the epoch.
    public init(daysSinceEpoch days: Int64) {
        let bounds = LocalDateTime.saneEpochSeconds
        self = Self.civil(fromDaysSinceEpoch: min(max(days, bounds.lowerBound / 86_400), bounds.upperBound / 86_400))
    }

    static func civil(fromDaysSinceEpoch days: Int64) -> LocalDate {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        // The algorithm only produces valid dates, so no range check is needed.
        return LocalDate(validYear: year, month: month, day: day)
    }
}
