import Foundation

/// A live service's answer whose status is not a success, kept as the ``ProviderError/underlying`` error of
/// the error a live endpoint throws for it.
///
/// The endpoint quotes a short excerpt of such a body on its own; a provider that knows its service's error
/// format can read the service's own words from ``body`` (and a rate limit's reset time from ``headers``)
/// and word the same error around them with ``error(quoting:detail:)``, so that status codes, remedies and
/// attempts are handled in one place. Its description names the body, never quotes it, since verbose output
/// prints it.
public struct RejectedAnswer: Error, Sendable, Hashable, CustomStringConvertible {
    /// The status code.
    public let status: Int
    /// Header fields, names in lower case.
    public let headers: [String: String]
    /// The body as the service sent it: hostile text, to be read and sanitised, never printed as it is.
    public let body: Data
    /// How many times the request was sent to get this answer.
    public let attempts: Int
    /// The provider whose request it answers.
    public let provider: ProviderID
    /// The credentials the request signed in with, which a refusal asks the user to check.
    public let credentials: [CredentialName]

    /// Keeps a response.
    /// - Parameters:
    ///   - response: the non-success response.
    ///   - provider: the provider whose request it answers.
    ///   - credentials: the credentials the request signed in with.
    public init(_ response: HTTPResponse, provider: ProviderID, credentials: [CredentialName] = []) {
        status = response.status
        headers = response.headers
        body = response.body
        attempts = response.attempts
        self.provider = provider
        self.credentials = credentials
    }

    /// The error for this answer, worded around the service's own message: what a live endpoint throws
    /// (with a short excerpt of the body as the message), and what a provider that reads its service's
    /// error format throws instead, with the message it read. The answer is the error's
    /// ``ProviderError/underlying`` error.
    /// - Parameters:
    ///   - message: the service's own words to quote; sanitised and cut to a short excerpt here. `nil`
    ///     names the kind of body instead (`with an HTML page`).
    ///   - detail: a remark to add in parentheses, such as when a rate limit resets.
    /// - Returns: `rate_limited` for 429 (with its `Retry-After`); for 403 and 409 from a service asked without
    ///   credentials, `blocked` (a keyless public service that turns a request away does so with a bot wall or
    ///   a refused origin: there is no key to check, and the search was not empty); `unauthorized` with the
    ///   remedy to check the credentials for 401 and for 403 with credentials; and `http_status` for any other
    ///   status.
    public func error(quoting message: String?, detail: String? = nil) -> ProviderError {
        let quoted = message.map { PrintableText.excerpt($0, limit: 120) }.flatMap { $0.isEmpty ? nil : $0 }
        let remark = detail.map { " (\(PrintableText.excerpt($0, limit: 120)))" } ?? ""
        switch status {
        case 429:
            let wait = headers["retry-after"].map { " (Retry-After: \(PrintableText.excerpt($0, limit: 40)))" }
            return ProviderError(
                .rateLimited, provider: provider,
                "the service is rate limiting requests\(quoted.map { ": \($0)" } ?? "")\(wait ?? "")\(remark)"
                    + Self.attempts(attempts),
                underlying: self)
        case 403 where credentials.isEmpty, 409 where credentials.isEmpty:
            return ProviderError(
                .blocked, provider: provider,
                "the service turned the request away (\(statusLine(quoting: quoted, remark: remark))): a bot wall or "
                    + "a refused origin, not an empty answer; try again later",
                underlying: self)
        case 401, 403:
            return ProviderError(
                .unauthorized, provider: provider,
                "the service refused the request: \(statusLine(quoting: quoted, remark: remark))",
                remedy: .checkCredentials(credentials), underlying: self)
        default:
            return ProviderError(
                .httpStatus, provider: provider, "the service answered \(statusLine(quoting: quoted, remark: remark))",
                underlying: self)
        }
    }

    /// `HTTP 503 Service Unavailable with an HTML page (after 3 attempts)`, or with the service's own
    /// message quoted when there is one.
    private func statusLine(quoting message: String?, remark: String) -> String {
        var text = "HTTP \(status)"
        if let reason = HTTPStatus.reason(status) { text += " \(reason)" }
        if let message {
            text += ": \(message)"
        } else if !body.isEmpty {
            text += " with \(ResponseBody.describe(body))"
        }
        return text + remark + Self.attempts(attempts)
    }

    /// ` (after 3 attempts)` for more than one, else nothing.
    /// - Parameter count: how many times a request was sent.
    /// - Returns: the remark, with its leading space.
    public static func attempts(_ count: Int) -> String {
        count > 1 ? " (after \(count) attempts)" : ""
    }

    /// `HTTP 422 Unprocessable Content with a JSON body`: the status and the kind of body, never its text.
    public var description: String {
        var text = "HTTP \(status)"
        if let reason = HTTPStatus.reason(status) { text += " \(reason)" }
        return text + " with \(ResponseBody.describe(body))"
    }
}
