import Foundation

/// Gives a local time its instant, read in the zone of the place it is at: sellers that write wall-clock times
/// without an offset (Ryanair, Skiplagged, Kiwi's keyless answers, outside programs) then have UTC instants like
/// the others, so trips crossing zones or midnight get their true duration and merging compares instants.
///
/// A place's zone is its airport's, else its city's (``Gazetteer``), else the city of a station the tool knows
/// (``KnownCities``). A time that already has its instant keeps it; a place whose zone is unknown keeps only its
/// wall clock.
public enum LocalTimes {
    /// Fills the instants of every segment time that has only its wall clock, and the duration of every leg
    /// whose seller stated none, in place. Offers with nothing to fill are not touched (not even copied).
    /// - Parameter offers: the offers.
    public static func fill(_ offers: inout [Offer]) {
        for index in offers.indices where needsFilling(offers[index].product) {
            guard case .flight(var itinerary) = offers[index].product else { continue }
            fill(&itinerary)
            offers[index].product = .flight(itinerary)
        }
    }

    /// Fills an itinerary's instants and derived leg durations.
    /// - Parameter itinerary: the itinerary.
    public static func fill(_ itinerary: inout Itinerary) {
        for leg in itinerary.legs.indices {
            var changed = false
            for segment in itinerary.legs[leg].segments.indices {
                var current = itinerary.legs[leg].segments[segment]
                if let time = current.departure, time.utc == nil, let instant = instant(time, at: current.origin) {
                    current.departure?.utc = instant
                    changed = true
                }
                if let time = current.arrival, time.utc == nil, let instant = instant(time, at: current.destination) {
                    current.arrival?.utc = instant
                    changed = true
                }
                itinerary.legs[leg].segments[segment] = current
            }
            if changed, itinerary.legs[leg].duration == nil {
                itinerary.legs[leg] = Leg(segments: itinerary.legs[leg].segments)
            }
        }
    }

    /// The instant a wall-clock time at a place stands for.
    /// - Parameters:
    ///   - time: the time, with its wall clock.
    ///   - place: where it is.
    /// - Returns: the instant, or `nil` when the place's zone is unknown.
    public static func instant(_ time: FlightTime, at place: Place) -> Date? {
        guard let local = time.local, let zone = zone(of: place) else { return nil }
        return instant(of: local, in: zone)
    }

    /// The instant a wall clock in a zone stands for. A wall-clock time that a change to summer time skips is
    /// read with the offset before the change; one that the change back repeats, with the earlier offset.
    /// - Parameters:
    ///   - local: the wall-clock time.
    ///   - zone: the zone.
    /// - Returns: the instant.
    public static func instant(of local: LocalDateTime, in zone: TimeZone) -> Date {
        let wall = Double(local.minutesSinceEpoch * 60)
        // The offset at the wall-clock time read as UTC, then at the instant that gives: twice settles it.
        var offset = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
        offset = Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - offset)))
        return Date(timeIntervalSince1970: wall - offset)
    }

    /// The zone of a place: its airport's, else its city's, else its station's city's.
    /// - Parameter place: the place.
    /// - Returns: the zone, or `nil`.
    public static func zone(of place: Place) -> TimeZone? {
        if let airport = place.airport, let zone = Gazetteer.timeZone(of: airport) { return zone }
        if let city = place.city, let zone = Gazetteer.timeZone(of: city) { return zone }
        if let name = place.name, let city = KnownCities.code(ofStation: name) { return Gazetteer.timeZone(of: city) }
        return nil
    }

    /// Whether a product has a segment time with a wall clock and no instant. Reads by index, copying nothing.
    private static func needsFilling(_ product: Product) -> Bool {
        guard case .flight(let itinerary) = product else { return false }
        for leg in itinerary.legs.indices {
            let segments = itinerary.legs[leg].segments
            for index in segments.indices {
                if let time = segments[index].departure, time.utc == nil, time.local != nil { return true }
                if let time = segments[index].arrival, time.utc == nil, time.local != nil { return true }
            }
        }
        return false
    }
}
