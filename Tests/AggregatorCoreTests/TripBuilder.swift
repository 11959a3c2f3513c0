import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit

/// Builds hand-made trips for the query tests: segments with exactly the times, cabins and operating flights
/// a test needs, and nothing it does not.
enum TripBuilder {
    /// One flight.
    /// - Parameters:
    ///   - flight: `OS 395`, or `OS` for a carrier without a number.
    ///   - from: origin airport.
    ///   - to: destination airport.
    ///   - departs: local departure `YYYY-MM-DD HH:mm`, or `nil` when unknown.
    ///   - arrives: local arrival, or `nil` when unknown.
    ///   - utcOffset: hours the local clocks are ahead of UTC at both ends; `nil` for no UTC instants.
    ///   - cabin: the class of travel, when known.
    ///   - operatedBy: the operating flight, `LH 1234`, when the seller states it.
    /// - Returns: the segment.
    static func segment(
        _ flight: String, _ from: String, _ to: String, departs: String?, arrives: String?, utcOffset: Int? = 1,
        cabin: Cabin? = nil, operatedBy: String? = nil
    ) -> Segment {
        let (carrier, number) = designator(flight)
        let operating = operatedBy.map(designator)
        return Segment(
            carrier: Carrier(code: carrier), flightNumber: number, origin: Place(airport: from, city: from),
            destination: Place(airport: to, city: to), departure: time(departs, utcOffset: utcOffset),
            arrival: time(arrives, utcOffset: utcOffset), operatingCarrier: operating.map { Carrier(code: $0.0) },
            operatingFlightNumber: operating?.1, cabin: cabin)
    }

    /// A trip of one leg (one-way) or two (a round trip), sold by one provider.
    /// - Parameters:
    ///   - provider: the seller.
    ///   - legs: the segments of each leg.
    ///   - duration: each leg's stated duration in minutes, when the seller states it.
    ///   - price: the amount.
    ///   - currency: its currency.
    ///   - basis: what the price covers.
    ///   - bagFees: the seller's checked-bag fees.
    ///   - pricedFor: the party the seller says the price is for.
    ///   - tags: the seller's tags (hidden city, self-transfer).
    /// - Returns: the offer.
    static func trip(
        _ provider: ProviderID, _ legs: [[Segment]], duration: [Int]? = nil, price: Decimal,
        currency: CurrencyCode = .eur, basis: PriceBasis = .total, bagFees: BagFees? = nil,
        pricedFor: Passengers? = nil, tags: Set<OfferTag> = []
    ) -> Offer {
        let built = legs.enumerated().map { index, segments in
            Leg(segments: segments, duration: duration.map { .seconds($0[index] * 60) })
        }
        let reference = legs.flatMap { $0.map(\.flightDesignator) }.joined(separator: "+") + "-\(price)"
        return Offer(
            id: StableIdentifier.make(prefix: provider.rawValue, [reference, "\(legs)"]),
            product: .flight(Itinerary(legs: built)), priceBasis: basis,
            source: OfferSource(
                provider: provider, reference: reference, price: Money(price, currency),
                retrievedAt: OfferFactory.retrievedAt, bagFees: bagFees, pricedFor: pricedFor),
            tags: tags)
    }

    /// The converted offers, as the filter sees them after the merge.
    static func converted(_ offers: [Offer]) -> [Offer] {
        CurrencyConverter(rates: .embedded, target: .eur).convert(offers)
    }

    /// One provider's answer, as a run the pipeline takes.
    static func run(_ provider: ProviderID, _ offers: [Offer]) -> ProviderRun {
        ProviderRun(
            outcome: ProviderOutcome(provider: provider, status: .ok, offerCount: offers.count),
            response: ProviderResponse(offers: offers))
    }

    private static func designator(_ flight: String) -> (String, String?) {
        let parts = flight.split(separator: " ").map(String.init)
        return (parts[0], parts.count > 1 ? parts[1] : nil)
    }

    private static func time(_ text: String?, utcOffset: Int?) -> FlightTime? {
        guard let text, let local = LocalDateTime(parsing: text) else { return nil }
        let utc = utcOffset.map {
            Date(timeIntervalSince1970: TimeInterval(local.minutesSinceEpoch * 60 - Int64($0) * 3600))
        }
        return FlightTime(local: local, utc: utc)
    }
}
