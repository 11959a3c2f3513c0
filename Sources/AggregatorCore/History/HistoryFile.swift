import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open price history file: read in pieces from either end, or appended to. Only regular files are
/// opened, never through a link, and never waiting on a FIFO put in the file's place.
struct HistoryFile {
    /// The longest line read; a longer one is not a record.
    static let maxLineBytes = 1 << 20
    /// How much is read at a time.
    static let pieceBytes = 1 << 20

    let descriptor: Int32
    let path: String

    /// Opens a history file.
    /// - Parameters:
    ///   - path: the file.
    ///   - writing: whether to append (creating the file `0600` when missing) rather than read.
    /// - Returns: the file, or `nil` when reading a file that does not exist.
    /// - Throws: ``StateFileError`` when it cannot be opened or is not a regular file.
    static func opening(_ path: String, writing: Bool) throws(StateFileError) -> HistoryFile? {
        let flags =
            writing
            ? O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
            : O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT, !writing { return nil }
            if code == ELOOP {
                throw StateFileError(.fileSystem, "the price history \(path) is a link, not a file", path: path)
            }
            throw StateFolder.failure(code, "cannot open the price history \(path)", path: path)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw StateFileError(.fileSystem, "the price history \(path) is not a regular file", path: path)
        }
        return HistoryFile(descriptor: descriptor, path: path)
    }

    func release() { _ = close(descriptor) }

    /// The file's size in bytes.
    func size() throws(StateFileError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw StateFolder.failure(errno, "cannot read the price history \(path)", path: path)
        }
        return Int(status.st_size)
    }

    /// Reads `count` bytes from `offset`, or fewer at the end of the file.
    func read(at offset: Int, count: Int) throws(StateFileError) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + done, count - done, off_t(offset + done))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw StateFolder.failure(errno, "cannot read the price history \(path)", path: path)
            }
            if got == 0 { break }
            done += got
        }
        return Array(bytes.prefix(done))
    }

    /// Hands each line to `body` in order, without its line break; a line longer than ``maxLineBytes`` is
    /// handed over as `nil`. A last line without a line break is handed over too.
    /// - Parameters:
    ///   - body: called once per line.
    ///   - stop: asked after each piece; `true` ends the reading early.
    func forEachLine(
        _ body: (ArraySlice<UInt8>?) -> Void, stop: () -> Bool = { false }
    ) throws(StateFileError) {
        var carry: [UInt8] = []
        var overlong = false
        var offset = 0
        while true {
            let piece = try read(at: offset, count: Self.pieceBytes)
            offset += piece.count
            if piece.isEmpty { break }
            var start = piece.startIndex
            while let newline = piece[start...].firstIndex(of: 0x0A) {
                if overlong {
                    body(nil)
                } else if carry.isEmpty {
                    body(piece[start..<newline])
                } else {
                    carry += piece[start..<newline]
                    body(carry.count > Self.maxLineBytes ? nil : carry[...])
                }
                carry.removeAll(keepingCapacity: true)
                overlong = false
                start = newline + 1
            }
            if !overlong {
                carry += piece[start...]
                if carry.count > Self.maxLineBytes {
                    overlong = true
                    carry.removeAll()
                }
            }
            if stop() { return }
        }
        if overlong {
            body(nil)
        } else if !carry.isEmpty {
            body(carry[...])
        }
    }

    /// Cuts off a last line without its line break: what a writer killed in the middle of a write leaves.
    /// Called under the lock, so no writer is at work.
    func cutTornTail() throws(StateFileError) {
        let size = try size()
        guard size > 0, try read(at: size - 1, count: 1) != [0x0A] else { return }
        var end = size
        var keep = 0
        while end > 0 {
            let start = max(0, end - Self.pieceBytes)
            let piece = try read(at: start, count: end - start)
            if let newline = piece.lastIndex(of: 0x0A) {
                keep = start + newline + 1
                break
            }
            end = start
        }
        guard ftruncate(descriptor, off_t(keep)) == 0 else {
            throw StateFolder.failure(errno, "cannot repair the end of the price history \(path)", path: path)
        }
    }

    /// Appends bytes at the end and flushes them to disk.
    func append(_ bytes: [UInt8]) throws(StateFileError) {
        if let failure = OwnerOnlyFile.writeAndFlush(bytes, to: descriptor) {
            throw StateFolder.failure(failure, "cannot write the price history \(path)", path: path)
        }
    }

    /// Flushes a new file's entry in its folder to disk, so that the file survives a power cut too.
    static func flushFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }
}
