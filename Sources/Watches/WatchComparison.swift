import AggregateEngine
import AggregatorCore
import Foundation
import ProviderKit

/// What changed since the last runs of a watch: the events a run reports besides its failures.
///
/// What a run is compared with is what was last known of each seller: the run before, and for a provider
/// that could not look in it, its prices from the latest of the ``lookBack`` runs before in which it
/// answered. So a seller back after a failure is no news, and a change that happened while it was away is.
///
/// Rules, each judged on converted prices in the watch's currency:
/// - `new_low`: the run's lowest price is lower than the history's lowest before it (the first run sets
///   the low and reports none).
/// - `below`: a trip's cheapest price is at or under the watch's limit, and was not when last known (on the
///   first run, every such trip).
/// - `seller_changed`: a trip known before whose cheapest seller is another now, when both sellers were
///   known before and the former could look this run.
/// - `new_seller`: a seller sells a trip it did not sell when last known, when it was known before (its
///   first answers to the watch are no news).
/// - `gone`: a trip known before that the search no longer matches at all, when every seller it had could
///   look this run.
///
/// Events come in that order; within a kind, in the order of the run's trips (cheapest first), a trip
/// gone in the order it was known.
package struct WatchComparison: Sendable {
    /// How many runs back a seller's last known prices are looked for.
    package static let lookBack = 8

    /// The watch.
    package let watch: Watch

    /// The events of a run.
    /// - Parameters:
    ///   - recent: the last runs before this one, oldest first (at most ``lookBack`` are used).
    ///   - snapshot: this run.
    /// - Returns: the events, failures not included.
    package func events(recent: [HistoryRun], snapshot: WatchSnapshot) -> [WatchEvent] {
        let current = snapshot.run
        func event(_ kind: WatchEvent.Kind) -> WatchEvent {
            WatchEvent(kind: kind, watch: watch.name, run: current.id, at: current.at)
        }
        var events: [WatchEvent] = []
        let now = TripRecords(current.prices)
        let known = Known(recent.suffix(Self.lookBack))
        let before = known.trips

        if let low = recent.last?.low, let lowest = current.cheapest, lowest.currency == low.currency, lowest < low,
            let record = current.prices.first(where: { $0.converted == lowest })
        {
            var newLow = event(.newLow)
            newLow.record = record
            newLow.previousLow = low
            events.append(newLow)
        }
        if let limit = watch.limit {
            for trip in now.order {
                guard let cheapest = now.cheapest(trip), let price = cheapest.converted, price <= limit else {
                    continue
                }
                if let earlier = before.cheapest(trip)?.converted, earlier <= limit { continue }
                var below = event(.below)
                below.record = cheapest
                below.limit = limit
                events.append(below)
            }
        }
        guard !recent.isEmpty else { return events }

        for trip in now.order {
            guard let cheapest = now.cheapest(trip), let former = before.cheapest(trip),
                former.provider != cheapest.provider, known.providers.contains(cheapest.provider),
                !snapshot.unavailable.contains(former.provider)
            else { continue }
            var changed = event(.sellerChanged)
            changed.record = cheapest
            changed.previousRecord = former
            events.append(changed)
        }
        for trip in now.order {
            let sellersBefore = Set(before.records[trip, default: []].map(\.provider))
            for record in now.records[trip, default: []]
            where !sellersBefore.contains(record.provider) && known.providers.contains(record.provider) {
                var newSeller = event(.newSeller)
                newSeller.record = record
                events.append(newSeller)
            }
        }
        for trip in before.order where !snapshot.matched.contains(trip) {
            let sellers = before.records[trip, default: []].map(\.provider)
            guard sellers.allSatisfy({ !snapshot.unavailable.contains($0) }) else { continue }
            var gone = event(.gone)
            gone.previousRecord = before.cheapest(trip)
            events.append(gone)
        }
        return events
    }

    /// What was last known of each seller: the last run's records, and for a provider that did not answer
    /// in it, its records from the latest earlier run in which it answered.
    package struct Known {
        /// The records by trip.
        package var trips = TripRecords([])
        /// The providers whose prices are known.
        package var providers: Set<ProviderID> = []

        package init(_ runs: ArraySlice<HistoryRun>) {
            guard let last = runs.last else { return }
            var records = last.prices
            providers = Set(last.providers.filter(\.status.answered).map(\.provider))
            let missing = last.providers.filter { !$0.status.answered && $0.status.wasAsked }.map(\.provider)
            for provider in missing {
                guard
                    let earlier = runs.dropLast().last(where: { run in
                        run.providers.contains { $0.provider == provider && $0.status.answered }
                    })
                else { continue }
                providers.insert(provider)
                records += earlier.prices.filter { $0.provider == provider }
            }
            trips = TripRecords(records)
        }
    }

    /// Records by trip, in the order trips first appear.
    package struct TripRecords {
        package var order: [String] = []
        package var records: [String: [PriceRecord]] = [:]

        package init(_ prices: [PriceRecord]) {
            for record in prices {
                if records[record.trip] == nil { order.append(record.trip) }
                records[record.trip, default: []].append(record)
            }
        }

        /// The trip's cheapest seller: the lowest converted price, the seller marked cheapest on a tie (then
        /// the first), or the one marked cheapest when none could be converted.
        package func cheapest(_ trip: String) -> PriceRecord? {
            let sellers = records[trip] ?? []
            let converted = sellers.filter { $0.converted != nil }
            guard let lowest = converted.compactMap(\.converted).min() else {
                return sellers.first(where: \.cheapest) ?? sellers.first
            }
            let tied = converted.filter { $0.converted == lowest }
            return tied.first(where: \.cheapest) ?? tied.first
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(watch: Watch) {
        self.watch = watch
    }
}
