import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the files the tool keeps or is pointed at (cache entries, favourites, the config file, a rates
/// file, a recorded response) the one bounded way: only a regular file, and only when it is no larger
/// than a cap checked before reading.
///
/// A FIFO, a device such as `/dev/zero`, a directory or a socket is refused at once instead of hanging a
/// read or reading forever; a file larger than the cap is refused before a byte of it is read. The file
/// is opened non-blocking, so not even the open can wait on a FIFO's writer, and symbolic links are
/// followed to what they name (a dangling link or a loop is an error, never a silent skip).
public enum RegularFile {
    /// Why a file could not be read.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What was wrong.
        public enum Reason: Sendable, Equatable {
            /// The path names something that is not a regular file: a folder, a FIFO, a device.
            case notARegularFile(kind: String)
            /// The file is larger than the cap.
            case tooLarge(bytes: Int64, limit: Int)
            /// The system refused: permissions, a dangling link, a loop of links, an I/O error.
            case system(code: Int32)
            /// The file was changed while it was being read, so what was read may mix two versions of it.
            case changedWhileRead
        }

        /// The path as given.
        public var path: String
        /// What was wrong.
        public var reason: Reason

        /// `/path is a folder, not a file`, `/path is 3 GiB, over the 1 MiB limit`, `cannot read /path: …`.
        public var description: String {
            switch reason {
            case .notARegularFile(let kind): "\(path) is \(kind), not a regular file"
            case .tooLarge(let bytes, let limit): "\(path) is \(bytes) bytes, over the \(limit)-byte limit"
            case .system(let code): "cannot read \(path): \(String(cString: strerror(code)).lowercased())"
            case .changedWhileRead: "\(path) changed while it was being read; read it again once it is written"
            }
        }
    }

    /// Reads a whole regular file, refusing anything else.
    /// - Parameters:
    ///   - path: the file.
    ///   - maxBytes: the largest size read.
    ///   - missingIsNil: whether a path that does not exist (and is not a dangling link) reads as `nil`
    ///     instead of failing.
    /// - Returns: the contents, or `nil` for a missing file when `missingIsNil` is set.
    /// - Throws: ``Failure`` for anything but a readable regular file within the cap.
    public static func read(_ path: String, maxBytes: Int, missingIsNil: Bool = true) throws(Failure) -> Data? {
        try read(path, maxBytes: maxBytes, missingIsNil: missingIsNil, partSize: parallelPartSize)
    }

    /// The fewest bytes worth a thread of their own: a file of at least twice this size is read in parts,
    /// one per core, because filling fresh memory costs the kernel as much as copying the bytes.
    static let parallelPartSize = 4 << 20

    /// ``read(_:maxBytes:missingIsNil:)`` with the part size as a parameter, so that tests can read small
    /// files in parts.
    static func read(_ path: String, maxBytes: Int, missingIsNil: Bool, partSize: Int) throws(Failure) -> Data? {
        guard let file = try open(path, maxBytes: maxBytes, missingIsNil: missingIsNil) else { return nil }
        defer { file.close() }
        return try file.readWhole(maxBytes: maxBytes, partSize: partSize)
    }

    /// A regular file opened for reading, with the size it had when it was opened.
    struct Opened {
        /// The path as given, for errors.
        let path: String
        /// The open descriptor.
        let descriptor: Int32
        /// What `fstat` said when the file was opened.
        let status: stat

        /// The size when the file was opened.
        var size: Int { Int(status.st_size) }

        /// Closes the descriptor.
        func close() {
            _ = systemClose(descriptor)
        }

        /// Whether the file is still the one that was opened, unchanged: the same file, size, modification and
        /// change times. A file rewritten in place between two reads of it is told apart this way.
        func isUnchanged() -> Bool {
            var now = stat()
            guard fstat(descriptor, &now) == 0 else { return false }
            return now.st_ino == status.st_ino && now.st_dev == status.st_dev && now.st_size == status.st_size
                && Self.times(of: now) == Self.times(of: status)
        }

        /// The modification and change times, to the nanosecond.
        private static func times(of status: stat) -> [Int] {
            #if canImport(Darwin)
                let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
            #else
                let (modified, changed) = (status.st_mtim, status.st_ctim)
            #endif
            return [Int(modified.tv_sec), Int(modified.tv_nsec), Int(changed.tv_sec), Int(changed.tv_nsec)]
        }

        /// Reads `count` bytes at `offset` into `buffer`, as many calls as it takes.
        /// - Returns: the bytes read: fewer than `count` only when the file ends sooner.
        /// - Throws: ``Failure`` when the system refuses.
        func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(Failure) -> Int {
            var total = 0
            while total < count {
                let read = systemRead(descriptor, buffer + total, count - total, at: offset + total)
                if read == 0 { break }
                if read < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    throw Failure(path: path, reason: .system(code: code))
                }
                total += read
            }
            return total
        }

        /// The whole file, read as it is now: in parts on every core when it is large, and never more than the
        /// cap.
        func readWhole(maxBytes: Int, partSize: Int = RegularFile.parallelPartSize) throws(Failure) -> Data {
            let size = self.size
            // The size may change while reading; never read more than the cap and one byte to tell.
            var data = Data(count: size + 1)
            let capacity = min(size + 1, maxBytes + 1)
            let whole = data.withUnsafeMutableBytes { buffer in
                readInParts(descriptor, into: buffer, bytes: size, partSize: partSize)
            }
            // From where the parts left off, or from the start when one came back short: past the end, this only
            // finds out that the file grew.
            let start = whole ? size : 0
            let rest = data.withUnsafeMutableBytes { buffer -> Result<Int, Failure> in
                guard let base = buffer.baseAddress else { return .success(0) }
                return Result { () throws(Failure) -> Int in
                    try read(into: base + start, count: capacity - start, at: start)
                }
            }
            let total = start + (try rest.get())
            guard total <= maxBytes else {
                throw Failure(path: path, reason: .tooLarge(bytes: Int64(total), limit: maxBytes))
            }
            data.count = total
            return data
        }
    }

    /// Opens a regular file for reading, refusing anything else and anything over the cap.
    /// - Parameters:
    ///   - path: the file.
    ///   - maxBytes: the largest size accepted.
    ///   - missingIsNil: whether a path that does not exist (and is not a dangling link) gives `nil`.
    /// - Returns: the open file, which the caller closes; `nil` for a missing file when `missingIsNil` is set.
    /// - Throws: ``Failure`` for anything but a readable regular file within the cap.
    static func open(_ path: String, maxBytes: Int, missingIsNil: Bool) throws(Failure) -> Opened? {
        let descriptor = systemOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT, missingIsNil, !isDanglingLink(path) { return nil }
            throw Failure(path: path, reason: .system(code: code))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = systemClose(descriptor)
            throw Failure(path: path, reason: .system(code: code))
        }
        let type = status.st_mode & S_IFMT
        let size = Int64(status.st_size)
        guard type == S_IFREG, size <= Int64(maxBytes) else {
            _ = systemClose(descriptor)
            guard type == S_IFREG else {
                throw Failure(path: path, reason: .notARegularFile(kind: kindName(type)))
            }
            throw Failure(path: path, reason: .tooLarge(bytes: size, limit: maxBytes))
        }
        return Opened(path: path, descriptor: descriptor, status: status)
    }

    /// Reads the first `bytes` bytes of the file into `buffer` in consecutive parts of at least `partSize`
    /// bytes, one thread each (one part on one core), and tells whether every part was read whole. When one
    /// was not (the file shrank, or the system refused), the caller reads the file again from the start and
    /// sees why.
    static func readInParts(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, bytes: Int, partSize: Int
    ) -> Bool {
        guard let base = buffer.baseAddress, buffer.count >= bytes else { return false }
        let target = Target(base: base)
        // Each thread writes only the bytes of its own part.
        let whole = ParallelParts.map(count: bytes, minimumPart: partSize) { part in
            var offset = part.lowerBound
            while offset < part.upperBound {
                let count = systemRead(descriptor, target.base + offset, part.upperBound - offset, at: offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return whole.allSatisfy { $0 }
    }

    /// The buffer that the threads of one read in parts fill, each its own part of it.
    private struct Target: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
    }

    private static func isDanglingLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    private static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a pipe"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}

/// `open(2)`, named apart from ``RegularFile/open(_:maxBytes:missingIsNil:)``.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// `close(2)`, named apart from ``RegularFile/Opened/close()``.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

/// `pread(2)`: reads at an offset without moving the file's position, so that several threads can read
/// one file at once.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int) -> Int {
    pread(descriptor, buffer, count, off_t(offset))
}
