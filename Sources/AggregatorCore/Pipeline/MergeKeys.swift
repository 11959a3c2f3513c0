import Foundation

/// The keys an offer merges on. See ``OfferMerger`` for the rule.
public struct MergeKeys: Sendable, Hashable {
    /// Exact keys: one per kind of time known for every segment (local, UTC). Empty when a segment
    /// lacks a carrier code, a flight number or a departure time.
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
                let local = segments.map { segment in
                    segment.departure?.local.map { "\(Self.designator(segment))@L\($0.minutesSinceEpoch)" }
                }
                let utc = segments.map { segment in
                    segment.departure?.utc.map {
                        "\(Self.designator(segment))@U\(Int64(($0.timeIntervalSince1970 / 60).rounded(.down)))"
                    }
                }
                for candidate in [local, utc] where candidate.allSatisfy({ $0 != nil }) {
                    exact.append("flight|" + candidate.compactMap { $0 }.joined(separator: ","))
                }
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

    /// `SU1234`, with leading zeros dropped from the number so that `0012` and `12` agree.
    static func designator(_ segment: Segment) -> String {
        let number = segment.flightNumber ?? ""
        let trimmed = number.drop(while: { $0 == "0" })
        return (segment.carrier.code ?? "") + (trimmed.isEmpty ? number : String(trimmed))
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
