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
    /// Why a file could not be written: the path, the system's error number and its text.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file or folder that could not be written.
        public var path: String
        /// The `errno` value, for callers that tell "permission denied" from other causes.
        public var code: Int32
        /// `cannot write /path: Permission denied`.
        public var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
    }

    /// Writes a file atomically with owner-only permissions.
    /// - Parameters:
    ///   - data: the whole contents.
    ///   - destination: the file to create or replace.
    /// - Throws: ``Failure`` naming the path and the system's reason.
    public static func save(_ data: Data, to destination: URL) throws(Failure) {
        let folder = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(path: folder.path, code: Self.errorNumber(of: error))
        }
        let temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(path: folder.path, code: errno) }
        var failure: Int32?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == nil, rename(temporary.path, destination.path) != 0 { failure = errno }
        if let failure {
            unlink(temporary.path)
            throw Failure(path: destination.path, code: failure)
        }
    }

    /// The POSIX error number inside a Foundation error, `EIO` when there is none.
    static func errorNumber(of error: any Error) -> Int32 {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return Int32(underlying.code)
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileWriteNoPermissionError { return EACCES }
        return EIO
    }
}
