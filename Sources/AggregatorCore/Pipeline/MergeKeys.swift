import Foundation

/// The keys an offer merges on. See ``OfferMerger`` for the rule.
public struct MergeKeys: Sendable, Hashable {
    /// Exact keys: one per kind of time known for every segment (local, UTC), on the marketing flights;
    /// and the same on the operating flights when every segment states its operating carrier and number.
    /// Marketing keys are empty when a segment lacks a carrier code, a flight number or a departure time.
    public var exact: [String]
    /// The approximate key, or `nil` when a segment lacks a carrier, a city or a local departure time.
    public var approximate: String?

    /// Computes an offer's keys.
    /// - Parameter offer: the offer.
    public init(offer: Offer) {
        var exact: [TripKey] = []
        Self.appendExactKeys(of: offer, to: &exact)
        self.exact = exact.map(\.text)
        approximate = Self.approximateKey(of: offer)?.text
    }

    /// Appends an offer's exact keys, as values, in the order of ``exact``.
    static func appendExactKeys(of offer: Offer, to keys: inout [TripKey]) {
        switch offer.product {
        case .car(let car):
            guard let plate = car.plateNumber else { return }
            let parts = [car.brand, car.model, plate, offer.priceBasis.rawValue]
            keys.append(.text("car|" + parts.map(AirlineDirectory.fold).joined(separator: "|")))
        case .flight(let itinerary):
            var numbered = true
            var operated = true
            var local = true
            var utc = true
            for leg in itinerary.legs {
                for segment in leg.segments {
                    if segment.carrier.code == nil || segment.flightNumber == nil { numbered = false }
                    // A codeshare sold under two marketing numbers is one flight: sellers that both state the
                    // operating flight meet on it, in a namespace of its own so that it never meets a
                    // marketing key.
                    if segment.operatingCarrier?.code == nil || segment.operatingFlightNumber?.isEmpty != false {
                        operated = false
                    }
                    if segment.departure?.local == nil { local = false }
                    if segment.departure?.utc == nil { utc = false }
                }
            }
            // Per namespace, the local key before the UTC one.
            for (namespace, stated) in [(false, numbered), (true, operated)] where stated {
                if local { keys.append(timedKey(itinerary, TripKey.TimedKind(operated: namespace, utc: false))) }
                if utc { keys.append(timedKey(itinerary, TripKey.TimedKind(operated: namespace, utc: true))) }
            }
        }
    }

    /// One key of a kind every segment has a departure time for: the designators with their minutes.
    private static func timedKey(_ itinerary: Itinerary, _ kind: TripKey.TimedKind) -> TripKey {
        var parts = TripKeyParts<TripKey.DesignatorPart>()
        for leg in itinerary.legs {
            for segment in leg.segments {
                let minutes: Int64
                if kind.utc {
                    minutes = Int64(((segment.departure?.utc?.timeIntervalSince1970 ?? 0) / 60).rounded(.down))
                } else {
                    minutes = segment.departure?.local?.minutesSinceEpoch ?? 0
                }
                let designator = kind.operated ? operatingDesignator(segment) : designator(segment)
                parts.append(TripKey.DesignatorPart(designator: designator, minutes: minutes))
            }
        }
        return .timed(kind, parts)
    }

    /// An offer's approximate key, as a value; `nil` where ``approximate`` is.
    static func approximateKey(of offer: Offer) -> TripKey? {
        guard case .flight(let itinerary) = offer.product else { return nil }
        var parts = TripKeyParts<TripKey.RoutePart>()
        var any = false
        for leg in itinerary.legs {
            for segment in leg.segments {
                guard let carrier = segment.carrier.identity,
                    let from = segment.origin.city ?? segment.origin.airport,
                    let to = segment.destination.city ?? segment.destination.airport,
                    let departure = segment.departure?.local
                else { return nil }
                parts.append(
                    TripKey.RoutePart(carrier: carrier, from: from, to: to, minutes: departure.minutesSinceEpoch))
                any = true
            }
        }
        return any ? .route(parts) : nil
    }

    /// `SU1234`, with leading zeros dropped from the number so that `0012` and `12` agree.
    static func designator(_ segment: Segment) -> String {
        (segment.carrier.code ?? "") + trimmedNumber(segment.flightNumber ?? "")
    }

    /// The operating flight's designator, such as `LH1234`.
    static func operatingDesignator(_ segment: Segment) -> String {
        (segment.operatingCarrier?.code ?? "") + trimmedNumber(segment.operatingFlightNumber ?? "")
    }

    private static func trimmedNumber(_ number: String) -> String {
        // Most numbers are ASCII digits without a leading zero: nothing to drop, nothing to copy.
        if let first = number.utf8.first, first != UInt8(ascii: "0") { return number }
        let trimmed = number.drop(while: { $0 == "0" })
        return trimmed.isEmpty ? number : String(trimmed)
    }

    /// How much an offer tells: flight numbers, UTC times, local times, known duration.
    static func richness(of offer: Offer) -> Int {
        guard case .flight(let itinerary) = offer.product else { return 0 }
        var numbered = true
        var utc = true
        var airports = true
        for leg in itinerary.legs {
            for segment in leg.segments {
                if segment.flightNumber == nil { numbered = false }
                if segment.departure?.utc == nil { utc = false }
                if segment.origin.airport == nil || segment.destination.airport == nil { airports = false }
            }
        }
        var score = 0
        if numbered { score += 8 }
        if utc { score += 4 }
        if itinerary.duration != nil { score += 2 }
        if airports { score += 1 }
        return score
    }

    /// A stable id from a merge key.
    static func id(for product: Product, key: String) -> String {
        StableIdentifier.make(prefix: product.category == .cars ? "c" : "f", [key])
    }
}
