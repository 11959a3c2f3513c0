import Foundation
import ProviderKit

/// The secrets one provider signs in with, by name: an API key, or a client id and secret. Never printed:
/// its description names the credentials it holds, never their values.
public struct Credentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    private let values: [CredentialName: String]

    /// Keeps credentials; a blank value is no value.
    /// - Parameter values: the values by name, surrounding white space removed.
    public init(_ values: [CredentialName: String]) {
        self.values = values.compactMapValues { value in
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    /// One credential's value.
    /// - Parameter name: the credential.
    /// - Returns: its value, or `nil` when it is not set.
    public subscript(_ name: CredentialName) -> String? { values[name] }

    /// Whether every one of these credentials is set.
    /// - Parameter names: the credentials a sign-in needs.
    /// - Returns: `true` when none is missing (and for none at all).
    public func has(_ names: [CredentialName]) -> Bool { names.allSatisfy { values[$0] != nil } }

    /// Whether it holds no credential.
    public var isEmpty: Bool { values.isEmpty }

    /// `Credentials(api_key)`: the names it holds, never a value.
    public var description: String { "Credentials(\(values.keys.sorted().map(\.rawValue).joined(separator: ", ")))" }

    /// The same as ``description``.
    public var debugDescription: String { description }
}
