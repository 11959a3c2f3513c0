import Foundation
import ProviderKit

/// The query's filters, applied the same way to every merged trip, so that a provider that ignores a
/// filter on its server still gives a correct answer and a filter never drops a seller.
///
/// Filters judge trips, not sellers: they run after the merge, so a trip that passes keeps every
/// provider that sells it, dearer ones included, and the comparison stays visible.
///
/// Rules:
/// - `kind` always applies: a flight search shows only flight itineraries and trips by train, bus or ferry
///   (never cars), a car search only cars.
/// - the modes keep a trip whose every segment travels by one of them (``SearchQuery/modes``; none given keeps
///   every mode).
/// - origins / destinations match the first leg's origin / destination by airport or city code, any of
///   those given.
/// - the departure days match the first departure's local date; the return days match the second leg's
///   local departure date. A trip without a known date does not match; it is not counted as unknown,
///   because the provider that sent it is already noted as unable to honour dates.
/// - round trip keeps two-leg trips, and a one-way search keeps one-leg trips.
/// - the price cap compares the trip's headline price, which includes the bag fees asked for (see
///   ``BagPricing``); an unconverted price never matches. A trip tagged ``OfferTag/bagFeesUnknown`` has an
///   unknown total: it is left out as unknown, unless its ticket alone already exceeds the cap.
/// - the stop cap limits the stops on every leg.
/// - airlines keep a trip with any of them on some segment, matching a carrier by IATA code or by any
///   name the tool knows for it (see ``CarrierNames``), so a code and a name give the same trips;
///   excluded airlines drop a trip with any of them on any segment, as marketing or operating carrier.
/// - the time windows judge the **outbound leg** only, on the local wall clock at its airports: its first
///   departure for `departAfter`/`departBefore`, its last arrival for `arriveAfter`/`arriveBefore`, both
///   ends included and the day ignored (an arrival at 06:10 the next morning is at 06:10). On a round trip
///   the return leg is not judged by them.
/// - the duration cap compares the whole trip's duration, every leg's summed.
/// - the layover limits judge every connection between consecutive segments of a leg: from the first
///   segment's arrival to the next one's departure, measured on UTC instants, or on local times when both
///   are at the same airport (or two airports of one city, which share a clock). A direct flight has no
///   connection and passes; a connection that cannot be measured (or measures below zero or above
///   ``Leg/longestPlausibleDuration``) is unknown, unless another connection of the trip already fails.
/// - the flight-only filters judge the flights of a trip and let its other segments be: the cabin judges only
///   its flights (a trip without a flight passes it), and the hidden-city and throw-away tags are only ever on
///   flight fares, so a train or bus passes them.
/// - the cabin keeps a trip unless every segment whose cabin is known is in a lower cabin than the one
///   asked (economy < premium < business < first): a business-class search keeps a trip with an economy
///   feeder and a business long-haul flight, and drops one flown in economy throughout.
/// - leaving out self-transfers or hidden-city fares drops trips with those tags.
/// - colour matches a car's colour case- and accent-insensitively.
///
/// **Unknown values.** A trip whose value for a filter is unknown (no duration, no local time, no
/// measurable connection, no known cabin, no known bag fee under a price cap) does not pass that filter:
/// the tool never guesses that it fits. ``unknownValues(in:)`` counts, per field, the trips left out only
/// for that reason, so that the search can say so.
///
/// When the filters leave nothing of a non-empty set, ``hints(for:)`` says which field, if dropped,
/// would bring trips back and how many; a one-way search also says how many round trips would match.
public struct OfferFilter: Sendable {
    /// One condition, named by the field that sets it.
    public struct Condition: Sendable {
        /// The query field that set it.
        public var field: QueryField
        /// Whether a trip passes: `true` or `false`, or `nil` when the trip's value for this field is
        /// unknown (such a trip does not pass).
        public var judge: @Sendable (Offer) -> Bool?

        /// Creates a condition.
        /// - Parameters:
        ///   - field: the field that sets it.
        ///   - judge: the verdict on a trip, `nil` for an unknown value.
        public init(field: QueryField, judge: @escaping @Sendable (Offer) -> Bool?) {
            self.field = field
            self.judge = judge
        }

        /// Whether a trip passes: only a known value that fits does.
        /// - Parameter offer: the trip.
        /// - Returns: `true` when the condition holds.
        public func matches(_ offer: Offer) -> Bool { judge(offer) == true }
    }

    /// The conditions the query sets, in field order.
    public let conditions: [Condition]
    private let kind: OfferCategory
    private let roundTrip: Bool

