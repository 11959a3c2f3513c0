import Foundation
import ProviderKit

extension Offer {
    /// Maps one Duffel offer to an offer.
    ///
    /// Returns `nil` for a record that was read but cannot be an honest offer: no positive price in a
    /// currency code, not one or two slices, a slice without segments, a segment without airport codes, or
    /// no departure time on the first flight. The caller counts it as skipped.
    ///
    /// The id derives from the trip's content (each segment's carriers, flight numbers, airports and local
    /// times, the cabin, each slice's fare brand, and the price), never from Duffel's `off_…` id, which is
    /// new in every answer; that id is the source's reference. Local times become instants through each
    /// airport's IANA time zone; an unknown zone leaves the instant unknown. The price covers the whole
    /// party the answer lists (the query's party when it lists none).
    /// - Parameters:
    ///   - duffel: the record.
    ///   - party: the query's party.
    ///   - provider: the id the provider runs under.
    ///   - retrievedAt: when the answer arrived.
    ///   - zones: the time zones looked up so far.
    init?(
        duffel offer: DuffelOffer, party: Passengers, provider: ProviderID, retrievedAt: Date,
        zones: inout DuffelZones
    ) {
        guard let amount = offer.totalAmount, amount.isFinite, amount > 0,
            let currency = offer.totalCurrency.flatMap(CurrencyCode.init), (1...2).contains(offer.slices.count)
        else { return nil }
        var legs: [Leg] = []
        for slice in offer.slices {
            guard let leg = slice.leg(owner: offer.owner, zones: &zones) else { return nil }
            legs.append(leg)
        }
        // Without a departure an offer can be neither dated, ranked by departure nor merged.
        guard legs.first?.departure?.local != nil else { return nil }

        let id = StableIdentifier.make(prefix: provider.rawValue, offer.contentKey(price: amount, currency: currency))
        let source = OfferSource(
            provider: provider, reference: DuffelText.reference(offer.reference) ?? id,
            price: Money(amount, currency), retrievedAt: retrievedAt, bagFees: offer.includedBags(currency: currency),
            pricedFor: offer.party ?? party)
        self.init(
            id: id, product: .flight(Itinerary(legs: legs)), priceBasis: .total, source: source,
            tags: offer.isTestAirline ? [.testMode] : [])
    }
}

extension DuffelOffer {
    /// What identifies the offer itself: every segment's carriers, numbers, airports, local times and cabin,
    /// each slice's fare brand (one flight is often sold under several brands), and the price.
    func contentKey(price: Decimal, currency: CurrencyCode) -> [String] {
        var parts: [String] = []
        for (index, slice) in slices.enumerated() {
            for segment in slice.segments {
                parts.append(
                    [
                        String(index), segment.marketingCarrier?.iataCode ?? "", segment.marketingFlightNumber ?? "",
                        segment.operatingCarrier?.iataCode ?? "", segment.operatingFlightNumber ?? "",
                        segment.origin?.iataCode ?? "", segment.destination?.iataCode ?? "", segment.departingAt ?? "",
                        segment.arrivingAt ?? "", segment.cabinClass ?? "",
                    ].joined(separator: "/"))
            }
            parts.append("brand:" + (slice.fareBrandName ?? ""))
        }
        parts.append("\(price) \(currency)")
        return parts
    }

    /// Whether the offer is Duffel's test airline's (`ZZ`, "Duffel Airways", which test mode sells next to real
    /// schedules): as its owner or on any flight. Nobody can fly it, so it is tagged ``OfferTag/testMode``.
    var isTestAirline: Bool {
        if owner?.iataCode == DuffelCarrier.testAirline { return true }
        return slices.contains { slice in
            slice.segments.contains {
                $0.marketingCarrier?.iataCode == DuffelCarrier.testAirline
                    || $0.operatingCarrier?.iataCode == DuffelCarrier.testAirline
            }
        }
    }

    /// The party the price covers, from the answer's passengers; `nil` when it lists none or a type this
    /// provider does not ask for.
    var party: Passengers? {
        guard let types = passengerTypes, !types.isEmpty, types.count <= Passengers.maximum else { return nil }
        var party = Passengers(adults: 0)
        for type in types {
            switch type {
            case "adult": party.adults += 1
            case "child": party.children += 1
            case "infant_without_seat": party.infants += 1
            default: return nil
            }
        }
        return party
    }

    /// The checked bags the fare includes for every passenger on every flight, as fees of zero; `nil` when
    /// it includes none or does not say for every flight (the fees for extra bags are not in the answer).
    func includedBags(currency: CurrencyCode) -> BagFees? {
        let allowances = slices.flatMap(\.segments).map(\.includedCheckedBags)
        guard !allowances.isEmpty, !allowances.contains(nil), let included = allowances.compactMap({ $0 }).min(),
            included > 0
        else { return nil }
        return BagFees(Dictionary(uniqueKeysWithValues: (1...included).map { ($0, Decimal(0)) }), currency: currency)
    }
}

