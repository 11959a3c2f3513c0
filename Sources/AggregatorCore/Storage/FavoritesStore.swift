import Foundation

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
///   on every write and a lock on it would be a lock on a file about to disappear).
/// - A corrupt file (not JSON, or not `{"favorites": [strings]}`) is never dropped silently: it is
///   renamed to `favorites.json.corrupt-<yyyyMMddHHmmss>` (UTC; `-2`, `-3`… if that name exists), the
///   snapshot carries a warning saying so, and the operation continues from an empty list.
/// - Entries are compared case- and accent-insensitively, so `os` and `OS` are one favourite; the
///   first spelling stored is kept.
public struct FavoritesStore: Sendable {
    /// The data file's name.
    public static let fileName = "favorites.json"
    /// The lock file's name.
    public static let lockName = "favorites.lock"
    /// The schema name written into the file.
    public static let schema = "aggregate.favorites.v1"

    /// The folder holding the files.
    public let folder: URL
    private let now: @Sendable () -> Date

    /// Creates a store; nothing is read or created until an operation runs.
    /// - Parameters:
    ///   - folder: the folder for `favorites.json`, created on the first change.
    ///   - now: the clock that names set-aside corrupt files.
    public init(folder: URL, now: @escaping @Sendable () -> Date = { Date() }) {
        self.folder = folder
        self.now = now
    }

    /// The data file.
    public var fileURL: URL { folder.appendingPathComponent(Self.fileName) }

    /// Reads the favourites. Creates nothing when there are none yet.
    /// - Returns: the favourites, with a warning when a corrupt file was set aside.
    /// - Throws: ``FavoritesError`` when the file cannot be read.
    public func list() throws(FavoritesError) -> FavoritesSnapshot {
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
        let entry = try Self.validate(entry)
        return try update { entries in
            guard !entries.contains(where: { Self.same($0, entry) }) else { return false }
            entries.append(entry)
            return true
        }
    }

    /// Removes a favourite.
    /// - Parameter entry: the code or name, compared case- and accent-insensitively.
    /// - Returns: the favourites afterwards; `changed` is `false` when it was not there.
    /// - Throws: ``FavoritesError`` when the entry is blank or the files cannot be written.
    public func remove(_ entry: String) throws(FavoritesError) -> FavoritesSnapshot {
        let entry = try Self.validate(entry)
        return try update { entries in
            let before = entries.count
            entries.removeAll { Self.same($0, entry) }
            return entries.count != before
        }
    }

    // MARK: Read-modify-write

    private func update(_ change: (inout [String]) -> Bool) throws(FavoritesError) -> FavoritesSnapshot {
        try createFolder()
        return try locked { () throws(FavoritesError) in
            var (entries, warnings) = try load()
            let changed = change(&entries)
            entries = Self.sorted(entries)
            if changed { try writeAtomically(Self.encode(entries), to: fileURL.path) }
            return FavoritesSnapshot(entries: entries, changed: changed, warnings: warnings)
        }
    }

    /// Reads the file under the lock, setting a corrupt one aside.
    private func load() throws(FavoritesError) -> (entries: [String], warnings: [String]) {
        guard let data = try readFile(fileURL.path) else { return ([], []) }
        if let entries = Self.decode(data) { return (Self.sorted(entries), []) }
        let aside = try setAside()
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

    private func setAside() throws(FavoritesError) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss"
        let base = fileURL.path + ".corrupt-" + formatter.string(from: now())
        var target = base
        var attempt = 1
        while access(target, F_OK) == 0 {
            attempt += 1
            target = "\(base)-\(attempt)"
        }
        guard rename(fileURL.path, target) == 0 else {
            throw Self.failure(errno, "cannot move the corrupt favourites file aside to \(target)", path: fileURL.path)
        }
        return target
    }

    // MARK: Files

    private func createFolder() throws(FavoritesError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw FavoritesError(
                    .fileSystem, "\(folder.path) is a file, not a folder for favourites", path: folder.path)
            }
            return
        }
        let parent = folder.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw Self.failure(
                Self.posixCode(of: error) ?? EIO, "cannot create the folder \(parent.path)", path: parent.path)
        }
        if mkdir(folder.path, 0o700) != 0 {
            let code = errno
            guard code == EEXIST else {
                throw Self.failure(code, "cannot create the favourites folder \(folder.path)", path: folder.path)
            }
            return
        }
        // mkdir's mode is filtered by the umask; owner-only must hold whatever it is.
        _ = chmod(folder.path, 0o700)
    }

    private func locked<T>(_ body: () throws(FavoritesError) -> T) throws(FavoritesError) -> T {
        let path = folder.appendingPathComponent(Self.lockName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Self.failure(errno, "cannot open the favourites lock \(path)", path: path)
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            let code = errno
            guard code == EINTR else {
                throw Self.failure(code, "cannot lock the favourites lock \(path)", path: path)
            }
        }
        // Closing the descriptor releases the lock, also when the body throws.
        return try body()
    }

    private func readFile(_ path: String) throws(FavoritesError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw Self.failure(code, "cannot read the favourites file \(path)", path: path)
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw Self.failure(code, "cannot read the favourites file \(path)", path: path)
            }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
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

    private static func validate(_ entry: String) throws(FavoritesError) -> String {
        let trimmed = entry.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw FavoritesError(.invalidEntry, "a favourite needs an airline code or name", path: "")
        }
        return trimmed
    }

    private static func same(_ lhs: String, _ rhs: String) -> Bool {
        AirlineDirectory.fold(lhs) == AirlineDirectory.fold(rhs)
    }

    private static func sorted(_ entries: [String]) -> [String] {
        var seen = Set<String>()
        return entries.filter { seen.insert(AirlineDirectory.fold($0)).inserted }
            .sorted { (AirlineDirectory.fold($0), $0) < (AirlineDirectory.fold($1), $1) }
    }

    private static func posixCode(of error: any Error) -> Int32? {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return Int32(underlying.code) }
        if (error as NSError).domain == NSPOSIXErrorDomain { return Int32((error as NSError).code) }
        if (error as NSError).code == CocoaError.fileWriteNoPermission.rawValue { return EACCES }
        return nil
    }

    private static func failure(_ code: Int32, _ action: String, path: String) -> FavoritesError {
        let reason = String(cString: strerror(code)).lowercased()
        let kind: FavoritesError.Code = [EACCES, EPERM, EROFS].contains(code) ? .permissionDenied : .fileSystem
        return FavoritesError(kind, "\(action): \(reason)", path: path)
    }
}
