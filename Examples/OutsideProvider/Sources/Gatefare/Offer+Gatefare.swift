import Foundation
import ProviderKit

extension GatefareOffer {
    /// The offer, or `nil` for a record that cannot be an honest one.
    /// - Parameters:
    ///   - provider: the id the provider runs under.
    ///   - retrievedAt: when the answer arrived.
    /// - Returns: the offer; `nil` without flights, times, or a positive price in a currency.
    func offer(provider: ProviderID, retrievedAt: Date) -> Offer? {
        guard !flights.isEmpty, let amount = Decimal(string: total), amount > 0,
            let currency = CurrencyCode(currency)
        else { return nil }
        var segments: [Segment] = []
        for flight in flights {
            // Times are local at the airport, as ISO-8601 without an offset.
            guard let departure = LocalDateTime(parsing: flight.departs) else { return nil }
            segments.append(
                Segment(
                    carrier: Carrier(code: flight.carrier), flightNumber: flight.number,
                    origin: Place(airport: flight.from), destination: Place(airport: flight.to),
                    departure: FlightTime(local: departure),
                    arrival: flight.arrives.flatMap(LocalDateTime.init(parsing:)).map { FlightTime(local: $0) }))
        }
        // The id comes from the trip itself, never from the service's per-search offer id.
        let id = StableIdentifier.make(
            prefix: provider.rawValue, flights.flatMap { [$0.carrier, $0.number, $0.from, $0.departs] })
        return Offer(
            id: id, product: .flight(Itinerary(legs: [Leg(segments: segments)])), priceBasis: .total,
            source: OfferSource(
                provider: provider, reference: flights.map { $0.carrier + $0.number }.joined(separator: "/"),
                price: Money(amount, currency), retrievedAt: retrievedAt, seatsLeft: seats))
    }
}
