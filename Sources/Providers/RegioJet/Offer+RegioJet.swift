import Foundation
import ProviderKit

extension Offer {
    /// Maps one route: a one-way trip of one leg per vehicle, each a train or a coach as RegioJet says, priced
    /// for one adult (the search asks for one), which the pipeline prices for the party.
    ///
    /// - **Places** are RegioJet's stations, each kept by RegioJet's id with its name and city from the
    ///   locations list. The cities asked for take the codes they were asked by (`VIE`), so that a search for a
    ///   city finds its stations. Where a route changes is not in the answer: such a place has no name.
    /// - **Legs**: a route with `transfersCount` changes has that many and one more, each with the vehicle type
    ///   at its place in `vehicleTypes` (or the only one named); the times between are unknown.
    /// - **Carrier**: `RegioJet`, which sells every leg. RegioJet gives no line numbers here, so a connection
    ///   never merges with another seller's trip.
    /// - **Times** carry their offsets, so each is a wall clock and an instant.
    /// - **Identity.** The id comes from the route's content (stations, times, modes and price), never from its
    ///   `id`, which is only the source's reference.
    /// - Parameters:
    ///   - route: the checked route, neither sold out nor without a price.
    ///   - price: its price, in the currency asked for.
    ///   - ends: where it leaves from and arrives at.
    ///   - provider: the provider's id, for the source and the id.
    ///   - retrievedAt: when the answer arrived.
    ///   - link: the page of RegioJet's site with the same search.
    init(
        regioJet route: RegioJetRoute, price: Money, ends: (RegioJetEnd, RegioJetEnd), provider: ProviderID,
        retrievedAt: Date, link: WebAddress?
    ) {
        func place(_ end: RegioJetEnd) -> Place {
            Place(city: end.code, cityName: end.station?.cityName, station: end.id, name: end.station?.name)
        }
        let legs = route.transfers + 1
        let modes = (0..<legs).map { index in route.modes.count == legs ? route.modes[index] : route.modes[0] }
        let carrier = Carrier(code: nil, name: "RegioJet")
        let origin = place(ends.0)
        let destination = place(ends.1)
        let segments = modes.indices.map { index in
            Segment(
                carrier: carrier, origin: index == 0 ? origin : Place(),
                destination: index == modes.count - 1 ? destination : Place(),
                departure: index == 0 ? route.departure : nil, arrival: index == modes.count - 1 ? route.arrival : nil,
                mode: modes[index])
        }
        let parts = [
            ends.0.id ?? ends.0.code, route.departure.local?.description ?? "", ends.1.id ?? ends.1.code,
            route.arrival.local?.description ?? "", modes.map(\.rawValue).joined(separator: "+"),
            "\(price.amount) \(price.currency)",
        ]
        var source = OfferSource(
            provider: provider, reference: route.id ?? "route", price: price, retrievedAt: retrievedAt,
            seatsLeft: route.seats)
        source.link = link
        self.init(
            id: StableIdentifier.make(prefix: provider.rawValue, parts),
            product: .flight(Itinerary(legs: [Leg(segments: segments, duration: route.duration)])),
            priceBasis: .perPerson, source: source)
    }
}
