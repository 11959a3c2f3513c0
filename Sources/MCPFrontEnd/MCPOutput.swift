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
///
/// The bytes queued and not yet written are counted. Past ``maxPendingBytes`` the server waits in
/// ``waitForRoom()`` before it reads the next request, so a client that sends and never reads fills its
/// own pipes, not the server's memory: what is held is the cap, plus the answers of the calls already
/// running (of which there are at most ``MCPServer/maxCallsInFlight``).
package final class MCPOutput: @unchecked Sendable {
    /// The most bytes queued for a client before the server stops reading its requests.
    package static let defaultMaxPendingBytes = 4 << 20

    private let descriptor: Int32
    private let queue = DispatchQueue(label: "aggregate.mcp.stdout")
    /// The cap on bytes queued.
    package let maxPendingBytes: Int
    // Touched only on `queue`.
    private var broken = false
    private let lock = NSLock()
    // Under `lock`: bytes queued and not yet written or dropped, and who waits for them to shrink.
    private var pending = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Creates the writer.
    /// - Parameters:
    ///   - descriptor: where messages go, such as a duplicate of standard output.
    ///   - maxPendingBytes: the most bytes queued before ``waitForRoom()`` waits.
    package init(descriptor: Int32, maxPendingBytes: Int = MCPOutput.defaultMaxPendingBytes) {
        self.descriptor = descriptor
        self.maxPendingBytes = maxPendingBytes
    }

    /// Queues one message; a newline is added. The message must hold no newline of its own, which a
    /// compact `JSONWriter` guarantees (it escapes every control character inside strings).
    /// - Parameter message: the message's bytes.
    package func send(_ message: [UInt8]) {
        let size = message.count + 1
        lock.withLock { pending += size }
        queue.async {
            if !self.broken { self.broken = !self.writeAll(message + [0x0A]) }
            self.written(size)
        }
    }

    /// Returns once the bytes queued are at most ``maxPendingBytes``: at once when they are, else when
    /// the client has read enough (or gone).
    package func waitForRoom() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let roomNow = lock.withLock {
                guard pending > maxPendingBytes else { return true }
                waiting.append(continuation)
                return false
            }
            if roomNow { continuation.resume() }
        }
    }

    private func written(_ size: Int) {
        let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
            pending -= size
            guard pending <= maxPendingBytes, !waiting.isEmpty else { return [] }
            defer { waiting.removeAll() }
            return waiting
        }
        for continuation in ready { continuation.resume() }
    }

    /// Waits until every message queued so far has been written or dropped.
    package func flush() async {
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
