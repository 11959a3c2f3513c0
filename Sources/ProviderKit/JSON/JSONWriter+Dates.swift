import Foundation

extension JSONWriter {
    /// The first instant RFC 3339 can write, 0001-01-01T00:00:00Z, in seconds since 1970.
    private static let earliestSeconds: Int64 = -62_135_596_800
    /// The first instant past year 9999, 10000-01-01T00:00:00Z, in seconds since 1970.
    private static let pastLatestSeconds: Int64 = 253_402_300_800

    /// Writes an instant in UTC to the second, such as `"2026-12-18T06:05:00Z"`, or `null` for `nil`.
    ///
    /// Fractions of a second are dropped (rounded down, also before 1970), as `ISO8601DateFormatter`
    /// does. The calendar is the proleptic Gregorian one of ISO 8601, also before 1582. Instants outside
    /// the years 1 to 9999, which RFC 3339 cannot express, are written as `null`.
    /// - Parameter value: the instant.
    public mutating func date(_ value: Date?) {
        let seconds = value.map { $0.timeIntervalSince1970.rounded(.down) }
        guard let seconds, let whole = Self.representable(seconds, scale: 1) else { return null() }
        beforeValue()
        bytes.append(JSONBytes.quote)
        appendDateTime(secondsSince1970: whole)
        bytes.append(0x5A)
        bytes.append(JSONBytes.quote)
    }

    /// Writes an instant in UTC to the millisecond, such as `"2026-12-18T06:05:00.250Z"`, or `null` for `nil`.
    ///
    /// The instant is rounded to the nearest millisecond; otherwise the rules of `date(_:)` apply.
    /// - Parameter value: the instant.
    public mutating func dateWithMilliseconds(_ value: Date?) {
        let milliseconds = value.map { ($0.timeIntervalSince1970 * 1000).rounded() }
        guard let milliseconds, let whole = Self.representable(milliseconds, scale: 1000) else { return null() }
        let (seconds, fraction) = Self.floorDivide(whole, 1000)
        beforeValue()
        bytes.append(JSONBytes.quote)
        appendDateTime(secondsSince1970: seconds)
        bytes.append(JSONBytes.dot)
        DecimalText.appendDigits(UInt64(fraction), minimumCount: 3, to: &bytes)
        bytes.append(0x5A)
        bytes.append(JSONBytes.quote)
    }

    /// Writes a wall-clock time as `"2026-12-18T07:05"`, exactly as its `description` reads, or `null` for `nil`.
    /// - Parameter value: the local date and time.
    public mutating func localDateTime(_ value: LocalDateTime?) {
        guard let value else { return null() }
        beforeValue()
        bytes.append(JSONBytes.quote)
        appendDate(year: value.date.year, month: value.date.month, day: value.date.day)
        bytes.append(0x54)
        appendPadded(value.hour, width: 2)
        bytes.append(JSONBytes.colon)
        appendPadded(value.minute, width: 2)
        bytes.append(JSONBytes.quote)
    }

    /// Writes a calendar date as `"2026-12-18"`, exactly as its `description` reads, or `null` for `nil`.
    /// - Parameter value: the date.
    public mutating func localDate(_ value: LocalDate?) {
        guard let value else { return null() }
        beforeValue()
        bytes.append(JSONBytes.quote)
        appendDate(year: value.year, month: value.month, day: value.day)
        bytes.append(JSONBytes.quote)
    }

    /// `units` (seconds times `scale`) as a whole number, when it lies within the years 1 to 9999.
    private static func representable(_ units: Double, scale: Int64) -> Int64? {
        guard units.isFinite, units >= Double(earliestSeconds * scale), units < Double(pastLatestSeconds * scale)
        else { return nil }
        return Int64(units)
    }

    /// `YYYY-MM-DDTHH:MM:SS` for an instant within the years 1 to 9999.
    private mutating func appendDateTime(secondsSince1970 seconds: Int64) {
        let (days, secondOfDay) = Self.floorDivide(seconds, 86_400)
        let date = LocalDate.civil(fromDaysSinceEpoch: days)
        appendDate(year: date.year, month: date.month, day: date.day)
        bytes.append(0x54)
        appendPadded(Int(secondOfDay / 3600), width: 2)
        bytes.append(JSONBytes.colon)
        appendPadded(Int(secondOfDay / 60 % 60), width: 2)
        bytes.append(JSONBytes.colon)
        appendPadded(Int(secondOfDay % 60), width: 2)
    }

    private mutating func appendDate(year: Int, month: Int, day: Int) {
        appendPadded(year, width: 4)
        bytes.append(JSONBytes.minus)
        appendPadded(month, width: 2)
        bytes.append(JSONBytes.minus)
        appendPadded(day, width: 2)
    }

    /// Appends `value` as `String(format: "%0<width>d")` does: zero-padded to `width` characters, sign included.
    private mutating func appendPadded(_ value: Int, width: Int) {
        if value < 0 {
            bytes.append(JSONBytes.minus)
            DecimalText.appendDigits(UInt64(value.magnitude), minimumCount: width - 1, to: &bytes)
        } else {
            DecimalText.appendDigits(UInt64(value), minimumCount: width, to: &bytes)
        }
    }

    /// Division rounding toward negative infinity, with a remainder that is never negative.
    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : (value - (divisor - 1)) / divisor
        return (quotient, value - quotient * divisor)
    }
}
