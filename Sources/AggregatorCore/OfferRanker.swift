import Foundation

/// Orders offers and labels the cheapest, fastest and best.
///
/// Rule:
/// - Offers whose price is in the search currency are ranked first; offers whose price could not be
///   converted follow, ordered among themselves, because their prices cannot be compared with the rest.
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
    public static let stopPenalty: Decimal = 0.25
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
        let converted = offers.filter(\.isConverted)
        let scores = Self.bestScores(converted)
        let measures = offers.map { offer in
            Measures(offer: offer, score: scores[offer.id])
        }
        var ranked = measures.sorted { lhs, rhs in
            if lhs.converted != rhs.converted { return lhs.converted }
            return precedes(lhs, rhs)
        }.map(\.offer)

        let rankingTags: Set<OfferTag> = [.cheapest, .fastest, .best, .multipleSources, .fewSeatsLeft]
        for index in ranked.indices {
            ranked[index].tags.subtract(rankingTags)
            if Set(ranked[index].sources.map(\.provider)).count > 1 { ranked[index].tags.insert(.multipleSources) }
            if let seats = ranked[index].seatsLeft, seats < Self.fewSeatsThreshold {
                ranked[index].tags.insert(.fewSeatsLeft)
            }
        }
        let candidates = measures.filter(\.converted)
        func tagFirst(_ tag: OfferTag, by key: SortKey, where include: (Measures) -> Bool = { _ in true }) {
            let ranker = OfferRanker(sort: key)
            guard let winner = candidates.filter(include).min(by: ranker.precedes),
                let index = ranked.firstIndex(where: { $0.id == winner.offer.id })
            else { return }
            ranked[index].tags.insert(tag)
        }
        tagFirst(.cheapest, by: .price)
        tagFirst(.fastest, by: .duration) { $0.duration != nil }
        tagFirst(.best, by: .best)
        return ranked
    }

    /// The `best` score of each converted offer, by id.
    static func bestScores(_ offers: [Offer]) -> [String: Decimal] {
        guard let cheapest = offers.map(\.price.amount).min(), cheapest > 0 else { return [:] }
        let durations = offers.compactMap { $0.product.itinerary?.duration }.map(Self.seconds)
        let fastest = durations.min()
        let slowestRatio: Decimal = {
            guard let fastest, fastest > 0, let slowest = durations.max() else { return 1 }
            return slowest / fastest
        }()
        var scores: [String: Decimal] = [:]
        for offer in offers {
            var durationRatio = slowestRatio
            if let duration = offer.product.itinerary?.duration, let fastest, fastest > 0 {
                durationRatio = Self.seconds(duration) / fastest
            }
            let stops = Decimal(offer.product.itinerary?.stops ?? 0)
            scores[offer.id] = offer.price.amount / cheapest + durationRatio + stopPenalty * stops
        }
        return scores
    }

    static func seconds(_ duration: Duration) -> Decimal { Decimal(duration.components.seconds) }

    /// The values an offer is ordered by.
    struct Measures {
        let offer: Offer
        let converted: Bool
        let price: Money
        let duration: Duration?
        let departure: Int64?
        let score: Decimal?

        init(offer: Offer, score: Decimal?) {
            self.offer = offer
            converted = offer.isConverted
            price = offer.price
            duration = offer.product.itinerary?.duration
            departure = offer.product.itinerary?.legs.first?.departure?.orderingMinutes
            self.score = score
        }
    }

    /// Whether `lhs` comes before `rhs` under this ranker's key, then the tie-breaks.
    func precedes(_ lhs: Measures, _ rhs: Measures) -> Bool {
        let primary: Bool? =
            switch sort {
            case .price: Self.compare(lhs.price, rhs.price)
            case .duration: Self.compareOptional(lhs.duration, rhs.duration)
            case .departure: Self.compareOptional(lhs.departure, rhs.departure)
            case .best: Self.compareOptional(lhs.score, rhs.score)
            }
        if let primary { return primary }
        if let byPrice = Self.compare(lhs.price, rhs.price) { return byPrice }
        if let byDuration = Self.compareOptional(lhs.duration, rhs.duration) { return byDuration }
        if let byDeparture = Self.compareOptional(lhs.departure, rhs.departure) { return byDeparture }
        return lhs.offer.id < rhs.offer.id
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

    /// `nil` when equal; prices in different currencies order by currency code, then amount.
    static func compare(_ lhs: Money, _ rhs: Money) -> Bool? {
        lhs == rhs ? nil : lhs < rhs
    }
}
