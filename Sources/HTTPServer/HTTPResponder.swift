/// Answers requests: what an application gives a ``SocketServer``.
///
/// A conformer must guarantee:
/// - It answers every request it is given, whatever it holds: a bad request is a 4xx response, never a
///   trap. The server has already refused what HTTP itself rules out (a malformed head, a body over the
///   limit) and never passes it on.
/// - It may be called for many requests at once, one per connection: requests on one connection come one
///   after another, in the order they were sent, even when a client sends them all at once (pipelining).
///
/// ```swift
/// struct Hello: HTTPResponder {
///     func respond(to request: ServerRequest) async -> ServerResponse {
///         request.path == "/" ? .text(200, contentType: "text/plain", "hello\n")
///             : .text(404, contentType: "text/plain", "not found\n")
///     }
/// }
/// ```
public protocol HTTPResponder: Sendable {
    /// Answers one request.
    /// - Parameter request: the request.
    /// - Returns: the response.
    func respond(to request: ServerRequest) async -> ServerResponse

    /// The response to what the server refuses itself, before any request reaches ``respond(to:)``: a
    /// malformed request (`400`, `413`, `414`, `431`, …), one that did not arrive in time (`408`), or a
    /// client over its cap of connections (`503`). Plain text by default; an application whose own errors
    /// are JSON answers these in the same shape, so that a client reads every error one way.
    /// - Parameters:
    ///   - status: the status.
    ///   - reason: why, in one sentence.
    /// - Returns: the response; the server adds the fields that close the connection.
    func refusal(status: Int, reason: String) -> ServerResponse
}

extension HTTPResponder {
    /// Plain text: the reason on a line of its own.
    public func refusal(status: Int, reason: String) -> ServerResponse {
        .text(status, contentType: "text/plain; charset=utf-8", reason + "\n")
    }
}
