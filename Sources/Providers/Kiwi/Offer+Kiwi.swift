import AggregatorCore
import Foundation

extension Offer {
    /// Where Kiwi keeps its 600×330 destination photos, named after `mapIdto`.
    private static let kiwiImageBase = "https://images.kiwi.com/photos/600x330/"

    /// Maps one Kiwi itinerary to an offer.
    ///
    /// Returns `nil` for a record that decoded but cannot be an honest offer: no outbound segment, no
    /// positive price, or no departure time. The caller counts it as skipped.
    /// The id derives from the trip's content (each segment's carrier, number, airports and times, the
    /// destination and the price), never from Kiwi's own `id`: Kiwi can send two different itineraries
    /// under one id (a hidden-city fare and its full-route twin), and its ids change between requests.
    /// - Parameters:
    ///   - itinerary: the decoded record.
    ///   - currency: the response's currency, which every price in it is in.
    ///   - provider: the id the provider runs under, for the source.
    ///   - retrievedAt: when the response arrived.
    init?(kiwi itinerary: KiwiItinerary, currency: CurrencyCode, provider: ProviderID, retrievedAt: Date) {
        guard let amount = itinerary.price?.value?.value, amount > 0 else { return nil }
        let outboundSegments = itinerary.route.filter { !$0.isInbound }
        let inboundSegments = itinerary.route.filter(\.isInbound)
        guard !outboundSegments.isEmpty else { return nil }
        let outbound = itinerary.leg(of: outboundSegments, inbound: false)
        // Without a departure an offer can be neither dated, ranked by departure nor merged.
        guard outbound.departure != nil else { return nil }
        var legs = [outbound]
        if !inboundSegments.isEmpty { legs.append(itinerary.leg(of: inboundSegments, inbound: true)) }

        let source = OfferSource(
            provider: provider, reference: itinerary.id, price: Money(amount, currency),
            deepLink: itinerary.deepLink.flatMap { URL(string: $0) }, retrievedAt: retrievedAt,
            seatsLeft: itinerary.availability?.value?.seats?.value)
        let image = itinerary.mapIdto.nonEmpty.flatMap { URL(string: "\(Self.kiwiImageBase)\($0).jpg") }
        self.init(
            id: StableIdentifier.make(
                prefix: provider.rawValue, itinerary.contentKey(price: amount, currency: currency)),
            product: .flight(Itinerary(legs: legs)), priceBasis: .total, source: source, imageURL: image)
    }
}

extension KiwiItinerary {
    /// What identifies the trip itself: every segment's carrier, flight number, airports, times and
    /// direction, then the destination and the price. Kiwi's per-request ids are left out.
    func contentKey(price: Decimal, currency: CurrencyCode) -> [String] {
        var parts = route.map { segment in
            [
                segment.airline, segment.flightNumber?.text ?? "", segment.flyFrom, segment.flyTo,
                segment.dTimeUTC.map { "\($0.value)" } ?? "", segment.dTime.map { "\($0.value)" } ?? "",
                segment.isInbound ? "1" : "0",
            ].joined(separator: "/")
        }
        parts.append(cityCodeTo ?? "")
        parts.append("\(price) \(currency)")
        return parts
    }

    /// Builds one direction of the trip from its segments.
    ///
    /// Kiwi states the trip's two ends (city codes, countries and, for the outbound leg, times) once on
    /// the itinerary and not always on the segments, so a leg's first and last segments fall back on
    /// them. The inbound leg runs the other way: it starts where the itinerary's destination is.
    /// - Parameters:
    ///   - segments: the leg's segments in flight order; not empty.
    ///   - inbound: whether this is the way back.
    /// - Returns: the leg, with Kiwi's stated duration when positive, else one derived from UTC times.
    func leg(of segments: [KiwiSegment], inbound: Bool) -> Leg {
        let startCity = inbound ? cityCodeTo : cityCodeFrom
        let endCity = inbound ? cityCodeFrom : cityCodeTo
        let startCountry = (inbound ? countryTo : countryFrom)?.value?.code
        let endCountry = (inbound ? countryFrom : countryTo)?.value?.code
        let lastIndex = segments.count - 1
        let mapped = segments.enumerated().map { index, segment in
            let first = index == 0
            let last = index == lastIndex
            // The itinerary's own times describe the outbound leg only.
            let outboundStart = first && !inbound
            let outboundEnd = last && !inbound
            return Segment(
                carrier: Carrier(code: Optional(segment.airline).nonEmpty),
                flightNumber: segment.flightNumber?.text,
                origin: Place(
                    airport: segment.flyFrom, city: segment.cityCodeFrom.nonEmpty ?? (first ? startCity.nonEmpty : nil),
                    cityName: segment.cityFrom.nonEmpty, country: first ? startCountry.nonEmpty : nil),
                destination: Place(
                    airport: segment.flyTo, city: segment.cityCodeTo.nonEmpty ?? (last ? endCity.nonEmpty : nil),
                    cityName: segment.cityTo.nonEmpty, country: last ? endCountry.nonEmpty : nil),
                departure: Self.flightTime(
                    local: segment.dTime ?? (outboundStart ? dTime : nil),
                    utc: segment.dTimeUTC ?? (outboundStart ? dTimeUTC : nil)),
                arrival: Self.flightTime(
                    local: segment.aTime ?? (outboundEnd ? aTime : nil),
                    utc: segment.aTimeUTC ?? (outboundEnd ? aTimeUTC : nil)))
        }
        let stated = inbound ? duration?.value?.inbound?.value : duration?.value?.departure?.value
        // Kiwi writes 0 for "unknown" (and for the missing way back of a one-way trip).
        let seconds = stated?.intValue.flatMap { $0 > 0 ? Int64($0) : nil }
        return Leg(segments: mapped, duration: seconds.map { .seconds($0) })
    }

    /// Reads Kiwi's pair of times: the local one is a wall clock disguised as an epoch and is only ever
    /// turned back into a wall clock; the UTC one is a real instant.
    /// - Parameters:
    ///   - local: the local pseudo-epoch.
    ///   - utc: the UTC epoch.
    /// - Returns: the time, or `nil` when neither is known.
    static func flightTime(local: LenientNumber?, utc: LenientNumber?) -> FlightTime? {
        // A time outside the sane years is a broken value, read as unknown rather than computed with.
        let wallClock = local?.intValue.flatMap { LocalDateTime(localEpochSeconds: Int64($0)) }
        let instant = utc?.intValue.flatMap { seconds in
            LocalDateTime(localEpochSeconds: Int64(seconds)).map { _ in
                Date(timeIntervalSince1970: TimeInterval(seconds))
            }
        }
        guard wallClock != nil || instant != nil else { return nil }
        return FlightTime(local: wallClock, utc: instant)
    }
}

extension Optional where Wrapped == String {
    /// The string, or `nil` when it is missing or blank: Kiwi sends `""` where it means "unknown".
    fileprivate var nonEmpty: String? {
        guard let text = self?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}
