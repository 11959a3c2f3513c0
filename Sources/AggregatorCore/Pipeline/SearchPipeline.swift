import Foundation
import ProviderKit

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
///
/// The filter, the one stage whose work grows with the query as well as the trips, gives up when the task
/// is cancelled or the pipeline's deadline passes: the trips not judged by then are left out, and a
/// ``SearchNote/stoppedEarly(judged:of:)`` says so.
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
    ///   - runs: every provider's outcome and answer, in selection order. A caller that hands them over
    ///     (does not use them afterwards) lets the stages change the offers where they are.
    ///   - query: what was asked.
    ///   - deadline: when to give up judging trips, if ever; cancelling the task gives up too.
    /// - Returns: the result, with the outcomes as given.
    public func run(
        _ runs: consuming [ProviderRun], query: SearchQuery, until deadline: ContinuousClock.Instant? = nil
    ) -> SearchResult {
        let outcomes = runs.map(\.outcome)
        let directory = AirlineDirectory(runs.flatMap(\.response.airlines))
        // One array of offers, owned here, goes through every stage in place: a stage changes only what it
        // must and moves offers by swapping them, so no stage copies every offer into an array of its own.
        var offers = Self.takeOffers(from: &runs)
        // Wall-clock times become instants before anything compares, merges or measures them.
        LocalTimes.fill(&offers)
        var notes = PartyPricing(party: query.passengers).price(&offers)
        let converter = CurrencyConverter(rates: rates, target: query.currency)
        let outOfRange = converter.convert(&offers)
        BagPricing(bags: query.bags, party: query.passengers, converter: converter).price(&offers)
        // The airline filters, and the merge for carriers known by name alone, learn names from the carriers
        // as the providers named them: before enrichment renames them. Without airline filters or such
        // carriers no name is asked for, so none is learnt.
        let asksForAirlines = !query.airlines.isEmpty || !query.excludedAirlines.isEmpty
        let learnsNames = asksForAirlines || Self.hasCarrierKnownByName(offers)
        let carriers = learnsNames ? CarrierNames(directory: directory, offers: offers) : CarrierNames()
        directory.enrich(&offers)
        favorites.tag(&offers, directory: directory)
        OfferMerger(carriers: carriers).merge(&offers)
        let filter = OfferFilter(query: query, carriers: carriers)
        let verdicts = filter.apply(to: &offers) {
            Task.isCancelled || deadline.map { ContinuousClock.now >= $0 } == true
        }
        OfferRanker(sort: query.sort).rank(&offers)

        notes += verdicts.unknownValues.map { SearchNote.unknownValues($0.field, trips: $0.trips) }
        if let stopped = verdicts.stopped { notes.append(.stoppedEarly(judged: stopped.judged, of: stopped.of)) }
        var bagsUnknown = 0
        var unconverted = Set<CurrencyCode>()
        for index in offers.indices where !offers[index].tags.isEmpty {
            if offers[index].tags.contains(.bagFeesUnknown) { bagsUnknown += 1 }
            if offers[index].tags.contains(.unconverted) { unconverted.insert(offers[index].price.currency) }
        }
        if bagsUnknown > 0 { notes.append(.bagFeesUnknown(trips: bagsUnknown)) }
        if !outOfRange.isEmpty {
            let currencies = Set(outOfRange.map(\.currency)).sorted()
            notes.append(.pricesOutOfRange(outOfRange.count, currencies: currencies, target: query.currency))
        }
        if !unconverted.isEmpty { notes.append(.unconvertedPrices(unconverted.sorted(), ratesDate: rates.date)) }
        let matched = offers.count
        if let limit = query.limit { offers.keepFirst(limit) }
        return SearchResult(
            query: query, outcomes: outcomes, offers: offers, matched: matched, hints: verdicts.hints,
            notes: notes, rates: rates, airlines: directory)
    }

    /// Whether any flight is by a carrier known by name alone, which the merge looks up by name.
    private static func hasCarrierKnownByName(_ offers: [Offer]) -> Bool {
        // Indices rather than loops over values: reading a carrier's fields copies no whole segment.
        for offer in offers.indices {
            guard case .flight(let itinerary) = offers[offer].product else { continue }
            for leg in itinerary.legs.indices {
                let segments = itinerary.legs[leg].segments
                for segment in segments.indices where segments[segment].carrier.code == nil {
                    if segments[segment].carrier.name != nil { return true }
                }
            }
        }
        return false
    }

    /// Every run's offers in one array, in run order. The largest run's array is taken, not copied: when the
    /// caller has handed the runs over, that array and its offers are then held here alone, and the stages
    /// change offers in place; copying an offer, or changing one that is shared, retains every reference in
    /// it. The other runs' offers are copied in around it, and their arrays let go, so that those offers too
    /// are held here alone.
    private static func takeOffers(from runs: inout [ProviderRun]) -> [Offer] {
        guard let largest = runs.indices.max(by: { runs[$0].response.offers.count < runs[$1].response.offers.count })
        else { return [] }
        var offers: [Offer] = []
        swap(&offers, &runs[largest].response.offers)
        var earlier: [Offer] = []
        for index in runs.indices where index != largest {
            var taken: [Offer] = []
            swap(&taken, &runs[index].response.offers)
            if index < largest { earlier.append(contentsOf: taken) } else { offers.append(contentsOf: taken) }
        }
        if !earlier.isEmpty { offers.insert(contentsOf: earlier, at: 0) }
        return offers
    }
}
