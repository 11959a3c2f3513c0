import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The user's favourite airlines, kept in `favorites.json` in a folder the caller chooses (the tool
/// uses `$XDG_DATA_HOME/aggregate`).
///
/// Guarantees:
/// - Every write is atomic: a temporary file in the same folder, flushed, then renamed over the old
///   one, so a reader sees the old list or the new one, never half of one.
/// - The folder is created owner-only (0700), the file is owner-only (0600).
/// - Changes from several processes at once are never lost: each read-modify-write holds an exclusive
///   `flock` on `favorites.lock` beside the file (a separate file, because the data file is replaced
///   on every write and a lock on it would be a lock on a file about to disappear). A lock held longer
///   than ``lockPatience`` (a stopped process) is an error, never a wait without end.
/// - The file is read only when it is a regular file of at most ``maxFileBytes``, checked before
///   reading: a FIFO, a device such as `/dev/zero`, a folder or a huge file in its place is an error,
///   never a hang or an endless read (see ``RegularFile``).
/// - Several airlines can be added or removed in one change, under one lock.
/// - Temporary files that a killed writer left are removed on the next write (see ``OwnerOnlyFile``).
/// - A corrupt file (not JSON, or not `{"favorites": [strings]}`) is never dropped silently: it is
///   renamed to `favorites.json.corrupt-<yyyyMMddHHmmss>` (UTC; `-2`, `-3`… if that name exists), the
///   snapshot carries a warning saying so, and the operation continues from an empty list.
/// - Entries are compared case- and accent-insensitively, so `os` and `OS` are one favourite; the
///   first spelling stored is kept. An entry is at most ``maxEntryLength`` characters, and a change that
///   would make the file larger than ``maxFileBytes`` (more than the store reads back) is refused, so that
///   no change can lock the user out of their favourites.
/// - Nothing is read or written when the folder or the file could have been changed by another user (see
///   ``PrivateFolder``): that is an error saying how to make them the user's alone.
public struct FavoritesStore: Sendable {
    /// The data file's name.
    public static let fileName = "favorites.json"
    /// The lock file's name.
    public static let lockName = "favorites.lock"
    /// The schema name written into the file.
    public static let schema = "aggregate.favorites.v1"
    /// The largest favourites file read: thousands of airlines, far more than anyone keeps.
    public static let maxFileBytes = 1 << 20
    /// The longest entry, in characters: longer than any airline's name.
    public static let maxEntryLength = 100
    /// How long a change waits for another process's lock before giving up.
    public static let lockPatience = StateFolder.lockPatience

    /// The folder holding the files.
    public let folder: URL
    /// The same folder as a state folder: its creation, trust check, lock and corrupt files.
    private let state: StateFolder
    private let now: @Sendable () -> Date

    /// Creates a store; nothing is read or created until an operation runs.
    /// - Parameters:
    ///   - folder: the folder for `favorites.json`, created on the first change.
    ///   - now: the clock that names set-aside corrupt files.
    public init(folder: URL, now: @escaping @Sendable () -> Date = { Date() }) {
        self.folder = folder
        state = StateFolder(root: folder)
        self.now = now
    }

    /// The data file.
    public var fileURL: URL { folder.appendingPathComponent(Self.fileName) }

    /// Reads the favourites. Creates nothing when there are none yet.
    /// - Returns: the favourites, with a warning when a corrupt file was set aside.
    /// - Throws: ``FavoritesError`` when the file cannot be read.
    public func list() throws(FavoritesError) -> FavoritesSnapshot {
        try checkPrivate()
        guard let data = try readFile(fileURL.path) else { return FavoritesSnapshot(entries: []) }
        if let entries = Self.decode(data) { return FavoritesSnapshot(entries: entries) }
        // Setting a file aside is a change, so it happens under the lock, after a second look.
        return try locked { () throws(FavoritesError) in
            let (entries, warnings) = try load()
            return FavoritesSnapshot(entries: entries, warnings: warnings)
        }
    }

