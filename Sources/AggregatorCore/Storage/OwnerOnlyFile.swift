import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the files the tool keeps for its user (cache entries, favourites) the one safe way: readable
/// by the owner only, and atomically.
///
/// The data goes to a new temporary file in the destination's folder, named
/// `.<destination>.<pid>.<random>.tmp`, created `0600` from the start (never world-readable, not even for
/// a moment), is flushed to disk, and is then renamed over the destination. A reader sees the old file or
/// the new one, never a mix. Missing folders are created `0700`.
///
/// A writer that is killed between creating its temporary file and renaming it leaves the file behind.
/// So that such files never accumulate, every write first removes the temporary files in its folder that
/// no writer can still be working on: those whose process is gone, and those older than
/// ``staleTemporaryAge`` (a write takes milliseconds, and a process id may have been reused since).
public enum OwnerOnlyFile {
    /// The age past which a temporary file is abandoned, whoever made it.
    public static let staleTemporaryAge: TimeInterval = 60

    /// Why a file could not be written: the path, the system's error number and its text.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file or folder that could not be written.
        public var path: String
        /// The `errno` value, for callers that tell "permission denied" from other causes.
        public var code: Int32
        /// `cannot write /path: Permission denied`.
        public var description: String { "cannot write \(path): \(String(cString: strerror(code)))" }
    }

    /// Writes every byte to an open file, going on after interrupted calls, then flushes it to disk.
    /// - Parameters:
    ///   - bytes: what to write.
    ///   - descriptor: the open file.
    /// - Returns: the `errno` of the first call that failed, or `nil` when all was written and flushed.
    static func writeAndFlush(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Int32? {
        var failure: Int32?
        bytes.withUnsafeBytes { buffer in
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
        return failure
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
        removeStaleTemporaries(in: folder)
        let temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(path: folder.path, code: errno) }
        var failure = writeAndFlush(data, to: descriptor)
        close(descriptor)
        if failure == nil, rename(temporary.path, destination.path) != 0 { failure = errno }
        if let failure {
            unlink(temporary.path)
            throw Failure(path: destination.path, code: failure)
        }
    }

    /// Removes the temporary files a killed writer left in a folder: regular files named like this type's
    /// temporary files whose process is gone or that are older than ``staleTemporaryAge``. Anything else,
    /// and a file that cannot be removed, is left alone: cleaning is a courtesy, never a reason to fail.
    /// - Parameters:
    ///   - folder: the folder.
    ///   - now: the current time.
    public static func removeStaleTemporaries(in folder: URL, now: Date = Date()) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            guard let pid = writer(ofTemporary: name) else { continue }
            let path = folder.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            #if canImport(Darwin)
                let modified = Date(timeIntervalSince1970: TimeInterval(status.st_mtimespec.tv_sec))
            #else
                let modified = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))
            #endif
            if !isRunning(pid) || now.timeIntervalSince(modified) > staleTemporaryAge { unlink(path) }
        }
    }

    /// The process id in a temporary file's name, `.<name>.<pid>.<random>.tmp`; `nil` for any other name.
    static func writer(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let (pid, random) = (parts[parts.count - 2], parts[parts.count - 1])
        guard [pid, random].allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            UInt32(random) != nil, let id = Int32(pid), id > 0
        else { return nil }
        return id
    }

    /// Whether a process with this id exists (one of another user counts: it may be writing).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
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
