import Foundation
import ProviderKit

/// How searches run: the limits and places the runner needs, and the rates and favourites the
/// pipeline needs. Every field has a default that works offline on embedded samples.
public struct SearchSettings: Sendable {
    /// The whole search's time limit.
    public var deadline: Duration
    /// Each request's time limit; never longer than the deadline.
    public var requestTimeout: Duration
    /// The largest response body accepted, in bytes.
    public var maxResponseBytes: Int
    /// The exchange rates for conversion.
    public var rates: ExchangeRates
    /// Each provider's endpoint; a provider not listed uses `embedded`.
    public var endpoints: [ProviderID: Endpoint]
    /// API keys by provider, sent as each provider's descriptor says (``ProviderAuthentication``).
    public var apiKeys: [ProviderID: String]
    /// When live requests are retried.
    public var retryPolicy: RetryPolicy
    /// Where live answers are kept; `nil` keeps none.
    public var cache: ResponseCache?
    /// Whether live providers answer from the cache only.
    public var offline: Bool
    /// The user's favourite airlines: IATA codes or names (see ``FavoriteCarriers``); offers on
    /// them are tagged ``OfferTag/favorite``.
    public var favoriteCarriers: Set<String>

    /// Creates settings.
    /// - Parameters:
    ///   - deadline: the search's time limit.
    ///   - requestTimeout: each request's time limit.
    ///   - maxResponseBytes: the body size cap.
    ///   - rates: the exchange rates.
    ///   - endpoints: endpoints by provider.
    ///   - apiKeys: API keys by provider.
    ///   - retryPolicy: when live requests are retried.
    ///   - cache: where live answers are kept.
    ///   - offline: whether live providers answer from the cache only.
    ///   - favoriteCarriers: the favourite airlines.
    public init(
        deadline: Duration = .seconds(10), requestTimeout: Duration = .seconds(10), maxResponseBytes: Int = 32 << 20,
        rates: ExchangeRates = .embedded, endpoints: [ProviderID: Endpoint] = [:], apiKeys: [ProviderID: String] = [:],
        retryPolicy: RetryPolicy = .standard, cache: ResponseCache? = nil, offline: Bool = false,
        favoriteCarriers: Set<String> = []
    ) {
        self.deadline = deadline
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
        self.rates = rates
        self.endpoints = endpoints
        self.apiKeys = apiKeys
        self.retryPolicy = retryPolicy
        self.cache = cache
        self.offline = offline
        self.favoriteCarriers = favoriteCarriers
    }

    /// The endpoint a provider uses.
    /// - Parameter provider: the provider.
    /// - Returns: its endpoint, `embedded` when none is set.
    public func endpoint(of provider: ProviderID) -> Endpoint { endpoints[provider] ?? .embedded }

    /// Checks that searches can run with these settings.
    /// - Throws: ``AggregatorSetupError`` for a non-positive limit, or offline without a cache.
    public func validate() throws(AggregatorSetupError) {
        guard deadline > .zero, requestTimeout > .zero else { throw AggregatorSetupError(.nonPositiveTimeLimit) }
        guard maxResponseBytes > 0 else { throw AggregatorSetupError(.nonPositiveSizeCap) }
        guard !offline || cache != nil else { throw AggregatorSetupError(.offlineWithoutCache) }
    }
}
