/// Why no complete response arrived.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: String, Sendable, Hashable {
        /// The request's time limit ran out.
        case timedOut = "timed_out"
        /// The body was larger than the transport's cap; reading stopped there.
        case responseTooLarge = "response_too_large"
        /// The connection failed, was refused or was reset.
        case connectionFailed = "connection_failed"
        /// Redirects went on for too long.
        case tooManyRedirects = "too_many_redirects"
        /// A redirect pointed somewhere that is not a web address (`file:`, `data:`, …).
        case badRedirect = "bad_redirect"
        /// The response cache holds no usable answer, and the request may not be sent (offline).
        case notCached = "not_cached"
        /// The calling task was cancelled.
        case cancelled
        /// The request was not sent: its provider's request budget for the moment is spent.
        case overBudget = "over_budget"
    }

    /// The kind of failure.
    public var kind: Kind
    /// What happened, for a person.
    public var detail: String
    /// How many times the request was sent before giving up: more than one after retries.
    public var attempts: Int

    /// Creates an error.
    /// - Parameters:
    ///   - kind: the kind of failure.
    ///   - detail: what happened.
    ///   - attempts: how many times the request was sent.
    public init(_ kind: Kind, _ detail: String, attempts: Int = 1) {
        self.kind = kind
        self.detail = detail
        self.attempts = attempts
    }

    /// Whether another attempt could turn out differently: only a failed or reset connection. A
    /// timeout would use up the deadline again; a redirect loop or an oversized body come back the same.
    public var isTransient: Bool { kind == .connectionFailed }

    /// The detail.
    public var description: String { detail }
}
