import Foundation

/// How a live service signs requests in: the part of a descriptor that lets the tool send credentials it
/// holds without the provider touching them.
///
/// The credentials never pass through a provider. The tool reads each one ``credentials`` names from its
/// own settings, and the sign-in stage of the provider's transport stack adds them to every live request
/// below the response cache: a credential or a token is never part of a cache key or a file on disk, a
/// header that carries one is marked sensitive so that it never follows a redirect to another origin, and
/// the token exchange of ``oauth2(_:)`` is never cached or kept.
///
/// ```swift
/// LiveService(URL(string: "https://api.example.com")!, signIn: .header("apikey"))
/// LiveService(
///     URL(string: "https://api.example.com")!,
///     signIn: .oauth2(OAuth2ClientCredentials(tokenURL: URL(string: "https://api.example.com/v1/token")!)))
/// ```
public enum SignIn: Sendable, Hashable {
    /// The service takes no credentials.
    case none
    /// A header field of its own holds an API key: `apikey: KEY`.
    case header(String)
    /// `Authorization: Bearer KEY` with a static API key.
    case bearer
    /// A query parameter holds an API key: `token=KEY`.
    case queryParameter(String)
    /// An OAuth2 client-credentials exchange: a client id and secret are traded at a token URL for a
    /// short-lived bearer token, which every request then carries as `Authorization: Bearer TOKEN`.
    case oauth2(OAuth2ClientCredentials)

    /// The credentials this sign-in needs, in the order people are asked for them: none, an API key, or a
    /// client id and secret.
    public var credentials: [CredentialName] {
        switch self {
        case .none: []
        case .header, .bearer, .queryParameter: [.apiKey]
        case .oauth2: [.clientID, .clientSecret]
        }
    }

    /// Whether the service takes credentials at all.
    public var needsCredentials: Bool { self != .none }
}
