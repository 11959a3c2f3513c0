import Foundation

/// One direction of a trip: outbound or return, with its connections.
public struct Leg: Sendable, Hashable {
    /// The flights in order; never empty.
    public var segments: [Segment]
    /// Door-to-door time of the leg, when it can be known.
    public var duration: Duration?

    /// The longest a leg can plausibly take. A stated or derived duration beyond it (or below zero) is
    /// a broken record's, and is treated as unknown, so no sum or ranking of durations can overflow.
    public static let longestPlausibleDuration: Duration = .seconds(14 * 86_400)

    /// Creates a leg. Without a given duration it is derived from the first departure and last
    /// arrival, but only when both are UTC instants: local times in different zones cannot be
    /// subtracted. A duration outside zero to ``longestPlausibleDuration`` is unknown.
    /// - Parameters:
    ///   - segments: the flights, in order.
    ///   - duration: the leg's duration as the provider states it.
    public init(segments: [Segment], duration: Duration? = nil) {
        self.segments = segments
        if let duration {
            self.duration = Self.plausible(duration)
        } else if let start = segments.first?.departure?.utc, let end = segments.last?.arrival?.utc {
            let seconds = end.timeIntervalSince(start)
            let longest = Double(Self.longestPlausibleDuration.components.seconds)
            self.duration = seconds.isFinite && seconds >= 0 && seconds <= longest ? .seconds(Int64(seconds)) : nil
        } else {
            self.duration = nil
        }
    }

    private static func plausible(_ duration: Duration) -> Duration? {
        duration >= .zero && duration <= longestPlausibleDuration ? duration : nil
    }

    /// Number of changes of plane.
    public var stops: Int { max(segments.count - 1, 0) }
    /// The first segment's origin.
    public var origin: Place? { segments.first?.origin }
    /// The last segment's destination.
    public var destination: Place? { segments.last?.destination }
    /// The first segment's departure.
    public var departure: FlightTime? { segments.first?.departure }
    /// The last segment's arrival.
    public var arrival: FlightTime? { segments.last?.arrival }
}
