import Foundation

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
