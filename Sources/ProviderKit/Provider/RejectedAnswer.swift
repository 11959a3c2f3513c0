import Foundation

/// A live service's answer whose status is not a success, kept as the ``ProviderError/underlying`` error of
/// the error the ``ProviderClient`` throws for it.
///
/// The client quotes a short excerpt of such a body on its own; a provider that knows its service's error
/// format can read the service's own words from ``body`` (and a rate limit's reset time from ``headers``)
/// and have the client word the same error around them with ``ProviderClient/rejection(_:quoting:detail:)``,
/// so that status codes, remedies and attempts are handled in one place. Its description names the body,
/// never quotes it, since verbose output prints it.
public struct RejectedAnswer: Error, Sendable, Hashable, CustomStringConvertible {
    /// The status code.
    public let status: Int
    /// Header fields, names in lower case.
    public let headers: [String: String]
    /// The body as the service sent it: hostile text, to be read and sanitised, never printed as it is.
    public let body: Data
    /// How many times the request was sent to get this answer.
    public let attempts: Int

    /// Keeps a response.
    /// - Parameter response: the non-success response.
    public init(_ response: HTTPResponse) {
        status = response.status
        headers = response.headers
        body = response.body
        attempts = response.attempts
    }

    /// `HTTP 422 Unprocessable Content with a JSON body`: the status and the kind of body, never its text.
    public var description: String {
        var text = "HTTP \(status)"
        if let reason = HTTPStatus.reason(status) { text += " \(reason)" }
        return text + " with \(ResponseBody.describe(body))"
    }
}
