import Foundation

/// A provider's short, stable id as used in output and to select it: `kiwi`, `aviasales`. Lower-case ASCII
/// letters, digits and dashes.
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
}
