import Foundation

/// Time as services write it, read without trusting it: ISO-8601 durations and IANA zone names. Anything odd
/// reads as unknown, never as a trap or a guess. A wall-clock time becomes an instant in a zone with
/// ``LocalTimes/instant(of:in:)``.
public enum ServiceTime {
    /// Reads an ISO-8601 duration of weeks, days, hours, minutes and seconds: `PT2H35M`, `PT02H26M`,
    /// `P1DT2H`, `PT45M30.5S`. Years and months (whose length varies) are not durations of a flight.
    /// - Parameter text: the duration as sent.
    /// - Returns: the duration, or `nil` for anything else, for zero, and for more than
    ///   `Leg.longestPlausibleDuration`, so no sum of durations can overflow.
    public static func duration(_ text: String?) -> Duration? {
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

    /// The time zone of an IANA name such as `Europe/Vienna`.
    ///
    /// Only names made of letters, digits, `_`, `-` and `+`, in `/`-separated parts that each start with a
    /// letter, reach `TimeZone(identifier:)`: on Linux that reads a file named after the zone, so a name
    /// such as `../../dev/zero` must never be looked up.
    /// - Parameter name: the zone's name as sent.
    /// - Returns: the zone, or `nil` for a name that is not a zone this system knows.
    public static func zone(named name: String?) -> TimeZone? {
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

extension Unicode.Scalar {
    /// `A`–`Z` or `a`–`z`.
    fileprivate var isASCIILetter: Bool { ("A"..."Z").contains(self) || ("a"..."z").contains(self) }
    /// `0`–`9`.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
