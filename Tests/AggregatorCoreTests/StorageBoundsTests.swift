import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files the tool keeps, when something else stands in their place or they are far too large: read
/// only as regular files within a cap checked before reading, and never waited on without end.
@Suite("Storage: bounded reads, bounded waits, stale temporary files")
struct StorageBoundsTests {
    /// A sparse file of `size` bytes: it takes no room on disk, but reading it whole would.
    static func makeSparseFile(at url: URL, size: UInt64) throws {
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: size)
        try handle.close()
    }

    // MARK: Favourites

    @Test func aFavouritesFileThatIsAFIFOOrADeviceOrHugeIsAnErrorAtOnce() throws {
        let scratch = try ScratchFolder()
        let store = FavoritesStore(folder: scratch.url)
        let file = store.fileURL.path
        let cases: [(make: () throws -> Void, problem: String)] = [
            ({ #expect(mkfifo(file, 0o600) == 0) }, "is a pipe, not a regular file"),
            (
                { try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/dev/zero") },
                "is a character device, not a regular file"
            ),
            (
                { try Self.makeSparseFile(at: store.fileURL, size: 2 << 30) },
                "is 2147483648 bytes, over the 1048576-byte limit"
            ),
            (
                { try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false) },
                "is a folder, not a regular file"
            ),
        ]
        for (make, problem) in cases {
            try make()
            defer { try? FileManager.default.removeItem(atPath: file) }
            for operation in [{ try store.list() }, { try store.add("OS") }, { try store.remove(["OS", "LH"]) }] {
                let error = #expect(throws: FavoritesError.self) { _ = try operation() }
                #expect(error?.message == "the favourites file \(file) \(problem)")
                #expect(error?.path == file)
            }
        }
    }

    @Test func severalFavouritesChangeInOneGoAndSayWhichChanged() throws {
        let scratch = try ScratchFolder()
        let store = FavoritesStore(folder: scratch.url.appendingPathComponent("aggregate"))
        let added = try store.add(["OS", "LH", "os", " KL "])
        #expect(added.entries == ["KL", "LH", "OS"])
        #expect(added.changes == [true, true, false, true])
        #expect(try store.add(["LH", "VY"]).changes == [false, true])
        let removed = try store.remove(["lh", "ZZ", "LH", "VY"])
        #expect(removed.changes == [true, false, false, true])
        #expect(removed.entries == ["KL", "OS"])
        #expect(throws: FavoritesError.self) { try store.add(["AB", "  "]) }
        #expect(try store.list().entries == ["KL", "OS"], "a blank entry changes nothing")
    }

    @Test func aLockHeldByAStoppedProcessIsAnErrorNotAWaitWithoutEnd() async throws {
        let scratch = try ScratchFolder()
        let store = FavoritesStore(folder: scratch.url)
        _ = try store.add("OS")
        // Another open file description holding the lock, as another process would.
        let holder = open(scratch.url.appendingPathComponent(FavoritesStore.lockName).path, O_RDWR)
        #expect(holder >= 0)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
        let started = ContinuousClock.now
        // The store waits by sleeping: on a thread of its own, not one of the few that run every other test.
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Result { try store.add("LH") }) }
        }
        let error = #expect(throws: FavoritesError.self) { try result.get() }
        #expect(error?.message.hasPrefix("another process has held the lock ") == true)
        #expect(error?.message.contains(FavoritesStore.lockName) == true)
        #expect(ContinuousClock.now - started >= FavoritesStore.lockPatience)
        #expect(try store.list().entries == ["OS"], "reading needs no lock")
    }

    // MARK: Cache entries

    @Test func aCacheEntryThatIsAFIFOOrHugeIsCorruptAtOnce() throws {
        let scratch = try ScratchFolder()
        let cache = ResponseCache(folder: scratch.url)
        let url = try #require(URL(string: "https://api.example.com/flights?flyFrom=VIE"))
        let entry = cache.file(provider: "kiwi", url: url)
        try FileManager.default.createDirectory(
            at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)

        #expect(mkfifo(entry.path, 0o600) == 0)
        #expect(cache.load(provider: "kiwi", url: url) == .corrupt("\(entry.path) is a pipe, not a regular file"))
        try FileManager.default.removeItem(at: entry)

        try Self.makeSparseFile(at: entry, size: 2 << 30)
        guard case .corrupt(let reason) = cache.load(provider: "kiwi", url: url) else {
            Issue.record("a 2 GiB entry was read")
            return
        }
        #expect(reason.hasPrefix("\(entry.path) is 2147483648 bytes, over the "))
    }

    // MARK: Temporary files of killed writers

    @Test func theTemporaryFilesOfGoneOrLongFinishedWritersAreRemoved() throws {
        let scratch = try ScratchFolder()
        let folder = scratch.url
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        let gone = exited.processIdentifier
        let alive = getpid()
        let goneWriter = ".favorites.json.\(gone).1.tmp"
        let oldWriter = ".flights-ab.response.\(alive).2.tmp"
        let freshWriter = ".favorites.json.\(alive).3.tmp"
        let others = [".favorites.json.tmp", "favorites.json", ".favorites.json.\(gone).x1.tmp"]
        for name in [goneWriter, oldWriter, freshWriter] + others {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        let folderNamedLikeOne = ".folder.\(gone).4.tmp"
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(folderNamedLikeOne), withIntermediateDirectories: false)
        let now = Date()
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(-(OwnerOnlyFile.staleTemporaryAge + 5))],
            ofItemAtPath: folder.appendingPathComponent(oldWriter).path)

        OwnerOnlyFile.removeStaleTemporaries(in: folder, now: now)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left == Set([freshWriter, folderNamedLikeOne] + others))
    }
}