    /// Builds the filter for a query.
    /// - Parameters:
    ///   - query: the search.
    ///   - carriers: the names the tool knows for carriers, for the airline filters.
    public init(query: SearchQuery, carriers: CarrierNames = CarrierNames()) {
        kind = query.kind
        roundTrip = query.roundTrip
        var conditions: [Condition] = []
        func add(_ field: QueryField, _ judge: @escaping @Sendable (Offer) -> Bool?) {
            conditions.append(Condition(field: field, judge: judge))
        }
        if !query.modes.isEmpty {
            let modes = Set(query.modes)
            add(.mode) { offer in
                offer.product.itinerary?.legs.allSatisfy { leg in leg.segments.allSatisfy { modes.contains($0.mode) } }
                    ?? false
            }
        }
        if !query.origins.isEmpty {
            let codes = query.origins
            add(.origin) { offer in codes.contains { offer.origin?.matches(code: $0) ?? false } }
        }
        if !query.destinations.isEmpty {
            let codes = query.destinations
            add(.destination) { offer in codes.contains { offer.destination?.matches(code: $0) ?? false } }
        }
        if let days = query.departureDates {
            add(.departureDate) { offer in
                offer.product.itinerary?.legs.first?.departure?.local.map { days.contains($0.date) } ?? false
            }
        }
        if let days = query.returnDates {
            add(.returnDate) { offer in
                guard let legs = offer.product.itinerary?.legs, legs.count > 1 else { return false }
                return legs[1].departure?.local.map { days.contains($0.date) } ?? false
            }
        }
        if query.kind == .flights {
            let roundTrip = query.roundTrip
            add(.roundTrip) { ($0.product.itinerary?.isRoundTrip ?? false) == roundTrip }
        }
        if let maxPrice = query.maxPrice {
            add(.maxPrice) { offer in
                guard offer.isConverted else { return false }
                if offer.price.amount > maxPrice { return false }
                return offer.tags.contains(.bagFeesUnknown) ? nil : true
            }
        }
        if let maxStops = query.maxStops {
            add(.maxStops) { ($0.product.itinerary?.stops ?? 0) <= maxStops }
        }
        // Each typed airline is resolved once, and all of them into one set of codes and names: a carrier is
        // then judged by one lookup, however many airlines were typed.
        if !query.airlines.isEmpty {
            let match = CarrierNames.Match(union: query.airlines.map(carriers.resolve))
            add(.airline) { offer in
                offer.product.itinerary?.legs.contains { leg in
                    leg.segments.contains { segment in match.matches(segment.carrier) }
                } ?? false
            }
        }
        if !query.excludedAirlines.isEmpty {
            let match = CarrierNames.Match(union: query.excludedAirlines.map(carriers.resolve))
            add(.excludedAirline) { offer in
                !(offer.product.itinerary?.legs.contains { leg in
                    leg.segments.contains { segment in
                        match.matches(segment.carrier) || segment.operatingCarrier.map(match.matches) == true
                    }
                } ?? false)
            }
        }
        let windows: [(QueryField, ClockTime?)] = [
            (.departAfter, query.departAfter), (.departBefore, query.departBefore),
            (.arriveAfter, query.arriveAfter), (.arriveBefore, query.arriveBefore),
        ]
        for case (let field, let bound?) in windows {
            let departs = field == .departAfter || field == .departBefore
            let after = field == .departAfter || field == .arriveAfter
            add(field) { offer in
                let leg = offer.product.itinerary?.legs.first
                guard let time = (departs ? leg?.departure : leg?.arrival)?.local else { return nil }
                let clock = ClockTime(of: time)
                return after ? clock >= bound : clock <= bound
            }
        }
        if let maxDuration = query.maxDuration {
            add(.maxDuration) { offer in offer.product.itinerary?.duration.map { $0 <= maxDuration } }
        }
        if let minLayover = query.minLayover {
            add(.minLayover) { offer in Self.layovers(of: offer, allSatisfy: { $0 >= minLayover }) }
        }
        if let maxLayover = query.maxLayover {
            add(.maxLayover) { offer in Self.layovers(of: offer, allSatisfy: { $0 <= maxLayover }) }
        }
        if let cabin = query.cabin {
            add(.cabin) { offer in
                let flights = offer.product.itinerary?.segments.filter { $0.mode == .flight } ?? []
                // A trip without a flight has no cabin to judge: the class of travel is a flight's.
                if flights.isEmpty, offer.product.itinerary != nil { return true }
                let known = flights.compactMap(\.cabin)
                return known.isEmpty ? nil : known.contains { $0 >= cabin }
            }
        }
        if query.excludeSelfTransfer {
            add(.selfTransfer) { !$0.tags.contains(.selfTransfer) }
        }
        if query.excludeHiddenCity {
            add(.hiddenCity) { !$0.tags.contains(.hiddenCity) }
        }
        if query.excludeThrowAway {
            add(.throwAway) { !$0.tags.contains(.throwAway) }
        }
        if let color = query.color {
            let folded = AirlineNames.fold(color)
            add(.color) { $0.product.car?.color.map(AirlineNames.fold) == folded }
        }
        self.conditions = conditions.sorted { $0.field < $1.field }
    }

