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
}
