import Foundation

/// A wall-clock time at some place, with no time zone: what a departure board shows.
///
/// Providers disagree on time: some send real UTC instants, some only the local time at the
/// airport. Keeping the local time as its own type stops it from being mistaken for an instant.
///
/// It is kept in eight bytes, like ``LocalDate``; an hour or minute set past 255 is clamped.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The calendar date.
    public var date: LocalDate
    private var storedHour: UInt8
    private var storedMinute: UInt8

    /// The hour, 0 to 23.
    public var hour: Int {
        get { Int(storedHour) }
        set { storedHour = UInt8(clamping: newValue) }
    }

    /// The minute, 0 to 59.
    public var minute: Int {
        get { Int(storedMinute) }
        set { storedMinute = UInt8(clamping: newValue) }
    }

    /// Creates a wall-clock time.
    /// - Parameters:
    ///   - date: the calendar date.
    ///   - hour: 0 to 23.
    ///   - minute: 0 to 59.
    /// - Returns: `nil` when the hour or minute is out of range.
    public init?(date: LocalDate, hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.date = date
        storedHour = UInt8(hour)
        storedMinute = UInt8(minute)
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

    /// The years the tool believes a travel time can fall in. A time outside them is a broken record,
    /// and the arithmetic on it is never attempted.
    public static let saneYears = 1900...2200

    /// Epoch seconds of the first and last moment of ``saneYears``: the range a time read as seconds is
    /// checked against, without working out its date.
    public static let saneEpochSeconds: ClosedRange<Int64> = -2_208_988_800...7_289_654_399

    /// Reads a wall-clock time that a service wrote as if it were epoch seconds in UTC.
    ///
    /// Kiwi's `dTime` is such a number: the local time at the airport, encoded as an epoch. Reading
    /// it back in UTC recovers the wall clock without ever treating it as an instant.
    /// - Parameter seconds: the pseudo-epoch.
    /// - Returns: `nil` for a time outside ``saneYears``, so that no arithmetic on it can overflow.
    public init?(localEpochSeconds seconds: Int64) {
        guard Self.saneEpochSeconds.contains(seconds) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondsOfDay = Int(seconds - days * 86_400)
        let date = LocalDate.civil(fromDaysSinceEpoch: days)
        self.date = date
        storedHour = UInt8(secondsOfDay / 3600)
        storedMinute = UInt8((secondsOfDay % 3600) / 60)
    }

    /// The wall-clock time of a UTC instant, in UTC.
    /// - Parameter instant: the instant.
    /// - Returns: `nil` for an instant outside ``saneYears``.
    public init?(utc instant: Date) {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, Double(Self.saneEpochSeconds.lowerBound) <= seconds,
            seconds <= Double(Self.saneEpochSeconds.upperBound)
        else { return nil }
        self.init(localEpochSeconds: Int64(seconds))
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
