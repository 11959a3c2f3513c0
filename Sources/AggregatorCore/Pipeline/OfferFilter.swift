import Foundation

/// The query's filters, applied the same way to every merged trip, so that a provider that ignores a
/// filter on its server still gives a correct answer and a filter never drops a seller.
///
/// Filters judge trips, not sellers: they run after the merge, so a trip that passes keeps every
/// provider that sells it, dearer ones included, and the comparison stays visible.
///
/// Rules:
/// - `kind` always applies: a flight search shows only flights.
/// - origins / destinations match the first leg's origin / destination by airport or city code, any of
///   those given.
/// - the departure days match the first departure's local date; a trip without a known date does not
///   match. The return days match the second leg's local departure date.
/// - round trip keeps two-leg trips, and a one-way search keeps one-leg trips.
/// - the price cap compares the trip's cheapest converted price; an unconverted price never matches.
/// - the stop cap limits the stops on every leg.
/// - airlines keep a trip with any of them on some segment, matching a carrier by IATA code or by any
///   name the tool knows for it (see ``CarrierNames``), so a code and a name give the same trips;
///   excluded airlines drop a trip with any of them on any segment, as marketing or operating carrier.
/// - leaving out self-transfers or hidden-city fares drops trips with those tags.
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
        if !query.origins.isEmpty {
            let codes = query.origins
            conditions.append(
                Condition(field: .origin) { offer in codes.contains { offer.origin?.matches(code: $0) ?? false } })
        }
        if !query.destinations.isEmpty {
            let codes = query.destinations
            conditions.append(
                Condition(field: .destination) { offer in
                    codes.contains { offer.destination?.matches(code: $0) ?? false }
                })
        }
        if let days = query.departureDates {
            conditions.append(
                Condition(field: .departureDate) { offer in
                    offer.product.itinerary?.legs.first?.departure?.local.map { days.contains($0.date) } ?? false
                })
        }
        if let days = query.returnDates {
            conditions.append(
                Condition(field: .returnDate) { offer in
                    guard let legs = offer.product.itinerary?.legs, legs.count > 1 else { return false }
                    return legs[1].departure?.local.map { days.contains($0.date) } ?? false
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
        if !query.airlines.isEmpty {
            let matches = query.airlines.map(carriers.resolve)
            conditions.append(
                Condition(field: .airline) { offer in
                    offer.product.itinerary?.legs.contains { leg in
                        leg.segments.contains { segment in matches.contains { $0.matches(segment.carrier) } }
                    } ?? false
                })
        }
        if !query.excludedAirlines.isEmpty {
            let matches = query.excludedAirlines.map(carriers.resolve)
            conditions.append(
                Condition(field: .excludedAirline) { offer in
                    !(offer.product.itinerary?.legs.contains { leg in
                        leg.segments.contains { segment in
                            matches.contains {
                                $0.matches(segment.carrier) || segment.operatingCarrier.map($0.matches) == true
                            }
                        }
                    } ?? false)
                })
        }
        if query.excludeSelfTransfer {
            conditions.append(Condition(field: .selfTransfer) { !$0.tags.contains(.selfTransfer) })
        }
        if query.excludeHiddenCity {
            conditions.append(Condition(field: .hiddenCity) { !$0.tags.contains(.hiddenCity) })
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
