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
    /// Whether it is a public server open to everyone without a key, which the tool visits as a guest: its
    /// requests are spaced to at most two a second per host, and retried at most once, on 429 or 502. An MCP
    /// server is always visited so.
    public var isPublic: Bool
    /// For a public server that asks guests for fewer requests than two a second: the least time between two
    /// of its requests to one host; `nil` keeps the half second every public server gets.
    public var requestInterval: Duration?
    /// How long a kept answer of this service is served as it is instead of asking again (fares that change
    /// by the hour, from a service that blocks guests who ask too often), unless the settings give the
    /// provider a lifetime of their own; zero, the default, asks every time.
    public var freshFor: Duration

    /// Describes a live service.
    /// - Parameters:
    ///   - url: the base URL.
    ///   - signIn: how requests sign in; none by default.
    ///   - fixedHeaders: header fields for every request.
    ///   - isPublic: whether it is a public server visited as a guest.
    ///   - requestInterval: for a public server, the least time between two requests to its host; half a
    ///     second when `nil`.
    ///   - freshFor: how long a kept answer is served as it is; zero by default.
    public init(
        _ url: URL, signIn: SignIn = .none, fixedHeaders: [String: String] = [:], isPublic: Bool = false,
        requestInterval: Duration? = nil, freshFor: Duration = .zero
    ) {
        self.url = url
        self.signIn = signIn
        self.fixedHeaders = fixedHeaders
        self.isPublic = isPublic
        self.requestInterval = requestInterval
        self.freshFor = max(freshFor, .zero)
    }

    /// Describes a live service at an address written in the source.
    /// - Parameters:
    ///   - address: the base URL as text; it must be an absolute URL.
    ///   - signIn: how requests sign in; none by default.
    ///   - fixedHeaders: header fields for every request.
    ///   - isPublic: whether it is a public server visited as a guest.
    ///   - requestInterval: for a public server, the least time between two requests to its host; half a
    ///     second when `nil`.
    ///   - freshFor: how long a kept answer is served as it is; zero by default.
    public init(
        _ address: StaticString, signIn: SignIn = .none, fixedHeaders: [String: String] = [:], isPublic: Bool = false,
        requestInterval: Duration? = nil, freshFor: Duration = .zero
    ) {
        guard let url = URL(string: "\(address)"), url.scheme != nil else {
            preconditionFailure("a live service's address must be an absolute URL: \(address)")
        }
        self.init(
            url, signIn: signIn, fixedHeaders: fixedHeaders, isPublic: isPublic, requestInterval: requestInterval,
            freshFor: freshFor)
    }
}
