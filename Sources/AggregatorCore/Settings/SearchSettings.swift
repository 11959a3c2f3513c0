import Foundation
import ProviderKit

/// How the providers are asked: the limits, places and credentials the runner needs. Complete and checked
/// when created, and never changed afterwards; every field has a default that works offline on embedded
/// samples. What the pipeline needs (rates, favourites) is the ``SearchPipeline``'s, not this.
public struct SearchSettings: Sendable {
    /// The search's deadline and each request's time limit.
    public let limits: TimeLimits
    /// The largest response body accepted, in bytes.
    public let maxResponseBytes: Int
    /// Each provider's endpoint; a provider not listed uses `embedded`.
    public let endpoints: [ProviderID: Endpoint]
    /// Each provider's credentials, sent as its live service's ``SignIn`` says.
    public let credentials: [ProviderID: Credentials]
    /// When live requests are retried.
    public let retryPolicy: RetryPolicy
    /// Where live answers are kept; `nil` keeps none.
    public let cache: (any AnswerStore)?
    /// How long a kept answer is served as it is, instead of asking again: zero (the default) asks every
    /// time and reads kept answers only offline or after a failure.
    public let freshness: Freshness
    /// How many requests each provider's service may be sent in a window; a provider not listed has no
    /// budget.
    public let budgets: [ProviderID: RequestBudget]
    /// Whether live providers answer from the cache only.
    public let offline: Bool

    /// Creates settings, checking that searches can run with them.
    /// - Parameters:
    ///   - deadline: the search's time limit.
    ///   - requestTimeout: each request's time limit; the deadline when `nil`, and never longer than it.
    ///   - maxResponseBytes: the body size cap.
    ///   - endpoints: endpoints by provider.
    ///   - credentials: credentials by provider.
    ///   - retryPolicy: when live requests are retried.
    ///   - cache: where live answers are kept.
    ///   - offline: whether live providers answer from the cache only.
    ///   - freshness: how long a kept answer is served as it is.
    ///   - budgets: requests per window, by provider.
    /// - Throws: ``AggregatorSetupError`` for a non-positive limit or size cap, or offline without a cache.
    public init(
        deadline: Duration = .seconds(10), requestTimeout: Duration? = nil,
        maxResponseBytes: Int = HTTPResponse.defaultSizeCap, endpoints: [ProviderID: Endpoint] = [:],
        credentials: [ProviderID: Credentials] = [:], retryPolicy: RetryPolicy = .standard,
        cache: (any AnswerStore)? = nil, offline: Bool = false, freshness: Freshness = Freshness(),
        budgets: [ProviderID: RequestBudget] = [:]
    ) throws(AggregatorSetupError) {
        limits = try TimeLimits(deadline: deadline, requestTimeout: requestTimeout)
        guard maxResponseBytes > 0 else { throw AggregatorSetupError(.nonPositiveSizeCap) }
        guard !offline || cache != nil else { throw AggregatorSetupError(.offlineWithoutCache) }
        self.maxResponseBytes = maxResponseBytes
        self.endpoints = endpoints
        self.credentials = credentials
        self.retryPolicy = retryPolicy
        self.cache = cache
        self.offline = offline
        self.freshness = freshness
        self.budgets = budgets
    }

    /// The defaults, which need no checking.
    private init(defaults: Void) {
        limits = .standard
        maxResponseBytes = HTTPResponse.defaultSizeCap
        endpoints = [:]
        credentials = [:]
        retryPolicy = .standard
        cache = nil
        offline = false
        freshness = Freshness()
        budgets = [:]
    }

    /// The defaults: every provider on its embedded samples, ten seconds, no cache.
    public static let standard = SearchSettings(defaults: ())

    /// The whole search's time limit.
    public var deadline: Duration { limits.deadline }

    /// The endpoint a provider uses.
    /// - Parameter provider: the provider.
    /// - Returns: its endpoint, `embedded` when none is set.
    public func endpoint(of provider: ProviderID) -> Endpoint { endpoints[provider] ?? .embedded }
}
