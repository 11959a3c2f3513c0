import Foundation

/// When a segment departs or arrives: the wall clock at the airport, the UTC instant, or both.
public struct FlightTime: Sendable, Hashable {
    /// The time on the airport's wall clock.
    public var local: LocalDateTime?
    /// The real instant, when the provider sends one.
    public var utc: Date?

    /// Creates a time from what the provider knows.
    /// - Parameters:
    ///   - local: the wall-clock time at the airport.
    ///   - utc: the instant.
    public init(local: LocalDateTime?, utc: Date? = nil) {
        self.local = local
        self.utc = utc
    }

    /// A value for ordering departures: the UTC instant where known, else the wall clock read as
    /// UTC. Mixing the two is off by at most the airports' UTC offsets; callers that need better
    /// order by `utc` first.
    public var orderingMinutes: Int64? {
        // An instant a provider made up may hold no 64-bit minute (or no number at all): the wall clock then.
        if let utc, let minutes = Int64(exactly: (utc.timeIntervalSince1970 / 60).rounded(.down)) { return minutes }
        return local?.minutesSinceEpoch
    }
}

extension FlightTime {
    /// Reads an ISO-8601 time written with its zone, as services that know the place's zone send it:
    /// `2026-12-18T07:00:00+01:00`. The digits are the wall clock (see
    /// ``LocalDateTime/init(wallClockOf:)``), and the offset (`Z` for UTC) gives the instant; without one,
    /// only the wall clock is known.
    /// - Parameter text: the time as sent.
    /// - Returns: `nil` when the text is not such a time.
    public init?(zoned text: String?) {
        guard let text, let local = LocalDateTime(wallClockOf: text) else { return nil }
        let bytes = Array(text.utf8)
        var offsetMinutes: Int64?
        if bytes.last == UInt8(ascii: "Z") {
            offsetMinutes = 0
        } else if bytes.count >= 22, let sign = bytes.dropLast(5).last,
            sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
        {
            // `LocalDateTime(wallClockOf:)` has checked the offset's digits: ±HH:MM.
            let digits = bytes.suffix(5).filter { $0 != UInt8(ascii: ":") }.map { Int64($0 - UInt8(ascii: "0")) }
            let minutes = (digits[0] * 10 + digits[1]) * 60 + digits[2] * 10 + digits[3]
            offsetMinutes = sign == UInt8(ascii: "+") ? minutes : -minutes
        }
        let utc = offsetMinutes.map { Date(timeIntervalSince1970: Double((local.minutesSinceEpoch - $0) * 60)) }
        self.init(local: local, utc: utc)
    }
}
