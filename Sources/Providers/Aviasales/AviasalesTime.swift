import Foundation
import ProviderKit

/// A time as the two Aviasales formats write it: the test search's `2026-12-18 07:05` (the wall clock at
/// the airport, no zone) and the Travelpayouts Data API's `2026-12-18T07:05:00+01:00` (the wall clock with
/// its UTC offset, which gives the instant as well).
///
/// Both are read straight from the string's UTF-8 bytes: this runs twice for every record of an answer
/// that can hold a thousand, and a parse through `Scanner`, `DateFormatter` or `split` would cost more
/// than the rest of the mapping.
struct AviasalesTime: Sendable, Hashable {
    /// The wall-clock time at the airport, to the minute.
    var local: LocalDateTime
    /// The seconds past that minute, 0 to 59.
    var second: Int
    /// The UTC offset in seconds east of Greenwich (`+05:30` is 19,800), when the text has one.
    var offsetSeconds: Int?

    /// The largest UTC offset accepted: ISO 8601 allows ±18:00, and real zones stay within −12 and +14.
    static let largestOffsetSeconds = 18 * 3600

    /// Creates a time from its parts, already checked.
    private init(local: LocalDateTime, second: Int, offsetSeconds: Int?) {
        self.local = local
        self.second = second
        self.offsetSeconds = offsetSeconds
    }

    /// Reads `YYYY-MM-DD[T| ]HH:MM[:SS[.fraction]][Z|±HH[:MM]|±HHMM]`, with white space around it.
    /// - Parameter text: the time as the service sent it.
    /// - Returns: `nil` for anything else, for a day or time that does not exist, for an offset beyond
    ///   ±18:00, and for a year outside ``LocalDateTime/saneYears``.
    init?(parsing text: String) {
        var text = text
        guard let parsed = text.withUTF8({ Self.parse($0) }) else { return nil }
        self = parsed
    }

    /// The instant, when the offset is known.
    var utc: Date? {
        guard let offsetSeconds else { return nil }
        let seconds = local.minutesSinceEpoch * 60 + Int64(second) - Int64(offsetSeconds)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The time as a ``FlightTime``: the wall clock, and the instant when the offset is known.
    var flightTime: FlightTime { FlightTime(local: local, utc: utc) }

    /// `2026-12-18T07:05:00+01:00`, or without the offset when there is none: the same text for the same
    /// time however the service wrote it, for offer ids.
    var canonical: String {
        var bytes = Self.digits(of: local)
        bytes.append(0x3A)
        Self.append(second, width: 2, to: &bytes)
        if let offsetSeconds {
            let magnitude = abs(offsetSeconds) / 60
            bytes.append(offsetSeconds < 0 ? 0x2D : 0x2B)
            Self.append(magnitude / 60, width: 2, to: &bytes)
            bytes.append(0x3A)
            Self.append(magnitude % 60, width: 2, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `2026-12-18T07:05`, the text of ``LocalDateTime/description``, written without `String(format:)`,
    /// which costs more than the rest of an offer's id.
    /// - Parameter time: a wall-clock time in ``LocalDateTime/saneYears``.
    /// - Returns: the same text as `time.description`.
    static func text(of time: LocalDateTime) -> String {
        String(decoding: digits(of: time), as: UTF8.self)
    }

    private static func digits(of time: LocalDateTime) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        append(time.date.year, width: 4, to: &bytes)
        bytes.append(0x2D)
        append(time.date.month, width: 2, to: &bytes)
        bytes.append(0x2D)
        append(time.date.day, width: 2, to: &bytes)
        bytes.append(0x54)
        append(time.hour, width: 2, to: &bytes)
        bytes.append(0x3A)
        append(time.minute, width: 2, to: &bytes)
        return bytes
    }

    /// Appends a non-negative number in decimal, padded with zeros to `width` digits.
    private static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var value = value
        while divisor * 10 <= value { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + (value / divisor) % 10))
            value %= divisor
            divisor /= 10
        }
    }

    // MARK: - Parsing

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> AviasalesTime? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end - start >= 16 else { return nil }
        var index = start

        func number(_ width: Int) -> Int? {
            guard index + width <= end else { return nil }
            var value = 0
            for offset in 0..<width {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += width
            return value
        }
        func take(_ byte: UInt8) -> Bool {
            guard index < end, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        guard let year = number(4), take(0x2D), let month = number(2), take(0x2D), let day = number(2) else {
            return nil
        }
        guard take(0x54) || take(0x74) || take(0x20) else { return nil }  // T, t or a space
        guard let hour = number(2), take(0x3A), let minute = number(2) else { return nil }
        var second = 0
        if take(0x3A) {
            guard let value = number(2), value <= 59 else { return nil }
            second = value
            if take(0x2E) || take(0x2C) {
                let digits = index
                while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                guard index > digits else { return nil }
            }
        }
        var offset: Int?
        if index < end {
            switch bytes[index] {
            case 0x5A, 0x7A:  // Z, z
                index += 1
                offset = 0
            case 0x2B, 0x2D:  // +, -
                let sign = bytes[index] == 0x2D ? -1 : 1
                index += 1
                guard let hours = number(2) else { return nil }
                var minutes = 0
                if index < end {
                    _ = take(0x3A)
                    guard let value = number(2) else { return nil }
                    minutes = value
                }
                guard minutes <= 59, hours * 3600 + minutes * 60 <= largestOffsetSeconds else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            default:
                return nil
            }
        }
        guard index == end, LocalDateTime.saneYears.contains(year),
            let date = LocalDate(year: year, month: month, day: day),
            let local = LocalDateTime(date: date, hour: hour, minute: minute)
        else { return nil }
        return AviasalesTime(local: local, second: second, offsetSeconds: offset)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
