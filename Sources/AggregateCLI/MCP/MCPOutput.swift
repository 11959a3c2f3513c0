import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the server's messages, one a line, to a file descriptor: the only writer of the protocol's
/// stream.
///
/// Every message goes through one serial Dispatch queue, so lines from requests answered at the same time
/// never interleave, and a client slow to read blocks that queue rather than a thread of Swift
/// concurrency's pool. Once the client has gone (a write fails, say with `EPIPE`), later messages are
/// dropped: there is nobody to read them.
final class MCPOutput: @unchecked Sendable {
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "aggregate.mcp.stdout")
    // Touched only on `queue`.
    private var broken = false

    /// Creates the writer.
    /// - Parameter descriptor: where messages go, such as a duplicate of standard output.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Queues one message; a newline is added. The message must hold no newline of its own, which a
    /// compact `JSONWriter` guarantees (it escapes every control character inside strings).
    /// - Parameter message: the message's bytes.
    func send(_ message: [UInt8]) {
        queue.async {
            guard !self.broken else { return }
            self.broken = !self.writeAll(message + [0x0A])
        }
    }

    /// Waits until every message queued so far has been written or dropped.
    func flush() async {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }
}
