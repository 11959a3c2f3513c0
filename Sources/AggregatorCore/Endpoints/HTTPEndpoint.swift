import Foundation
import ProviderKit

/// Answers from a live service over HTTP: each request's path is appended to the base URL and sent through
/// the provider's transport stack (size cap, cache, sign-in, retries, network).
///
/// Rules:
/// - The live service's fixed header fields go with every request, under the request's own.
/// - A request that may not be cached (``ProviderRequest/isCacheable``) is marked so for the cache stage.
/// - A success whose declared type is not JSON is an error page from something in between (a captive
///   portal, a proxy): refused. No type, JSON types, plain text and octet streams pass, since services
///   mislabel JSON in those ways; reading has the last word.
/// - A body over the size cap is refused even when a stage below let it through.
/// - Any other status is a ``RejectedAnswer``, worded by ``RejectedAnswer/error(quoting:detail:)``.
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
    public let maxBytes: Int
    private let transport: any HTTPTransport

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
        self.transport = transport
        self.fixedHeaders = fixedHeaders
        self.credentials = credentials
        self.requestTimeout = requestTimeout
        self.maxBytes = maxBytes
    }

    /// A live service over HTTP.
    public var kind: EndpointKind { .http }

    /// The base URL, as the setting is written.
    public var description: String { Endpoint.remote(base).description }

    /// Sends the request and checks the answer.
    /// - Parameter request: the request, relative to the base URL.
    /// - Returns: the body of a successful answer.
    /// - Throws: ``ProviderError`` for a failed exchange, a non-success status, a body that is not JSON by its
    ///   declared type, or one over the size cap.
    public func answer(_ request: ProviderRequest) async throws(ProviderError) -> EndpointAnswer {
        var headers = fixedHeaders
        headers.merge(request.headers) { $1 }
        let live = HTTPRequest(
            method: request.method, url: try url(for: request), headers: headers, body: request.body,
            timeout: requestTimeout, isCacheable: request.isCacheable)
        let response: HTTPResponse
        do {
            response = try await transport.send(live)
        } catch let error as TransportError {
            throw Self.error(for: error, provider: provider)
        } catch let error as ProviderError {
            throw error
        } catch is CancellationError {
            throw ProviderError(.timeout, provider: provider, "was cancelled at the deadline")
        } catch {
            throw ProviderError(.transport, provider: provider, "the request failed", underlying: error)
        }
        return .body(try body(of: response))
    }

    private func body(of response: HTTPResponse) throws(ProviderError) -> Data {
        guard response.body.count <= maxBytes else {
            throw ProviderError(
                .responseTooLarge, provider: provider,
                "the response is \(response.body.count) bytes, over the \(maxBytes)-byte limit", remedy: .raiseSizeCap)
        }
        guard (200..<300).contains(response.status) else {
            // A rate limit's body rarely says more than "slow down": its Retry-After is what matters.
            let quoted = response.status == 429 ? nil : ResponseBody.quotableMessage(response.body)
            throw RejectedAnswer(response, provider: provider, credentials: credentials).error(quoting: quoted)
        }
        try checkContentType(of: response)
        return response.body
    }

    private func checkContentType(of response: HTTPResponse) throws(ProviderError) {
        guard let declared = response.headers["content-type"] else { return }
        let type = declared.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let type, !type.isEmpty else { return }
        let accepted = type.contains("json") || type == "text/plain" || type == "application/octet-stream"
        guard !accepted else { return }
        throw ProviderError(
            .malformedResponse, provider: provider,
            "the service answered \(PrintableText.excerpt(type, limit: 60)), not JSON "
                + "(an error page from something in between, such as a proxy or a captive portal)")
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

    /// The provider error for a failed exchange.
    /// - Parameters:
    ///   - error: the transport's error.
    ///   - provider: the provider.
    /// - Returns: `timeout`, `response_too_large`, `not_cached` or `transport`, with the attempts it took.
    static func error(for error: TransportError, provider: ProviderID) -> ProviderError {
        let detail = error.detail + RejectedAnswer.attempts(error.attempts)
        switch error.kind {
        case .timedOut, .cancelled: return ProviderError(.timeout, provider: provider, detail, underlying: error)
        case .responseTooLarge:
            return ProviderError(
                .responseTooLarge, provider: provider, detail, remedy: .raiseSizeCap, underlying: error)
        case .notCached:
            let remedy: ProviderError.Remedy? = detail.hasPrefix("has no cached answer") ? .searchOnline : nil
            return ProviderError(.notCached, provider: provider, detail, remedy: remedy, underlying: error)
        case .connectionFailed, .tooManyRedirects, .badRedirect:
            return ProviderError(.transport, provider: provider, detail, underlying: error)
        }
    }
}
