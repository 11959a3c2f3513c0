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
