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
        /// The calling task was cancelled.
        case cancelled
    }

    /// The kind of failure.
    public var kind: Kind
    /// What happened, for a person.
    public var detail: String

    /// Creates an error.
    /// - Parameters:
    ///   - kind: the kind of failure.
    ///   - detail: what happened.
    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// The detail.
    public var description: String { detail }
}
