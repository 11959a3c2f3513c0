import Foundation
import ProviderKit

/// The providers of one search side by side: how each did, and who sells the same trip for less.
///
/// Built from a ``SearchResult`` whose offers are the whole matched set — filtered, merged and ranked,
/// but not limited — so that every figure covers every matching trip; the comparison applies its own
/// limit to the shared trips.
///
/// Rules:
/// - Only converted prices (in the query's currency) for the whole party asked are compared. A source whose
///   price could not be converted is listed with its own price and left out of every cheapest, median,
///   saving and pair figure; the comparison adds a note saying so to the search's notes. A price for another
///   party (``OfferSource/forAnotherParty``) is listed and left out the same way: one adult's fare is not
///   cheaper than two adults' seats.
/// - **Per provider** (one row per outcome, in selection order): status, latency, offers returned and
///   records skipped come from its ``ProviderOutcome``; `matched` counts the matched offers it sells;
///   `cheapest` and `median` are over its converted prices on those offers; `shared` counts those that
///   another provider sells too.
/// - **Shared trips**: the offers whose sources name two or more providers. Each provider's price is
///   its cheapest for the trip (the merger keeps one source per provider). Among the converted prices,
///   the lowest and highest give `saving = highest − lowest`; `cheapest` and `dearest` name the one
///   provider at the lowest and highest price, and are `nil` when several share that price (nobody is
///   cheaper on a tie). With fewer than two converted prices there is no saving and no cheapest.
/// - **Order** of shared trips: ``Order/saving`` puts the largest saving first, trips without a saving
///   last, ties by headline price then id; ``Order/ranked`` keeps the result's order (the query's sort).
///   The limit then keeps the first trips; it never drops provider rows or pairs.
/// - **Pairs**: for every two providers (in selection order) that share at least one trip: over the
///   trips where both prices are converted, how often each is cheaper, the ties, and the median of
///   `first − second`. Pairs count every shared trip, not just the ones the limit keeps.
/// - Medians of an even count are the exact mean of the middle two. Amounts are never rounded here.
public struct SourceComparison: Sendable {
    /// How shared trips are ordered.
    public enum Order: Sendable, Hashable {
        /// Largest saving first; trips without a saving last; ties by headline price, then id.
        case saving
        /// The result's own order, which follows the query's sort.
        case ranked
    }

    /// How one provider did on the query.
    public struct ProviderSummary: Sendable, Equatable {
        /// Its status, latency, offers returned, records skipped and error.
        public var outcome: ProviderOutcome
        /// The matched offers it sells.
        public var matched: Int
        /// Its lowest converted price among those offers; `nil` when none could be converted.
        public var cheapest: Money?
        /// The median of its converted prices among those offers; `nil` when none could be converted.
        public var median: Money?
        /// Its prices among those offers that could not be converted, so were left out of the figures.
        public var unconverted: Int
        /// How many of those offers another provider sells too.
        public var shared: Int

        /// The provider.
        public var provider: ProviderID { outcome.provider }

        /// Creates a summary.
        /// - Parameters:
        ///   - outcome: the provider's outcome.
        ///   - matched: matched offers it sells.
        ///   - cheapest: its lowest converted price.
        ///   - median: the median of its converted prices.
        ///   - unconverted: prices left out for want of a rate.
        ///   - shared: offers another provider sells too.
        public init(
            outcome: ProviderOutcome, matched: Int = 0, cheapest: Money? = nil, median: Money? = nil,
            unconverted: Int = 0, shared: Int = 0
        ) {
            self.outcome = outcome
            self.matched = matched
            self.cheapest = cheapest
            self.median = median
            self.unconverted = unconverted
            self.shared = shared
        }
    }

    /// One trip sold by two or more providers, with every provider's price.
    public struct SharedTrip: Sendable, Hashable {
        /// The merged offer: the trip, its headline price and tags.
        public var offer: Offer
        /// One source per provider, cheapest first, converted prices before unconverted ones.
        public var sources: [OfferSource]
        /// The lowest converted price; `nil` with fewer than two converted prices.
        public var lowest: Money?
        /// The highest converted price; `nil` with fewer than two converted prices.
        public var highest: Money?
        /// The one provider at the lowest price; `nil` on a tie or with fewer than two converted prices.
        public var cheapest: ProviderID?
        /// The one provider at the highest price; `nil` on a tie or with fewer than two converted prices.
        public var dearest: ProviderID?
        /// `highest − lowest`, in the query's currency; `nil` with fewer than two converted prices.
        public var saving: Money?

