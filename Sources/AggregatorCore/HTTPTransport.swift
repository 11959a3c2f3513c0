import Foundation

/// An HTTP request: what a provider asks its client to fetch.
public struct HTTPRequest: Sendable, Hashable {
    /// The method, `GET` by default.
    public var method: String
    /// The full URL with its query.
    public var url: URL
    /// Header fields.
    public var headers: [String: String]
    /// How long the whole exchange may take.
    public var timeout: Duration

    /// Creates a request.
    /// - Parameters:
    ///   - method: the method.
    ///   - url: the URL.
    ///   - headers: header fields.
    ///   - timeout: the time limit.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], timeout: Duration = .seconds(10)) {
        self.method = method
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }
}

/// An HTTP response with its whole body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, names in lower case.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: header fields; names are lower-cased.
    ///   - body: the body.
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }
}

/// Sends HTTP requests: the only way the package reaches the network.
///
/// A conformer must:
/// - return every response it receives, whatever its status (interpreting status is the caller's job);
/// - throw ``TransportError`` for failures to get a response at all;
/// - stop at the request's timeout, and when the calling task is cancelled.
///
/// A stub for tests:
/// ```swift
/// struct StubTransport: HTTPTransport {
///     let body: Data
///     func send(_ request: HTTPRequest) async throws -> HTTPResponse {
///         HTTPResponse(status: 200, body: body)
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends a request and waits for the whole response.
    /// - Parameter request: what to send.
    /// - Returns: the response, of any status.
    /// - Throws: ``TransportError`` when no complete response arrived.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
