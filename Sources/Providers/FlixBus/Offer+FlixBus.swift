import Foundation
import ProviderKit

extension Offer {
    /// Maps one ride: a one-way trip of one or more legs, each a coach or a train as FlixBus says, priced for
    /// the products sent (one adult: the search asks for one), which the pipeline scales to the party.
    ///
    /// - **Places** are FlixBus's stations, each kept by FlixBus's id with its name and its city. A city the
    ///   search asked for takes the code it was asked by (`VIE`), so that a search for a city finds its
    ///   stations; a city between takes the code the tool knows it by, when it knows it.
    /// - **Operators** are named by the answer's `operators` map, and `FlixBus` when it names none. FlixBus
    ///   gives no line numbers, so a ride never merges with another seller's trip.
    /// - **Times** carry their offsets, so each is a wall clock and an instant.
    /// - **Identity.** The id comes from the ride's content (stations, times, modes, operators and price), never
    ///   from its `uid`, which is only the source's reference.
    /// - Parameters:
    ///   - ride: the checked ride.
    ///   - names: the answer's names for cities, stations and operators.
    ///   - cityCodes: the codes of the cities asked for, by FlixBus's city id.
    ///   - provider: the provider's id, for the source and the id.
    ///   - retrievedAt: when the answer arrived.
    ///   - link: the booking page.
    init(
        flixBus ride: FlixBusRide, names: FlixBusNames, cityCodes: [String: String], provider: ProviderID,
        retrievedAt: Date, link: WebAddress?
    ) {
        func place(_ stop: FlixBusStop) -> Place {
            let cityName = stop.cityID.flatMap { names.cities[$0] }
            let stationName = stop.stationID.flatMap { names.stations[$0] }
            let code =
                stop.cityID.flatMap { cityCodes[$0] } ?? cityName.flatMap(KnownCities.code(named:))
                ?? stationName.flatMap(KnownCities.code(ofStation:))
            return Place(city: code, cityName: cityName, station: stop.stationID, name: stationName)
        }
        var parts: [String] = []
        let segments = ride.legs.map { leg in
            let operatorName = leg.operatorID.flatMap { names.operators[$0] } ?? "FlixBus"
            parts += [
                leg.departure.stationID ?? leg.departure.cityID ?? "", leg.departure.time.local?.description ?? "",
                leg.arrival.stationID ?? leg.arrival.cityID ?? "", leg.arrival.time.local?.description ?? "",
                leg.mode.rawValue, AirlineNames.fold(operatorName),
            ]
            return Segment(
                carrier: Carrier(code: nil, name: operatorName), origin: place(leg.departure),
                destination: place(leg.arrival), departure: leg.departure.time, arrival: leg.arrival.time,
                mode: leg.mode)
        }
        parts.append("\(ride.price) EUR")
        var source = OfferSource(
            provider: provider, reference: ride.uid ?? "ride", price: Money(ride.price, .eur), retrievedAt: retrievedAt,
            seatsLeft: ride.seats, pricedFor: .one)
        source.link = link
        self.init(
            id: StableIdentifier.make(prefix: provider.rawValue, parts),
            product: .flight(Itinerary(legs: [Leg(segments: segments, duration: ride.duration)])),
            priceBasis: .perPerson, source: source)
    }
}
