import Foundation
import ProviderKit

extension Offer {
    /// The tag every Ferryhopper offer carries: its prices are indicative, in Ferryhopper's own word, and are
    /// confirmed only on booking.
    static let indicativePrice = OfferTag(rawValue: "indicative_price")

    /// Maps one itinerary: a one-way trip of one or more sailings, each a ferry run by the company Ferryhopper
    /// names, on the ship it names, priced for one passenger in euro (the cheapest accommodation of each
    /// sailing), which the pipeline prices for the party.
    ///
    /// - **Places** are ports, kept by the code Ferryhopper gave for them (`PIR`) with their name and their
    ///   city. The ports the search asked for take the city's code they were asked by (`ATH`), so that a
    ///   search for a city finds its ports; a port between takes the code the tool knows its city by, when it
    ///   knows it.
    /// - **Companies.** The carrier is the company that sells the sailing (`marketingCompany`), and the
    ///   company that owns and runs the ship (`ownerCompany`) is the operating carrier when it is another one;
    ///   with only one named, it is the carrier.
    /// - **The ship** is the service, as a traveller finds it on the port's board (`ferry SeaJets
    ///   WorldChampion Jet`), so that two sellers of the same sailing merge.
    /// - **Times** carry their offsets, so each is a wall clock and an instant.
    /// - **Identity.** The id comes from the trip's content (ports, times, companies, ships and price).
    /// - Parameters:
    ///   - itinerary: the checked itinerary, every sailing priced.
    ///   - cents: its price in euro cents.
    ///   - ends: the ports asked for and their cities' codes.
    ///   - index: its position in the answer, for the source's reference.
    ///   - provider: the provider's id, for the source and the id.
    ///   - retrievedAt: when the answer arrived.
    ///   - link: the booking link, already checked.
    init(
        ferryhopper itinerary: FerryhopperItinerary, cents: Decimal, ends: FerryhopperEnds, index: Int,
        provider: ProviderID, retrievedAt: Date, link: WebAddress?
    ) {
        let count = itinerary.segments.count
        var parts: [String] = []
        var segments: [Segment] = []
        for (position, sailing) in itinerary.segments.enumerated() {
            let origin =
                position == 0
                ? ends.place(ends.origin, name: sailing.departurePort)
                : Self.ferryhopperPort(sailing.departurePort, code: sailing.departureCode)
            let destination =
                position == count - 1
                ? ends.place(ends.destination, name: sailing.arrivalPort)
                : Self.ferryhopperPort(sailing.arrivalPort, code: sailing.arrivalCode)
            let seller = sailing.marketing ?? sailing.owner
            let runner = sailing.owner.flatMap { owner in
                seller.map(AirlineNames.fold) == AirlineNames.fold(owner) ? nil : Carrier(code: nil, name: owner)
            }
            parts += [
                origin.station ?? sailing.departurePort, sailing.departure.local?.description ?? "",
                destination.station ?? sailing.arrivalPort, sailing.arrival?.local?.description ?? "",
                seller.map(AirlineNames.fold) ?? "", sailing.owner.map(AirlineNames.fold) ?? "",
                sailing.vessel.map(AirlineNames.fold) ?? "",
            ]
            segments.append(
                Segment(
                    carrier: Carrier(code: nil, name: seller), origin: origin, destination: destination,
                    departure: sailing.departure, arrival: sailing.arrival, operatingCarrier: runner, mode: .ferry,
                    serviceNumber: sailing.vessel))
        }
        let price = cents / 100
        parts.append("\(price) EUR")
        let fares = itinerary.segments.compactMap { $0.cheapest?.type }
        let reference =
            "foundDirectItinerariesForTrip[\(index)]" + (fares.isEmpty ? "" : " " + fares.joined(separator: ", "))
        var source = OfferSource(
            provider: provider, reference: reference, price: Money(price, .eur), retrievedAt: retrievedAt)
        source.link = link
        self.init(
            id: StableIdentifier.make(prefix: provider.rawValue, parts),
            product: .flight(Itinerary(legs: [Leg(segments: segments)])), priceBasis: .perPerson, source: source,
            tags: [Self.indicativePrice])
    }

    /// A port between two sailings: its code when the answer gave one, its name, and its city when the tool
    /// knows it.
    private static func ferryhopperPort(_ name: String, code: String?) -> Place {
        let city = KnownCities.code(ofStation: name) ?? KnownCities.code(named: name)
        return Place(city: city, cityName: city.flatMap(KnownCities.name(of:)), station: code, name: name)
    }
}
