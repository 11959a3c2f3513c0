import Foundation
import ProviderKit

/// Answers from a live service over HTTP: each request's path is appended to the base URL and sent through
/// the provider's transport stack (size cap, cache, sign-in, retries, network).
///
/// The live service's fixed header fields go with every request, under the request's own, and a request
/// that may not be cached (``ProviderRequest/isCacheable``) is marked so for the cache stage; the answer
/// is judged as ``LiveExchange`` says.
public struct HTTPEndpoint: ProviderEndpoint {
    /// The provider it answers for.
    public let provider: ProviderID
    /// The base URL.
    public let base: URL
    /// Header fields every request carries.
    public let fixedHeaders: [String: String]
    /// The credentials requests sign in with, named in a refusal's remedy.
    public let credentials: [CredentialName]
    /// Each request's time limit.
    public let requestTimeout: Duration
    /// The largest body accepted.
    public var maxBytes: Int { exchange.maxBytes }
    private let exchange: LiveExchange

    /// Creates the endpoint.
    /// - Parameters:
    ///   - provider: the provider, for errors.
    ///   - base: the base URL.
    ///   - transport: the top of the provider's transport stack.
    ///   - fixedHeaders: header fields for every request.
    ///   - credentials: the credentials requests sign in with.
    ///   - requestTimeout: each request's time limit.
    ///   - maxBytes: the largest body accepted.
    public init(
        provider: ProviderID, base: URL, transport: any HTTPTransport, fixedHeaders: [String: String] = [:],
        credentials: [CredentialName] = [], requestTimeout: Duration = .seconds(10),
        maxBytes: Int = HTTPResponse.defaultSizeCap
    ) {
        self.provider = provider
        self.base = base
        self.fixedHeaders = fixedHeaders
        self.credentials = credentials
        self.requestTimeout = requestTimeout
        exchange = LiveExchange(provider: provider, transport: transport, credentials: credentials, maxBytes: maxBytes)
    }

    /// A live service over HTTP.
    public var kind: EndpointKind { .http }

    /// The base URL, as the setting is written.
    public var description: String { Endpoint.remote(base).description }

    /// Sends the request and checks the answer.
    /// - Parameter request: the request, relative to the base URL.
    /// - Returns: the body of a successful answer.
    /// - Throws: ``ProviderError`` for a tool call (an HTTP service has no tools), a failed exchange, a
    ///   non-success status, a body that is not JSON by its declared type, or one over the size cap.
    public func answer(_ request: ProviderRequest) async throws(ProviderError) -> EndpointAnswer {
        guard !request.isToolCall else {
            throw ProviderError(
                .configuration, provider: provider,
                "calls the MCP tool '\(PrintableText.excerpt(request.path, limit: 60))', but its endpoint is not an "
                    + "MCP server; give it an mcp+https:// endpoint")
        }
        var headers = fixedHeaders
        headers.merge(request.headers) { $1 }
        let live = HTTPRequest(
            method: request.method, url: try url(for: request), headers: headers, body: request.body,
            timeout: requestTimeout, isCacheable: request.isCacheable)
        return .body(try await exchange.send(live))
    }

    /// The request's URL: the base with the path's components appended and the query items added.
    private func url(for request: ProviderRequest) throws(ProviderError) -> URL {
        var url = base
        for component in request.path.split(separator: "/") { url.appendPathComponent(String(component)) }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw ProviderError(.configuration, provider: provider, "cannot build a request URL from \(base)")
        }
        if !request.query.isEmpty { components.queryItems = (components.queryItems ?? []) + request.query }
        guard let full = components.url else {
            throw ProviderError(.configuration, provider: provider, "cannot build a request URL from \(base)")
        }
        return full
    }

}
