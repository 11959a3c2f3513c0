import Foundation

/// One flight from take-off to landing.
public struct Segment: Sendable, Hashable {
    /// The marketing carrier.
    public var carrier: Carrier
    /// The flight number without the carrier prefix, such as `1234`, when known.
    public var flightNumber: String?
    /// Where the flight takes off.
    public var origin: Place
    /// Where it lands.
    public var destination: Place
    /// Take-off time, when known.
    public var departure: FlightTime?
    /// Landing time, when known.
    public var arrival: FlightTime?

    /// Creates a segment.
    /// - Parameters:
    ///   - carrier: the marketing carrier.
    ///   - flightNumber: digits of the flight number.
    ///   - origin: departure place.
    ///   - destination: arrival place.
    ///   - departure: take-off time.
    ///   - arrival: landing time.
    public init(
        carrier: Carrier, flightNumber: String? = nil, origin: Place, destination: Place,
        departure: FlightTime? = nil, arrival: FlightTime? = nil
    ) {
        self.carrier = carrier
        self.flightNumber = flightNumber
        self.origin = origin
        self.destination = destination
        self.departure = departure
        self.arrival = arrival
    }

    /// `SU 1234`, or just the carrier when the number is unknown.
    public var flightDesignator: String {
        guard let flightNumber else { return carrier.displayCode }
        return "\(carrier.displayCode) \(flightNumber)"
    }
}
