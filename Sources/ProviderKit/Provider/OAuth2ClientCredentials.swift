import Foundation

/// Where and how a service trades a client id and secret for a bearer token (OAuth 2.0's client-credentials
/// grant, RFC 6749 section 4.4).
///
/// The tool `POST`s `grant_type=client_credentials&client_id=…&client_secret=…` as a form to ``tokenURL``,
/// reads `access_token` and `expires_in` from the JSON answer, and keeps the token in memory for its lifetime
/// less ``renewalMargin``, shared by every request of the provider made meanwhile. A request answered 401 gets
/// one new token and is sent once more; a second 401 is the answer.
public struct OAuth2ClientCredentials: Sendable, Hashable {
    /// Where tokens are asked for.
    public var tokenURL: URL
    /// The scope to ask for, when the service wants one.
    public var scope: String?
    /// How long before a token's stated end a new one is asked for, so that a request never leaves with a
    /// token that ends on its way.
    public var renewalMargin: Duration

    /// Describes a client-credentials exchange.
    /// - Parameters:
    ///   - tokenURL: where tokens are asked for.
    ///   - scope: the scope to ask for, if any.
    ///   - renewalMargin: how long before its end a token is renewed; 60 seconds by default.
    public init(tokenURL: URL, scope: String? = nil, renewalMargin: Duration = .seconds(60)) {
        self.tokenURL = tokenURL
        self.scope = scope
        self.renewalMargin = renewalMargin
    }

    /// Describes a client-credentials exchange at a token URL written in the source.
    /// - Parameters:
    ///   - tokenAddress: where tokens are asked for, as text; it must be an absolute URL.
    ///   - scope: the scope to ask for, if any.
    ///   - renewalMargin: how long before its end a token is renewed; 60 seconds by default.
    public init(tokenURL tokenAddress: StaticString, scope: String? = nil, renewalMargin: Duration = .seconds(60)) {
        guard let url = URL(string: "\(tokenAddress)"), url.scheme != nil else {
            preconditionFailure("a token URL must be an absolute URL: \(tokenAddress)")
        }
        self.init(tokenURL: url, scope: scope, renewalMargin: renewalMargin)
    }
}
