/// One request as the access log sees it, once its response is sent: never a query, a header field or a
/// body, so that no token or parameter reaches a log.
public struct AccessRecord: Sendable, Hashable {
    /// The method, such as `GET`, or `-` when the request line could not be read.
    public var method: String
    /// The target's path without its query, or `-` when the request line could not be read.
    public var path: String
    /// The status sent.
    public var status: Int
    /// From the request's first byte to its response's last.
    public var latency: Duration
    /// The bytes of the response's body sent.
    public var bytesSent: Int
    /// The client's address and port.
    public var remoteAddress: String
    /// Whether the response was cut short: the client went away or stopped reading, or the server stopped.
    public var incomplete: Bool

    /// Creates a record.
    /// - Parameters:
    ///   - method: the method.
    ///   - path: the path without its query.
    ///   - status: the status sent.
    ///   - latency: the time taken.
    ///   - bytesSent: the body bytes sent.
    ///   - remoteAddress: the client's address.
    ///   - incomplete: whether the response was cut short.
    public init(
        method: String, path: String, status: Int, latency: Duration, bytesSent: Int, remoteAddress: String,
        incomplete: Bool = false
    ) {
        self.method = method
        self.path = path
        self.status = status
        self.latency = latency
        self.bytesSent = bytesSent
        self.remoteAddress = remoteAddress
        self.incomplete = incomplete
    }
}