    /// Adds a favourite unless it is already there.
    /// - Parameter entry: an IATA code or an airline name; surrounding spaces are dropped.
    /// - Returns: the favourites afterwards; `changed` is `false` when it was already there.
    /// - Throws: ``FavoritesError`` when the entry is blank or the files cannot be written.
    public func add(_ entry: String) throws(FavoritesError) -> FavoritesSnapshot {
        try add([entry])
    }

    /// Adds several favourites in one change; each that is already there (or named twice) is left as it is.
    /// - Parameter entries: IATA codes or airline names; surrounding spaces are dropped.
    /// - Returns: the favourites afterwards; `changes` says, entry by entry, which were added.
    /// - Throws: ``FavoritesError`` when an entry is blank (then nothing changes) or the files cannot be
    ///   written.
    public func add(_ entries: [String]) throws(FavoritesError) -> FavoritesSnapshot {
        let additions = try Self.validate(entries)
        // Each entry is folded once, so that adding many to many costs no more than reading them.
        var folded: Set<String>?
        return try update(additions) { favorites, entry in
            var known = folded ?? Set(favorites.map(AirlineNames.fold))
            defer { folded = known }
            guard known.insert(AirlineNames.fold(entry)).inserted else { return false }
            favorites.append(entry)
            return true
        }
    }

    /// Removes a favourite.
    /// - Parameter entry: the code or name, compared case- and accent-insensitively.
    /// - Returns: the favourites afterwards; `changed` is `false` when it was not there.
    /// - Throws: ``FavoritesError`` when the entry is blank or the files cannot be written.
    public func remove(_ entry: String) throws(FavoritesError) -> FavoritesSnapshot {
        try remove([entry])
    }

    /// Removes several favourites in one change.
    /// - Parameter entries: codes or names, compared case- and accent-insensitively.
    /// - Returns: the favourites afterwards; `changes` says, entry by entry, which were removed (`false`
    ///   for one that was not there, or named twice).
    /// - Throws: ``FavoritesError`` when an entry is blank (then nothing changes) or the files cannot be
    ///   written.
    public func remove(_ entries: [String]) throws(FavoritesError) -> FavoritesSnapshot {
        let removals = try Self.validate(entries)
        return try update(removals) { favorites, entry in
            let before = favorites.count
            favorites.removeAll { Self.same($0, entry) }
            return favorites.count != before
        }
    }

    // MARK: Read-modify-write

    private func update(
        _ requested: [String], _ change: (inout [String], String) -> Bool
    ) throws(FavoritesError) -> FavoritesSnapshot {
        try checkPrivate()
        try createFolder()
        return try locked { () throws(FavoritesError) in
            var (entries, warnings) = try load()
            let changes = requested.map { change(&entries, $0) }
            entries = Self.sorted(entries)
            let changed = changes.contains(true)
            if changed {
                let data = Self.encode(entries)
                guard data.count <= Self.maxFileBytes else {
                    throw FavoritesError(
                        .invalidEntry,
                        "the favourites would take \(data.count) bytes, more than the \(Self.maxFileBytes) the "
                            + "tool reads back; nothing was changed (remove some first)",
                        path: fileURL.path)
                }
                try writeAtomically(data, to: fileURL.path)
            }
            return FavoritesSnapshot(entries: entries, changed: changed, warnings: warnings, changes: changes)
        }
    }

