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
    /// The most connections open at once: when every one is taken, the oldest connection that has sent
    /// nothing (else the one idle longest between requests) is closed to make room, and only when none is
    /// idle is one more answered `503 Service Unavailable` and closed.
    public var maxConnections: Int
    /// The most connections open at once from one client address: one more closes that client's own idle
    /// connection, or is answered `503` and closed at once when none is idle, so that one client cannot
    /// take the connections of every other.
    public var maxConnectionsPerClient: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: the address to listen on.
    ///   - port: the port; 0 for any free one.
    ///   - limits: request limits.
    ///   - timeouts: client timeouts.
    ///   - maxConnections: the most connections at once; 512 by default.
    ///   - maxConnectionsPerClient: the most from one client address; an eighth of `maxConnections` by
    ///     default (64 of 512).
    public init(
        host: String, port: Int, limits: HTTPLimits = HTTPLimits(), timeouts: HTTPTimeouts = HTTPTimeouts(),
        maxConnections: Int = 512, maxConnectionsPerClient: Int? = nil
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.timeouts = timeouts
        self.maxConnections = max(maxConnections, 1)
        self.maxConnectionsPerClient = min(
            max(maxConnectionsPerClient ?? maxConnections / 8, 1), self.maxConnections)
    }
}