extension DuffelSlice {
    /// One direction of the trip, with the slice's stated duration (or the only flight's), else one derived
    /// from the instants.
    /// - Parameters:
    ///   - owner: the airline selling the offer, whose name serves a carrier that has only a code.
    ///   - zones: the time zones looked up so far.
    /// - Returns: the leg, or `nil` when a segment cannot be mapped.
    func leg(owner: DuffelCarrier?, zones: inout DuffelZones) -> Leg? {
        guard !segments.isEmpty else { return nil }
        var mapped: [Segment] = []
        for segment in segments {
            guard let flight = segment.segment(owner: owner, zones: &zones) else { return nil }
            mapped.append(flight)
        }
        let stated =
            ServiceTime.duration(duration) ?? (segments.count == 1 ? ServiceTime.duration(segments[0].duration) : nil)
        return Leg(segments: mapped, duration: stated)
    }
}

extension DuffelSegment {
    /// The flight, or `nil` without valid airport codes.
    func segment(owner: DuffelCarrier?, zones: inout DuffelZones) -> Segment? {
        guard let origin = origin?.place, let destination = destination?.place else { return nil }
        let marketing = marketingCarrier?.carrier(owner: owner)
        let operating = operatingCarrier?.carrier(owner: owner)
        let number = DuffelText.flightNumber(marketingFlightNumber)
        let operatingNumber = DuffelText.flightNumber(operatingFlightNumber)
        // The operating flight is stated only for a codeshare: another carrier, or another number.
        let sameNumber =
            operatingNumber == nil
            || operatingNumber.map(DuffelText.withoutLeadingZeros) == number.map(DuffelText.withoutLeadingZeros)
        let codeshare = marketing != nil && operating != nil && (operating?.code != marketing?.code || !sameNumber)
        return Segment(
            carrier: marketing ?? operating ?? Carrier(code: nil),
            flightNumber: marketing == nil && operating != nil ? operatingNumber : number,
            origin: origin, destination: destination,
            departure: Self.time(departingAt, zone: self.origin?.timeZone, zones: &zones),
            arrival: Self.time(arrivingAt, zone: self.destination?.timeZone, zones: &zones),
            operatingCarrier: codeshare ? operating : nil, operatingFlightNumber: codeshare ? operatingNumber : nil,
            cabin: DuffelSearchPlan.cabin(cabinClass))
    }

    /// A local time and, when the airport's zone is known, its instant.
    private static func time(_ text: String?, zone name: String?, zones: inout DuffelZones) -> FlightTime? {
        guard let local = LocalDateTime(wallClockOf: text) else { return nil }
        return FlightTime(local: local, utc: zones.zone(named: name).map { LocalTimes.instant(of: local, in: $0) })
    }
}

extension DuffelAirport {
    /// The place, or `nil` without a valid IATA airport code.
    var place: Place? {
        guard let airport = DuffelText.code(iataCode, length: 3, digits: false) else { return nil }
        return Place(
            airport: airport, city: DuffelText.code(iataCityCode, length: 3, digits: false),
            cityName: DuffelText.name(cityName), country: DuffelText.code(countryCode, length: 2, digits: false))
    }
}

extension DuffelCarrier {
    /// The carrier: a valid IATA code and a name; `nil` with neither.
    func carrier(owner: DuffelCarrier?) -> Carrier? {
        let code = DuffelText.code(iataCode, length: 2, digits: true)
        let ownName = DuffelText.name(name)
        let ownersName =
            code != nil && DuffelText.code(owner?.iataCode, length: 2, digits: true) == code
            ? DuffelText.name(owner?.name) : nil
        let name = ownName ?? ownersName
        guard code != nil || name != nil else { return nil }
        return Carrier(code: code, name: name)
    }
}

/// Text from Duffel made fit for an offer: codes and flight numbers checked for their form, names kept as
/// sent.
///
/// An answer repeats the same few codes and names in every offer, so the checks work on the UTF-8 bytes
/// without a Foundation round trip per value.
enum DuffelText {
    /// An IATA code: `length` ASCII letters (and digits, for airlines), upper-cased; `nil` for anything else.
    static func code(_ text: String?, length: Int, digits: Bool) -> String? {
        guard let text, text.utf8.count == length,
            text.utf8.allSatisfy({ isLetter($0) || (digits && isDigit($0)) })
        else { return nil }
        return text.utf8.allSatisfy({ !(0x61...0x7A).contains($0) }) ? text : text.uppercased()
    }

    /// A flight number: one to five ASCII digits or upper-case letters, starting with a digit (`1815`,
    /// `0395`, `123A`).
    static func flightNumber(_ text: String?) -> String? {
        guard let text, (1...5).contains(text.utf8.count), let first = text.utf8.first, isDigit(first),
            text.utf8.allSatisfy({ isDigit($0) || (0x41...0x5A).contains($0) })
        else { return nil }
        return text
    }

    /// `0395` and `395` name one flight.
    static func withoutLeadingZeros(_ number: String) -> String {
        let trimmed = number.drop(while: { $0 == "0" })
        return trimmed.isEmpty ? number : String(trimmed)
    }

    /// A display name from the answer, kept as sent but for white space at either end; `nil` when blank.
    /// The writing layer makes it safe for a terminal, and JSON carries it escaped without loss.
    static func name(_ text: String?) -> String? {
        text?.nonBlank
    }

    /// Duffel's offer id as the source's reference, kept as sent like a name.
    static func reference(_ text: String?) -> String? {
        text?.nonBlank
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
