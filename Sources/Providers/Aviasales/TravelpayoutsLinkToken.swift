import Foundation
import ProviderKit

/// What the `t=` token of a `prices_for_dates` booking link says about the trip: each leg's departure and
/// arrival instants, its span in minutes, and the airports it calls at.
///
/// The answer's own durations cannot give a leg's arrival when the leg has connections: `duration` is the
/// whole trip's span and `duration_to`/`duration_back` are time in the air. The link's token can: after the
/// validating carrier's two characters, each leg is ten digits of its departure instant and ten of its
/// arrival instant (epoch seconds, UTC), six of its span in minutes, then its airports as three letters each;
/// a `_` ends the legs. A Berlin → New York round trip with one and two connections reads
/// `t=BA` `1779613800` `1779660300` `000775` `BERLHRJFK` `1780406160` `1780504500` `001639` `JFKLHRHELBER`
/// `_…`.
///
/// The token is hostile text like the rest of the answer: it is taken only when every leg reads whole, its
/// arrival follows its departure by exactly the minutes it states (one that disagrees with itself says
/// nothing reliable), within ``Leg/longestPlausibleDuration`` and the sane years, with two airports or more.
/// Whether a leg is the record's (the same departure instant, as many airports as flights plus one) is the
/// mapping's to judge.
struct TravelpayoutsLinkToken: Sendable, Hashable {
    /// One leg as the token states it.
    struct Leg: Sendable, Hashable {
        /// When the leg's first flight leaves.
        var departure: Date
        /// When its last flight lands.
        var arrival: Date
        /// Its span, departure to arrival, in minutes.
        var minutes: Int
        /// Every airport of the leg in order, first and last included.
        var airports: [String]
    }

    /// The legs, outbound first.
    var legs: [Leg]

    /// The most legs a token is read for: a round trip has two.
    static let mostLegs = 2

    /// Reads the token of a link.
    /// - Parameter link: the record's `link` as sent, such as `/search/BER2405NYC02061?t=BA1779…&search_date=…`.
    /// - Returns: the legs, or `nil` when the link has no `t=` token or the token does not read whole.
    init?(link: String?) {
        guard let link, let value = Self.tokenValue(in: link) else { return nil }
        guard let legs = Self.legs(of: Array(value.utf8)) else { return nil }
        self.legs = legs
    }

    /// The value of the link's `t` query parameter, up to the next `&`.
    private static func tokenValue(in link: String) -> Substring? {
        guard let query = link.firstIndex(of: "?") else { return nil }
        for parameter in link[link.index(after: query)...].split(separator: "&") where parameter.hasPrefix("t=") {
            return parameter.dropFirst(2)
        }
        return nil
    }

    /// The legs the token's bytes spell, or `nil` for anything else.
    private static func legs(of bytes: [UInt8]) -> [Leg]? {
        // The carrier: two letters or digits.
        guard bytes.count > 2, bytes[0..<2].allSatisfy(isCodeByte) else { return nil }
        var index = 2
        var legs: [Leg] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "_") {
            guard legs.count < mostLegs, let departure = number(bytes, at: index, digits: 10),
                let arrival = number(bytes, at: index + 10, digits: 10),
                let minutes = number(bytes, at: index + 20, digits: 6)
            else { return nil }
            index += 26
            var airports: [String] = []
            while index + 3 <= bytes.count, bytes[index..<(index + 3)].allSatisfy(isLetter) {
                airports.append(String(decoding: bytes[index..<(index + 3)], as: UTF8.self))
                index += 3
            }
            let leg = Leg(
                departure: Date(timeIntervalSince1970: TimeInterval(departure)),
                arrival: Date(timeIntervalSince1970: TimeInterval(arrival)), minutes: Int(minutes), airports: airports)
            guard isPlausible(leg, from: departure, to: arrival) else { return nil }
            legs.append(leg)
        }
        return legs.isEmpty ? nil : legs
    }

    /// Whether a leg agrees with itself and could be a real one.
    private static func isPlausible(_ leg: Leg, from departure: Int64, to arrival: Int64) -> Bool {
        let longest = Int64(ProviderKit.Leg.longestPlausibleDuration.components.seconds)
        guard leg.airports.count >= 2, arrival > departure, arrival - departure <= longest,
            arrival - departure == Int64(leg.minutes) * 60,
            let start = LocalDateTime(utc: leg.departure), LocalDateTime.saneYears.contains(start.date.year),
            let end = LocalDateTime(utc: leg.arrival), LocalDateTime.saneYears.contains(end.date.year)
        else { return false }
        return true
    }

    /// The number `digits` ASCII digits at `start` spell, or `nil` when there are not that many.
    private static func number(_ bytes: [UInt8], at start: Int, digits: Int) -> Int64? {
        guard start + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[start..<(start + digits)] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return value
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }

    private static func isCodeByte(_ byte: UInt8) -> Bool { isLetter(byte) || (0x30...0x39).contains(byte) }
}
