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
        switch offer.product {
        case .car(let car):
            let parts = [car.brand, car.model, car.plateNumber ?? "", offer.priceBasis.rawValue]
            exact = car.plateNumber == nil ? [] : ["car|" + parts.map(AirlineDirectory.fold).joined(separator: "|")]
            approximate = nil
        case .flight(let itinerary):
            let segments = itinerary.segments
            var exact: [String] = []
            let numbered = segments.allSatisfy { $0.carrier.code != nil && $0.flightNumber != nil }
            if numbered {
                exact += Self.timedKeys("flight|", segments) { Self.designator($0) }
            }
            // A codeshare sold under two marketing numbers is one flight: sellers that both state the
            // operating flight meet on it, in a namespace of its own so that it never meets a marketing key.
            let operated = segments.allSatisfy {
                $0.operatingCarrier?.code != nil && $0.operatingFlightNumber.map { !$0.isEmpty } == true
            }
            if operated {
                exact += Self.timedKeys("operated|", segments) { Self.operatingDesignator($0) }
            }
            self.exact = exact
            let approximate = segments.map { segment -> String? in
                guard let carrier = segment.carrier.identity,
                    let from = segment.origin.city ?? segment.origin.airport,
                    let to = segment.destination.city ?? segment.destination.airport,
                    let departure = segment.departure?.local
                else { return nil }
                return "\(carrier)|\(from)-\(to)@\(departure.minutesSinceEpoch)"
            }
            self.approximate =
                approximate.isEmpty || approximate.contains(where: { $0 == nil })
                ? nil : "route|" + approximate.compactMap { $0 }.joined(separator: ",")
        }
    }

    /// One key per kind of departure time every segment knows: the designators with their local minutes,
    /// then with their UTC minutes.
    private static func timedKeys(
        _ prefix: String, _ segments: [Segment], designator: (Segment) -> String
    ) -> [String] {
        let local = segments.map { segment in
            segment.departure?.local.map { "\(designator(segment))@L\($0.minutesSinceEpoch)" }
        }
        let utc = segments.map { segment in
            segment.departure?.utc.map {
                "\(designator(segment))@U\(Int64(($0.timeIntervalSince1970 / 60).rounded(.down)))"
            }
        }
        return [local, utc].filter { candidate in candidate.allSatisfy { $0 != nil } }
            .map { prefix + $0.compactMap { $0 }.joined(separator: ",") }
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
        let trimmed = number.drop(while: { $0 == "0" })
        return trimmed.isEmpty ? number : String(trimmed)
    }

    /// How much an offer tells: flight numbers, UTC times, local times, known duration.
    static func richness(of offer: Offer) -> Int {
        guard let itinerary = offer.product.itinerary else { return 0 }
        let segments = itinerary.segments
        var score = 0
        if segments.allSatisfy({ $0.flightNumber != nil }) { score += 8 }
        if segments.allSatisfy({ $0.departure?.utc != nil }) { score += 4 }
        if itinerary.duration != nil { score += 2 }
        if segments.allSatisfy({ $0.origin.airport != nil && $0.destination.airport != nil }) { score += 1 }
        return score
    }

    /// A stable id from a merge key.
    static func id(for product: Product, key: String) -> String {
        StableIdentifier.make(prefix: product.category == .cars ? "c" : "f", [key])
    }
}
