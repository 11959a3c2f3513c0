import ProviderKit

/// Why a file the tool keeps for its user (a watch list, a price history) could not be read or written:
/// one line a person can act on, and the file or folder involved.
public struct StateFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, stable for programs.
    public enum Code: String, Sendable, Hashable {
        /// The folder or a file in it may not be read or written by this user.
        case permissionDenied = "permission_denied"
        /// The folder or a file in it could have been changed by another user, so it is not used.
        case untrusted
        /// Another process has held the lock for longer than the tool waits.
        case busy
        /// Another file-system failure: a full disk, a file where a folder should be.
        case fileSystem = "file_system"
    }

    /// The kind of failure.
    public var code: Code
    /// One line: what failed, where, and why.
    public var message: String
    /// The file or folder involved.
    public var path: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: the kind of failure.
    ///   - message: one actionable line.
    ///   - path: the file or folder involved.
    public init(_ code: Code, _ message: String, path: String) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// The message.
    public var description: String { message }
}
