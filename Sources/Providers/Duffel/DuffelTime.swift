import Foundation
import ProviderKit

/// Duffel's times and durations, read without trusting them: wall-clock times with no offset, the IANA zone
/// of each airport that turns them into instants, and ISO-8601 durations. Anything odd reads as unknown,
/// never as a trap or a guess.
enum DuffelTime {
    /// Reads an ISO-8601 duration of weeks, days, hours, minutes and seconds: `PT2H35M`, `PT02H26M`,
    /// `P1DT2H`, `PT45M30.5S`. Years and months (whose length varies) are not durations of a flight.
    /// - Parameter text: the duration as sent.
    /// - Returns: the duration, or `nil` for anything else, for zero, and for more than
    ///   `Leg.longestPlausibleDuration`, so no sum of durations can overflow.
    static func duration(_ text: String?) -> Duration? {
        guard let text, text.utf8.count <= 40 else { return nil }
        var bytes = Array(text.utf8)[...]
        guard bytes.popFirst() == UInt8(ascii: "P"), !bytes.isEmpty else { return nil }
        var seconds: Int64 = 0
        var inTime = false
        var components = 0
        var number: Int64?
        var digits = 0
        var skippingFraction = false
        // Units come in ISO order, each at most once: W, D, then H, M, S.
        var lastRank = 0
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if skippingFraction { continue }
                // Six digits are more than any plausible duration needs, and keep the sum far from overflow.
                digits += 1
                guard digits <= 6 else { return nil }
                number = (number ?? 0) * 10 + Int64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "."), UInt8(ascii: ","):
                // Fractions of a second count for nothing at minute precision; elsewhere they are refused.
                guard inTime, number != nil, !skippingFraction, bytes.contains(UInt8(ascii: "S")) else { return nil }
                skippingFraction = true
            case UInt8(ascii: "T"):
                guard !inTime, number == nil, !bytes.isEmpty else { return nil }
                inTime = true
            default:
                guard let value = number, let (unit, rank) = designator(byte, inTime: inTime), rank > lastRank else {
                    return nil
                }
                guard !skippingFraction || byte == UInt8(ascii: "S") else { return nil }
                lastRank = rank
                seconds += value * unit
                components += 1
                number = nil
                digits = 0
                skippingFraction = false
            }
        }
        let longest = Leg.longestPlausibleDuration.components.seconds
        guard number == nil, components > 0, seconds > 0, seconds <= longest else { return nil }
        return .seconds(seconds)
    }

    /// The seconds in one unit of an ISO-8601 duration (`W` and `D` before `T`, `H`, `M` and `S` after), and
    /// its place in the order units are written in.
    private static func designator(_ designator: UInt8, inTime: Bool) -> (seconds: Int64, rank: Int)? {
        switch (designator, inTime) {
        case (UInt8(ascii: "W"), false): (7 * 86_400, 1)
        case (UInt8(ascii: "D"), false): (86_400, 2)
        case (UInt8(ascii: "H"), true): (3600, 3)
        case (UInt8(ascii: "M"), true): (60, 4)
        case (UInt8(ascii: "S"), true): (1, 5)
        default: nil
        }
    }

    /// Reads a wall-clock time as Duffel writes it, `2026-12-18T12:30:00`, also without seconds, with a
    /// fraction of a second, or with a `Z` or `+01:00` that a service should not add (the wall clock is what
    /// counts; the airport's zone gives the instant). Seconds are dropped. Every offer holds several, so it
    /// reads the bytes.
    /// - Parameter text: the time as sent.
    /// - Returns: the time, or `nil` for another form, an impossible date or time, or a year outside
    ///   `LocalDateTime.saneYears`.
    static func localTime(_ text: String?) -> LocalDateTime? {
        guard let text, (16...40).contains(text.utf8.count) else { return nil }
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        func byte(_ index: Int, is character: Unicode.Scalar) -> Bool {
            index < bytes.count && bytes[index] == UInt8(ascii: character)
        }
        guard byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T"), byte(13, is: ":"), let year = number(0..<4),
            let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16)
        else { return nil }
        // What may follow the minutes, each part optional in turn: `:SS`, a fraction, a zone designator.
        var index = 16
        if byte(index, is: ":") {
            guard let second = number(17..<19), second < 60 else { return nil }
            index = 19
            if byte(index, is: ".") {
                index += 1
                let digits = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                guard index > digits else { return nil }
            }
        }
        if byte(index, is: "Z") {
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-") {
            guard let offsetHours = number(index + 1..<index + 3), offsetHours < 24, byte(index + 3, is: ":"),
                let offsetMinutes = number(index + 4..<index + 6), offsetMinutes < 60
            else { return nil }
            index += 6
        }
        guard index == bytes.count, LocalDateTime.saneYears.contains(year),
            let date = LocalDate(year: year, month: month, day: day)
        else { return nil }
        return LocalDateTime(date: date, hour: hour, minute: minute)
    }

    /// The instant a wall-clock time stands for in an IANA time zone.
    ///
    /// A wall-clock time in a daylight-saving gap or overlap has no single instant; the zone's offset at the
    /// first guess decides, which is what airlines' schedules mean by such times in practice.
    /// - Parameters:
    ///   - local: the wall-clock time.
    ///   - zone: the zone, as ``zone(named:)`` found it.
    /// - Returns: the instant.
    static func instant(of local: LocalDateTime, in zone: TimeZone) -> Date {
        // `local` lies within the sane years, so this neither overflows nor loses precision.
        let wall = Date(timeIntervalSince1970: TimeInterval(local.minutesSinceEpoch * 60))
        let guess = wall.addingTimeInterval(-TimeInterval(zone.secondsFromGMT(for: wall)))
        return wall.addingTimeInterval(-TimeInterval(zone.secondsFromGMT(for: guess)))
    }

    /// The time zone of an IANA name such as `Europe/Vienna`.
    ///
    /// Only names made of letters, digits, `_`, `-` and `+`, in `/`-separated parts that each start with a
    /// letter, reach `TimeZone(identifier:)`: on Linux that reads a file named after the zone, so a name
    /// such as `../../dev/zero` must never be looked up.
    /// - Parameter name: the zone's name as sent.
    /// - Returns: the zone, or `nil` for a name that is not a zone this system knows.
    static func zone(named name: String?) -> TimeZone? {
        guard let name, (1...64).contains(name.utf8.count) else { return nil }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        let plausible = parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first.isASCIILetter else { return false }
            return part.unicodeScalars.allSatisfy {
                $0.isASCIILetter || $0.isASCIIDigit || "_-+".unicodeScalars.contains($0)
            }
        }
        return plausible ? TimeZone(identifier: name) : nil
    }
}

/// The time zones one answer names, each looked up once: an answer names the same few airports many times.
struct DuffelZones {
    private var known: [String: TimeZone?] = [:]

    /// The zone of an IANA name, as ``DuffelTime/zone(named:)`` finds it.
    /// - Parameter name: the zone's name as sent.
    /// - Returns: the zone, or `nil` for an unknown one.
    mutating func zone(named name: String?) -> TimeZone? {
        guard let name else { return nil }
        if let cached = known[name] { return cached }
        let zone = DuffelTime.zone(named: name)
        known[name] = zone
        return zone
    }
}

extension Unicode.Scalar {
    /// `A`–`Z` or `a`–`z`.
    fileprivate var isASCIILetter: Bool { ("A"..."Z").contains(self) || ("a"..."z").contains(self) }
    /// `0`–`9`.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