    /// Whether every connection of a trip satisfies a limit: `false` as soon as one measured connection
    /// fails, `nil` when none fails but one cannot be measured.
    private static func layovers(of offer: Offer, allSatisfy fits: (Duration) -> Bool) -> Bool? {
        guard let legs = offer.product.itinerary?.legs else { return nil }
        var unknown = false
        for leg in legs {
            for (arriving, leaving) in zip(leg.segments, leg.segments.dropFirst()) {
                guard let layover = layover(from: arriving, to: leaving) else {
                    unknown = true
                    continue
                }
                if !fits(layover) { return false }
            }
        }
        return unknown ? nil : true
    }

    /// The time between landing on one segment and taking off on the next: on UTC instants when both are
    /// known, else on local times when both are at one airport or city, else unknown.
    static func layover(from arriving: Segment, to leaving: Segment) -> Duration? {
        let longest = Leg.longestPlausibleDuration
        if let landed = arriving.arrival?.utc, let off = leaving.departure?.utc {
            let seconds = off.timeIntervalSince(landed)
            guard seconds.isFinite, seconds >= 0, seconds <= Double(longest.components.seconds) else { return nil }
            return .seconds(Int64(seconds))
        }
        guard let landed = arriving.arrival?.local, let off = leaving.departure?.local,
            sameClock(arriving.destination, leaving.origin)
        else { return nil }
        // Wall-clock minutes are within the sane years, so the difference cannot overflow.
        let minutes = off.minutesSinceEpoch - landed.minutesSinceEpoch
        guard minutes >= 0, minutes * 60 <= longest.components.seconds else { return nil }
        return .seconds(minutes * 60)
    }

    /// Whether two places read the same wall clock: one airport, or two airports of one city.
    private static func sameClock(_ first: Place, _ second: Place) -> Bool {
        if let one = first.airport, let other = second.airport, one == other { return true }
        if let one = first.city, let other = second.city, one == other { return true }
        return false
    }

    /// The trips that pass every condition.
    /// - Parameter offers: merged, converted trips.
    /// - Returns: the matching trips, in input order.
    public func apply(_ offers: [Offer]) -> [Offer] {
        apply(offers, skipping: [])
    }

    /// What filtering in place found out about the trips before filtering.
    struct Verdicts {
        /// As ``unknownValues(in:)`` counts them.
        var unknownValues: [(field: QueryField, trips: Int)]
        /// As ``hints(for:)`` gives them: empty unless no trip passed.
        var hints: [FilterHint]
        /// When filtering was given up: how many trips had been judged, of how many.
        var stopped: (judged: Int, of: Int)?
    }

    /// How often a long pass looks whether it should stop: every this many trips.
    static let stopCheckInterval = 256

