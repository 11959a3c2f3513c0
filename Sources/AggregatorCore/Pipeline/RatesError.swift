import ProviderKit

/// A rates file that cannot be used.
public struct RatesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, completing "the rates file is unusable: …".
    public var reason: String

    /// Creates an error.
    /// - Parameter reason: what is wrong.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}
