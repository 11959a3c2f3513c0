import Foundation

/// A request as a provider writes it: relative to its endpoint, without credentials, which the tool
/// adds in the way the provider's descriptor declares.
///
/// The same request is answered from the embedded samples and from a recorded folder by the last
/// component of its path (`offer_requests` for `POST air/offer_requests`), and from the live service
/// by appending the path to the endpoint's URL.
///
/// A live answer is kept in the response cache (for `--offline` and as a fallback) unless the request
/// says ``Caching/never``; a request that carries credentials of its own (an `Authorization` or `Cookie`
/// header) is never cached either, whatever it says.
public struct ProviderRequest: Sendable, Hashable {
    /// Whether a live answer may be kept in the response cache.
    public enum Caching: Sendable, Hashable {
        /// The answer may be kept and replayed.
        case allowed
        /// The answer is never kept: it holds a secret, or is only good for one use.
        case never
    }

    /// The method.
    public var method: HTTPMethod
    /// The path relative to the endpoint, such as `flights` or `air/offer_requests`.
    public var path: String
    /// Query items, in order.
    public var query: [URLQueryItem]
    /// Header fields of this request, on top of the descriptor's fixed ones.
    public var headers: [String: String]
    /// The body, for methods that carry one.
    public var body: Data?
    /// Whether a live answer may be kept in the response cache.
    public var caching: Caching
    /// Whether it calls a tool of an MCP server (named by ``path``, its arguments the JSON object in
    /// ``body``) rather than an HTTP path.
    public var isToolCall: Bool

    /// Creates a request.
    /// - Parameters:
    ///   - method: the method.
    ///   - path: the path relative to the endpoint.
    ///   - query: query items.
    ///   - headers: header fields.
    ///   - body: the body.
    ///   - caching: whether a live answer may be cached; allowed by default.
    public init(
        method: HTTPMethod, path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
        body: Data? = nil, caching: Caching = .allowed
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.caching = caching
        isToolCall = false
    }

    /// A `GET`.
    /// - Parameters:
    ///   - path: the path relative to the endpoint.
    ///   - query: query items.
    ///   - headers: header fields.
    /// - Returns: the request.
    public static func get(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:]
    )
        -> ProviderRequest
    {
        ProviderRequest(method: .get, path: path, query: query, headers: headers)
    }

    /// A `POST` of a JSON body, with `Content-Type: application/json`.
    /// - Parameters:
    ///   - path: the path relative to the endpoint.
    ///   - query: query items.
    ///   - headers: header fields.
    ///   - json: the body, already encoded.
    /// - Returns: the request.
    public static func post(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:], json: Data
    ) -> ProviderRequest {
        var fields = headers
        if !fields.keys.contains(where: { $0.lowercased() == "content-type" }) {
            fields["Content-Type"] = "application/json"
        }
        return ProviderRequest(method: .post, path: path, query: query, headers: fields, body: json)
    }

    /// A call of a tool on an MCP server: what an MCP endpoint sends as `tools/call`. The embedded samples
    /// and a folder of recordings answer it by the tool's name (`search-flight.json`), and a recording holds
    /// the tool's result: its structured content, or the JSON of its text.
    /// - Parameters:
    ///   - name: the tool's name, such as `search-flight`.
    ///   - arguments: the arguments, an encoded JSON object.
    /// - Returns: the request.
    public static func tool(_ name: String, arguments: Data) -> ProviderRequest {
        var request = ProviderRequest(method: .post, path: name, body: arguments)
        request.isToolCall = true
        return request
    }

    /// The same request, never cached.
    /// - Returns: the request with ``Caching/never``.
    public func neverCached() -> ProviderRequest {
        var request = self
        request.caching = .never
        return request
    }

    /// Whether its answer may be cached: it allows it, and it carries no credentials of its own.
    public var isCacheable: Bool {
        caching == .allowed && !headers.keys.contains { Self.credentialHeaders.contains($0.lowercased()) }
    }

    /// Header fields that carry credentials whoever set them, lower case.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// The name a recording of this request is kept under: the path's last component, or the tool's name.
    public var recordingName: String {
        isToolCall ? path : path.split(separator: "/").last.map(String.init) ?? path
    }
}
