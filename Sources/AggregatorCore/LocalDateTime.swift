import Foundation

/// A calendar date with no time zone, as people write it: `2026-12-18`.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, for example 2026.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int

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
        self.year = year
        self.month = month
        self.day = day
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
    init(validYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// A wall-clock time at some place, with no time zone: what a departure board shows.
///
/// Providers disagree on time: some send real UTC instants, some only the local time at the
/// airport. Keeping the local time as its own type stops it from being mistaken for an instant.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The calendar date.
    public var date: LocalDate
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int

    /// Creates a wall-clock time.
    /// - Parameters:
    ///   - date: the calendar date.
    ///   - hour: 0 to 23.
    ///   - minute: 0 to 59.
    /// - Returns: `nil` when the hour or minute is out of range.
    public init?(date: LocalDate, hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
    }

    /// Parses `YYYY-MM-DD HH:mm` or `YYYY-MM-DDTHH:mm`, ignoring any seconds that follow.
    /// - Parameter text: for example `2026-12-18 07:05`.
    /// - Returns: `nil` unless the text holds a valid date and time in that form.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 16 else { return nil }
        let datePart = String(trimmed.prefix(10))
        let separator = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 10)]
        let timePart = trimmed.dropFirst(11).prefix(5)
        let clock = timePart.split(separator: ":")
        guard separator == " " || separator == "T", let date = LocalDate(iso: datePart), clock.count == 2,
            clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isNumber) }),
            let hour = Int(clock[0]), let minute = Int(clock[1])
        else { return nil }
        let rest = trimmed.dropFirst(16)
        guard rest.isEmpty || rest.first == ":" else { return nil }
        self.init(date: date, hour: hour, minute: minute)
    }

    /// Reads a wall-clock time that a service wrote as if it were epoch seconds in UTC.
    ///
    /// Kiwi's `dTime` is such a number: the local time at the airport, encoded as an epoch. Reading
    /// it back in UTC recovers the wall clock without ever treating it as an instant.
    /// - Parameter seconds: the pseudo-epoch.
    public init(localEpochSeconds seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondsOfDay = Int(seconds - days * 86_400)
        let date = LocalDate.civil(fromDaysSinceEpoch: days)
        self.date = date
        hour = secondsOfDay / 3600
        minute = (secondsOfDay % 3600) / 60
    }

    /// The wall-clock time of a UTC instant, in UTC.
    /// - Parameter instant: the instant.
    public init(utc instant: Date) {
        self.init(localEpochSeconds: Int64(instant.timeIntervalSince1970.rounded(.down)))
    }

    /// `YYYY-MM-DDTHH:mm`.
    public var description: String {
        "\(date)T" + String(format: "%02d:%02d", hour, minute)
    }

    /// Minutes since 1970-01-01T00:00 on the same wall clock: a number for ordering and keys.
    public var minutesSinceEpoch: Int64 {
        date.daysSinceEpoch * 1440 + Int64(hour * 60 + minute)
    }

    /// Orders wall-clock times as if they were on the same clock.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        lhs.minutesSinceEpoch < rhs.minutesSinceEpoch
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
