/// What the server sends back for one request: a status, header fields and a body, whole or streamed.
///
/// The server adds the framing itself: `Content-Length` for a whole body, `Transfer-Encoding: chunked` for
/// a streamed one (or, to an HTTP/1.0 client, the end of the connection), `Connection: close` when the
/// connection is to close, and `Date`. Header fields the server sets are replaced, never sent twice.
public struct ServerResponse: Sendable {
    /// How the body is sent.
    public enum Body: Sendable {
        /// The whole body, with its `Content-Length`.
        case bytes([UInt8])
        /// A body written piece by piece as it is made, such as an event stream: the closure writes through
        /// the writer and returns when the body is complete. The server keeps the closure's pace: a write
        /// waits while the client is behind.
        case stream(@Sendable (ServerBodyWriter) async -> Void)
    }

    /// The status code, such as 200.
    public var status: Int
    /// The header fields besides the framing.
    public var headers: HeaderFields
    /// The body.
    public var body: Body

    /// Creates a response.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: the header fields.
    ///   - body: the body.
    public init(status: Int, headers: HeaderFields = [:], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a whole body of text.
    /// - Parameters:
    ///   - status: the status code.
    ///   - contentType: the media type, such as `application/json`.
    ///   - text: the body.
    ///   - headers: further header fields.
    /// - Returns: the response.
    public static func text(
        _ status: Int, contentType: String, _ text: String, headers: HeaderFields = [:]
    ) -> ServerResponse {
        var fields = headers
        fields["Content-Type"] = contentType
        return ServerResponse(status: status, headers: fields, body: .bytes(Array(text.utf8)))
    }

    /// `503 Service Unavailable` with `Retry-After`: what a full ``ConcurrencyGate`` answers.
    /// - Parameters:
    ///   - retryAfter: the seconds the client should wait, at least 1.
    ///   - contentType: the body's media type.
    ///   - body: the body.
    /// - Returns: the response.
    public static func unavailable(
        retryAfter: Int, contentType: String = "text/plain; charset=utf-8",
        body: String = "The server is busy; try again shortly.\n"
    ) -> ServerResponse {
        text(503, contentType: contentType, body, headers: ["Retry-After": String(max(retryAfter, 1))])
    }

    /// The body's bytes when it is whole, else `nil`.
    public var bytes: [UInt8]? {
        if case .bytes(let bytes) = body { return bytes }
        return nil
    }
}
