import Foundation
import ProviderKit

/// Everything a search produced: each provider's outcome and the ranked offers.
public struct SearchResult: Sendable {
    /// The query as run.
    public var query: SearchQuery
    /// One outcome per selected provider, in selection order.
    public var outcomes: [ProviderOutcome]
    /// The ranked offers, after the limit.
    public var offers: [Offer]
    /// How many offers matched before the limit.
    public var matched: Int
    /// When nothing matched: the filters whose removal would bring offers back.
    public var hints: [FilterHint]
    /// Remarks about the whole search.
    public var notes: [SearchNote]
    /// The exchange rates used.
    public var rates: ExchangeRates
    /// The airline records the providers delivered: what enriched the offers, and the answer to an
    /// ``OfferCategory/airlineDirectory`` search.
    public var airlines: AirlineDirectory
    /// Until when every provider's answer is as fresh as the store's answers it was made of, so that the
    /// same search would give the same result (``ProviderRun/freshUntil(of:)``); `nil` when that is not known.
    public var freshUntil: Date?

    /// Creates a result.
    /// - Parameters:
    ///   - query: the query.
    ///   - outcomes: per-provider outcomes.
    ///   - offers: ranked offers.
    ///   - matched: offers before the limit.
    ///   - hints: empty-result hints.
    ///   - notes: remarks.
    ///   - rates: the rates used.
    ///   - airlines: the airline records delivered.
    public init(
        query: SearchQuery, outcomes: [ProviderOutcome], offers: [Offer], matched: Int, hints: [FilterHint] = [],
        notes: [SearchNote] = [], rates: ExchangeRates, airlines: AirlineDirectory = AirlineDirectory()
    ) {
        self.query = query
        self.outcomes = outcomes
        self.offers = offers
        self.matched = matched
        self.hints = hints
        self.notes = notes
        self.rates = rates
        self.airlines = airlines
    }

    /// Whether every asked provider answered, some did, or none did. A directory asked to enrich
    /// others' offers counts like any provider the user selected: when it fails, the offers lack its
    /// details. A provider whose live request failed and whose cached answer stood in did answer, but
    /// not fully: it makes the result partial.
    public var completeness: Completeness {
        let asked = outcomes.filter(\.status.wasAsked)
        let answered = asked.filter { $0.status.answered }
        if answered.isEmpty { return .none }
        let fresh = answered.filter { $0.error == nil }
        return fresh.count == asked.count ? .complete : .partial
    }

    /// How many of the asked providers answered.
    public enum Completeness: Sendable, Hashable {
        /// Every provider that was asked answered.
        case complete
        /// Some answered, some failed or answered only from the cache after failing.
        case partial
        /// None answered.
        case none
    }
}