        /// Creates a shared trip from a merged offer, working out its figures.
        /// - Parameter offer: an offer whose sources name two or more providers.
        public init(offer: Offer) {
            self.offer = offer
            var seen = Set<ProviderID>()
            // Sources come cheapest first, so the first of each provider is its best price.
            sources = offer.sources.sorted(by: OfferSource.cheaperFirst).filter { seen.insert($0.provider).inserted }
            let converted = sources.compactMap { source in source.comparedPrice.map { (source.provider, $0) } }
            guard converted.count >= 2, let low = converted.map(\.1).min(), let high = converted.map(\.1).max()
            else { return }
            lowest = low
            highest = high
            saving = Money(high.amount - low.amount, high.currency)
            let atLowest = converted.filter { $0.1 == low }
            let atHighest = converted.filter { $0.1 == high }
            cheapest = atLowest.count == 1 ? atLowest[0].0 : nil
            dearest = atHighest.count == 1 ? atHighest[0].0 : nil
        }

        /// The saving as a percentage of the highest price (exact, unrounded); `nil` without a saving.
        public var savingPercent: Decimal? {
            guard let saving, let highest, highest.amount > 0 else { return nil }
            return saving.amount / highest.amount * 100
        }

        /// Whether a source's converted price is the lowest, with at least one other price to beat or tie.
        /// - Parameter source: one of ``sources``.
        /// - Returns: `true` for every provider at the lowest converted price.
        public func isCheapest(_ source: OfferSource) -> Bool {
            guard let lowest, let price = source.comparedPrice else { return false }
            return price == lowest
        }
    }

    /// Two providers on the trips they both sell.
    public struct ProviderPair: Sendable, Hashable {
        /// The provider selected first.
        public var first: ProviderID
        /// The provider selected second.
        public var second: ProviderID
        /// Trips both sell.
        public var shared: Int
        /// Of those, trips where both prices are converted: the ones the figures below cover.
        public var compared: Int
        /// Trips where `first` is cheaper.
        public var firstCheaper: Int
        /// Trips where `second` is cheaper.
        public var secondCheaper: Int
        /// Trips where both ask the same.
        public var ties: Int
        /// The median of `first − second` over the compared trips (negative: `first` is usually cheaper);
        /// `nil` when none could be compared.
        public var medianDifference: Money?

        /// Creates a pair's figures.
        /// - Parameters:
        ///   - first: the provider selected first.
        ///   - second: the provider selected second.
        ///   - shared: trips both sell.
        ///   - compared: trips with both prices converted.
        ///   - firstCheaper: trips where `first` is cheaper.
        ///   - secondCheaper: trips where `second` is cheaper.
        ///   - ties: trips at the same price.
        ///   - medianDifference: the median of `first − second`.
        public init(
            first: ProviderID, second: ProviderID, shared: Int, compared: Int, firstCheaper: Int, secondCheaper: Int,
            ties: Int, medianDifference: Money?
        ) {
            self.first = first
            self.second = second
            self.shared = shared
            self.compared = compared
            self.firstCheaper = firstCheaper
            self.secondCheaper = secondCheaper
            self.ties = ties
            self.medianDifference = medianDifference
        }
    }

    /// The query as run, with ``SearchQuery/limit`` set to the limit applied to the shared trips.
    public var query: SearchQuery
    /// The exchange rates used.
    public var rates: ExchangeRates
    /// How the shared trips are ordered.
    public var order: Order
    /// One summary per selected provider, in selection order.
    public var providers: [ProviderSummary]
    /// The shared trips in the chosen order, after the limit.
    public var shared: [SharedTrip]
    /// How many trips are shared, before the limit.
    public var sharedTotal: Int
    /// How many offers matched the query.
    public var matched: Int
    /// Every pair of providers that share a trip, in selection order.
    public var pairs: [ProviderPair]
    /// Remarks: the search's, then the comparison's own (prices left out).
    public var notes: [SearchNote]

