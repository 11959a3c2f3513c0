import ProviderKit

/// One provider's part of a search: how it did, and what it answered.
public struct ProviderRun: Sendable {
    /// How it did.
    public var outcome: ProviderOutcome
    /// Its answer: offers and airline records; empty when it failed or was not asked.
    public var response: ProviderResponse

    /// Creates a run.
    /// - Parameters:
    ///   - outcome: how the provider did.
    ///   - response: what it answered.
    public init(outcome: ProviderOutcome, response: ProviderResponse = ProviderResponse(offers: [])) {
        self.outcome = outcome
        self.response = response
    }
}
