import Foundation
import ProviderKit

/// A flight as its offers show it: its reference, its leg with the named carrier, and the airline's
/// picture, built once per flight however many round trips it is part of.
struct SunWebOfferPart: Sendable {
    /// SunWeb's id as text: the offer's reference and the seed of its id.
    var reference: String
    /// One seat's price in EUR.
    var price: Decimal
    /// The flight as one direct leg.
    var leg: Leg
    /// The airline's picture, when the directory has one.
    var imageURL: URL?

    /// Prepares a flight for its offers.
    ///
    /// The leg is one direct flight with no times: SunWeb publishes routes and prices, not schedules, so
    /// offers from it are never merged with other providers' (merging needs a departure time).
    /// - Parameters:
    ///   - flight: a sellable flight from either list.
    ///   - airlines: the directory that names its carrier.
    init(_ flight: SunWebFlight, airlines: SunWebAirlineDirectory) {
        reference = String(flight.id)
        price = flight.price
        leg = Leg(segments: [
            Segment(
                carrier: airlines.carrier(forKey: flight.airline), flightNumber: nil,
                origin: Place(airport: flight.origin), destination: Place(airport: flight.destination),
                departure: nil, arrival: nil)
        ])
        imageURL = airlines.picture(forKey: flight.airline)
    }
}

extension Offer {
    /// Maps one flight to a one-way offer.
    /// - Parameters:
    ///   - flight: a flight from either list, prepared once.
    ///   - provider: the id the provider runs under, for the source.
    ///   - retrievedAt: when the answer arrived.
    init(sunWeb flight: SunWebOfferPart, provider: ProviderID, retrievedAt: Date) {
        self.init(
            id: StableIdentifier.make(prefix: provider.rawValue, [flight.reference]),
            product: .flight(Itinerary(legs: [flight.leg])),
            // SunWeb priced one seat, as the app showed it.
            priceBasis: .perPerson,
            source: Self.sunWebSource(
                provider: provider, reference: flight.reference, price: flight.price, retrievedAt: retrievedAt),
            imageURL: flight.imageURL)
    }

    /// Maps an outbound flight and an inbound flight on the reverse route to a round-trip offer priced
    /// at the sum of the two seats.
    /// - Parameters:
    ///   - outbound: the flight out, prepared once.
    ///   - inbound: the flight back, prepared once.
    ///   - provider: the id the provider runs under, for the source.
    ///   - retrievedAt: when the answers arrived.
    init(sunWebOutbound outbound: SunWebOfferPart, inbound: SunWebOfferPart, provider: ProviderID, retrievedAt: Date) {
        self.init(
            id: StableIdentifier.make(prefix: provider.rawValue, [outbound.reference, inbound.reference]),
            product: .flight(Itinerary(legs: [outbound.leg, inbound.leg])), priceBasis: .perPerson,
            // Both prices are within SunWebFlight.plausiblePrices, so the sum is exact.
            source: Self.sunWebSource(
                provider: provider, reference: outbound.reference + "+" + inbound.reference,
                price: outbound.price + inbound.price, retrievedAt: retrievedAt),
            imageURL: outbound.imageURL ?? inbound.imageURL)
    }

    /// SunWeb has no booking links and does not say how many seats are left.
    private static func sunWebSource(
        provider: ProviderID, reference: String, price: Decimal, retrievedAt: Date
    ) -> OfferSource {
        OfferSource(
            provider: provider, reference: reference, price: Money(price, .eur), deepLink: nil,
            retrievedAt: retrievedAt, seatsLeft: nil)
    }
}
