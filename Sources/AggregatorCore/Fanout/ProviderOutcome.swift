import Foundation
import ProviderKit

/// How one provider did in one search: whether it answered, how many offers it returned, how many
/// records it skipped, how long it took, and why it failed.
public struct ProviderOutcome: Sendable, Equatable {
    /// The provider's result, as a stable string for programs.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// It answered with offers.
        case ok
        /// It answered, with no offers.
        case noResults = "no_results"
        /// It cannot answer this kind of query, so it was not asked.
        case unsupported
        /// The query lacks a field it cannot search without, so it was not asked.
        case notAsked = "not_asked"
        /// It did not answer before the deadline.
        case timeout
        /// It refused because of rate limiting.
        case rateLimited = "rate_limited"
        /// Its public service turned the request away as a bot's (a bot wall's page instead of an answer).
        case blocked
        /// It failed for another reason; see the error.
        case failed

        /// Whether the provider answered (with or without offers).
        public var answered: Bool { self == .ok || self == .noResults }
        /// Whether the provider was asked and did not answer.
        public var isFailure: Bool {
            self == .timeout || self == .rateLimited || self == .blocked || self == .failed
        }
        /// Whether the provider was asked at all.
        public var wasAsked: Bool { self != .unsupported && self != .notAsked }
    }

    /// The provider.
    public var provider: ProviderID
    /// What happened.
    public var status: Status
    /// Offers it returned, before the query's filters.
    public var offerCount: Int
    /// Records in its response that could not be mapped.
    public var skipped: Int
    /// Records in its response that repeated an earlier one exactly and were folded into its offer
    /// (``ProviderResponse/repeats``): read, not skipped.
    public var repeats: Int
    /// Why its answer's prices are not real: it came from the embedded samples, or from the service's test
    /// mode; `nil` for real prices (live, cached or recorded answers) and for a provider that did not answer.
    public var sample: SampleAnswer?
    /// Time from asking to answer (or to the deadline).
    public var latency: Duration
    /// Why it failed, was not asked, or is unsupported; for a stale answer, why its live request failed.
    public var error: ProviderError?
    /// Remarks for the user, such as a field it cannot honour.
    public var notes: [ProviderNote]
    /// Whether the answer came from the cache rather than the live service: offline, or the fallback
    /// after a live failure (then ``error`` says why the live request failed).
    public var stale: Bool
    /// For a stale answer: when the cached answer was retrieved.
    public var retrievedAt: Date?
    /// Airline records it delivered.
    public var recordCount: Int
    /// Whether it was asked only for airline records to enrich other providers' offers (an airline
    /// directory in a flight search): it sells nothing, so the query's fields are not its concern. Its
    /// failure still makes the result partial, since the offers then lack what it was asked to add.
    public var enrichesOnly: Bool

    /// Creates an outcome.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - status: what happened.
    ///   - offerCount: offers returned.
    ///   - skipped: records skipped.
    ///   - latency: time taken.
    ///   - error: why it failed.
    ///   - notes: remarks.
    ///   - stale: whether the answer came from the cache.
    ///   - retrievedAt: when a cached answer was retrieved.
    ///   - recordCount: airline records delivered.
    ///   - enrichesOnly: whether it was asked only to enrich others' offers.
    ///   - repeats: records folded into an earlier one they repeated exactly.
    ///   - sample: why its answer's prices are not real, if they are not.
    public init(
        provider: ProviderID, status: Status, offerCount: Int = 0, skipped: Int = 0, latency: Duration = .zero,
        error: ProviderError? = nil, notes: [ProviderNote] = [], stale: Bool = false, retrievedAt: Date? = nil,
        recordCount: Int = 0, enrichesOnly: Bool = false, repeats: Int = 0, sample: SampleAnswer? = nil
    ) {
        self.provider = provider
        self.status = status
        self.offerCount = offerCount
        self.skipped = skipped
        self.latency = latency
        self.error = error
        self.notes = notes
        self.stale = stale
        self.retrievedAt = retrievedAt
        self.recordCount = recordCount
        self.enrichesOnly = enrichesOnly
        self.repeats = repeats
        self.sample = sample
    }

    /// Whether its answer holds no real prices: embedded samples or the service's test mode.
    public var isSample: Bool { sample != nil }

    /// The status a provider error leads to.
    /// - Parameter error: the error.
    /// - Returns: `timeout`, `rate_limited`, `blocked`, `unsupported`, `not_asked` or `failed`.
    public static func status(for error: ProviderError) -> Status {
        switch error.code {
        case .timeout: .timeout
        case .rateLimited: .rateLimited
        case .blocked: .blocked
        case .unsupported: .unsupported
        case .notAsked: .notAsked
        default: .failed
        }
    }
}
