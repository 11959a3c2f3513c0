/// Writes a streamed response body (``ServerResponse/Body/stream(_:)``) as it is made: each write is sent as
/// one chunk, and waits while the client is behind, so a producer can never pile up more than a little
/// unsent data.
public final class ServerBodyWriter: Sendable {
    /// The connection is gone: the client went away or stopped reading, or the server stopped.
    public struct Closed: Error, Sendable, Equatable {}

    private let loop: EventLoop
    private let connection: UInt64

    init(loop: EventLoop, connection: UInt64) {
        self.loop = loop
        self.connection = connection
    }

    /// Sends bytes of the body; nothing is sent for none.
    /// - Parameter bytes: the bytes.
    /// - Throws: ``Closed`` when the connection is gone; the producer should then stop.
    public func write(_ bytes: [UInt8]) async throws(Closed) {
        guard !bytes.isEmpty else { return }
        let accepted = await withCheckedContinuation { continuation in
            loop.post(.chunk(connection, bytes, continuation))
        }
        guard accepted else { throw Closed() }
    }

    /// Sends text of the body, as UTF-8.
    /// - Parameter text: the text.
    /// - Throws: ``Closed`` when the connection is gone.
    public func write(_ text: String) async throws(Closed) {
        try await write(Array(text.utf8))
    }
}
