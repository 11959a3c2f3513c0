import Foundation
import ProviderKit

extension Offer {
    /// Maps one fare of `oneWayFares` or `roundTripFares`: a nonstop flight each way, priced for one adult
    /// (the search asks for one), which the pipeline prices for the party.
    ///
    /// - **Flights** carry the carrier and number the fare states (`FR504` is FR's 504), so that the same
    ///   flight sold by another seller merges with it.
    /// - **Times** are the airports' wall clocks only: the answer names no zone, so the instants (and the
    ///   flight's length) are left to what knows each airport's zone.
    /// - **Price** is in the currency the answer states, whatever was asked for.
    /// - **Tags**: ``OfferTag/cheapestOfDay``, since the fare finder lists only the cheapest fare of each day on
    ///   each route.
    /// - **Identity.** The id comes from the flights (airports, times, numbers) and the price.
    /// - Parameters:
    ///   - fare: the checked fare.
    ///   - provider: the provider's id, for the source and the id.
    ///   - retrievedAt: when the answer arrived.
    init(ryanair fare: RyanairFare, provider: ProviderID, retrievedAt: Date) {
        var legs = [Leg(segments: [Self.ryanairSegment(fare.outbound)])]
        if let inbound = fare.inbound { legs.append(Leg(segments: [Self.ryanairSegment(inbound)])) }
        var parts = Self.ryanairParts(fare.outbound)
        if let inbound = fare.inbound { parts += Self.ryanairParts(inbound) }
        parts.append("\(fare.price.amount) \(fare.price.currency)")
        let link = RyanairLink.trip(
            from: fare.outbound.departureAirport.code, to: fare.outbound.arrivalAirport.code,
            out: fare.outbound.departure.date, back: fare.inbound?.departure.date)
        self.init(
            ryanairLegs: legs, id: StableIdentifier.make(prefix: provider.rawValue, parts),
            reference: fare.outbound.flightNumber.map { "\($0.carrier)\($0.number)" } ?? "fare", price: fare.price,
            provider: provider, retrievedAt: retrievedAt, link: link)
    }

    /// Maps one day of `cheapestPerDay`: the day's cheapest flight on the route asked for, which the answer
    /// names by its times alone (no flight number, so it merges with another seller's flight only on the
    /// carrier, the cities and the minute it leaves).
    /// - Parameters:
    ///   - origin: the airport the call asked from.
    ///   - destination: the airport the call asked for.
    ///   - departure: the day's flight's departure, on the origin's wall clock.
    ///   - arrival: its arrival, on the destination's wall clock.
    ///   - price: its price for one adult, in the answer's currency.
    ///   - provider: the provider's id.
    ///   - retrievedAt: when the answer arrived.
    init(
        ryanairDay origin: String, destination: String, departure: LocalDateTime, arrival: LocalDateTime,
        price: Money, provider: ProviderID, retrievedAt: Date
    ) {
        let segment = Segment(
            carrier: RyanairLink.carrier, origin: Self.ryanairPlace(RyanairAirport(code: origin)),
            destination: Self.ryanairPlace(RyanairAirport(code: destination)),
            departure: FlightTime(local: departure), arrival: FlightTime(local: arrival))
        let parts = [
            origin, departure.description, destination, arrival.description, "\(price.amount) \(price.currency)",
        ]
        self.init(
            ryanairLegs: [Leg(segments: [segment])], id: StableIdentifier.make(prefix: provider.rawValue, parts),
            reference: "\(origin)-\(destination) \(departure.date)", price: price, provider: provider,
            retrievedAt: retrievedAt,
            link: RyanairLink.trip(from: origin, to: destination, out: departure.date, back: nil))
    }

    /// The offer both mappings make: per person, one source, tagged as the cheapest of its day.
    private init(
        ryanairLegs legs: [Leg], id: String, reference: String, price: Money, provider: ProviderID,
        retrievedAt: Date, link: WebAddress?
    ) {
        var source = OfferSource(provider: provider, reference: reference, price: price, retrievedAt: retrievedAt)
        source.link = link
        self.init(
            id: id, product: .flight(Itinerary(legs: legs)), priceBasis: .perPerson, source: source,
            tags: [.cheapestOfDay])
    }

    /// A flight's segment: FR's (or the number's carrier's) flight between the two airports, at local times.
    private static func ryanairSegment(_ flight: RyanairFlight) -> Segment {
        let carrier =
            flight.flightNumber.map { $0.carrier == "FR" ? RyanairLink.carrier : Carrier(code: $0.carrier) }
            ?? RyanairLink.carrier
        return Segment(
            carrier: carrier, flightNumber: flight.flightNumber?.number,
            origin: ryanairPlace(flight.departureAirport), destination: ryanairPlace(flight.arrivalAirport),
            departure: FlightTime(local: flight.departure), arrival: FlightTime(local: flight.arrival))
    }

    /// An airport as a place: its code, its name, and its city's code where the tool knows the city.
    private static func ryanairPlace(_ airport: RyanairAirport) -> Place {
        let city = airport.cityCode ?? KnownCities.name(of: airport.code).flatMap(KnownCities.code(named:))
        return Place(
            airport: airport.code, city: city, cityName: airport.cityName ?? KnownCities.name(of: airport.code),
            name: airport.name)
    }

    /// What makes a flight this flight, for the offer's id.
    private static func ryanairParts(_ flight: RyanairFlight) -> [String] {
        [
            flight.departureAirport.code, flight.departure.description, flight.arrivalAirport.code,
            flight.arrival.description, flight.flightNumber.map { "\($0.carrier)\($0.number)" } ?? "",
        ]
    }
}

/// Ryanair's carrier and the pages of its site a fare links to.
enum RyanairLink {
    /// Ryanair, as every fare's carrier.
    static let carrier = Carrier(code: "FR", name: "Ryanair")

    /// The site's page that selects flights for a trip: the public search, never the booking service.
    /// - Parameters:
    ///   - origin: the departure airport.
    ///   - destination: the arrival airport.
    ///   - out: the day out.
    ///   - back: the day back, for a round trip.
    /// - Returns: the link.
    static func trip(from origin: String, to destination: String, out: LocalDate, back: LocalDate?) -> WebAddress? {
        var page = URLComponents(string: "https://www.ryanair.com/gb/en/trip/flights/select")
        var items = [
            URLQueryItem(name: "adults", value: "1"), URLQueryItem(name: "dateOut", value: out.description),
            URLQueryItem(name: "originIata", value: origin), URLQueryItem(name: "destinationIata", value: destination),
            URLQueryItem(name: "isReturn", value: back == nil ? "false" : "true"),
        ]
        if let back { items.append(URLQueryItem(name: "dateIn", value: back.description)) }
        page?.queryItems = items
        return page?.url.flatMap { WebLink.address($0.absoluteString) }
    }
}
