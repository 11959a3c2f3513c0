import Foundation
import ProviderKit

/// One request to a live service through a provider's transport stack, and the judgement of its answer:
/// what every live endpoint kind shares.
///
/// Rules:
/// - A transport failure becomes the provider error of its kind (`timeout`, `response_too_large`,
///   `not_cached`, `transport`), saying how many attempts it took; a ``ProviderError`` from a stage (a failed
///   sign-in, an MCP server's error) is handed on as it is; cancellation is a `timeout`.
/// - A body over the size cap is refused even when a stage below let it through.
/// - A status that is not a success is a ``RejectedAnswer``, worded by ``RejectedAnswer/error(quoting:detail:)``
///   around a short excerpt of the service's message (none for a 429, whose `Retry-After` is what matters).
/// - A success whose declared type is not JSON is an error page from something in between (a captive
///   portal, a proxy): refused. No type, JSON types, plain text and octet streams pass, since services
///   mislabel JSON in those ways; reading has the last word.
struct LiveExchange: Sendable {
    /// The provider whose request it is.
    let provider: ProviderID
    /// The top of the provider's transport stack.
    let transport: any HTTPTransport
    /// The credentials requests sign in with, named in a refusal's remedy.
    let credentials: [CredentialName]
    /// The largest body accepted.
    let maxBytes: Int

    /// Sends the request and checks the answer.
    /// - Parameter request: the request.
    /// - Returns: the body of a successful answer.
    /// - Throws: ``ProviderError`` as the rules say.
    func send(_ request: HTTPRequest) async throws(ProviderError) -> Data {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            throw Self.error(for: error, provider: provider)
        } catch let error as ProviderError {
            throw error
        } catch is CancellationError {
            throw ProviderError(.timeout, provider: provider, "was cancelled at the deadline")
        } catch {
            throw ProviderError(.transport, provider: provider, "the request failed", underlying: error)
        }
        guard response.body.count <= maxBytes else {
            throw ProviderError(
                .responseTooLarge, provider: provider,
                "the response is \(response.body.count) bytes, over the \(maxBytes)-byte limit", remedy: .raiseSizeCap)
        }
        guard (200..<300).contains(response.status) else {
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
        case .overBudget:
            return ProviderError(.notAsked, provider: provider, "was not asked: \(detail)", underlying: error)
        }
    }
}
