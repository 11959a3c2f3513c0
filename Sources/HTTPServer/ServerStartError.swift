/// Why a ``SocketServer`` could not start: the address cannot be resolved, the port is taken, the system
/// refused a socket.
public struct ServerStartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, naming the address.
    public var description: String

    /// Creates an error.
    /// - Parameter description: what went wrong.
    public init(_ description: String) {
        self.description = description
    }
}
