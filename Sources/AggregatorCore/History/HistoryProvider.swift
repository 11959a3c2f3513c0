import Foundation
import ProviderKit

/// How one provider did in one run of a watch, so that a gap in a seller's prices can be told from a
/// seller that stopped selling.
public struct HistoryProvider: Sendable, Hashable {
    /// The provider.
    public var provider: ProviderID
    /// How it did.
    public var status: ProviderOutcome.Status
    /// Its error in one line, when it failed.
    public var error: String?
    /// Whether its prices were samples, and of which kind.
    public var sample: SampleAnswer?

    /// Creates an entry.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - status: how it did.
    ///   - error: its error in one line.
    ///   - sample: whether its prices were samples.
    public init(provider: ProviderID, status: ProviderOutcome.Status, error: String? = nil, sample: SampleAnswer? = nil)
    {
        self.provider = provider
        self.status = status
        self.error = error
        self.sample = sample
    }
}
