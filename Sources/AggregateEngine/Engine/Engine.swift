import AggregatorCore
import Foundation
import ProviderKit

/// What one process builds once and every command, tool call and request of it reuses: the connections
/// (sign-in tokens, MCP sessions, requests in flight, each public host's pace), the network below every live
/// provider, and, in a server, the aggregators made with its fixed settings.
///
/// Rules:
/// - One engine per process: ``AggregateTool`` makes it, and every ``CommandContext`` of the process carries
///   the same one, so `aggregate mcp` signs in once per token lifetime across its tool calls, as `aggregate
///   serve` does across its requests.
/// - A search made with its own settings (a command's, a tool call's) gets a new aggregator on the engine's
///   ``shared`` services; a server's searches take theirs from ``aggregators``, made with the server's settings.
package final class Engine: Sendable {
    /// The sharing of questions, budgets and observer every aggregator of the process shares.
    package let shared: SharedServices
    /// The sign-in sessions, MCP sessions and hosts' pace every aggregator of the process shares.
    package let connections: ConnectionState
    /// The aggregators a long-running server keeps between requests; `nil` outside a server.
    package let aggregators: AggregatorPool?

    /// Creates a process's engine.
    /// - Parameters:
    ///   - shared: the services every search shares; one process's own by default.
    ///   - connections: the connections every search shares; new ones by default.
    ///   - aggregators: a server's aggregators, made with its settings and these connections.
    package init(
        shared: SharedServices = SharedServices(), connections: ConnectionState = ConnectionState(),
        aggregators: AggregatorPool? = nil
    ) {
        self.shared = shared
        self.connections = connections
        self.aggregators = aggregators
    }

    /// An aggregator for one search: the server's for these providers, else a new one with the search's own
    /// settings on the process's shared services.
    /// - Parameters:
    ///   - providers: the providers, in output order.
    ///   - settings: the search's settings, used where there is no server's aggregator.
    ///   - pipeline: makes the pipeline of a new aggregator.
    /// - Returns: the aggregator.
    /// - Throws: ``AggregatorSetupError`` for a selection that cannot be run (two providers with one id).
    package func aggregator(
        for providers: [any OfferProvider], settings: SearchSettings, pipeline: () -> SearchPipeline
    ) throws(AggregatorSetupError) -> Aggregator {
        if let aggregators { return try aggregators.aggregator(for: providers, pipeline: pipeline) }
        return try Aggregator(
            providers: providers, transport: URLSessionTransport(maxResponseBytes: settings.maxResponseBytes),
            settings: settings, pipeline: pipeline(), shared: shared, connections: connections)
    }
}
