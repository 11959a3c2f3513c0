import Foundation
import ProviderKit

/// The transport one provider's live requests go through in one search, built from the settings:
///
/// ```
/// size cap ─► cache (record or replay) ─► credentials ─► retries ─► network
/// ```
///
/// The cache sits above the credentials, so a key is never part of a cache key or a file; the size cap
/// sits on top, so a cached entry is held to the same cap as a live answer.
struct TransportStack {
    /// The top of the stack, for the provider's client.
    let transport: any HTTPTransport
    /// The cache stage, when the settings have a cache.
    let cache: CachingTransport?

    /// Builds the stack.
    /// - Parameters:
    ///   - network: the bottom of the stack.
    ///   - descriptor: the provider, for its id and how it takes a key.
    ///   - settings: retries, keys, cache and size cap.
    ///   - replay: whether to answer from the cache only.
    ///   - deadline: the instant no retry waits past; `nil` bounds waits by each request's timeout.
    ///   - now: the clock.
    init(
        network: any HTTPTransport, descriptor: ProviderDescriptor, settings: SearchSettings, replay: Bool,
        deadline: ContinuousClock.Instant?, now: @escaping @Sendable () -> Date
    ) {
        var transport: any HTTPTransport = RetryingTransport(
            network, policy: settings.retryPolicy, deadline: deadline, now: now)
        if descriptor.authentication.takesKey, let key = settings.apiKeys[descriptor.id] {
            transport = CredentialTransport(transport, authentication: descriptor.authentication, key: key)
        }
        if let store = settings.cache {
            let stage = CachingTransport(
                transport, cache: store, provider: descriptor.id, mode: replay ? .replay : .record,
                maxBytes: settings.maxResponseBytes, now: now)
            cache = stage
            transport = stage
        } else {
            cache = nil
        }
        self.transport = SizeLimitedTransport(transport, maxBytes: settings.maxResponseBytes)
    }
}
