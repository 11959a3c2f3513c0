import ProviderKit

/// Where a running search stands: which providers have answered and which are still awaited. The
/// ``Aggregator`` reports it at the start and after each answer, so a display can follow.
public struct SearchProgress: Sendable, Hashable {
    /// Providers still being awaited, in selection order.
    public var pending: [ProviderID]
    /// Providers that have answered or failed, in the order they finished.
    public var answered: [ProviderID]
    /// Providers whose endpoint is a live service: the ones worth waiting on visibly.
    public var live: Set<ProviderID>

    /// Creates a progress report.
    /// - Parameters:
    ///   - pending: providers still awaited.
    ///   - answered: providers finished.
    ///   - live: providers with live endpoints.
    public init(pending: [ProviderID], answered: [ProviderID], live: Set<ProviderID>) {
        self.pending = pending
        self.answered = answered
        self.live = live
    }

    /// Moves a provider from pending to answered.
    /// - Parameter provider: the provider that finished.
    public mutating func answer(_ provider: ProviderID) {
        pending.removeAll { $0 == provider }
        answered.append(provider)
    }

    /// Whether a live provider is still awaited: only then is a progress display useful.
    public var isWaitingOnLiveProvider: Bool { pending.contains { live.contains($0) } }
}
