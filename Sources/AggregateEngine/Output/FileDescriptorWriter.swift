import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes text to a file descriptor with `write(2)`, and remembers the first failure instead of trapping.
///
/// Foundation's `FileHandle.write(_:)` traps when a write fails (a full disk, a closed descriptor), so
/// the tool writes itself: it retries on `EINTR`, carries on after partial writes, waits on a
/// non-blocking descriptor that is full, and on any other error records `errno` and drops every later
/// write, so the command finishes and the caller decides what to say. `SIGPIPE` must be ignored for a
/// closed pipe to arrive here as `EPIPE` rather than end the process.
package final class FileDescriptorWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var failureCode: Int32?

    /// A writer for `descriptor`; one that was closed when the process started fails its first write with
    /// `EBADF` without writing (the descriptor then holds `/dev/null`; see ``reserveIfClosed(_:)``).
    package init(descriptor: Int32, closedAtStart: Bool = false) {
        self.descriptor = descriptor
        failureCode = closedAtStart ? EBADF : nil
    }

    /// The first failure, or `nil` while every write has succeeded.
    package var failure: OutputFailure? { lock.withLock { failureCode.map(OutputFailure.init) } }

    /// Writes all of `text`, unless an earlier write failed.
    package func write(_ text: String) {
        lock.withLock {
            guard failureCode == nil else { return }
            var text = text
            failureCode = text.withUTF8 { Self.writeAll($0, to: descriptor) }
        }
    }

    /// Writes every byte; returns `errno` of the failure that stopped it, or `nil`.
    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let written = Self.systemWrite(descriptor, next, left)
            if written > 0 {
                next += written
                left -= written
                continue
            }
            let code = written < 0 ? errno : EIO
            switch code {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK:
                // A non-blocking descriptor (inherited from a parent) is full: wait until it drains.
                var wanted = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&wanted, 1, -1)
            default: return code
            }
        }
        return nil
    }

    /// Puts `/dev/null` on a standard descriptor that the process started without (`aggregate >&-`), so
    /// that no file the tool opens later gets that number and receives its output.
    /// - Parameter descriptor: 0, 1 or 2.
    /// - Returns: whether it was closed.
    package static func reserveIfClosed(_ descriptor: Int32) -> Bool {
        guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { return false }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        if null >= 0, null != descriptor {
            dup2(null, descriptor)
            close(null)
        } else if null == descriptor {
            // It is the standard descriptor itself now, which programs the tool starts may inherit.
            _ = fcntl(descriptor, F_SETFD, 0)
        }
        return true
    }

    /// `write(2)` itself, which the method above hides by its name.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }
}
