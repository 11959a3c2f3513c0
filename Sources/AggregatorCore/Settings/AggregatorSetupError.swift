import ProviderKit

/// A set-up that cannot work, found before any request is made.
public struct AggregatorSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// Two selected providers have the same id.
        case duplicateProvider(ProviderID)
        /// The deadline or the request timeout is zero or negative.
        case nonPositiveTimeLimit
        /// The response size cap is zero or negative.
        case nonPositiveSizeCap
        /// Offline answers were asked for, and there is no cache to answer from.
        case offlineWithoutCache
    }

    /// What is wrong.
    public var reason: Reason

    /// Creates an error.
    /// - Parameter reason: what is wrong.
    public init(_ reason: Reason) { self.reason = reason }

    /// What is wrong, in words that name no command-line flag.
    public var description: String {
        switch reason {
        case .duplicateProvider(let id): "the provider '\(id)' is selected twice"
        case .nonPositiveTimeLimit: "time limits must be positive"
        case .nonPositiveSizeCap: "the response size cap must be positive"
        case .offlineWithoutCache: "offline answers need a cache folder, and none is set"
        }
    }
}
