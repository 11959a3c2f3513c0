import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads newline-delimited messages from a file descriptor with a cap on a line's length, so that a
/// client that never sends a newline costs at most the cap in memory, never more.
///
/// Each `next()` reads on a serial Dispatch queue of its own, where a blocking `read` holds no thread of
/// Swift concurrency's small pool; the caller's task waits without blocking. Reading only when asked
/// gives natural back-pressure: a client that writes faster than the server parses fills the pipe, not
/// memory. A `\r` before the newline is dropped, so `\r\n` works too.
package final class MCPLineReader: @unchecked Sendable {
    /// What one `next()` found.
    package enum Line: Sendable, Equatable {
        /// A complete line, without its newline.
        case line([UInt8])
        /// A line longer than the cap; its bytes were read and dropped up to its newline.
        case tooLong(bytes: Int)
    }

    private let descriptor: Int32
    private let maxLineBytes: Int
    private let queue = DispatchQueue(label: "aggregate.mcp.stdin")
    // Touched only on `queue`: bytes read, where the next line starts, and how far it has been searched.
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var ended = false
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)

    /// Creates a reader.
    /// - Parameters:
    ///   - descriptor: where messages arrive, such as standard input.
    ///   - maxLineBytes: the longest line accepted, newline excluded.
    package init(descriptor: Int32, maxLineBytes: Int) {
        self.descriptor = descriptor
        self.maxLineBytes = maxLineBytes
    }

    /// The next line, or `nil` at the end of input. A last line without a newline still counts.
    package func next() async -> Line? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.readLine()) }
        }
    }

    private func readLine() -> Line? {
        var dropped = 0
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = take(upTo: newline, skipping: 1)
                return finished(line, dropped: dropped)
            }
            scanned = buffer.count
            if buffer.count - start > maxLineBytes {
                // Too long already: forget what is held and only count the rest, up to the newline.
                dropped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
                scanned = 0
            }
            if ended {
                guard buffer.count > start || dropped > 0 else { return nil }
                return finished(take(upTo: buffer.count, skipping: 0), dropped: dropped)
            }
            if start > 0, start >= buffer.count / 2 {
                buffer.removeSubrange(..<start)
                scanned -= start
                start = 0
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
            } else if count == 0 || errno != EINTR {
                ended = true
            }
        }
    }

    /// The bytes from the line's start to `end`, moving the start past them and `skipping` more.
    private func take(upTo end: Int, skipping: Int) -> [UInt8] {
        let line = Array(buffer[start..<end])
        start = end + skipping
        scanned = start
        if start >= buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
            scanned = 0
        }
        return line
    }

    private func finished(_ line: [UInt8], dropped: Int) -> Line {
        var line = line
        if line.last == 0x0D { line.removeLast() }
        guard dropped == 0, line.count <= maxLineBytes else { return .tooLong(bytes: dropped + line.count) }
        return .line(line)
    }
}
