import Foundation

/// Turns the providers' answers into one ranked result: a pure function of the answers and the query,
/// with no I/O, so that it can be tested and benchmarked without providers.
///
/// Stages, in this order, each a plain type with its rule in its own doc comment:
/// 1. **Party** (``PartyPricing``): per-person prices become totals for the party's seats, with notes for
///    what they cannot cover (lap infants) and for prices stated for another party.
/// 2. **Convert** (``CurrencyConverter``): every source's price into the query's currency; a price with
///    no sensible amount in it is left out, with a note.
/// 3. **Bags** (``BagPricing``): with checked bags asked for, each source's converted price includes its
///    bag fees for the party, or the offer is tagged as having unknown fees. Prices are now comparable:
///    the same party, the same currency, the same bags.
/// 4. **Enrich** (``AirlineDirectory``, ``FavoriteCarriers``): the airline records every provider
///    delivered, in provider order, fill the offers' carriers and tag inactive ones; then favourite
///    carriers are tagged.
/// 5. **Merge** (``OfferMerger``): one trip per physical trip (per operating flight for codeshares whose
///    sellers state it), listing every seller.
/// 6. **Filter** (``OfferFilter``): the query's filters judge merged trips, so a trip that passes keeps
///    every seller and its price is the honest cheapest; an airline matches by code or by any known name
///    (``CarrierNames``). A trip whose value for a filter is unknown does not pass it, and a note says
///    how many were left out so.
/// 7. **Rank** (``OfferRanker``): order and tags.
/// 8. **Limit**: the first trips the query asks for.
///
/// When the filters leave nothing, the result carries ``FilterHint``s computed on the same merged trips.
public struct SearchPipeline: Sendable {
    /// The exchange rates for conversion.
    public let rates: ExchangeRates
    /// The user's favourite airlines.
    public let favorites: FavoriteCarriers

    /// Creates a pipeline.
    /// - Parameters:
    ///   - rates: the exchange rates.
    ///   - favorites: the favourite airlines.
    public init(rates: ExchangeRates = .embedded, favorites: FavoriteCarriers = FavoriteCarriers([])) {
        self.rates = rates
        self.favorites = favorites
    }

    /// Runs the stages.
    /// - Parameters:
    ///   - runs: every provider's outcome and answer, in selection order.
    ///   - query: what was asked.
    /// - Returns: the result, with the outcomes as given.
    public func run(_ runs: [ProviderRun], query: SearchQuery) -> SearchResult {
        let party = PartyPricing(party: query.passengers).price(runs.flatMap(\.response.offers))
        let converter = CurrencyConverter(rates: rates, target: query.currency)
        let (convertedOffers, outOfRange) = converter.convertReportingOutOfRange(party.offers)
        let converted = BagPricing(bags: query.bags, party: query.passengers, converter: converter)
            .price(convertedOffers)
        let directory = AirlineDirectory(runs.flatMap(\.response.airlines))
        let enriched = favorites.tag(directory.enrich(converted), directory: directory)
        let merged = OfferMerger().merge(enriched)
        let filter = OfferFilter(query: query, carriers: CarrierNames(directory: directory, offers: converted))
        let ranked = OfferRanker(sort: query.sort).rank(filter.apply(merged))
        let limited = query.limit.map { Array(ranked.prefix($0)) } ?? ranked

        var notes = party.notes
        notes += filter.unknownValues(in: merged).map { SearchNote.unknownValues($0.field, trips: $0.trips) }
        var bagsUnknown = 0
        var unconverted = Set<CurrencyCode>()
        for offer in ranked {
            if offer.tags.contains(.bagFeesUnknown) { bagsUnknown += 1 }
            if !offer.isConverted { unconverted.insert(offer.price.currency) }
        }
        if bagsUnknown > 0 { notes.append(.bagFeesUnknown(trips: bagsUnknown)) }
        if !outOfRange.isEmpty {
            let currencies = Set(outOfRange.map(\.currency)).sorted()
            notes.append(.pricesOutOfRange(outOfRange.count, currencies: currencies, target: query.currency))
        }
        if !unconverted.isEmpty { notes.append(.unconvertedPrices(unconverted.sorted(), ratesDate: rates.date)) }
        return SearchResult(
            query: query, outcomes: runs.map(\.outcome), offers: limited, matched: ranked.count,
            hints: ranked.isEmpty ? filter.hints(for: merged) : [], notes: notes, rates: rates, airlines: directory)
    }
}
