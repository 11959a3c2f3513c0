import Foundation

/// The query's filters, applied the same way to every merged trip, so that a provider that ignores a
/// filter on its server still gives a correct answer and a filter never drops a seller.
///
/// Filters judge trips, not sellers: they run after the merge, so a trip that passes keeps every
/// provider that sells it, dearer ones included, and the comparison stays visible.
///
/// Rules:
/// - `kind` always applies: a flight search shows only flights.
/// - origin / destination match the first leg's origin / destination by airport or city code.
/// - the departure date matches the first departure's local date; a trip without a known date does
///   not match. The return date matches the second leg's local departure date.
/// - round trip keeps two-leg trips, and a one-way search keeps one-leg trips.
/// - the price cap compares the trip's cheapest converted price; an unconverted price never matches.
/// - the stop cap limits the stops on every leg.
/// - airline matches a segment's carrier by IATA code or by any name the tool knows for it (see
///   ``CarrierNames``), so a code and a name give the same trips.
/// - colour matches a car's colour case- and accent-insensitively.
///
/// When the filters leave nothing of a non-empty set, ``hints(for:)`` says which field, if dropped,
/// would bring trips back and how many.
public struct OfferFilter: Sendable {
    /// One condition, named by the field that sets it.
    public struct Condition: Sendable {
        /// The query field that set it.
        public var field: QueryField
        /// Whether a trip passes.
        public var matches: @Sendable (Offer) -> Bool
    }

    /// The conditions the query sets, in field order.
    public let conditions: [Condition]
    private let kind: OfferCategory

    /// Builds the filter for a query.
    /// - Parameters:
    ///   - query: the search.
    ///   - carriers: the names the tool knows for carriers, for the airline filter.
    public init(query: SearchQuery, carriers: CarrierNames = CarrierNames()) {
        kind = query.kind
        var conditions: [Condition] = []
        if let origin = query.origin {
            conditions.append(Condition(field: .origin) { $0.origin?.matches(code: origin) ?? false })
        }
        if let destination = query.destination {
            conditions.append(Condition(field: .destination) { $0.destination?.matches(code: destination) ?? false })
        }
        if let date = query.departureDate {
            conditions.append(
                Condition(field: .departureDate) { $0.product.itinerary?.legs.first?.departure?.local?.date == date })
        }
        if let date = query.returnDate {
            conditions.append(
                Condition(field: .returnDate) { offer in
                    guard let legs = offer.product.itinerary?.legs, legs.count > 1 else { return false }
                    return legs[1].departure?.local?.date == date
                })
        }
        if query.kind == .flights {
            let roundTrip = query.roundTrip
            conditions.append(
                Condition(field: .roundTrip) { ($0.product.itinerary?.isRoundTrip ?? false) == roundTrip })
        }
        if let maxPrice = query.maxPrice {
            conditions.append(Condition(field: .maxPrice) { $0.isConverted && $0.price.amount <= maxPrice })
        }
        if let maxStops = query.maxStops {
            conditions.append(Condition(field: .maxStops) { ($0.product.itinerary?.stops ?? 0) <= maxStops })
        }
        if let airline = query.airline {
            let match = carriers.resolve(airline)
            conditions.append(
                Condition(field: .airline) { offer in
                    offer.product.itinerary?.legs.contains { $0.segments.contains { match.matches($0.carrier) } }
                        ?? false
                })
        }
        if let color = query.color {
            let folded = AirlineDirectory.fold(color)
            conditions.append(
                Condition(field: .color) { $0.product.car?.color.map(AirlineDirectory.fold) == folded })
        }
        self.conditions = conditions
    }

    /// The trips that pass every condition.
    /// - Parameter offers: merged, converted trips.
    /// - Returns: the matching trips, in input order.
    public func apply(_ offers: [Offer]) -> [Offer] {
        apply(offers, skipping: [])
    }

    /// For an empty result: each field whose removal alone would bring trips back, with the count; when
    /// no single field does, each pair of fields.
    /// - Parameter offers: the merged trips before filtering.
    /// - Returns: hints in field order; empty when there is nothing to bring back.
    public func hints(for offers: [Offer]) -> [FilterHint] {
        let ofKind = offers.filter { $0.product.category == kind }
        guard !ofKind.isEmpty, apply(ofKind).isEmpty else { return [] }
        // Only fields the user set are worth suggesting; the one-way/round-trip shape is implied.
        let fields = conditions.map(\.field).filter { $0 != .roundTrip }
        var hints = fields.compactMap { field -> FilterHint? in
            let count = apply(ofKind, skipping: [field]).count
            return count > 0 ? FilterHint(dropped: [field], offers: count) : nil
        }
        if hints.isEmpty {
            for (index, first) in fields.enumerated() {
                for second in fields[(index + 1)...] {
                    let count = apply(ofKind, skipping: [first, second]).count
                    if count > 0 { hints.append(FilterHint(dropped: [first, second], offers: count)) }
                }
            }
        }
        return hints
    }

    private func apply(_ offers: [Offer], skipping skipped: Set<QueryField>) -> [Offer] {
        let active = conditions.filter { !skipped.contains($0.field) }
        return offers.filter { offer in
            offer.product.category == kind && active.allSatisfy { $0.matches(offer) }
        }
    }
}
