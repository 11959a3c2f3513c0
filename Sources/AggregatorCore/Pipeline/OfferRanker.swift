import Foundation

/// Orders offers and labels the cheapest, fastest and best.
///
/// Rule:
/// - Offers whose price is in the search currency are ranked first; offers whose price could not be
///   converted follow, ordered among themselves, because their prices cannot be compared with the rest.
/// - When ordering by `price` or `best`, trips tagged ``OfferTag/bagFeesUnknown`` (bags asked, fees
///   unknown: the price is the ticket alone) follow the converted trips whose total is known, for the same
///   reason; `duration` and `departure` do not look at prices, so they do not move them.
/// - `price`: lower headline price first. `duration`: shorter first, unknown last. `departure`: earlier
///   first (UTC instant where known, else the local wall clock), unknown last. `best`: lower score first,
///   where `score = price / cheapest price + duration / shortest duration + 0.25 × stops` over the
///   converted offers; an unknown duration counts as the longest known one (ratio of the slowest offer),
///   so missing data never wins.
/// - Ties are broken by price, then duration, then departure, then id, so output is deterministic.
/// - Tags: `cheapest`, `fastest` and `best` go to the first offer in that order among the converted
///   offers (`fastest` only where a duration is known); `multiple_sources` to offers sold by two or more
///   providers; `few_seats_left` where fewer than 10 seats are left.
public struct OfferRanker: Sendable {
    /// The weight of one stop in the `best` score.
    public static let stopPenalty = 0.25
    /// Below this many seats an offer is tagged `few_seats_left`.
    public static let fewSeatsThreshold = 10

    /// The sort key.
    public let sort: SortKey

    /// Creates a ranker.
    /// - Parameter sort: the order to produce.
    public init(sort: SortKey) { self.sort = sort }

    /// Ranks and tags offers.
    /// - Parameter offers: merged, converted offers.
    /// - Returns: the offers in order, with ranking tags set.
    public func rank(_ offers: [Offer]) -> [Offer] {
        let measures = Self.measure(offers)
        let order = measures.indices.sorted { precedes(measures[$0], measures[$1]) }
        var ranked = order.map { offers[$0] }
        var position = [Int](repeating: 0, count: order.count)
        for (rank, original) in order.enumerated() { position[original] = rank }

        let rankingTags: Set<OfferTag> = [.cheapest, .fastest, .best, .multipleSources, .fewSeatsLeft]
        for index in ranked.indices {
            ranked[index].tags.subtract(rankingTags)
            let providers = ranked[index].sources.map(\.provider)
            if let first = providers.first, providers.contains(where: { $0 != first }) {
                ranked[index].tags.insert(.multipleSources)
            }
            if let seats = ranked[index].seatsLeft, seats < Self.fewSeatsThreshold {
                ranked[index].tags.insert(.fewSeatsLeft)
            }
        }
        func tagFirst(_ tag: OfferTag, by key: SortKey, where include: (Measures) -> Bool = { _ in true }) {
            let ranker = OfferRanker(sort: key)
            var winner: Int?
            for index in measures.indices where measures[index].converted && include(measures[index]) {
                if let current = winner, !ranker.precedes(measures[index], measures[current]) { continue }
                winner = index
            }
            if let winner { ranked[position[winner]].tags.insert(tag) }
        }
        tagFirst(.cheapest, by: .price)
        tagFirst(.fastest, by: .duration) { $0.duration != nil }
        tagFirst(.best, by: .best)
        return ranked
    }

    /// The values each offer is ordered by, computed once so that sorting compares plain numbers.
    static func measure(_ offers: [Offer]) -> [Measures] {
        let converted = offers.filter(\.isConverted)
        let cheapest = converted.map { Self.number($0.price.amount) }.min() ?? 0
        let durations = converted.compactMap { $0.product.itinerary?.duration.map(Self.seconds) }
        let fastest = durations.min() ?? 0
        // An unknown duration counts as the slowest known one, so missing data never wins.
        let slowestRatio = fastest > 0 ? (durations.max() ?? fastest) / fastest : 1
        return offers.map { offer in
            let itinerary = offer.product.itinerary
            let duration = itinerary?.duration.map(Self.seconds)
            let price = Self.number(offer.price.amount)
            var score: Double? = nil
            if offer.isConverted, cheapest > 0 {
                let durationRatio = duration.map { fastest > 0 ? $0 / fastest : 1 } ?? slowestRatio
                score = price / cheapest + durationRatio + stopPenalty * Double(itinerary?.stops ?? 0)
            }
            return Measures(
                id: offer.id, converted: offer.isConverted, totalKnown: !offer.tags.contains(.bagFeesUnknown),
                currency: offer.price.currency.rawValue, price: price, duration: duration,
                departure: itinerary?.legs.first?.departure?.orderingMinutes, score: score)
        }
    }

    static func seconds(_ duration: Duration) -> Double { Double(duration.components.seconds) }

    static func number(_ amount: Decimal) -> Double { NSDecimalNumber(decimal: amount).doubleValue }

    /// The values an offer is ordered by. Prices become `Double` for speed: two prices with a few decimal
    /// places that differ as decimals also differ as doubles, and the conversion keeps their order.
    struct Measures {
        let id: String
        let converted: Bool
        /// Whether the price includes everything asked for (no unknown bag fees).
        let totalKnown: Bool
        let currency: String
        let price: Double
        let duration: Double?
        let departure: Int64?
        let score: Double?
    }

    /// Whether `lhs` comes before `rhs`: converted prices first, then this ranker's key, then the
    /// tie-breaks. Unconverted prices order by currency before amount, as they cannot be compared.
    func precedes(_ lhs: Measures, _ rhs: Measures) -> Bool {
        if lhs.converted != rhs.converted { return lhs.converted }
        if sort == .price || sort == .best, lhs.totalKnown != rhs.totalKnown { return lhs.totalKnown }
        if !lhs.converted, lhs.currency != rhs.currency { return lhs.currency < rhs.currency }
        let primary: Bool? =
            switch sort {
            case .price: Self.compareOptional(lhs.price, rhs.price)
            case .duration: Self.compareOptional(lhs.duration, rhs.duration)
            case .departure: Self.compareOptional(lhs.departure, rhs.departure)
            case .best: Self.compareOptional(lhs.score, rhs.score)
            }
        if let primary { return primary }
        if let byPrice = Self.compareOptional(lhs.price, rhs.price) { return byPrice }
        if let byDuration = Self.compareOptional(lhs.duration, rhs.duration) { return byDuration }
        if let byDeparture = Self.compareOptional(lhs.departure, rhs.departure) { return byDeparture }
        return lhs.id < rhs.id
    }

    /// `nil` when equal; known values before unknown ones.
    static func compareOptional<T: Comparable>(_ lhs: T?, _ rhs: T?) -> Bool? {
        switch (lhs, rhs) {
        case (let left?, let right?): left == right ? nil : left < right
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): nil
        }
    }
}
