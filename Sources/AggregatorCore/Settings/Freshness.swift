import ProviderKit

/// How long a kept answer may be served as it is instead of asking the service again, by provider: what lets
/// the searches of a server answer the same question once per lifetime. Zero, the default, never serves a
/// kept answer as fresh: it is read only offline or when the live request failed.
public struct Freshness: Sendable, Hashable {
    /// The lifetime of every provider's answers that has none of its own.
    public var standard: Duration
    /// Lifetimes of particular providers' answers.
    public var byProvider: [ProviderID: Duration]

    /// Creates lifetimes.
    /// - Parameters:
    ///   - standard: the lifetime of answers of providers not listed; zero by default.
    ///   - byProvider: lifetimes by provider.
    public init(standard: Duration = .zero, byProvider: [ProviderID: Duration] = [:]) {
        self.standard = max(standard, .zero)
        self.byProvider = byProvider.mapValues { max($0, .zero) }
    }

    /// How long a provider's answers stay fresh.
    /// - Parameter provider: the provider.
    /// - Returns: its lifetime.
    public func lifetime(of provider: ProviderID) -> Duration { byProvider[provider] ?? standard }

    /// How long a provider's answers stay fresh when its service keeps them for a while of its own: the
    /// provider's lifetime when one is set, else the longer of the standard one and the service's.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - serviceDefault: the service's own lifetime (``LiveService/freshFor``).
    /// - Returns: its lifetime.
    public func lifetime(of provider: ProviderID, serviceDefault: Duration) -> Duration {
        byProvider[provider] ?? max(standard, serviceDefault)
    }
}
