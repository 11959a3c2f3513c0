/// An HTTP/1.1 server on POSIX sockets: keep-alive, pipelining, limits and timeouts that keep any one
/// client from holding it, whole or streamed responses, graceful shutdown and an access log.
///
/// The server listens as soon as it is created, on one thread of its own that does every socket's I/O with
/// `poll(2)`; each request is answered by the ``HTTPResponder`` in a task of its own. What it refuses
/// itself, and how, is ``EventLoop``'s rules: a malformed or oversized request gets its 4xx and a closed
/// connection, never a crash, and never stops the server.
///
/// ```swift
/// let server = try SocketServer(
///     configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), responder: Hello()
/// ) { record in print(record.method, record.path, record.status) }
/// print("listening on port \(server.port)")
/// await server.shutdown(grace: .seconds(10))
/// ```
public final class SocketServer: Sendable {
    private let loop: EventLoop

    /// The port the server listens on: the one configured, or the one taken for port 0.
    public var port: Int { loop.port }

    /// Starts listening.
    /// - Parameters:
    ///   - configuration: the address, limits and timeouts.
    ///   - responder: answers the requests.
    ///   - accessLog: told about each request once its response is out or cut short, in order, on a queue of
    ///     its own; it sees no query, header field or body.
    /// - Throws: ``ServerStartError`` when the address cannot be listened on.
    public init(
        configuration: HTTPServerConfiguration, responder: any HTTPResponder,
        accessLog: @escaping @Sendable (AccessRecord) -> Void = { _ in }
    ) throws(ServerStartError) {
        loop = try EventLoop(configuration: configuration, responder: responder, accessLog: accessLog)
        loop.start()
    }

    /// Stops: no connection is accepted and no new request answered (`503`) from now on, idle connections
    /// close, and requests being answered get `grace` to finish before their tasks are cancelled and their
    /// connections closed. Returns once every connection is closed.
    /// - Parameter grace: how long requests in progress may take.
    public func shutdown(grace: Duration) async {
        loop.post(.shutdown(grace))
        await loop.waitUntilEnded()
    }

    /// Waits until the server has stopped.
    public func waitUntilStopped() async {
        await loop.waitUntilEnded()
    }

    deinit {
        loop.post(.shutdown(.zero))
    }
}
