import Foundation
import ProviderKit

extension CharterDeparture {
    /// The departure as an offer, or `nil` for a record that cannot be an honest one.
    /// - Parameters:
    ///   - provider: the id the provider runs under.
    ///   - retrievedAt: when the answer arrived.
    /// - Returns: the offer; `nil` without a flight, airports, a time, or a positive price in a currency.
    func offer(provider: ProviderID, retrievedAt: Date) -> Offer? {
        guard let flight, flight.count > 2, let from, let to, let leaves,
            let departure = LocalDateTime(parsing: leaves),
            let amount = amount.flatMap({ Decimal(string: $0) }), amount > 0,
            let currency = currency.flatMap(CurrencyCode.init)
        else { return nil }
        let segment = Segment(
            carrier: Carrier(code: String(flight.prefix(2))), flightNumber: String(flight.dropFirst(2)),
            origin: Place(airport: from), destination: Place(airport: to), departure: FlightTime(local: departure))
        // The id comes from the trip itself, so it is the same in every run.
        let id = StableIdentifier.make(prefix: provider.rawValue, [flight, from, to, leaves])
        return Offer(
            id: id, product: .flight(Itinerary(legs: [Leg(segments: [segment])])), priceBasis: .perPerson,
            source: OfferSource(
                provider: provider, reference: flight, price: Money(amount, currency), retrievedAt: retrievedAt,
                seatsLeft: seats))
    }
}