    /// Reads the file under the lock, setting a corrupt one aside.
    private func load() throws(FavoritesError) -> (entries: [String], warnings: [String]) {
        guard let data = try readFile(fileURL.path) else { return ([], []) }
        if let entries = Self.decode(data) { return (Self.sorted(entries), []) }
        let aside = try favorites { () throws(StateFileError) in
            try state.setAside(fileURL, "favourites file", at: now())
        }
        let reason =
            (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil
            ? "is not valid JSON" : "does not hold a list of favourites"
        return (
            [],
            [
                "the favourites file \(fileURL.path) \(reason); it was moved to \(aside) and the favourites "
                    + "start empty"
            ]
        )
    }

    // MARK: Files

    /// Refuses a folder or file another user could have changed.
    private func checkPrivate() throws(FavoritesError) {
        try favorites { () throws(StateFileError) in try state.checkTrusted(fileURL.path, "the favourites are not read")
        }
    }

    private func createFolder() throws(FavoritesError) {
        try favorites { () throws(StateFileError) in try state.create() }
    }

    /// Runs `body` holding the favourites' lock.
    private func locked<T>(_ body: () throws(FavoritesError) -> T) throws(FavoritesError) -> T {
        let result = try favorites { () throws(StateFileError) in
            try state.withLock(Self.lockName) { () throws(StateFileError) in
                Result { () throws(FavoritesError) in try body() }
            }
        }
        return try result.get()
    }

    /// Runs a step of the state folder, its error worded as the favourites'.
    private func favorites<T>(_ step: () throws(StateFileError) -> T) throws(FavoritesError) -> T {
        do {
            return try step()
        } catch {
            throw FavoritesError(error)
        }
    }

    private func readFile(_ path: String) throws(FavoritesError) -> Data? {
        do {
            return try RegularFile.read(path, maxBytes: Self.maxFileBytes)
        } catch {
            switch error.reason {
            case .system(let code):
                throw Self.failure(code, "cannot read the favourites file \(path)", path: path)
            case .notARegularFile(let kind):
                throw FavoritesError(
                    .fileSystem, "the favourites file \(path) is \(kind), not a regular file", path: path)
            case .tooLarge(let bytes, let limit):
                throw FavoritesError(
                    .fileSystem, "the favourites file \(path) is \(bytes) bytes, over the \(limit)-byte limit",
                    path: path)
            case .changedWhileRead:
                throw FavoritesError(
                    .fileSystem, "the favourites file \(path) changed while it was being read", path: path)
            }
        }
    }

    private func writeAtomically(_ data: Data, to path: String) throws(FavoritesError) {
        do {
            try OwnerOnlyFile.save(data, to: URL(fileURLWithPath: path))
        } catch {
            throw Self.failure(error.code, "cannot write the favourites file \(path)", path: path)
        }
    }

    // MARK: Format

    private struct Contents: Codable {
        var schema: String?
        var favorites: [String]
    }

    static func decode(_ data: Data) -> [String]? {
        try? JSONDecoder().decode(Contents.self, from: data).favorites
    }

    static func encode(_ entries: [String]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Contents(schema: schema, favorites: entries))) ?? Data()
        return data + Data("\n".utf8)
    }

    private static func validate(_ entries: [String]) throws(FavoritesError) -> [String] {
        var trimmed: [String] = []
        for entry in entries {
            let text = entry.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else {
                throw FavoritesError(.invalidEntry, "a favourite needs an airline code or name", path: "")
            }
            guard text.count <= maxEntryLength else {
                throw FavoritesError(
                    .invalidEntry,
                    "'\(PrintableText.excerpt(text, limit: 40))' is longer than \(maxEntryLength) characters, "
                        + "longer than any airline's name", path: "")
            }
            trimmed.append(text)
        }
        return trimmed
    }

    private static func same(_ lhs: String, _ rhs: String) -> Bool {
        AirlineNames.fold(lhs) == AirlineNames.fold(rhs)
    }

    private static func sorted(_ entries: [String]) -> [String] {
        // Each entry folded once, not once per comparison.
        var seen = Set<String>()
        return entries.map { (folded: AirlineNames.fold($0), entry: $0) }
            .filter { seen.insert($0.folded).inserted }
            .sorted { ($0.folded, $0.entry) < ($1.folded, $1.entry) }
            .map(\.entry)
    }

    private static func failure(_ code: Int32, _ action: String, path: String) -> FavoritesError {
        FavoritesError(StateFolder.failure(code, action, path: path))
    }
}
