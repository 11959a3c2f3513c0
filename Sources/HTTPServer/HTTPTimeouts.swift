/// How long the server waits for a client: what keeps slow and idle clients from holding its connections.
public struct HTTPTimeouts: Sendable, Hashable {
    /// How long a request may take to arrive, from its first byte to its last: a client sending a byte at a
    /// time (slowloris) is answered `408 Request Timeout` and closed when it runs out.
    public var request: Duration
    /// How long a kept-alive connection may wait for its next request before it is closed.
    public var idle: Duration
    /// How long a client may take no bytes of a response the server is writing before the connection is
    /// closed: a client that stops reading cannot hold the response's memory.
    public var write: Duration
    /// How long a new connection may send nothing while the server's connections are nearly all taken
    /// (three quarters of them or more): in a crowd, a silent connection is closed this soon, not after
    /// ``request``.
    public var firstByte: Duration

    /// Creates timeouts.
    /// - Parameters:
    ///   - request: a request's time to arrive; 10 s by default.
    ///   - idle: a kept-alive connection's time between requests; 60 s by default.
    ///   - write: a response's time without progress; 30 s by default.
    ///   - firstByte: a new connection's time to send its first byte when connections are nearly all taken;
    ///     2 s by default, and never more than `request`.
    public init(
        request: Duration = .seconds(10), idle: Duration = .seconds(60), write: Duration = .seconds(30),
        firstByte: Duration = .seconds(2)
    ) {
        self.request = max(request, .milliseconds(1))
        self.idle = max(idle, .milliseconds(1))
        self.write = max(write, .milliseconds(1))
        self.firstByte = min(max(firstByte, .milliseconds(1)), self.request)
    }
}
