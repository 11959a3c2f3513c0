import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rule the tool's state folders (the cache, the favourites) and everything in them meet before
/// anything there is read or written, as ssh and gpg ask of theirs.
///
/// Rule: the file and every folder from it up to the state folder itself must belong to the user running
/// the tool (or to root), and must not be writable by the group or by others. Anything else could have been
/// planted or changed by another user: a cache entry with a recomputed checksum would show a made-up price
/// and link. What is not there yet is no problem: the tool creates its folders `0700` and its files
/// `0600`. Links are followed, so a state folder may be a link to a folder of the user's; what is neither
/// a file nor a folder (a device, a pipe) is left to the readers, which refuse it for what it is.
///
/// The folder above the state folder (`~/.cache`) is not judged: whoever can write there can at most
/// replace the state folder with one of their own, which then fails this rule.
public enum PrivateFolder {
    /// Why a file or folder in a state folder cannot be trusted.
    /// - Parameters:
    ///   - path: a file or folder inside `root`, or `root` itself.
    ///   - root: the state folder, such as `~/.cache/aggregate`.
    /// - Returns: one line naming the path and what is wrong with it, or `nil` when every part that exists
    ///   meets the rule.
    public static func problem(with path: String, under root: String) -> String? {
        let rootPath = standardized(root)
        var current = standardized(path)
        guard current == rootPath || current.hasPrefix(rootPath == "/" ? "/" : rootPath + "/") else {
            return problem(at: current)
        }
        while true {
            if let problem = problem(at: current) { return problem }
            if current == rootPath || current == "/" { return nil }
            current = (current as NSString).deletingLastPathComponent
        }
    }

    /// What is wrong with one file or folder, if it exists.
    static func problem(at path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        // A device, a pipe or a socket is never read as state: the readers refuse it for what it is.
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else { return nil }
        let owner = status.st_uid
        if owner != geteuid(), owner != 0 {
            return "\(path) is owned by user \(owner), not by you (user \(geteuid())), so it is not trusted; "
                + "remove it, or make it yours"
        }
        let mode = Int(status.st_mode) & 0o777
        if mode & 0o022 != 0 {
            return "\(path) is writable by others (mode \(String(mode, radix: 8))), so it is not trusted; "
                + "make it yours alone: chmod go-w \(path)"
        }
        return nil
    }

    /// The path without a trailing `/`, so that a folder and its files compare by prefix.
    private static func standardized(_ path: String) -> String {
        var text = path
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
