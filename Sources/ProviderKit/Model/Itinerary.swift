import Foundation

/// A trip: one leg one-way, two legs for a round trip. Its segments are flights, or any other
/// ``TravelMode``; one that is all flights is a flight itinerary.
public struct Itinerary: Sendable, Hashable {
    /// The legs in travel order; never empty.
    public var legs: [Leg]

    /// Creates an itinerary.
    /// - Parameter legs: outbound first, then the return leg if any.
    @inlinable public init(legs: [Leg]) {
        self.legs = legs
    }

    /// Whether the trip comes back.
    public var isRoundTrip: Bool { legs.count > 1 }
    /// The most stops on any leg: what `--max-stops` limits.
    public var stops: Int { legs.map(\.stops).max() ?? 0 }
    /// Every segment of every leg, in order.
    public var segments: [Segment] { legs.flatMap(\.segments) }
    /// The sum of the legs' durations, or `nil` if any is unknown.
    public var duration: Duration? {
        var total = Duration.zero
        for leg in legs {
            guard let duration = leg.duration else { return nil }
            total += duration
        }
        return total
    }
    /// The modes of its segments, each once, in ``TravelMode`` order.
    public var modes: [TravelMode] {
        var found = Set<TravelMode>()
        for leg in legs.indices {
            for index in legs[leg].segments.indices { found.insert(legs[leg].segments[index].mode) }
        }
        return found.sorted()
    }
    /// Whether every segment is a flight: a flight itinerary rather than a trip by other modes.
    public var isAllFlights: Bool {
        // Indices rather than loops over values: the merge and the output ask this of every offer, and reading a
        // segment's mode by index copies no whole segment.
        for leg in legs.indices {
            let segments = legs[leg].segments
            for index in segments.indices where segments[index].mode != .flight { return false }
        }
        return true
    }
    /// Distinct carrier display codes in order of appearance.
    public var carriers: [Carrier] {
        var seen = Set<Carrier>()
        return segments.map(\.carrier).filter { seen.insert($0).inserted }
    }
}
