import Foundation

/// Why a provider gave no usable answer: one public error for every stage (endpoint, transport,
/// HTTP status, decoding), with the provider's id, a message a person can act on, and what to do.
///
/// The message speaks of the provider and its service only; what the user can do about it is the
/// typed ``remedy``, which the command line words with its own flags and variables.
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
        /// A keyless public service turned the request away as a guest it does not let in: a bot wall's page
        /// (HTML, or another body that is not the service's JSON) with 403, 409 or 429, or an address blocked
        /// for asking too often. No answer about the question, never "no results".
        public static let blocked = Code(rawValue: "blocked")
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
        /// The query lacks a field the provider cannot search without, so it was not asked.
        public static let notAsked = Code(rawValue: "not_asked")
        /// Offline mode was asked for and the cache holds no usable answer for the request.
        public static let notCached = Code(rawValue: "not_cached")
        /// The service refused the credentials (HTTP 401 or 403), signing in failed, or it needs credentials
        /// that are not set.
        public static let unauthorized = Code(rawValue: "unauthorized")
    }

    /// What the user can do about a failure: typed, so that the command line words it with its own
    /// flags and the core never names them.
    public enum Remedy: Sendable, Hashable {
        /// Point the provider at a recording or a service: the endpoint has nothing for this request.
        case setEndpoint
        /// Check the endpoint setting: it names something that cannot be read.
        case checkEndpoint
        /// Search once while online, so that the cache has an answer to replay.
        case searchOnline
        /// Add these query fields; the provider cannot search without them.
        case addFields([QueryField])
        /// Set or check these credentials of the provider (its API key, or its client id and secret).
        case checkCredentials([CredentialName])
        /// Set these credentials to let the provider ask its live service; it was not asked without them.
        case setCredentials([CredentialName])
        /// Nothing: the provider has no live service to ask, only samples and recordings.
        case noLiveService
        /// Allow larger responses.
        case raiseSizeCap
    }

    /// The kind of failure.
    public var code: Code
    /// The provider that failed.
    public var provider: ProviderID
    /// One line for a person: what happened.
    public var message: String
    /// What the user can do, when there is something.
    public var remedy: Remedy?
    /// The error underneath, for verbose output.
    public var underlying: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: the kind of failure.
    ///   - provider: the provider that failed.
    ///   - message: one line on what happened.
    ///   - remedy: what the user can do.
    ///   - underlying: the cause.
    public init(
        _ code: Code, provider: ProviderID, _ message: String, remedy: Remedy? = nil, underlying: (any Error)? = nil
    ) {
        self.code = code
        self.provider = provider
        self.message = message
        self.remedy = remedy
        self.underlying = underlying
    }

    /// `not_asked`: the search lacks fields the provider cannot search without, named in the remedy.
    /// - Parameters:
    ///   - missing: the fields the query lacks.
    ///   - provider: the provider.
    ///   - what: what cannot search, such as `its keyless service`; `it` by default.
    /// - Returns: the error.
    public static func notAsked(_ missing: [QueryField], provider: ProviderID, _ what: String = "it") -> ProviderError {
        ProviderError(
            .notAsked, provider: provider, "was not asked: \(what) cannot search without these",
            remedy: .addFields(missing))
    }

    /// `kiwi: <message>`.
    public var description: String { "\(provider): \(message)" }

    /// Compares code, provider, message and remedy; the underlying error is detail.
    public static func == (lhs: ProviderError, rhs: ProviderError) -> Bool {
        lhs.code == rhs.code && lhs.provider == rhs.provider && lhs.message == rhs.message && lhs.remedy == rhs.remedy
    }
}
