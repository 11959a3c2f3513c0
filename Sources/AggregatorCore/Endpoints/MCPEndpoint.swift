import Foundation
import ProviderKit

/// Answers from a live service that is an MCP server: each request is a tool call
/// (``ProviderRequest/tool(_:arguments:)``), sent through the provider's transport stack (size cap, cache,
/// sign-in, retries) whose bottom is an ``MCPTransport``. The answer is the tool's result, judged as
/// ``LiveExchange`` judges any live answer; the cache keeps it by tool and arguments, so `--offline` and
/// the stale fallback work for tools as for paths.
public struct MCPEndpoint: ProviderEndpoint {
    /// The provider it answers for.
    public let provider: ProviderID
    /// The server's `http(s)` URL.
    public let url: URL
    /// Header fields every call carries.
    public let fixedHeaders: [String: String]
    /// Each call's time limit.
    public let requestTimeout: Duration
    private let exchange: LiveExchange

    /// Creates the endpoint.
    /// - Parameters:
    ///   - provider: the provider, for errors.
    ///   - url: the server's URL.
    ///   - transport: the top of the provider's transport stack, with an ``MCPTransport`` at its bottom.
    ///   - fixedHeaders: header fields for every call.
    ///   - credentials: the credentials calls sign in with.
    ///   - requestTimeout: each call's time limit.
    ///   - maxBytes: the largest answer accepted.
    public init(
        provider: ProviderID, url: URL, transport: any HTTPTransport, fixedHeaders: [String: String] = [:],
        credentials: [CredentialName] = [], requestTimeout: Duration = .seconds(10),
        maxBytes: Int = HTTPResponse.defaultSizeCap
    ) {
        self.provider = provider
        self.url = url
        self.fixedHeaders = fixedHeaders
        self.requestTimeout = requestTimeout
        exchange = LiveExchange(provider: provider, transport: transport, credentials: credentials, maxBytes: maxBytes)
    }

    /// A live MCP server.
    public var kind: EndpointKind { .mcp }

    /// `mcp+https://…`, as the setting is written.
    public var description: String { Endpoint.mcp(url).description }

    /// Calls the tool the request names.
    /// - Parameter request: a tool call.
    /// - Returns: the tool's result.
    /// - Throws: ``ProviderError`` for a request that is not a tool call or whose arguments are not a JSON
    ///   object, and as a live answer throws.
    public func answer(_ request: ProviderRequest) async throws(ProviderError) -> EndpointAnswer {
        guard request.isToolCall else {
            throw ProviderError(
                .configuration, provider: provider,
                "asks for '\(PrintableText.excerpt(request.path, limit: 60))', but its endpoint is an MCP server, "
                    + "which only calls tools; give it an https:// endpoint")
        }
        let arguments = request.body ?? Data("{}".utf8)
        guard (try? JSONDocument.read(arguments) { $0.kind == .object }) == true else {
            throw ProviderError(
                .configuration, provider: provider, "the arguments of the tool '\(request.path)' are not a JSON object")
        }
        var headers = fixedHeaders
        headers.merge(request.headers) { $1 }
        let call = HTTPRequest(
            method: .post, url: url, headers: headers, body: MCPToolCall(name: request.path, arguments: arguments).body,
            timeout: requestTimeout, isCacheable: request.isCacheable)
        return .body(try await exchange.send(call))
    }
}
