import Foundation

/// What is being sold.
public enum Product: Sendable, Hashable {
    /// A flight trip.
    case flight(Itinerary)
    /// A car rental.
    indirect case car(RentalCar)

    /// The itinerary when this is a flight.
    public var itinerary: Itinerary? {
        if case .flight(let itinerary) = self { return itinerary }
        return nil
    }

    /// The car when this is a rental.
    public var car: RentalCar? {
        if case .car(let car) = self { return car }
        return nil
    }

    /// The category this product belongs to.
    public var category: OfferCategory {
        switch self {
        case .flight: .flights
        case .car: .cars
        }
    }
}
