import Foundation

/// A live service a provider can be reached at: where it is and how its requests sign in. The part of a
/// descriptor that says how the provider is reached, apart from who it is and from its test data.
public struct LiveService: Sendable, Hashable {
    /// The base URL that request paths are appended to.
    public var url: URL
    /// How requests sign in.
    public var signIn: SignIn
    /// Header fields every request to it carries, such as `Duffel-Version: v2`.
    public var fixedHeaders: [String: String]

    /// Describes a live service.
    /// - Parameters:
    ///   - url: the base URL.
    ///   - signIn: how requests sign in; none by default.
    ///   - fixedHeaders: header fields for every request.
    public init(_ url: URL, signIn: SignIn = .none, fixedHeaders: [String: String] = [:]) {
        self.url = url
        self.signIn = signIn
        self.fixedHeaders = fixedHeaders
    }

    /// Describes a live service at an address written in the source.
    /// - Parameters:
    ///   - address: the base URL as text; it must be an absolute URL.
    ///   - signIn: how requests sign in; none by default.
    ///   - fixedHeaders: header fields for every request.
    public init(_ address: StaticString, signIn: SignIn = .none, fixedHeaders: [String: String] = [:]) {
        guard let url = URL(string: "\(address)"), url.scheme != nil else {
            preconditionFailure("a live service's address must be an absolute URL: \(address)")
        }
        self.init(url, signIn: signIn, fixedHeaders: fixedHeaders)
    }
}
