import Foundation
import ProviderKit

extension Offer {
    /// Maps one `prices_for_dates` record: a one-way trip or a round trip priced for one passenger, from
    /// the service's cache of what users' searches found (tagged ``OfferTag/cachedPrice``).
    ///
    /// - **Places.** The outbound leg runs from `origin_airport` to `destination_airport`, each with its
    ///   city code (`origin`, `destination`). The return leg runs between the two cities: the service does
    ///   not say which airports it uses.
    /// - **Times.** `departure_at` carries its UTC offset, so the departure is both a wall-clock time and
    ///   an instant. The arrival is the departure plus the stated duration: an instant, with no wall clock,
    ///   since the answer does not say which zone the arrival airport is in. The return leg likewise.
    /// - **Flights.** A direct leg is one segment with the airline's code and the flight number. A leg
    ///   with transfers has one segment per flight, but the service describes only the first (its
    ///   number and departure) and where the leg starts and ends: the later flights are known by the
    ///   ticket's airline alone and their connecting airports are unknown, so such trips show their
    ///   stops, never claim a connection they cannot name, and never merge with another seller's.
    /// - **Identity.** The id comes from the trip's content (places, airline, flight, times, transfers,
    ///   price); the reference names the record's route and position in the answer.
    /// - Parameters:
    ///   - record: the checked record.
    ///   - index: its position in `data`.
    ///   - carrier: its airline as a carrier, resolved once per airline of the answer.
    ///   - currency: the answer's currency.
    ///   - provider: the provider's id, for the source and the id.
    ///   - retrievedAt: when the answer arrived.
    init(
        pricesForDates record: PricesForDatesRecord, index: Int, carrier: Carrier, currency: CurrencyCode,
        provider: ProviderID, retrievedAt: Date
    ) {
        let origin = Place(airport: record.originAirport, city: record.originCity)
        let destination = Place(airport: record.destinationAirport, city: record.destinationCity)
        var legs = [
            Self.travelpayoutsLeg(
                from: origin, to: destination, carrier: carrier, flightNumber: record.flightNumber,
                departure: record.departure, transfers: record.transfers, minutes: record.outboundMinutes)
        ]
        if let returnDeparture = record.returnDeparture {
            legs.append(
                Self.travelpayoutsLeg(
                    from: Place(city: destination.city ?? destination.airport),
                    to: Place(city: origin.city ?? origin.airport), carrier: carrier, flightNumber: nil,
                    departure: returnDeparture, transfers: record.returnTransfers, minutes: record.returnMinutes))
        }
        let originCode = origin.city ?? origin.airport ?? ""
        let destinationCode = destination.city ?? destination.airport ?? ""
        let link =
            AviasalesLinks.absolute(record.link)
            ?? AviasalesLinks.search(
                origin: originCode, destination: destinationCode, departure: record.departure.local.date,
                returning: record.returnDeparture?.local.date, passengers: 1)
        let source = OfferSource(
            provider: provider, reference: "\(originCode)-\(destinationCode) data[\(index)]",
            price: Money(record.price, currency), deepLink: link, retrievedAt: retrievedAt)
        let id = StableIdentifier.make(
            prefix: provider.rawValue,
            [
                origin.airport ?? originCode, destination.airport ?? destinationCode, carrier.identity ?? "",
                record.flightNumber ?? "", record.departure.canonical, record.returnDeparture?.canonical ?? "",
                "\(record.transfers)/\(record.returnTransfers)", "\(record.price) \(currency)",
            ])
        self.init(
            id: id, product: .flight(Itinerary(legs: legs)), priceBasis: .perPerson, source: source,
            tags: [.cachedPrice])
    }

    /// One leg of a `prices_for_dates` record; see ``init(pricesForDates:index:carrier:currency:provider:retrievedAt:)``.
    private static func travelpayoutsLeg(
        from origin: Place, to destination: Place, carrier: Carrier, flightNumber: String?,
        departure: AviasalesTime, transfers: Int, minutes: Int?
    ) -> Leg {
        let duration = minutes.map { Duration.seconds(Int64($0) * 60) }
        let arrival = departure.utc.flatMap { start in
            minutes.map { FlightTime(local: nil, utc: start.addingTimeInterval(TimeInterval($0) * 60)) }
        }
        let flights = transfers + 1
        var segments: [Segment] = []
        segments.reserveCapacity(flights)
        for position in 0..<flights {
            let first = position == 0
            let last = position == flights - 1
            segments.append(
                Segment(
                    carrier: carrier, flightNumber: first ? flightNumber : nil, origin: first ? origin : Place(),
                    destination: last ? destination : Place(), departure: first ? departure.flightTime : nil,
                    arrival: last ? arrival : nil))
        }
        return Leg(segments: segments, duration: duration)
    }
}
