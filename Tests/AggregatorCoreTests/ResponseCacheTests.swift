import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private func permissions(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.posixPermissions] as? Int)
}

@Suite("ResponseCache on disk")
struct ResponseCacheTests {
    private let request = URL(string: "https://api.example.com/v2/flights?flyFrom=VIE&to=BCN")

    @Test func aStoredAnswerReadsBackWithItsTime() throws {
        let folder = try ScratchFolder()
        let cache = ResponseCache(folder: folder.url)
        let url = try #require(request)
        let retrieved = Date(timeIntervalSince1970: 1_795_000_000.25)
        let body = Data(#"{"data":[1,2,3]}"#.utf8) + Data([0, 0xff, 0x0a])
        try cache.store(body, provider: "kiwi", url: url, retrievedAt: retrieved)
        #expect(cache.load(provider: "kiwi", url: url) == .hit(ResponseCache.Entry(body: body, retrievedAt: retrieved)))
    }

    @Test func entriesAreKeptPerProviderAndPerRequest() throws {
        let folder = try ScratchFolder()
        let cache = ResponseCache(folder: folder.url)
        let url = try #require(request)
        let other = try #require(URL(string: "https://api.example.com/v2/flights?flyFrom=VIE&to=AMS"))
        try cache.store(Data("a".utf8), provider: "kiwi", url: url, retrievedAt: Date())
        #expect(cache.load(provider: "kiwi", url: other) == .missing)
        #expect(cache.load(provider: "aviasales", url: url) == .missing)
        #expect(cache.file(provider: "kiwi", url: url).deletingLastPathComponent().lastPathComponent == "kiwi")
        #expect(cache.file(provider: "kiwi", url: url).lastPathComponent.hasPrefix("flights-"))
    }

    @Test func foldersAndFilesAreOwnerOnly() throws {
        let folder = try ScratchFolder()
        let root = folder.url.appendingPathComponent("aggregate")
        let cache = ResponseCache(folder: root)
        let url = try #require(request)
        try cache.store(Data("[]".utf8), provider: "kiwi", url: url, retrievedAt: Date())
        #expect(try permissions(root) == 0o700)
        #expect(try permissions(root.appendingPathComponent("kiwi")) == 0o700)
        #expect(try permissions(cache.file(provider: "kiwi", url: url)) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("kiwi").path)
        #expect(leftovers.count == 1, "no temporary file is left behind")
    }

    @Test func entriesOthersCouldHaveChangedAreNotTrustedNorWritten() throws {
        let folder = try ScratchFolder()
        let root = folder.url.appendingPathComponent("aggregate")
        let cache = ResponseCache(folder: root)
        let url = try #require(request)
        try cache.store(Data("[]".utf8), provider: "kiwi", url: url, retrievedAt: Date())
        let file = cache.file(provider: "kiwi", url: url)
        for (path, open, closed) in [
            (root.path, 0o777, 0o700), (root.appendingPathComponent("kiwi").path, 0o770, 0o700),
            (file.path, 0o666, 0o600),
        ] {
            chmod(path, mode_t(open))
            guard case .untrusted(let reason) = cache.load(provider: "kiwi", url: url) else {
                Issue.record("an entry under \(path), mode \(String(open, radix: 8)), was trusted")
                continue
            }
            #expect(reason.contains(path) && reason.contains("writable by others"), "\(reason)")
            chmod(path, mode_t(closed))
        }
        guard case .hit(let entry) = cache.load(provider: "kiwi", url: url) else {
            Issue.record("the entry is trusted again once only its owner can change it")
            return
        }
        #expect(entry.body == Data("[]".utf8))
        chmod(root.path, 0o777)
        #expect(throws: CacheError.self, "nothing is written where others could read or replace it") {
            try cache.store(Data("[1]".utf8), provider: "kiwi", url: url, retrievedAt: Date())
        }
        chmod(root.path, 0o700)
        // Only root can give a file away to test the owner; the mode test above holds for everyone.
        guard geteuid() == 0 else { return }
        chown(file.path, 65_534, 65_534)
        guard case .untrusted(let reason) = cache.load(provider: "kiwi", url: url) else {
            Issue.record("an entry owned by another user was trusted")
            return
        }
        #expect(reason.contains("owned by"), "\(reason)")
    }

    enum Damage: String, CaseIterable {
        case cutOff, altered, noHeader, badHeader, empty

        func apply(to data: Data) -> Data {
            switch self {
            case .cutOff: data.prefix(data.count - 3)
            case .altered: Data(data.dropLast()) + Data("X".utf8)
            case .noHeader: Data("garbage without a newline".utf8)
            case .badHeader: Data("{not json}\n".utf8) + data
            case .empty: Data()
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func aDamagedEntryReadsAsCorruptAndIsReplacedByTheNextStore(damage: Damage) throws {
        let folder = try ScratchFolder()
        let cache = ResponseCache(folder: folder.url)
        let url = try #require(request)
        try cache.store(Data(#"{"data":"good"}"#.utf8), provider: "kiwi", url: url, retrievedAt: Date())
        let file = cache.file(provider: "kiwi", url: url)
        try damage.apply(to: try Data(contentsOf: file)).write(to: file)
        guard case .corrupt(let reason) = cache.load(provider: "kiwi", url: url) else {
            Issue.record("a \(damage) entry was accepted")
            return
        }
        #expect(reason.contains(file.path))
        try cache.store(Data("[9]".utf8), provider: "kiwi", url: url, retrievedAt: Date(timeIntervalSince1970: 0))
        #expect(
            cache.load(provider: "kiwi", url: url)
                == .hit(ResponseCache.Entry(body: Data("[9]".utf8), retrievedAt: Date(timeIntervalSince1970: 0))))
    }

    @Test func anUnwritableFolderIsAnErrorNotACrash() throws {
        let folder = try ScratchFolder()
        let blocker = folder.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let cache = ResponseCache(folder: blocker.appendingPathComponent("aggregate"))
        let url = try #require(request)
        #expect(throws: CacheError.self) {
            try cache.store(Data("[]".utf8), provider: "kiwi", url: url, retrievedAt: Date())
        }
    }
}