    /// Compares the sources of a search.
    /// - Parameters:
    ///   - result: a search run without a limit, so that its offers are every matching trip.
    ///   - order: how to order the shared trips.
    ///   - limit: how many shared trips to keep; `nil` keeps all.
    public init(_ result: SearchResult, order: Order = .saving, limit: Int? = nil) {
        query = result.query
        query.limit = limit
        rates = result.rates
        self.order = order
        matched = result.offers.count

        let selected = result.outcomes.map(\.provider)
        let others = Set(result.offers.flatMap { $0.sources.map(\.provider) }).subtracting(selected).sorted()
        let providerOrder = selected + others

        let trips = result.offers.filter { offer in Set(offer.sources.map(\.provider)).count >= 2 }
            .map(SharedTrip.init(offer:))
        sharedTotal = trips.count
        let ordered = order == .saving ? trips.sorted(by: Self.largerSavingFirst) : trips
        shared = limit.map { Array(ordered.prefix($0)) } ?? ordered

        providers = result.outcomes.map { outcome in
            Self.summary(of: outcome, offers: result.offers, currency: result.query.currency)
        }
        pairs = Self.pairs(of: trips, order: providerOrder, currency: result.query.currency)

        // The search's own notes stay: they speak of the providers and the offers, which this shows too.
        notes = result.notes
        let unconverted = result.offers.flatMap(\.sources).filter { $0.convertedPrice == nil }
        if !unconverted.isEmpty {
            let codes = Set(unconverted.map(\.price.currency)).sorted()
            notes.append(.pricesLeftOutOfComparison(unconverted.count, currencies: codes, ratesDate: result.rates.date))
        }
    }

    /// The order ``Order/saving`` describes.
    static func largerSavingFirst(_ lhs: SharedTrip, _ rhs: SharedTrip) -> Bool {
        switch (lhs.saving, rhs.saving) {
        case (let left?, let right?) where left.amount != right.amount: return left.amount > right.amount
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            if lhs.offer.price != rhs.offer.price { return lhs.offer.price < rhs.offer.price }
            return lhs.offer.id < rhs.offer.id
        }
    }

    private static func summary(
        of outcome: ProviderOutcome, offers: [Offer], currency: CurrencyCode
    )
        -> ProviderSummary
    {
        var summary = ProviderSummary(outcome: outcome)
        var prices: [Decimal] = []
        for offer in offers {
            // The merger keeps one source per provider; should an offer hold two, its cheapest counts.
            guard
                let source = offer.sources.sorted(by: OfferSource.cheaperFirst).first(where: {
                    $0.provider == outcome.provider
                })
            else { continue }
            summary.matched += 1
            if offer.sources.contains(where: { $0.provider != outcome.provider }) { summary.shared += 1 }
            if let compared = source.comparedPrice {
                prices.append(compared.amount)
            } else if source.convertedPrice == nil {
                summary.unconverted += 1
            }
        }
        summary.cheapest = prices.min().map { Money($0, currency) }
        summary.median = Statistics.median(prices).map { Money($0, currency) }
        return summary
    }

    private static func pairs(of trips: [SharedTrip], order: [ProviderID], currency: CurrencyCode) -> [ProviderPair] {
        var pairs: [ProviderPair] = []
        for (index, first) in order.enumerated() {
            for second in order.dropFirst(index + 1) {
                var shared = 0
                var differences: [Decimal] = []
                for trip in trips {
                    guard let left = trip.sources.first(where: { $0.provider == first }),
                        let right = trip.sources.first(where: { $0.provider == second })
                    else { continue }
                    shared += 1
                    if let leftPrice = left.comparedPrice, let rightPrice = right.comparedPrice {
                        differences.append(leftPrice.amount - rightPrice.amount)
                    }
                }
                guard shared > 0 else { continue }
                pairs.append(
                    ProviderPair(
                        first: first, second: second, shared: shared, compared: differences.count,
                        firstCheaper: differences.filter { $0 < 0 }.count,
                        secondCheaper: differences.filter { $0 > 0 }.count,
                        ties: differences.filter { $0 == 0 }.count,
                        medianDifference: Statistics.median(differences).map { Money($0, currency) }))
            }
        }
        return pairs
    }
}

extension OfferSource {
    /// The price a comparison weighs: the converted price, when it is for the whole party asked; `nil` for a
    /// price that could not be converted or is for another party.
    var comparedPrice: Money? { forAnotherParty ? nil : convertedPrice }
}
