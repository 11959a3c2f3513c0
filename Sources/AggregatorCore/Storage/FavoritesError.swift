import ProviderKit

/// Why the favourites could not be read or written: one line a person can act on, and the file
/// involved.
public struct FavoritesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, stable for programs.
    public enum Code: String, Sendable, Hashable {
        /// The folder or a file in it may not be read or written by this user.
        case permissionDenied = "permission_denied"
        /// Another file-system failure: a full disk, a file where the folder should be.
        case fileSystem = "file_system"
        /// The entry to add or remove is blank.
        case invalidEntry = "invalid_entry"
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

extension FavoritesError {
    /// A failure of the favourites' state folder: its lock, its trust check or its files.
    /// - Parameter error: the state folder's error; its permission problems stay apart from the rest.
    init(_ error: StateFileError) {
        self.init(error.code == .permissionDenied ? .permissionDenied : .fileSystem, error.message, path: error.path)
    }
}
