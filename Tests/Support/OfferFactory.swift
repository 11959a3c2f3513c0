import AggregatorCore
import Foundation
import ProviderKit

/// Builds offers for tests with little ceremony.
public enum OfferFactory {
    /// A fixed retrieval time, so that tests are deterministic.
    public static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// A one-way direct flight.
    /// - Parameters:
    ///   - provider: the seller.
    ///   - carrier: the IATA code, or `nil` with `carrierName` for a name-only carrier.
    ///   - carrierName: a display name.
    ///   - flightNumber: the number, or `nil` when the provider does not know it.
    ///   - from: origin airport code.
    ///   - to: destination airport code.
    ///   - departure: local departure `YYYY-MM-DD HH:mm`.
    ///   - minutes: flight time, used for UTC instants when `utc` is true.
    ///   - utc: whether the provider knows UTC instants (taken as the local time minus one hour).
    ///   - price: the amount.
    ///   - currency: its currency.
    ///   - reference: the provider's id for it.
    /// - Returns: the offer.
    public static func flight(
        provider: ProviderID, carrier: String?, carrierName: String? = nil, flightNumber: String? = nil,
        from: String, to: String, departure: String, minutes: Int = 120, utc: Bool = true, stops: Int = 0,
        price: Decimal, currency: CurrencyCode = .eur, reference: String? = nil
    ) -> Offer {
        let local = LocalDateTime(parsing: departure)
        let departureUTC = local.map { Date(timeIntervalSince1970: TimeInterval($0.minutesSinceEpoch * 60 - 3600)) }
        let arrivalUTC = departureUTC.map { $0.addingTimeInterval(TimeInterval(minutes * 60)) }
        let arrivalLocal = arrivalUTC.flatMap { LocalDateTime(utc: $0.addingTimeInterval(3600)) }
        var segments: [Segment] = []
        let hops = [from] + (0..<stops).map { "X\($0)" } + [to]
        for index in 0..<(hops.count - 1) {
            segments.append(
                Segment(
                    carrier: Carrier(code: carrier, name: carrierName), flightNumber: flightNumber,
                    origin: Place(airport: hops[index], city: hops[index]),
                    destination: Place(airport: hops[index + 1], city: hops[index + 1]),
                    departure: index == 0 ? FlightTime(local: local, utc: utc ? departureUTC : nil) : nil,
                    arrival: index == hops.count - 2
                        ? FlightTime(local: arrivalLocal, utc: utc ? arrivalUTC : nil) : nil
                ))
        }
        let leg = Leg(segments: segments, duration: utc ? nil : .seconds(minutes * 60))
        let ref = reference ?? "\(carrier ?? carrierName ?? "")\(flightNumber ?? "")-\(departure)-\(price)"
        return Offer(
            id: StableIdentifier.make(prefix: provider.rawValue, [ref]), product: .flight(Itinerary(legs: [leg])),
            priceBasis: .perPerson,
            source: OfferSource(
                provider: provider, reference: ref, price: Money(price, currency),
                deepLink: URL(string: "https://\(provider).example/\(ref.count)"), retrievedAt: retrievedAt))
    }
}

/// A decimal from its exact text, for readable test literals; `NaN` (which equals nothing) if the
/// text is not a number, so a typo fails the test that uses it.
/// - Parameter text: for example `94.43`.
/// - Returns: the value.
public func decimal(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

/// A date from `YYYY-MM-DD`, for test literals; 1900-01-01 if the text is not a date, so a typo fails the
/// test that uses it.
/// - Parameter text: for example `2026-12-18`.
/// - Returns: the date.
public func day(_ text: String) -> LocalDate {
    LocalDate(iso: text) ?? LocalDate(daysSinceEpoch: -25_567)
}
