import Foundation
import ProviderKit

/// One provider's part of a search: how it did, and what it answered.
public struct ProviderRun: Sendable {
    /// How it did.
    public var outcome: ProviderOutcome
    /// Its answer: offers and airline records; empty when it failed or was not asked.
    public var response: ProviderResponse
    /// Until when the answer is as fresh as the store's answers it was made of, for a live provider whose
    /// every request was answered by a stored answer, another search's, or a fetched one that was stored;
    /// `nil` when that is not known (no store or a lifetime of zero, a failure, a stale answer, a request that
    /// may not be cached, an answer that could not be stored, or a provider that is not live).
    public var freshUntil: Date?

    /// Creates a run.
    /// - Parameters:
    ///   - outcome: how the provider did.
    ///   - response: what it answered.
    public init(outcome: ProviderOutcome, response: ProviderResponse = ProviderResponse(offers: [])) {
        self.outcome = outcome
        self.response = response
    }

    /// Until when every asked provider's answer in `runs` is fresh: the earliest ``freshUntil`` of the
    /// providers that were asked; `nil` when one of them has none, or none was asked.
    /// - Parameter runs: one search's runs.
    /// - Returns: the instant, or `nil`.
    public static func freshUntil(of runs: [ProviderRun]) -> Date? {
        var earliest: Date?
        for run in runs where run.outcome.status.wasAsked {
            guard let until = run.freshUntil else { return nil }
            earliest = min(earliest ?? until, until)
        }
        return earliest
    }
}
