import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the files the tool keeps for its user (cache entries, favourites) the one safe way: readable
/// by the owner only, and atomically.
///
/// The data goes to a new temporary file in the destination's folder, created `0600` from the start
/// (never world-readable, not even for a moment), is flushed to disk, and is then renamed over the
/// destination. A reader sees the old file or the new one, never a mix; a crash leaves at worst a
/// stray temporary file. Missing folders are created `0700`.
public enum OwnerOnlyFile {
    /// Writes a file atomically with owner-only permissions.
    /// - Parameters:
    ///   - data: the whole contents.
    ///   - destination: the file to create or replace.
    /// - Throws: ``CacheError`` naming the path and the system's reason.
    public static func save(_ data: Data, to destination: URL) throws(CacheError) {
        let folder = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CacheError("cannot create \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw CacheError("cannot write in \(folder.path): \(String(cString: strerror(errno)))")
        }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary.path, destination.path) != 0 {
            failure = String(cString: strerror(errno))
        }
        if let failure {
            unlink(temporary.path)
            throw CacheError("cannot write \(destination.path): \(failure)")
        }
    }
}
