import AggregatorCore
import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What outside programs printed for `spec`, kept in the cache folder so that discovery, which runs on
/// every command, starts no program that has not changed.
///
/// Rules:
/// - One file per program, `<cache>/external_specs/<digest of its path>.json` (the folder's name cannot
///   be a provider id, so it never meets the response cache's folders), written atomically, owner-only.
/// - An entry is used only while the program is the same file: same path, size, modification time (to
///   the nanosecond), inode and device. Installing a new version, or touching the program, runs `spec`
///   again.
/// - What is kept is what the program printed (its spec is checked anew on every read, so a stricter
///   tool never trusts an old verdict; the checks are linear in the spec's size, limits first) or, when it
///   failed (exited with a failure, ran out of time, could not be started), the failure: a broken or
///   slow program costs one run per change, not one per command. Only a run the tool itself stopped is
///   not kept. `aggregate provider check` always runs `spec` afresh and keeps the new outcome.
/// - An entry that cannot be read or does not match is a miss, never an error; so is an entry that
///   another user could have written (see ``PrivateFolder``), and nothing is kept in such a folder.
package struct ExternalSpecCache: Sendable {
    /// What an entry holds.
    package enum Entry: Sendable, Hashable {
        /// What the program printed for `spec`.
        case printed(Data)
        /// Why `spec` failed, in one line.
        case failed(String)
    }

    /// The identity of a program's file, which an entry must match.
    package struct FileKey: Sendable, Hashable {
        package var size: Int64
        package var modified: Int64
        package var inode: UInt64
        package var device: UInt64

        /// The key of the file at a path (after links); `nil` when it cannot be read.
        package init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            size = Int64(status.st_size)
            #if canImport(Darwin)
                modified = Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
            #else
                modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
            #endif
            inode = UInt64(status.st_ino)
            device = UInt64(status.st_dev)
        }
    }

    /// The entries' schema name.
    package static let schema = "aggregate.spec-cache.v1"

    /// The folder of entries, or `nil` when there is no cache folder.
    package let folder: URL?
    /// The cache folder it is in, up to which every folder must be the user's alone.
    package let root: URL?

    /// Creates the cache under the tool's cache folder.
    /// - Parameter cacheFolder: `$XDG_CACHE_HOME/aggregate`, or `nil` for no cache.
    package init(cacheFolder: URL?) {
        folder = cacheFolder?.appendingPathComponent("external_specs", isDirectory: true)
        root = cacheFolder
    }

    /// Whether an entry's file, and every folder up to the cache folder, could only have been written by the
    /// user: a spec planted by someone else could name any variable.
    private func isPrivate(_ file: URL) -> Bool {
        guard let root else { return false }
        return PrivateFolder.problem(with: file.path, under: root.path) == nil
    }

    private func file(for path: String) -> URL? {
        folder?.appendingPathComponent(StableIdentifier.make(prefix: "spec", [path]) + ".json")
    }

    /// The entry for a program, when one is kept for this very file.
    /// - Parameters:
    ///   - path: the program's path.
    ///   - key: its file's identity now.
    /// - Returns: the entry, or `nil`.
    package func entry(for path: String, key: FileKey) -> Entry? {
        guard let file = file(for: path), isPrivate(file),
            let data = try? RegularFile.read(file.path, maxBytes: ExternalSpec.maxBytes * 2 + 4096)
        else { return nil }
        return try? JSONDocument.read(data) { root -> Entry? in
            guard try root["schema"].string == Self.schema, try root["path"].string == path,
                try root["size"].int64 == key.size, try root["modified"].int64 == key.modified,
                try root["inode"].numberText == String(key.inode), try root["device"].numberText == String(key.device)
            else { return nil }
            if let failure = try root["failure"].ifPresent { return .failed(try failure.string) }
            return .printed(Data(try root["printed"].string.utf8))
        } ?? nil
    }

    /// Keeps an entry for a program; a failure to write is ignored, as the next command runs `spec` again.
    /// - Parameters:
    ///   - entry: what to keep.
    ///   - path: the program's path.
    ///   - key: its file's identity when `spec` ran.
    package func store(_ entry: Entry, for path: String, key: FileKey) {
        guard let file = file(for: path), isPrivate(file) else { return }
        // Numbers beyond what `int` takes on every platform are written as raw digits.
        var text = "{\"schema\":\"\(Self.schema)\",\"path\":"
        text += Self.quoted(path)
        text += ",\"size\":\(key.size),\"modified\":\(key.modified),\"inode\":\(key.inode),\"device\":\(key.device)"
        switch entry {
        case .printed(let data): text += ",\"printed\":" + Self.quoted(String(decoding: data, as: UTF8.self))
        case .failed(let reason): text += ",\"failure\":" + Self.quoted(reason)
        }
        text += "}\n"
        try? OwnerOnlyFile.save(Data(text.utf8), to: file)
    }

    private static func quoted(_ text: String) -> String {
        var json = JSONWriter(style: .compact)
        json.string(text)
        return json.text
    }
}
