import Foundation
import ProviderKit

/// Orders offers and labels the cheapest, fastest and best.
///
/// Rule:
/// - Real offers first: an offer of a service's test data (tagged ``OfferTag/testMode`` by its provider) is
///   never ranked among them, but after every one, and takes no `cheapest`, `fastest` or `best` tag.
/// - Offers whose headline price is for the whole party asked come before those no seller prices for it
///   (their first source is ``OfferSource/forAnotherParty``: see ``PartyPricing``), which are tagged
///   ``OfferTag/otherParty``, since their prices cannot be compared with the party's; the `best` score's
///   cheapest and fastest are those of the offers priced for the party.
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
/// - Tags: `cheapest`, `fastest` and `best` go to the first offer in that order among the real, converted
///   offers priced for the whole party (`fastest` only where a duration is known); `multiple_sources` to offers sold by two or more
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
        var ranked = offers
        rank(&ranked)
        return ranked
    }

    /// Ranks and tags offers in place, as the returning `rank(_:)` does.
    /// - Parameter offers: merged, converted offers; in order, with ranking tags set, afterwards.
    func rank(_ offers: inout [Offer]) {
        let measures = Self.measure(offers)
        let ids = offers.map(\.id)
        // Sorting indices over plain numbers moves no offers and touches no reference counts.
        let order = measures.withElementsInPlace { measures in
            measures.indices.sorted { precedes(measures[$0], measures[$1], ids: ids) }
        }
        var position = [Int](repeating: 0, count: order.count)
        for (rank, original) in order.enumerated() { position[original] = rank }
        offers.keep(inOrder: order)

        let rankingTags: Set<OfferTag> = [.cheapest, .fastest, .best, .multipleSources, .fewSeatsLeft, .otherParty]
        for index in offers.indices {
            if !offers[index].tags.isEmpty, !offers[index].tags.isDisjoint(with: rankingTags) {
                offers[index].tags.subtract(rankingTags)
            }
            // Sources are read in place by index: taking one out of the array to look at it would copy it.
            let sources = offers[index].sources
            if sources.first?.forAnotherParty == true { offers[index].tags.insert(.otherParty) }
            if let first = sources.first?.provider, sources.indices.contains(where: { sources[$0].provider != first }) {
                offers[index].tags.insert(.multipleSources)
            }
            if let seats = Offer.seatsLeft(of: sources, headline: offers[index].price), seats < Self.fewSeatsThreshold {
                offers[index].tags.insert(.fewSeatsLeft)
            }
        }
        func tagFirst(_ tag: OfferTag, by key: SortKey, where include: (Measures) -> Bool = { _ in true }) {
            let ranker = OfferRanker(sort: key)
            var winner: Int?
            for index in measures.indices where measures[index].comparable && include(measures[index]) {
                if let current = winner, !ranker.precedes(measures[index], measures[current], ids: ids) { continue }
                winner = index
            }
            if let winner { offers[position[winner]].tags.insert(tag) }
        }
        tagFirst(.cheapest, by: .price)
        tagFirst(.fastest, by: .duration) { $0.duration != nil }
        tagFirst(.best, by: .best)
    }

    /// The values each offer is ordered by, computed once so that sorting compares plain numbers.
    static func measure(_ offers: [Offer]) -> [Measures] {
        // Unconverted currencies order by code; their ranks among the codes present order the same way.
        var present: [String] = []
        for index in offers.indices where !offers[index].isConverted {
            let currency = offers[index].price.currency.rawValue
            if !present.contains(currency) { present.append(currency) }
        }
        let currencies = present.sorted()
        // Offers are measured independently, so parts of them are measured on every core; each part also
        // finds its cheapest price and its shortest and longest durations among converted offers.
        let parts = offers.mapParts { offers in
            var part = MeasuredPart()
            part.measures.reserveCapacity(offers.indices.count)
            for index in offers.indices {
                // Stored properties, each read once: calling one of the offer type's own properties in place,
                // unless it is inlinable (as `isConverted` is), copies the whole offer first, retaining every
                // reference in it. The tags answer three questions here.
                let tags = offers[index].tags
                let converted = !tags.includes(.unconverted)
                let real = !tags.includes(.testMode)
                let sources = offers[index].sources
                let wholeParty = sources.isEmpty || !sources[0].forAnotherParty
                let price = Self.number(offers[index].price.amount)
                var duration: Double?
                var stops = 0
                var departure: Int64?
                let product = offers[index].product
                if case .flight(let itinerary) = product {
                    duration = itinerary.duration.map(Self.seconds)
                    for leg in itinerary.legs { stops = max(stops, leg.stops) }
                    departure = itinerary.legs.first?.departure?.orderingMinutes
                }
                if converted, real, wholeParty {
                    part.cheapest = min(part.cheapest ?? price, price)
                    if let duration {
                        part.fastest = min(part.fastest ?? duration, duration)
                        part.slowest = max(part.slowest ?? duration, duration)
                    }
                }
                part.measures.append(
                    Measures(
                        index: index, real: real, wholeParty: wholeParty, converted: converted,
                        totalKnown: !tags.includes(.bagFeesUnknown),
                        currency: converted ? 0 : currencies.firstIndex(of: offers[index].price.currency.rawValue) ?? 0,
                        price: price, duration: duration, departure: departure, stops: stops, score: nil))
            }
            return part
        }
        var measures = parts.count == 1 ? parts[0].measures : parts.flatMap(\.measures)
        let cheapest = parts.compactMap(\.cheapest).min()
        let fastest = parts.compactMap(\.fastest).min()
        let slowest = parts.compactMap(\.slowest).max()
        let cheapestPrice = cheapest ?? 0
        let fastestDuration = fastest ?? 0
        // An unknown duration counts as the slowest known one, so missing data never wins.
        let slowestRatio = fastestDuration > 0 ? (slowest ?? fastestDuration) / fastestDuration : 1
        guard cheapestPrice > 0 else { return measures }
        for index in measures.indices where measures[index].comparable {
            let durationRatio =
                measures[index].duration.map { fastestDuration > 0 ? $0 / fastestDuration : 1 } ?? slowestRatio
            measures[index].score =
                measures[index].price / cheapestPrice + durationRatio + stopPenalty * Double(measures[index].stops)
        }
        return measures
    }

    /// What measuring one part of the offers found.
    private struct MeasuredPart {
        var measures: [Measures] = []
        /// The cheapest price, the shortest and the longest duration among the part's converted offers.
        var cheapest: Double?
        var fastest: Double?
        var slowest: Double?
    }

    static func seconds(_ duration: Duration) -> Double { Double(duration.components.seconds) }

    static func number(_ amount: Decimal) -> Double { NSDecimalNumber(decimal: amount).doubleValue }

    /// The values an offer is ordered by: plain numbers, so that sorting copies no references. Prices
    /// become `Double` for speed: two prices with a few decimal places that differ as decimals also differ
    /// as doubles, and the conversion keeps their order.
    struct Measures {
        /// The offer's position in the ranker's input, whose id breaks the last tie.
        let index: Int
        /// Whether the offer is real, not a service's test data.
        let real: Bool
        /// Whether its headline price is for the whole party asked.
        let wholeParty: Bool
        let converted: Bool
        /// Whether the price includes everything asked for (no unknown bag fees).
        let totalKnown: Bool
        /// For an unconverted price, its currency's rank among the unconverted currencies by code.
        let currency: Int
        let price: Double
        let duration: Double?
        let departure: Int64?
        let stops: Int
        var score: Double?

        /// Whether its price can be compared with the rest: real, for the whole party, in the search currency.
        var comparable: Bool { real && wholeParty && converted }
    }

    /// Whether `lhs` comes before `rhs`: real offers first, then those priced for the whole party, then converted prices, then this ranker's key, then the
    /// tie-breaks. Unconverted prices order by currency before amount, as they cannot be compared.
    /// - Parameter ids: the offers' ids, by the measures' ``Measures/index``.
    func precedes(_ lhs: Measures, _ rhs: Measures, ids: [String]) -> Bool {
        if lhs.real != rhs.real { return lhs.real }
        if lhs.wholeParty != rhs.wholeParty { return lhs.wholeParty }
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
        return ids[lhs.index] < ids[rhs.index]
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
