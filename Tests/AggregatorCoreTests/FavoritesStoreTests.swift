import AggregatorCore
import Foundation
import ProviderKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("The favourites store: atomic, owner-only, locked, and careful with corrupt files")
struct FavoritesStoreTests {
    /// A fresh folder under the temporary directory, removed afterwards; the store's own folder is
    /// `aggregate` inside it, so that the store has to create it.
    final class Sandbox {
        let root: URL
        var folder: URL { root.appendingPathComponent("share/aggregate") }
        var file: URL { folder.appendingPathComponent("favorites.json") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("favorites-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root.path)
            try? FileManager.default.removeItem(at: root)
        }

        func store() -> FavoritesStore {
            FavoritesStore(folder: folder, now: { Date(timeIntervalSince1970: 1_797_577_500) })
        }

        func permissions(_ url: URL) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
        }
    }

    @Test func listingBeforeAnythingIsStoredIsEmptyAndCreatesNothing() throws {
        let sandbox = try Sandbox()
        let snapshot = try sandbox.store().list()
        #expect(snapshot == FavoritesSnapshot(entries: []))
        #expect(!FileManager.default.fileExists(atPath: sandbox.folder.path))
    }

    @Test func addRemoveAndListRoundTripCaseInsensitively() throws {
        let sandbox = try Sandbox()
        let store = sandbox.store()
        #expect(try store.add("OS").changed)
        #expect(try store.add(" KL ").entries == ["KL", "OS"])
        #expect(try store.add("os").changed == false, "already there, in another case")
        #expect(try store.add("Türk Hava Yolları").entries == ["KL", "OS", "Türk Hava Yolları"])
        #expect(try store.remove("turk hava yolları").changed)
        #expect(try store.remove("LX").changed == false)
        #expect(try store.list().entries == ["KL", "OS"])
        #expect(try FavoritesStore(folder: sandbox.folder).list().entries == ["KL", "OS"], "it is on disk")
        #expect(throws: FavoritesError.self) { try store.add("   ") }
    }

    @Test func theFileIsVersionedJSONAndOwnerOnlyInAnOwnerOnlyFolder() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.store().add("VY")
        #expect(try sandbox.permissions(sandbox.folder) == 0o700)
        #expect(try sandbox.permissions(sandbox.file) == 0o600)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.file)) as? [String: Any]
        #expect(json?["schema"] as? String == "aggregate.favorites.v1")
        #expect(json?["favorites"] as? [String] == ["VY"])
    }

    @Test func writesReplaceTheFileAndLeaveNoTemporaryFilesBehind() throws {
        let sandbox = try Sandbox()
        let store = sandbox.store()
        _ = try store.add("OS")
        let before = try FileManager.default.attributesOfItem(atPath: sandbox.file.path)[.systemFileNumber] as? NSNumber
        _ = try store.add("KL")
        let after = try FileManager.default.attributesOfItem(atPath: sandbox.file.path)[.systemFileNumber] as? NSNumber
        #expect(before != nil && before != after, "a new file renamed into place, not the old one rewritten")
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).sorted()
        #expect(names == ["favorites.json", "favorites.lock"])
    }

    @Test func aCorruptFileIsSetAsideWithAWarningAndTheOperationGoesOn() throws {
        let sandbox = try Sandbox()
        let store = sandbox.store()
        _ = try store.add("OS")
        let garbage = "{\"favorites\": [\"OS\", "
        try Data(garbage.utf8).write(to: sandbox.file)
        let snapshot = try store.add("KL")
        #expect(snapshot.entries == ["KL"])
        let aside = sandbox.file.path + ".corrupt-20261218070500"
        #expect(snapshot.warnings.count == 1)
        #expect(snapshot.warnings.first?.contains("is not valid JSON; it was moved to \(aside)") == true)
        #expect(snapshot.warnings.first?.contains("\n") == false)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: aside)), as: UTF8.self) == garbage)

        // A second corrupt file in the same second gets its own name: nothing is overwritten.
        try Data("[1, 2]".utf8).write(to: sandbox.file)
        let listed = try store.list()
        #expect(listed.entries.isEmpty)
        #expect(listed.warnings.first?.contains("does not hold a list of favourites") == true)
        #expect(FileManager.default.fileExists(atPath: aside + "-2"))
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: aside)), as: UTF8.self) == garbage)
        #expect(try store.list() == FavoritesSnapshot(entries: []), "the warning is given once")
    }

    @Test func concurrentAddsLoseNothing() async throws {
        let sandbox = try Sandbox()
        let codes = (0..<20).map { "C\($0)" }
        let folder = sandbox.folder
        try await withThrowingTaskGroup(of: Void.self) { group in
            for code in codes {
                // One store value per task, as separate processes would have.
                group.addTask { _ = try FavoritesStore(folder: folder).add(code) }
            }
            try await group.waitForAll()
        }
        #expect(Set(try sandbox.store().list().entries) == Set(codes))
    }

    @Test func aChangeThatWouldMakeTheFileTooLargeToReadBackIsRefused() throws {
        let sandbox = try Sandbox()
        let store = sandbox.store()
        _ = try store.add("OS")
        // Names of up to 100 characters; ten thousand of them are more than the file the store reads.
        let names = (0..<12_000).map { String(format: "Airline %05d ", $0) + String(repeating: "x", count: 86) }
        #expect(names.allSatisfy { $0.count == 100 })
        let error = #expect(throws: FavoritesError.self) { try store.add(names) }
        #expect(error?.code == .invalidEntry)
        #expect(error?.message.contains("\(FavoritesStore.maxFileBytes)") == true, "\(error?.message ?? "")")
        #expect(try store.list().entries == ["OS"], "nothing changed, and the file still reads")
        let longest = String(repeating: "y", count: 101)
        let tooLong = #expect(throws: FavoritesError.self) { try store.add(longest) }
        #expect(tooLong?.code == .invalidEntry)
        #expect(tooLong?.message.contains("100 characters") == true, "\(tooLong?.message ?? "")")
        #expect(try store.add(String(longest.dropLast())).changed)
    }

    @Test func aFolderOrFileOthersCanChangeIsNotTrusted() throws {
        let sandbox = try Sandbox()
        let store = sandbox.store()
        _ = try store.add("OS")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: sandbox.folder.path)
        let open = #expect(throws: FavoritesError.self) { try store.list() }
        #expect(open?.message.contains("writable by others") == true, "\(open?.message ?? "")")
        #expect(throws: FavoritesError.self) { try store.add("KL") }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: sandbox.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: sandbox.file.path)
        let file = #expect(throws: FavoritesError.self) { try store.list() }
        #expect(file?.message.contains(sandbox.file.path) == true, "\(file?.message ?? "")")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sandbox.file.path)
        #expect(try store.list().entries == ["OS"])
        // Only root can give a file away to test the owner; the mode test above holds for everyone.
        guard geteuid() == 0 else { return }
        chown(sandbox.file.path, 65_534, 65_534)
        let owner = #expect(throws: FavoritesError.self) { try store.list() }
        #expect(owner?.message.contains("owned by") == true, "\(owner?.message ?? "")")
    }

    @Test func aFolderThatCannotBeWrittenIsAOneLineError() throws {
        guard getuid() != 0 else { return }  // root may write anywhere, so there is nothing to refuse
        let sandbox = try Sandbox()
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: sandbox.root.path)
        let error = #expect(throws: FavoritesError.self) { try sandbox.store().add("OS") }
        #expect(error?.code == .permissionDenied)
        #expect(error?.message.contains("permission denied") == true)
        #expect(error?.message.contains("\n") == false)
    }
}
