import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why standard output could not be written: the `errno` of the first write that failed.
package struct OutputFailure: Sendable, Hashable {
    /// The system's error number, such as `ENOSPC`.
    package let code: Int32

    /// Whether the reader went away (`EPIPE`), as under `aggregate search | head -1`: not an error for
    /// the user, who stopped reading on purpose.
    package var isClosedPipe: Bool { code == EPIPE }

    /// The system's words for it: `No space left on device`.
    package var reason: String { String(cString: strerror(code)) }
}
