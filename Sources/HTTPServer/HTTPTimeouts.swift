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

    /// Creates timeouts.
    /// - Parameters:
    ///   - request: a request's time to arrive; 10 s by default.
    ///   - idle: a kept-alive connection's time between requests; 60 s by default.
    ///   - write: a response's time without progress; 30 s by default.
    public init(request: Duration = .seconds(10), idle: Duration = .seconds(60), write: Duration = .seconds(30)) {
        self.request = max(request, .milliseconds(1))
        self.idle = max(idle, .milliseconds(1))
        self.write = max(write, .milliseconds(1))
    }
}
