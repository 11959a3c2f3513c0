import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of the tool's state under the user's data folder (`~/.local/share/aggregate`, or a folder
/// inside it): where it is, whether it can be trusted, and the locks that order changes to its files.
///
/// Rules, for every file kept through it:
/// - Folders are created owner-only (`0700`), whatever the umask.
/// - Nothing is read or written when the file, or a folder from it up to the state folder, belongs to
///   another user (root aside) or may be written by the group or others: such a file could have been
///   planted, so it is an ``StateFileError/Code/untrusted`` error that says how to make it the user's
///   alone: ``PrivateFolder``'s rule, the one the cache meets too, applied by ``untrustedReason(_:)``.
/// - A change holds an exclusive `flock` on a lock file beside the data (a separate file, because data
///   files are replaced or rewritten and a lock on them would be a lock on a file about to disappear). The
///   lock goes when the process does, also under `kill -9`, so a killed writer never leaves it held. A lock
///   held longer than ``lockPatience`` (a stopped process) is an error, never a wait without end.
public struct StateFolder: Sendable {
    /// How long a change waits for another process's lock before giving up.
    public static let lockPatience: Duration = .seconds(10)

    /// The state folder itself, such as `~/.local/share/aggregate`: the top of the trust check.
    public let root: URL
    /// The folder the files are kept in: `root` or a folder inside it.
    public let url: URL

    /// A state folder.
    /// - Parameter root: the folder, such as `~/.local/share/aggregate`; created on the first change.
    public init(root: URL) {
        self.root = root
        url = root
    }

    private init(root: URL, url: URL) {
        self.root = root
        self.url = url
    }

    /// A folder inside this one, trusted by the same rule up to the same state folder.
    /// - Parameter name: the folder's name.
    /// - Returns: the folder.
    public func subfolder(_ name: String) -> StateFolder {
        StateFolder(root: root, url: url.appendingPathComponent(name, isDirectory: true))
    }

    /// A file in the folder.
    /// - Parameter name: its name.
    /// - Returns: its URL.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    // MARK: Trust

    /// Why a path in the folder cannot be trusted: it, or a folder from it up to the state folder, belongs
    /// to another user than the one running the tool (or root), or may be written by the group or by others.
    /// What does not exist yet is no problem.
    /// - Parameter path: a file or folder in the state folder, or the state folder itself.
    /// - Returns: one line naming the path, what is wrong and how to fix it; `nil` when it can be trusted.
    public func untrustedReason(_ path: String) -> String? {
        PrivateFolder.problem(with: path, under: root.path)
    }

    /// Throws when a path in the folder cannot be trusted (see ``untrustedReason(_:)``).
    /// - Parameters:
    ///   - path: the file or folder.
    ///   - what: what is refused, such as `the watches are not read`.
    /// - Throws: ``StateFileError`` `untrusted`.
    public func checkTrusted(_ path: String, _ what: String) throws(StateFileError) {
        guard let reason = untrustedReason(path) else { return }
        throw StateFileError(.untrusted, "\(what): \(reason)", path: path)
    }

    // MARK: Creating

    /// Creates the state folder and this folder when missing, owner-only, and checks that both can be trusted.
    /// - Throws: ``StateFileError`` when a folder cannot be created, is a file, or cannot be trusted.
    public func create() throws(StateFileError) {
        try create(root)
        if url.standardizedFileURL.path != root.standardizedFileURL.path { try create(url) }
        try checkTrusted(url.path, "nothing is kept in \(url.path)")
    }

    private func create(_ folder: URL) throws(StateFileError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw StateFileError(.fileSystem, "\(folder.path) is a file, not a folder", path: folder.path)
            }
            return
        }
        let parent = folder.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw Self.failure(
                OwnerOnlyFile.errorNumber(of: error), "cannot create the folder \(parent.path)", path: parent.path)
        }
        if mkdir(folder.path, 0o700) != 0 {
            let code = errno
            guard code == EEXIST else {
                throw Self.failure(code, "cannot create the folder \(folder.path)", path: folder.path)
            }
            return
        }
        // mkdir's mode is filtered by the umask; owner-only must hold whatever it is.
        _ = chmod(folder.path, 0o700)
    }

    // MARK: Locking

    /// Runs `body` holding the exclusive lock of the given name in this folder, which must exist.
    /// - Parameters:
    ///   - name: the lock file's name, such as `watches.lock`.
    ///   - body: the change.
    /// - Returns: what `body` returns.
    /// - Throws: ``StateFileError`` when the lock cannot be taken within ``lockPatience``, and what `body`
    ///   throws.
    public func withLock<Result>(
        _ name: String, _ body: () throws(StateFileError) -> Result
    ) throws(StateFileError) -> Result {
        let path = file(name).path
        try checkTrusted(path, "the lock is not taken")
        // Not through a link, and without waiting on a FIFO put in its place.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw Self.failure(errno, "cannot open the lock \(path)", path: path) }
        defer { close(descriptor) }
        let giveUp = ContinuousClock.now.advanced(by: Self.lockPatience)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EINTR || code == EWOULDBLOCK else {
                throw Self.failure(code, "cannot take the lock \(path)", path: path)
            }
            guard ContinuousClock.now < giveUp else {
                throw StateFileError(
                    .busy,
                    "another process has held the lock \(path) for \(Self.lockPatience); try again when it is done",
                    path: path)
            }
            usleep(5_000)
        }
        // Closing the descriptor releases the lock, also when the body throws.
        return try body()
    }

    // MARK: Corrupt files

    /// Moves a file that cannot be read aside, so that nothing is lost: to `<name>.corrupt-<yyyyMMddHHmmss>`
    /// (UTC), or with `-2`, `-3`… when that name is taken. Call it holding the file's lock.
    /// - Parameters:
    ///   - file: the unreadable file, in this folder.
    ///   - what: what it is, for the error, such as `the watches file`.
    ///   - date: when it is moved, for its new name.
    /// - Returns: the path it was moved to.
    /// - Throws: ``StateFileError`` when it cannot be renamed.
    public func setAside(_ file: URL, _ what: String, at date: Date) throws(StateFileError) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss"
        let base = file.path + ".corrupt-" + formatter.string(from: date)
        var target = base
        var attempt = 1
        while access(target, F_OK) == 0 {
            attempt += 1
            target = "\(base)-\(attempt)"
        }
        guard rename(file.path, target) == 0 else {
            throw Self.failure(errno, "cannot move the corrupt \(what) aside to \(target)", path: file.path)
        }
        return target
    }

    /// An error for a failed system call: permission problems apart from the rest.
    /// - Parameters:
    ///   - code: the `errno` value.
    ///   - action: what failed, such as `cannot write /path`.
    ///   - path: the file or folder.
    /// - Returns: the error, its message ending with the system's reason.
    public static func failure(_ code: Int32, _ action: String, path: String) -> StateFileError {
        let reason = String(cString: strerror(code)).lowercased()
        let kind: StateFileError.Code = [EACCES, EPERM, EROFS].contains(code) ? .permissionDenied : .fileSystem
        return StateFileError(kind, "\(action): \(reason)", path: path)
    }
}
