import Foundation

/// An HTTP request as a transport sends it.
public struct HTTPRequest: Sendable, Hashable {
    /// The method, such as `GET` or `POST`.
    public var method: HTTPMethod
    /// The full URL with its query.
    public var url: URL
    /// Header fields.
    public var headers: [String: String]
    /// The body, for methods that carry one.
    public var body: Data?
    /// How long the whole exchange may take.
    public var timeout: Duration
    /// Names of header fields that carry credentials (an API key, `Authorization`). A transport never
    /// sends them to another origin than the request's own, for instance after a redirect.
    public var sensitiveHeaders: Set<String>
    /// Whether its answer may be kept in a response cache: `false` for a request that carries a secret of
    /// its own or whose answer holds one (a token exchange).
    public var isCacheable: Bool
    /// Whether the body carries a secret (a client secret in a token request): such a request never
    /// follows a redirect to another origin.
    public var bodyIsSensitive: Bool

    /// Creates a request.
    /// - Parameters:
    ///   - method: the method.
    ///   - url: the URL.
    ///   - headers: header fields.
    ///   - body: the body.
    ///   - timeout: the time limit.
    ///   - sensitiveHeaders: header fields that must stay with the request's origin.
    ///   - isCacheable: whether its answer may be cached.
    ///   - bodyIsSensitive: whether the body carries a secret.
    public init(
        method: HTTPMethod = .get, url: URL, headers: [String: String] = [:], body: Data? = nil,
        timeout: Duration = .seconds(10), sensitiveHeaders: Set<String> = [], isCacheable: Bool = true,
        bodyIsSensitive: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.sensitiveHeaders = sensitiveHeaders
        self.isCacheable = isCacheable
        self.bodyIsSensitive = bodyIsSensitive
    }
}
