/// The name of one credential a service's sign-in needs: `api_key`, or `client_id` and `client_secret`.
///
/// It names the credential, never holds it: the tool turns it into the setting it reads the value from
/// (the command line reads `AGGREGATE_<ID>_API_KEY`, `AGGREGATE_<ID>_CLIENT_ID`, …), and names that setting
/// wherever it tells the user what to set.
public struct CredentialName: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Lower case with underscores: `api_key`.
    public let rawValue: String

    /// Creates a name.
    /// - Parameter rawValue: lower case with underscores.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An API key sent as it is.
    public static let apiKey = CredentialName(rawValue: "api_key")
    /// An OAuth2 client id.
    public static let clientID = CredentialName(rawValue: "client_id")
    /// An OAuth2 client secret.
    public static let clientSecret = CredentialName(rawValue: "client_secret")

    /// The name.
    public var description: String { rawValue }

    /// Orders names by their text.
    public static func < (lhs: CredentialName, rhs: CredentialName) -> Bool { lhs.rawValue < rhs.rawValue }
}
