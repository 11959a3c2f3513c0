import Foundation
import ProviderKit

extension Offer {
    /// Maps one `prices_for_dates` record: a one-way trip or a round trip priced for one passenger, from
    /// the service's cache of what users' searches found (tagged ``OfferTag/cachedPrice``).
    ///
    /// - **Places.** The outbound leg runs from `origin_airport` to `destination_airport`, each with its
    ///   city code (`origin`, `destination`). The return leg runs between the two cities: the answer does
    ///   not say which airports it uses, and only the link's token (``TravelpayoutsLinkToken``) names them.
    /// - **Times.** `departure_at` carries its UTC offset, so the departure is both a wall-clock time and
    ///   an instant. The arrival is the departure plus the leg's span (``TravelpayoutsSpans``): an instant,
    ///   with no wall clock, since the answer does not say which zone the arrival airport is in; unknown
    ///   when the span is. The return leg likewise.
    /// - **Flights.** A direct leg is one segment with the airline's code and the flight number. A leg
    ///   with transfers has one segment per flight, but the service describes only the first (its
    ///   number and departure) and where the leg starts and ends: the later flights are known by the
    ///   ticket's airline alone and their connecting airports only from the link's token, so such trips
    ///   show their stops, never claim a connection they cannot name, and never merge with another seller's.
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
        let spans = TravelpayoutsSpans(record)
        var legs = [
            Self.travelpayoutsLeg(
                from: origin, to: destination, carrier: carrier, flightNumber: record.flightNumber,
                departure: record.departure, transfers: record.transfers, span: spans.outbound)
        ]
        if let returnDeparture = record.returnDeparture {
            // The answer names no airports for the way back; the link's token, when it is the record's, does.
            let airports = spans.inbound.airports
            legs.append(
                Self.travelpayoutsLeg(
                    from: Place(airport: airports?.first, city: destination.city ?? destination.airport),
                    to: Place(airport: airports?.last, city: origin.city ?? origin.airport), carrier: carrier,
                    flightNumber: nil, departure: returnDeparture, transfers: record.returnTransfers,
                    span: spans.inbound))
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
            price: Money(record.price, currency), deepLink: link, retrievedAt: retrievedAt, pricedFor: .one)
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
        departure: AviasalesTime, transfers: Int, span: TravelpayoutsSpans.Span
    ) -> Leg {
        let duration = span.minutes.map { Duration.seconds(Int64($0) * 60) }
        let arrival = departure.utc.flatMap { start in
            span.minutes.map { FlightTime(local: nil, utc: start.addingTimeInterval(TimeInterval($0) * 60)) }
        }
        let flights = transfers + 1
        // The airports between, when the token names them: as many as the connections.
        let stops = span.airports.map { Array($0.dropFirst().dropLast()) } ?? []
        var segments: [Segment] = []
        segments.reserveCapacity(flights)
        for position in 0..<flights {
            let first = position == 0
            let last = position == flights - 1
            let from = first ? origin : Self.stop(position - 1, of: stops)
            let to = last ? destination : Self.stop(position, of: stops)
            segments.append(
                Segment(
                    carrier: carrier, flightNumber: first ? flightNumber : nil, origin: from, destination: to,
                    departure: first ? departure.flightTime : nil, arrival: last ? arrival : nil))
        }
        return Leg(segments: segments, duration: duration)
    }

    /// The `index`-th airport between a leg's ends, or an unknown place when the token names none.
    private static func stop(_ index: Int, of stops: [String]) -> Place {
        stops.indices.contains(index) ? Place(airport: stops[index]) : Place()
    }
}

/// How long each leg of a `prices_for_dates` record takes, from what the record really says, so that no
/// arrival is ever shown wrong.
///
/// The answer's `duration` is the whole trip (each leg's span from departure to arrival, summed) and
/// `duration_to`/`duration_back` are time in the air, which is a leg's span only when it is direct: for a
/// Berlin → New York round trip with one and two connections they read 2414, 595 and 739 minutes, where the
/// legs really take 775 and 1639. So, per leg:
/// 1. the link's `t=` token (``TravelpayoutsLinkToken``), when its legs are the record's (each with the same
///    departure instant, and as many airports as flights plus one): its spans, and the airports between;
/// 2. else a direct leg's time in the air, which is its span;
/// 3. else, on a one-way trip, `duration`, which is that one leg's span;
/// 4. else, on a round trip whose other leg's span is known, `duration` less that span;
/// 5. else unknown: the arrival is left unknown rather than guessed.
struct TravelpayoutsSpans: Sendable, Hashable {
    /// One leg's span, and the airports it calls at when the token says.
    struct Span: Sendable, Hashable {
        /// Minutes from departure to arrival, when known.
        var minutes: Int?
        /// Every airport of the leg, first and last included, when the token names them.
        var airports: [String]?
    }

    /// The way out.
    var outbound: Span
    /// The way back; unknown on a one-way trip.
    var inbound = Span()

    /// The spans of a record's legs.
    /// - Parameter record: the checked record.
    init(_ record: PricesForDatesRecord) {
        let roundTrip = record.returnDeparture != nil
        if let token = TravelpayoutsLinkToken(link: record.link), let legs = Self.legs(of: token, for: record) {
            outbound = legs[0]
            if roundTrip { inbound = legs[1] }
            return
        }
        let direct = record.transfers == 0 ? record.outboundAirMinutes : nil
        outbound = Span(minutes: direct ?? (roundTrip ? nil : record.tripMinutes))
        guard roundTrip else { return }
        inbound = Span(minutes: record.returnTransfers == 0 ? record.returnAirMinutes : nil)
        // The whole trip less the leg that is known is the other leg.
        if let total = record.tripMinutes {
            if outbound.minutes == nil, let back = inbound.minutes, total > back {
                outbound.minutes = total - back
            } else if inbound.minutes == nil, let out = outbound.minutes, total > out {
                inbound.minutes = total - out
            }
        }
    }

    /// The token's legs as spans, when they are the record's: as many legs, each leaving at the record's
    /// instant with as many airports as its flights plus one. A token that differs anywhere is another
    /// trip's, and none of it is taken.
    private static func legs(of token: TravelpayoutsLinkToken, for record: PricesForDatesRecord) -> [Span]? {
        var expected = [(record.departure.utc, record.transfers)]
        if let back = record.returnDeparture { expected.append((back.utc, record.returnTransfers)) }
        guard token.legs.count == expected.count else { return nil }
        var spans: [Span] = []
        for (leg, (departure, transfers)) in zip(token.legs, expected) {
            guard let departure, leg.departure == departure, leg.airports.count == transfers + 2 else { return nil }
            spans.append(Span(minutes: leg.minutes, airports: leg.airports))
        }
        return spans
    }
}
