import Foundation
import ProviderKit

/// Asks several providers at once and turns their answers into one ranked result: the
/// ``ProviderRunner`` (fan-out, deadline, cache, outcomes) followed by the ``SearchPipeline`` (party,
/// convert, bags, enrich, merge, filter, rank, limit; its doc comment has the rules). It composes the two
/// and does nothing else.
public struct Aggregator: Sendable {
    /// The providers to ask, in output order.
    public let providers: [any OfferProvider]
    /// How providers are asked.
    public let settings: SearchSettings
    /// What is done with their answers.
    public let pipeline: SearchPipeline
    private let runner: ProviderRunner

    /// Creates an aggregator, checking the set-up before any search.
    /// - Parameters:
    ///   - providers: the providers to ask; ids must be unique.
    ///   - transport: the network below every live provider's transport stack.
    ///   - settings: limits, endpoints, credentials, the cache.
    ///   - pipeline: the rates and favourites the answers are converted and marked with.
    ///   - shared: the sharing of questions, budget counter and observer shared with other runners; one
    ///     process's own by default.
    ///   - connections: the process's tokens, MCP sessions and hosts' pace; the aggregator's own by default.
    ///   - now: the clock for `retrievedAt`.
    /// - Throws: ``AggregatorSetupError`` for duplicate providers.
    public init(
        providers: [any OfferProvider], transport: any HTTPTransport = URLSessionTransport(),
        settings: SearchSettings = .standard, pipeline: SearchPipeline = SearchPipeline(),
        shared: SharedServices = SharedServices(), connections: ConnectionState = ConnectionState(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(AggregatorSetupError) {
        var seen = Set<ProviderID>()
        for provider in providers where !seen.insert(provider.descriptor.id).inserted {
            throw AggregatorSetupError(.duplicateProvider(provider.descriptor.id))
        }
        self.providers = providers
        self.settings = settings
        self.pipeline = pipeline
        runner = ProviderRunner(
            network: transport, settings: settings, shared: shared, connections: connections, now: now)
    }

    /// Runs a search.
    /// - Parameters:
    ///   - query: what to look for.
    ///   - progress: told which providers are still pending, once at the start and after each answer.
    /// - Returns: every provider's outcome and the ranked offers, and until when the answers they were made of
    ///   are fresh, if known. Never throws: a provider's failure is part of the result.
    public func search(
        _ query: SearchQuery, progress: (@Sendable (SearchProgress) -> Void)? = nil
    ) async -> SearchResult {
        let runs = await runner.run(providers, query: query, progress: progress)
        let freshUntil = ProviderRun.freshUntil(of: runs)
        // The pipeline gets as long again as the providers had: its work is linear in what they sent.
        var result = pipeline.run(
            consume runs, query: query, until: ContinuousClock.now.advanced(by: settings.limits.deadline))
        // A result cut short by the pipeline's deadline is this run's, not the answers'.
        let cutShort = result.notes.contains { if case .stoppedEarly = $0 { true } else { false } }
        result.freshUntil = cutShort ? nil : freshUntil
        return result
    }
}
