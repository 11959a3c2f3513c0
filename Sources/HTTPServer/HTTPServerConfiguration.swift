/// Where a ``SocketServer`` listens and what it accepts.
public struct HTTPServerConfiguration: Sendable, Hashable {
    /// The address to listen on: a numeric IPv4 or IPv6 address, or a name such as `localhost`.
    public var host: String
    /// The port; 0 takes a free one, which ``SocketServer/port`` then tells.
    public var port: Int
    /// How much of a request is read.
    public var limits: HTTPLimits
    /// How long clients are waited for.
    public var timeouts: HTTPTimeouts
    /// The most connections open at once: one more is answered `503 Service Unavailable` and closed.
    public var maxConnections: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: the address to listen on.
    ///   - port: the port; 0 for any free one.
    ///   - limits: request limits.
    ///   - timeouts: client timeouts.
    ///   - maxConnections: the most connections at once; 512 by default.
    public init(
        host: String, port: Int, limits: HTTPLimits = HTTPLimits(), timeouts: HTTPTimeouts = HTTPTimeouts(),
        maxConnections: Int = 512
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.timeouts = timeouts
        self.maxConnections = max(maxConnections, 1)
    }
}