    /// Keeps the trips that pass every condition, in order, in one pass that also counts the unknown values;
    /// when no trip passes, the hints are computed on the trips before filtering.
    ///
    /// `shouldStop` is asked every ``stopCheckInterval`` trips (and between the hints' passes): once it says
    /// so, the trips not judged yet are left out, no hint is computed, and the verdicts say how far it got.
    /// - Parameters:
    ///   - offers: merged, converted trips; the matching ones afterwards, as ``apply(_:)`` returns.
    ///   - shouldStop: whether to give up, such as when the search was cancelled or ran out of time.
    /// - Returns: the counts of ``unknownValues(in:)`` and the hints of ``hints(for:)`` for the trips given.
    func apply(to offers: inout [Offer], until shouldStop: () -> Bool = { false }) -> Verdicts {
        // The conditions have one field each and are in field order, so counting by condition counts by field.
        var unknownCounts = [Int](repeating: 0, count: conditions.count)
        var unknown: [Int] = []
        let kind = self.kind
        let conditions = self.conditions
        var stoppedAt: Int?
        var judged = 0
        // The trips that pass gather at the front, in order, without being copied; the others follow. Once
        // told to stop, the trips not judged yet are left out.
        let kept = offers.moveToFront { trip in
            defer { judged += 1 }
            if stoppedAt != nil { return false }
            if judged % Self.stopCheckInterval == 0, shouldStop() {
                stoppedAt = judged
                return false
            }
            guard trip.product.category == kind else { return false }
            unknown.removeAll(keepingCapacity: true)
            for (position, condition) in conditions.enumerated() {
                // The first condition that fails settles both questions: the trip neither passes nor counts.
                guard let verdict = condition.judge(trip) else {
                    unknown.append(position)
                    continue
                }
                if !verdict { return false }
            }
            for position in unknown { unknownCounts[position] += 1 }
            return unknown.isEmpty
        }
        let unknownValues = conditions.indices.filter { unknownCounts[$0] > 0 }.map {
            (field: conditions[$0].field, trips: unknownCounts[$0])
        }
        // Nothing passed, so nothing moved: the trips are still as given.
        let hints = kept == 0 && stoppedAt == nil ? hints(for: offers, until: shouldStop) : []
        let total = offers.count
        offers.removeAll(from: kept)
        return Verdicts(
            unknownValues: unknownValues, hints: hints, stopped: stoppedAt.map { (judged: $0, of: total) })
    }

    /// How many trips each filter left out because their value for it is unknown: trips that fail no
    /// condition but have an unknown value for one or more (a trip unknown to two filters counts for each).
    /// - Parameter offers: the merged trips before filtering.
    /// - Returns: the count per field, in field order, for the fields that left out at least one trip.
    public func unknownValues(in offers: [Offer]) -> [(field: QueryField, trips: Int)] {
        var counts: [QueryField: Int] = [:]
        for offer in offers where offer.product.category == kind {
            var unknown: [QueryField] = []
            let fails = conditions.contains { condition in
                guard let verdict = condition.judge(offer) else {
                    unknown.append(condition.field)
                    return false
                }
                return !verdict
            }
            if !fails { for field in unknown { counts[field, default: 0] += 1 } }
        }
        return counts.sorted { $0.key < $1.key }.map { (field: $0.key, trips: $0.value) }
    }

    /// For an empty result: each field whose removal alone would bring trips back, with the count; when
    /// no single field does, each pair of fields. A one-way search that round trips would answer also gets
    /// a hint to add the round trip, first.
    /// - Parameter offers: the merged trips before filtering.
    /// - Returns: hints in field order; empty when there is nothing to bring back.
    public func hints(for offers: [Offer]) -> [FilterHint] {
        hints(for: offers, until: { false })
    }

    /// The hints, giving up (with none) as soon as `shouldStop` says so between two passes.
    private func hints(for offers: [Offer], until shouldStop: () -> Bool) -> [FilterHint] {
        let ofKind = offers.filter { $0.product.category == kind }
        guard !ofKind.isEmpty, apply(ofKind).isEmpty else { return [] }
        var hints: [FilterHint] = []
        if kind == .flights, !roundTrip {
            let roundTrips = apply(ofKind.filter { $0.product.itinerary?.isRoundTrip == true }, skipping: [.roundTrip])
            if !roundTrips.isEmpty { hints.append(FilterHint(added: [.roundTrip], offers: roundTrips.count)) }
        }
        // Only fields the user set are worth suggesting; the one-way/round-trip shape is implied.
        let fields = conditions.map(\.field).filter { $0 != .roundTrip }
        var dropped: [FilterHint] = []
        for field in fields {
            if shouldStop() { return [] }
            let count = apply(ofKind, skipping: [field]).count
            if count > 0 { dropped.append(FilterHint(dropped: [field], offers: count)) }
        }
        if dropped.isEmpty {
            for (index, first) in fields.enumerated() {
                for second in fields[(index + 1)...] {
                    if shouldStop() { return [] }
                    let count = apply(ofKind, skipping: [first, second]).count
                    if count > 0 { dropped.append(FilterHint(dropped: [first, second], offers: count)) }
                }
            }
        }
        return hints + dropped
    }

    private func apply(_ offers: [Offer], skipping skipped: Set<QueryField>) -> [Offer] {
        let active = conditions.filter { !skipped.contains($0.field) }
        return offers.filter { offer in
            offer.product.category == kind && active.allSatisfy { $0.matches(offer) }
        }
    }
}
