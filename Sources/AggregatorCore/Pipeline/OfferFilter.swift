import Foundation

/// The query's filters, applied the same way to every provider's offers after mapping, so that a
/// provider that ignores a filter on its server still gives a correct answer.
///
/// Rules:
/// - `kind` always applies: a flight search shows only flights.
/// - `--from` / `--to` match the first leg's origin / destination by airport or city code.
/// - `--date` matches the first departure's local date; an offer without a known date does not match.
/// - `--return` matches the second leg's local departure date; `--round-trip` keeps two-leg trips and a
///   one-way search keeps one-leg trips.
/// - `--max-price` compares the converted headline price; an unconverted price never matches.
/// - `--max-stops` limits the stops on every leg.
/// - `--airline` matches any segment's carrier by IATA code or (case- and accent-insensitively) name.
/// - `--color` matches a car's colour case-insensitively.
///
/// When the filters leave nothing of a non-empty set, ``hints(for:merging:)`` says which filter, if
/// dropped, would bring offers back and how many.
public struct OfferFilter: Sendable {
    /// One named condition.
    public struct Condition: Sendable {
        /// The flag that set it, such as `--color`; used in hints.
        public var flag: String
        /// Whether an offer passes.
        public var matches: @Sendable (Offer) -> Bool
    }

    /// The conditions the query sets, in flag order.
    public let conditions: [Condition]
    private let kind: OfferCategory

    /// Builds the filter for a query.
    /// - Parameter query: the search.
    public init(query: SearchQuery) {
        kind = query.kind
        var conditions: [Condition] = []
        if let origin = query.origin {
            conditions.append(Condition(flag: "--from") { $0.origin?.matches(code: origin) ?? false })
        }
        if let destination = query.destination {
            conditions.append(Condition(flag: "--to") { $0.destination?.matches(code: destination) ?? false })
        }
        if let date = query.departureDate {
            conditions.append(
                Condition(flag: "--date") { $0.product.itinerary?.legs.first?.departure?.local?.date == date })
        }
        if let date = query.returnDate {
            conditions.append(
                Condition(flag: "--return") { offer in
                    guard let legs = offer.product.itinerary?.legs, legs.count > 1 else { return false }
                    return legs[1].departure?.local?.date == date
                })
        }
        if query.kind == .flights {
            let roundTrip = query.roundTrip
            conditions.append(
                Condition(flag: "--round-trip") { ($0.product.itinerary?.isRoundTrip ?? false) == roundTrip })
        }
        if let maxPrice = query.maxPrice {
            conditions.append(Condition(flag: "--max-price") { $0.isConverted && $0.price.amount <= maxPrice })
        }
        if let maxStops = query.maxStops {
            conditions.append(Condition(flag: "--max-stops") { ($0.product.itinerary?.stops ?? 0) <= maxStops })
        }
        if let airline = query.airline {
            let code = airline.uppercased()
            let name = Self.fold(airline)
            conditions.append(
                Condition(flag: "--airline") { offer in
                    offer.product.itinerary?.segments.contains {
                        $0.carrier.code == code || $0.carrier.name.map(Self.fold) == name
                    } ?? false
                })
        }
        if let color = query.color {
            let folded = Self.fold(color)
            conditions.append(Condition(flag: "--color") { $0.product.car?.color.map(Self.fold) == folded })
        }
        self.conditions = conditions
    }

    /// The offers that pass every condition.
    /// - Parameter offers: converted offers.
    /// - Returns: the matching offers, in input order.
    public func apply(_ offers: [Offer]) -> [Offer] {
        apply(offers, skipping: [])
    }

    /// For an empty result: each flag whose removal alone would bring offers back, with the count
    /// after merging; when no single flag does, each pair of flags.
    /// - Parameters:
    ///   - offers: the converted offers before filtering.
    ///   - merging: how offers are counted, so that a hint's number is what the user would see.
    /// - Returns: hints in flag order; empty when there is nothing to bring back.
    public func hints(for offers: [Offer], merging: ([Offer]) -> [Offer]) -> [FilterHint] {
        let ofKind = offers.filter { $0.product.category == kind }
        guard !ofKind.isEmpty, apply(offers).isEmpty else { return [] }
        // Only flags the user typed are worth suggesting; the one-way/round-trip shape is implied.
        let flags = conditions.map(\.flag).filter { $0 != "--round-trip" }
        var hints = flags.compactMap { flag -> FilterHint? in
            let count = merging(apply(offers, skipping: [flag])).count
            return count > 0 ? FilterHint(dropped: [flag], offers: count) : nil
        }
        if hints.isEmpty {
            for (index, first) in flags.enumerated() {
                for second in flags[(index + 1)...] {
                    let count = merging(apply(offers, skipping: [first, second])).count
                    if count > 0 { hints.append(FilterHint(dropped: [first, second], offers: count)) }
                }
            }
        }
        return hints
    }

    private func apply(_ offers: [Offer], skipping skipped: Set<String>) -> [Offer] {
        let active = conditions.filter { !skipped.contains($0.flag) }
        return offers.filter { offer in
            offer.product.category == kind && active.allSatisfy { $0.matches(offer) }
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
}
