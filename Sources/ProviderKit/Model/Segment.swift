import Foundation

/// One ride from departure to arrival: a flight, or a train, bus or ferry service (see ``mode``).
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
    /// The carrier that flies the plane, when it is not the marketing carrier (a codeshare) and the
    /// provider says so.
    public var operatingCarrier: Carrier?
    /// The operating carrier's flight number, when the provider says.
    public var operatingFlightNumber: String?
    /// The class of travel on this flight, when known.
    public var cabin: Cabin?
    /// Whether the traveller must collect and check in bags again before this flight (a self-transfer
    /// between separate tickets), when the provider says.
    public var bagsRecheckRequired: Bool?
    /// How the segment travels; a flight unless the provider says otherwise.
    public var mode: TravelMode
    /// The service number as the operator writes it, such as `RJX 61` or `N 1234`, for a service that is not a
    /// flight or whose number is more than digits; `nil` when the flight number says it all.
    public var serviceNumber: String?

    /// Creates a segment.
    /// - Parameters:
    ///   - carrier: the marketing carrier.
    ///   - flightNumber: digits of the flight number.
    ///   - origin: departure place.
    ///   - destination: arrival place.
    ///   - departure: take-off time.
    ///   - arrival: landing time.
    ///   - operatingCarrier: the carrier that flies the plane, for a codeshare.
    ///   - operatingFlightNumber: its flight number.
    ///   - cabin: the class of travel.
    ///   - bagsRecheckRequired: whether bags must be checked in again before this flight.
    ///   - mode: how the segment travels.
    ///   - serviceNumber: the service number as the operator writes it.
    @inlinable public init(
        carrier: Carrier, flightNumber: String? = nil, origin: Place, destination: Place,
        departure: FlightTime? = nil, arrival: FlightTime? = nil, operatingCarrier: Carrier? = nil,
        operatingFlightNumber: String? = nil, cabin: Cabin? = nil, bagsRecheckRequired: Bool? = nil,
        mode: TravelMode = .flight, serviceNumber: String? = nil
    ) {
        self.carrier = carrier
        self.flightNumber = flightNumber
        self.origin = origin
        self.destination = destination
        self.departure = departure
        self.arrival = arrival
        self.operatingCarrier = operatingCarrier
        self.operatingFlightNumber = operatingFlightNumber
        self.cabin = cabin
        self.bagsRecheckRequired = bagsRecheckRequired
        self.mode = mode
        self.serviceNumber = serviceNumber
    }

    /// The number a traveller looks for on the departure board: the service number, else the flight number.
    public var service: String? { serviceNumber ?? flightNumber }

    /// `SU 1234`, or just the carrier when the number is unknown. A service that is not a flight shows its
    /// operator and its number as the operator writes it, such as `ÖBB RJX 61`.
    public var flightDesignator: String {
        guard let number = mode == .flight ? flightNumber : service else { return carrier.displayCode }
        return "\(carrier.displayCode) \(number)"
    }
}
