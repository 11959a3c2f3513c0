import Foundation

/// Why a provider gave no usable answer: one public error for every stage (endpoint, transport,
/// HTTP status, decoding), with the provider's id and a message a person can act on.
public struct ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, stable for programs (it appears in JSON output).
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name, lower case with underscores.
        public let rawValue: String
        /// Creates a code.
        /// - Parameter rawValue: the name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// The endpoint setting is unusable (a missing file, an unknown scheme).
        public static let configuration = Code(rawValue: "configuration")
        /// The connection failed or was refused.
        public static let transport = Code(rawValue: "transport")
        /// The service answered with a non-success status.
        public static let httpStatus = Code(rawValue: "http_status")
        /// The service asked us to slow down (HTTP 429).
        public static let rateLimited = Code(rawValue: "rate_limited")
        /// The request or the search deadline ran out.
        public static let timeout = Code(rawValue: "timeout")
        /// The response was larger than the size cap.
        public static let responseTooLarge = Code(rawValue: "response_too_large")
        /// The response was not in the expected format.
        public static let malformedResponse = Code(rawValue: "malformed_response")
        /// The provider broke its contract by throwing something other than a ``ProviderError``.
        public static let unexpected = Code(rawValue: "unexpected")
        /// The provider cannot answer this kind of query.
        public static let unsupported = Code(rawValue: "unsupported")
        /// `--offline` was asked for and the cache holds no usable answer for the request.
        public static let notCached = Code(rawValue: "not_cached")
    }

    /// The kind of failure.
    public var code: Code
    /// The provider that failed.
    public var provider: ProviderID
    /// One line for a person: what happened and, where possible, what to do.
    public var message: String
    /// The error underneath, for `--verbose`.
    public var underlying: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: the kind of failure.
    ///   - provider: the provider that failed.
    ///   - message: one actionable line.
    ///   - underlying: the cause.
    public init(_ code: Code, provider: ProviderID, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.provider = provider
        self.message = message
        self.underlying = underlying
    }

    /// `kiwi: <message>`.
    public var description: String { "\(provider): \(message)" }

    /// Compares code, provider and message; the underlying error is detail.
    public static func == (lhs: ProviderError, rhs: ProviderError) -> Bool {
        lhs.code == rhs.code && lhs.provider == rhs.provider && lhs.message == rhs.message
    }
}
