import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The watches, kept in `watches.json` in the data folder, and their price histories in `history/`.
///
/// Written as the favourites are: every change is a read-modify-write under the exclusive lock
/// `watches.lock`, written atomically (a temporary file flushed and renamed over the old one, see
/// ``OwnerOnlyFile``), so concurrent runs never lose a change and a `kill -9` leaves the old list or the
/// new one. The file is read only when it is a regular file of at most ``maxFileBytes``, and only when it
/// and its folder are the user's alone (``StateFolder``). A corrupt file is moved aside to
/// `watches.json.corrupt-<yyyyMMddHHmmss>` with a warning, and the list starts empty.
package struct WatchStore: Sendable {
    /// The data file's name.
    package static let fileName = "watches.json"
    /// The lock file's name.
    package static let lockName = "watches.lock"
    /// The schema written into the file: each watch's search is an object of its options by name, as a
    /// request's query parameters name them (`{"from": "VIE", "live": true, "endpoint": ["kiwi=live"]}`).
    package static let schema = "aggregate.watches.v2"
    /// The schema of the earlier file, whose searches were command-line words; read and converted.
    package static let wordsSchema = "aggregate.watches.v1"
    /// The largest file read: thousands of watches.
    package static let maxFileBytes = 1 << 20
    /// The most watches kept.
    package static let maxWatches = 1000

    /// The watches as read, and what to tell the user about the file.
    package struct Snapshot: Sendable {
        /// The watches, by name.
        package var watches: [Watch]
        /// One line each, such as a corrupt file that was set aside.
        package var warnings: [String] = []

        /// The watch of a name, compared in lower case.
        package func watch(named name: String) -> Watch? {
            let wanted = name.lowercased()
            return watches.first { $0.name == wanted }
        }

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(watches: [Watch], warnings: [String] = []) {
            self.watches = watches
            self.warnings = warnings
        }
    }

    /// The data folder.
    package let folder: StateFolder
    private let now: @Sendable () -> Date

    /// A store in a data folder; nothing is read or created until an operation runs.
    /// - Parameters:
    ///   - folder: the data folder, such as `~/.local/share/aggregate`.
    ///   - now: the clock that names set-aside corrupt files.
    package init(folder: URL, now: @escaping @Sendable () -> Date = { Date() }) {
        self.folder = StateFolder(root: folder)
        self.now = now
    }

    /// The data file.
    package var fileURL: URL { folder.file(Self.fileName) }

    /// The price history of a watch.
    /// - Parameter name: the watch's name.
    /// - Returns: its history, in `history/<name>.jsonl`.
    package func history(of name: String) -> PriceHistory {
        PriceHistory(folder: folder.subfolder("history"), name: name)
    }

    /// Reads the watches; creates nothing when there are none.
    /// - Throws: ``StateFileError`` when the file cannot be read or trusted.
    package func list() throws(StateFileError) -> Snapshot {
        try folder.checkTrusted(fileURL.path, "the watches are not read")
        guard let data = try readFile() else { return Snapshot(watches: []) }
        if let watches = Self.decode(data) { return Snapshot(watches: watches) }
        try folder.create()
        return try folder.withLock(Self.lockName) { () throws(StateFileError) in try load() }
    }

    /// Adds a watch unless one of its name exists.
    /// - Parameter watch: the watch.
    /// - Returns: whether it was added, and warnings about the file.
    /// - Throws: ``StateFileError`` when the file cannot be written or trusted, or is full.
    package func add(_ watch: Watch) throws(StateFileError) -> (added: Bool, warnings: [String]) {
        let result = try update { watches throws(StateFileError) in
            guard !watches.contains(where: { $0.name == watch.name }) else { return false }
            guard watches.count < Self.maxWatches else {
                throw StateFileError(
                    .fileSystem, "there are \(Self.maxWatches) watches already; remove some first",
                    path: fileURL.path)
            }
            watches.append(watch)
            return true
        }
        return (result.changed, result.warnings)
    }

    /// Removes watches and their histories.
    /// - Parameter names: the names.
    /// - Returns: for each name, whether it was a watch; and warnings about the file.
    /// - Throws: ``StateFileError`` when the files cannot be written or trusted.
    package func remove(_ names: [String]) throws(StateFileError) -> (removed: [Bool], warnings: [String]) {
        var removed: [Bool] = []
        let warnings = try update { watches throws(StateFileError) in
            removed = names.map { name in
                let wanted = name.lowercased()
                guard watches.contains(where: { $0.name == wanted }) else { return false }
                watches.removeAll { $0.name == wanted }
                return true
            }
            return removed.contains(true)
        }.warnings
        for (name, gone) in zip(names, removed) where gone { try history(of: name.lowercased()).remove() }
        return (removed, warnings)
    }

    // MARK: Read-modify-write

    private func update(
        _ change: (inout [Watch]) throws(StateFileError) -> Bool
    ) throws(StateFileError) -> (changed: Bool, warnings: [String]) {
        try folder.create()
        try folder.checkTrusted(fileURL.path, "the watches are not written")
        return try folder.withLock(Self.lockName) { () throws(StateFileError) in
            var snapshot = try load()
            let changed = try change(&snapshot.watches)
            if changed {
                snapshot.watches.sort { $0.name < $1.name }
                let data = Self.encode(snapshot.watches)
                do throws(OwnerOnlyFile.Failure) {
                    try OwnerOnlyFile.save(data, to: fileURL)
                } catch {
                    throw StateFolder.failure(
                        error.code, "cannot write the watches file \(fileURL.path)", path: error.path)
                }
            }
            return (changed, snapshot.warnings)
        }
    }

    /// Reads the file under the lock, setting a corrupt one aside.
    private func load() throws(StateFileError) -> Snapshot {
        guard let data = try readFile() else { return Snapshot(watches: []) }
        if let watches = Self.decode(data) { return Snapshot(watches: watches) }
        let aside = try folder.setAside(fileURL, "watches file", at: now())
        return Snapshot(
            watches: [],
            warnings: [
                "the watches file \(fileURL.path) cannot be read; it was moved to \(aside) and the watches start empty"
            ])
    }

    private func readFile() throws(StateFileError) -> Data? {
        let path = fileURL.path
        do {
            return try RegularFile.read(path, maxBytes: Self.maxFileBytes)
        } catch {
            switch error.reason {
            case .system(let code):
                throw StateFolder.failure(code, "cannot read the watches file \(path)", path: path)
            case .notARegularFile(let kind):
                throw StateFileError(.fileSystem, "the watches file \(path) is \(kind), not a regular file", path: path)
            case .tooLarge(let bytes, let limit):
                throw StateFileError(
                    .fileSystem, "the watches file \(path) is \(bytes) bytes, over the \(limit)-byte limit", path: path)
            case .changedWhileRead:
                throw StateFileError(
                    .fileSystem, "the watches file \(path) changed while it was being read", path: path)
            }
        }
    }

    // MARK: Format

    /// The file's text.
    package static func encode(_ watches: [Watch]) -> Data {
        var writer = JSONWriter(style: .pretty, escaping: .required)
        writer.object { json in
            json.key("schema")
            json.string(schema)
            json.key("watches")
            json.array { list in
                for watch in watches {
                    list.object { entry in
                        entry.key("name")
                        entry.string(watch.name)
                        entry.key("search")
                        writeSearch(watch.search, to: &entry)
                        entry.key("below")
                        entry.decimal(watch.below)
                        entry.key("trip")
                        entry.string(watch.trip)
                        entry.key("currency")
                        entry.string(watch.currency.rawValue)
                        entry.key("created_at")
                        entry.date(watch.created)
                    }
                }
            }
        }
        return Data(writer.bytes + [0x0A])
    }

    /// The watches in a file's text, or `nil` when it is not a watches file this version can read.
    package static func decode(_ data: Data) -> [Watch]? {
        let dates = ISO8601DateFormatter()
        return try? JSONDocument.read(data) { root -> [Watch]? in
            var watches: [Watch] = []
            for entry in try root["watches"].elements {
                guard let name = Watch.name(try entry["name"].string),
                    let currency = CurrencyCode(try entry["currency"].string),
                    let created = dates.date(from: try entry["created_at"].string)
                else { return nil }
                let trip = try entry["trip"].ifPresent?.string
                if let trip, !Watch.isTripID(trip) { return nil }
                guard let search = try readSearch(entry["search"]) else { return nil }
                watches.append(
                    Watch(
                        name: name, search: search,
                        below: try entry["below"].ifPresent?.decimal, trip: trip, currency: currency,
                        created: created))
            }
            return watches
        }
    }

    /// A search as the file keeps it: one member per option, in the order given, named without its dashes; a
    /// flag is `true`, an option given once its value, one given several times the list of its values.
    private static func writeSearch(_ search: [Watch.Option], to json: inout JSONWriter) {
        var order: [OptionKey] = []
        var values: [OptionKey: [String]] = [:]
        for option in search {
            if values[option.key] == nil { order.append(option.key) }
            values[option.key, default: []] += option.value.map { [$0] } ?? []
        }
        json.object { members in
            for key in order {
                members.key(String(key.name.dropFirst(2)))
                let given = values[key] ?? []
                if given.isEmpty {
                    members.bool(true)
                } else if given.count == 1 {
                    members.string(given[0])
                } else {
                    members.strings(given)
                }
            }
        }
    }

    /// A search as kept: an object of options (this version), or the command-line words an earlier version
    /// kept; `nil` when it is neither.
    private static func readSearch(_ node: JSONNode) throws(JSONError) -> [Watch.Option]? {
        if node.kind == .array {
            var words: [String] = []
            for element in try node.elements { words.append(try element.string) }
            return Watch.options(fromWords: words)
        }
        var search: [Watch.Option] = []
        for member in try node.members {
            guard let spec = QueryOptions.specs.first(where: { $0.name == "--" + member.name }) else { return nil }
            let value = member.value
            switch value.kind {
            case .bool:
                guard spec.valueName == nil else { return nil }
                if try value.bool { search.append(Watch.Option(key: spec.key, value: nil)) }
            case .string:
                guard spec.valueName != nil else { return nil }
                search.append(Watch.Option(key: spec.key, value: try value.string))
            case .array:
                guard spec.valueName != nil else { return nil }
                for element in try value.elements {
                    search.append(Watch.Option(key: spec.key, value: try element.string))
                }
            default:
                return nil
            }
        }
        return search
    }
}
