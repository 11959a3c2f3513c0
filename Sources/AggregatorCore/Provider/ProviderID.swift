import Foundation

/// A provider's short, stable id as used on the command line and in output: `kiwi`, `aviasales`.
public struct ProviderID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The id, lower case.
    public let rawValue: String

    /// Creates an id.
    /// - Parameter rawValue: lower-case letters and digits.
    public init(rawValue: String) { self.rawValue = rawValue.lowercased() }

    /// Creates an id from a literal.
    /// - Parameter value: lower-case letters and digits.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The id.
    public var description: String { rawValue }

    /// Orders ids alphabetically.
    public static func < (lhs: ProviderID, rhs: ProviderID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name of the environment variable that sets this provider's endpoint:
    /// `AGGREGATE_KIWI_ENDPOINT`.
    public var endpointVariable: String { "AGGREGATE_\(rawValue.uppercased())_ENDPOINT" }

    /// The name of the environment variable that holds this provider's API key:
    /// `AGGREGATE_KIWI_API_KEY`. Keys come from the environment only, so they never sit in a file or
    /// a shell history.
    public var apiKeyVariable: String { "AGGREGATE_\(rawValue.uppercased())_API_KEY" }
}
