import Foundation
import ProviderKit

extension Offer {
    /// Maps one test-search result: a one-segment flight (the test search sells direct flights and does
    /// not describe stops) priced for the whole booking: its `passengers_count`, taken as adults, which the
    /// source states, since the service takes no party and may answer for another.
    ///
    /// The times stay wall-clock times with no UTC instant and the leg has no duration, because the
    /// service does not say which zone each airport is in. The carrier is resolved by the caller, once
    /// per airline name of the answer.
    ///
    /// The offer's id derives from the flight's content (route, airline, times and price), not from the
    /// service's result id, which it mints anew for every search; that id stays the source's reference.
    /// - Parameters:
    ///   - result: the checked record.
    ///   - route: the answer's checked route.
    ///   - carrier: the result's airline as a carrier.
    ///   - passengers: how many passengers the price is for, which the booking link carries.
    ///   - provider: the provider's id, for the source.
    ///   - retrievedAt: when the answer arrived.
    init(
        testSearch result: TestSearchResult, route: TestSearchRoute, carrier: Carrier, passengers: Int,
        provider: ProviderID, retrievedAt: Date
    ) {
        let segment = Segment(
            carrier: carrier, flightNumber: nil, origin: route.origin, destination: route.destination,
            departure: FlightTime(local: result.departure), arrival: FlightTime(local: result.arrival))
        let source = OfferSource(
            provider: provider, reference: result.reference, price: Money(result.price, result.currency),
            deepLink: Self.aviasalesSearchLink(route: route, departure: result.departure, passengers: passengers),
            retrievedAt: retrievedAt, seatsLeft: result.seatsLeft,
            pricedFor: Passengers(adults: passengers))
        self.init(
            id: StableIdentifier.make(
                prefix: provider.rawValue,
                [
                    route.originCode, route.destinationCode, result.airline.lowercased(),
                    AviasalesTime.text(of: result.departure), AviasalesTime.text(of: result.arrival),
                    "\(result.price) \(result.currency)",
                ]),
            product: .flight(Itinerary(legs: [Leg(segments: [segment], duration: nil)])),
            priceBasis: .total, source: source)
    }

    /// Aviasales' own search link, which opens the same search on the site:
    /// `https://www.aviasales.ru/search/{ORIGIN}{DDMM}{DESTINATION}{passengers}`.
    /// - Parameters:
    ///   - route: the searched route.
    ///   - departure: the local departure, whose day and month the link carries.
    ///   - passengers: the passenger count.
    /// - Returns: for example `https://www.aviasales.ru/search/VIE1812BCN1`.
    static func aviasalesSearchLink(route: TestSearchRoute, departure: LocalDateTime, passengers: Int) -> URL? {
        let search =
            route.originCode + AviasalesLinks.dayMonth(departure.date) + route.destinationCode + String(passengers)
        return URL(string: "https://www.aviasales.ru/search/" + search)
    }
}
