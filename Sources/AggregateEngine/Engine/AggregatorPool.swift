import AggregatorCore
import Foundation
import ProviderKit

/// The aggregators of a long-running server, one per selection of providers, made on first use and kept:
/// an ``Aggregator`` keeps OAuth2 tokens, MCP sessions and the requests in flight between its searches, so
/// that identical searches share one upstream request and a token is fetched once, not once a request.
///
/// Rules:
/// - Every aggregator is made with the server's settings, fixed when it started (endpoints, credentials,
///   limits, the shared store, freshness and budgets) and its shared services; a request chooses only which
///   of the server's providers to ask, in what order.
/// - A selection is its providers' ids in order; the pipeline (rates, favourites) is made once, with the
///   aggregator.
/// - At most ``capacity`` aggregators are kept: making one more forgets the one used longest ago, whose
///   searches in progress finish undisturbed.
package final class AggregatorPool: @unchecked Sendable {
    /// How providers are asked, for every aggregator.
    package let settings: SearchSettings
    /// The sharing of questions, budgets and observer every aggregator shares.
    package let shared: SharedServices
    /// The sign-in sessions, MCP sessions and hosts' pace every aggregator shares.
    package let connections: ConnectionState
    /// The network below every live provider.
    package let transport: any HTTPTransport
    /// The most aggregators kept.
    package let capacity: Int
    /// The clock every aggregator dates its answers by.
    private let now: @Sendable () -> Date

    private struct Entry {
        var aggregator: Aggregator
        var lastUsed: UInt64
    }

    private let lock = NSLock()
    private var entries: [[ProviderID]: Entry] = [:]
    private var uses: UInt64 = 0

    /// Creates an empty pool.
    /// - Parameters:
    ///   - settings: the server's settings.
    ///   - shared: the services shared by every search.
    ///   - connections: the connections shared by every search.
    ///   - transport: the network.
    ///   - capacity: the most aggregators kept.
    ///   - now: the clock every aggregator dates its answers by, and judges their freshness by.
    package init(
        settings: SearchSettings, shared: SharedServices, connections: ConnectionState, transport: any HTTPTransport,
        capacity: Int = 32, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        self.shared = shared
        self.connections = connections
        self.transport = transport
        self.capacity = max(capacity, 1)
        self.now = now
    }

    /// The aggregator for a selection of providers, made with `pipeline` when there is none yet.
    /// - Parameters:
    ///   - providers: the providers, in output order.
    ///   - pipeline: makes the pipeline of a new aggregator.
    /// - Returns: the aggregator.
    /// - Throws: ``AggregatorSetupError`` for a selection that cannot be run (two providers with one id).
    package func aggregator(
        for providers: [any OfferProvider], pipeline: () -> SearchPipeline
    ) throws(AggregatorSetupError) -> Aggregator {
        let key = providers.map(\.descriptor.id)
        if let found = lock.withLock({ () -> Aggregator? in
            uses += 1
            entries[key]?.lastUsed = uses
            return entries[key]?.aggregator
        }) {
            return found
        }
        let made = try Aggregator(
            providers: providers, transport: transport, settings: settings, pipeline: pipeline(), shared: shared,
            connections: connections, now: now)
        return lock.withLock {
            // Another request may have made it meanwhile: the first one kept is the one everybody uses.
            if let existing = entries[key] { return existing.aggregator }
            if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
                entries[oldest.key] = nil
            }
            uses += 1
            entries[key] = Entry(aggregator: made, lastUsed: uses)
            return made
        }
    }

    /// How many aggregators are kept.
    package var count: Int { lock.withLock { entries.count } }
}
