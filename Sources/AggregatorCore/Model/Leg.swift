import Foundation

/// One direction of a trip: outbound or return, with its connections.
public struct Leg: Sendable, Hashable {
    /// The flights in order; never empty.
    public var segments: [Segment]
    /// Door-to-door time of the leg, when it can be known.
    public var duration: Duration?

    /// Creates a leg. Without a given duration it is derived from the first departure and last
    /// arrival, but only when both are UTC instants: local times in different zones cannot be
    /// subtracted.
    /// - Parameters:
    ///   - segments: the flights, in order.
    ///   - duration: the leg's duration as the provider states it.
    public init(segments: [Segment], duration: Duration? = nil) {
        self.segments = segments
        if let duration {
            self.duration = duration
        } else if let start = segments.first?.departure?.utc, let end = segments.last?.arrival?.utc, end >= start {
            self.duration = .seconds(Int64(end.timeIntervalSince(start)))
        } else {
            self.duration = nil
        }
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
