import AggregateEngine
import AggregatorCore
import Foundation
import ProviderKit

/// What one run of a watch saw, ready for its history: one record per trip and seller, how each provider
/// did, and the failures to report.
///
/// Rules:
/// - The trips are those the search matched (every one: a watch's search runs without a limit), cheapest
///   first, or only the watch's one trip; at most ``maxTrips`` of them are recorded.
/// - A provider that failed, or whose answer came from the cache after its live request failed, could not
///   look: its prices are left out of the records (old prices are not this run's), it is reported as a
///   `failed` event, and nothing it sold counts as gone. Under `--offline`, cached answers are what was
///   asked for and count as answers.
/// - Each record is a seller's price as sent and converted into the watch's currency (with bag fees when
///   the watch asks for bags); the first seller left on a trip is its cheapest.
package struct WatchSnapshot: Sendable {
    /// The most trips a run records.
    package static let maxTrips = 500

    /// The run, without its low (the history works that out).
    package var run: HistoryRun
    /// Every trip the search matched, also those not recorded.
    package var matched: Set<String>
    /// The providers that could not look this run.
    package var unavailable: Set<ProviderID>
    /// One `failed` event per provider that could not look.
    package var failures: [WatchEvent]
    /// Whether any asked provider answered.
    package var anyAnswered: Bool
    /// Whether any asked provider could not look.
    package var anyFailed: Bool { !unavailable.isEmpty }
    /// Trips matched beyond ``maxTrips``, not recorded.
    package var tripsLeftOut: Int

    /// Builds the snapshot of a search.
    /// - Parameters:
    ///   - result: the search's result.
    ///   - watch: the watch.
    ///   - id: the run's id.
    ///   - at: when the run ran.
    ///   - offline: whether the watch answers from the cache by choice.
    package init(result: SearchResult, watch: Watch, id: String, at: Date, offline: Bool) {
        var unavailable = Set<ProviderID>()
        var failures: [WatchEvent] = []
        var providers: [HistoryProvider] = []
        var anyAnswered = false
        for outcome in result.outcomes where outcome.status.wasAsked {
            let liveFailed = outcome.stale && !offline && outcome.error != nil
            let failed = outcome.status.isFailure || liveFailed
            let status = failed ? outcome.error.map(ProviderOutcome.status(for:)) ?? outcome.status : outcome.status
            let message = outcome.error.map(Wording.error)
            if failed {
                unavailable.insert(outcome.provider)
                var line = message ?? status.rawValue
                if liveFailed { line += "; its cached answer was not recorded" }
                failures.append(
                    WatchEvent(
                        kind: .failed, watch: watch.name, run: id, at: at, failedProvider: outcome.provider,
                        error: line, errorCode: outcome.error?.code.rawValue ?? status.rawValue))
            } else if outcome.status.answered {
                anyAnswered = true
            }
            providers.append(
                HistoryProvider(
                    provider: outcome.provider, status: failed ? (status.isFailure ? status : .failed) : status,
                    error: failed ? message : nil, sample: outcome.sample))
        }
        var offers = result.offers
        if let trip = watch.trip { offers = offers.filter { $0.id == trip } }
        matched = Set(result.offers.map(\.id))
        tripsLeftOut = max(0, offers.count - Self.maxTrips)
        var prices: [PriceRecord] = []
        for offer in offers.prefix(Self.maxTrips) {
            let sellers = offer.sources.filter { !unavailable.contains($0.provider) }
            let tags = offer.tags.map(\.rawValue).sorted()
            for (index, source) in sellers.enumerated() {
                let converted = source.convertedPrice.flatMap { $0.currency == watch.currency ? $0 : nil }
                prices.append(
                    PriceRecord(
                        trip: offer.id, provider: source.provider, price: source.price, converted: converted,
                        cheapest: index == 0, link: source.link?.url?.absoluteString, tags: tags,
                        route: offer.routeText,
                        departure: offer.product.itinerary?.legs.first?.departure?.local?.description,
                        flights: offer.flightsText))
            }
        }
        run = HistoryRun(id: id, at: at, currency: watch.currency, low: nil, providers: providers, prices: prices)
        self.unavailable = unavailable
        self.failures = failures
        self.anyAnswered = anyAnswered
    }
}

extension WatchSnapshot {
    /// The snapshot of a run already recorded, for working out its events again.
    /// - Parameters:
    ///   - recorded: the run as the history holds it.
    ///   - unavailable: the providers that could not look.
    ///   - failures: their `failed` events.
    ///   - anyAnswered: whether any provider answered.
    package init(recorded: HistoryRun, unavailable: Set<ProviderID>, failures: [WatchEvent], anyAnswered: Bool) {
        run = recorded
        matched = Set(recorded.prices.map(\.trip))
        self.unavailable = unavailable
        self.failures = failures
        self.anyAnswered = anyAnswered
        tripsLeftOut = 0
    }
}
