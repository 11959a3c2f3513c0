import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The price history of one watch: every run's prices, one line per trip and seller, in a file of JSON
/// lines (`<name>.jsonl`) that only ever grows at its end, until it is compacted.
///
/// Guarantees:
/// - Each line carries its own checksum, and a run ends with a run line naming how many price lines it
///   wrote (see ``HistoryLine``): a line cut short or changed on disk is skipped and counted, and the
///   records of a run that never finished are left out and counted; neither is ever fatal.
/// - A run is appended whole by one writer at a time: under the exclusive lock `<name>.lock` (see
///   ``StateFolder``), with `O_APPEND`, and flushed to disk (`fsync`) before the lock is released. A
///   writer killed mid-write leaves at most one torn line at the end, which the next writer cuts off
///   before it appends; every earlier line is untouched, so no earlier run is ever lost.
/// - Readers take no lock: they see every run appended before they opened the file.
/// - ``append(readingBack:_:)`` reads the last runs and appends the next under one lock, so that two processes running
///   the same watch at once each compare with the run before their own and neither loses the other's.
/// - The history is bounded: ``compact(keeping:now:)`` rewrites it (atomically, see ``OwnerOnlyFile``)
///   without the runs older than it keeps, once its oldest run is older than that by more than a tenth
///   (at least a day), so that compaction is occasional rather than every run. The last run is always
///   kept: it is what the next run compares with.
/// - The file and the folders up to the state folder must be the user's alone (``StateFolder``); the
///   file is created `0600`.
public struct PriceHistory: Sendable {
    /// The folder the history is kept in.
    public let folder: StateFolder
    /// The history's name: the watch's name, safe as a file name.
    public let name: String

    /// A history; nothing is read or created until an operation runs.
    /// - Parameters:
    ///   - folder: the folder of histories.
    ///   - name: the watch's name: letters, digits, `-`, `_` and `.`, not starting with `.`.
    public init(folder: StateFolder, name: String) {
        self.folder = folder
        self.name = name
    }

    /// The data file.
    public var fileURL: URL { folder.file("\(name).jsonl") }
    private var lockName: String { "\(name).lock" }

    // MARK: Reading

    /// Reads the whole history, line by line.
    /// - Returns: its complete runs, and counts of what was skipped.
    /// - Throws: ``StateFileError`` when the file cannot be read or trusted; a missing file is an empty
    ///   history.
    public func read() throws(StateFileError) -> PriceHistoryReading {
        try folder.checkTrusted(fileURL.path, "the price history is not read")
        guard let file = try HistoryFile.opening(fileURL.path, writing: false) else { return PriceHistoryReading() }
        defer { file.release() }
        let dates = HistoryDates()
        var reading = PriceHistoryReading()
        var pending: [String: [PriceRecord]] = [:]
        var pendingOrder: [String] = []
        try file.forEachLine { line in
            guard let line else {
                reading.corruptLines += 1
                return
            }
            guard !line.isEmpty else { return }
            switch HistoryLine.parse(line, dates: dates) {
            case .price(let run, _, let record):
                if pending[run] == nil { pendingOrder.append(run) }
                pending[run, default: []].append(record)
            case .run(var run, let count):
                let prices = pending.removeValue(forKey: run.id) ?? []
                pendingOrder.removeAll { $0 == run.id }
                // Records beyond the count belong to another attempt of the same id: never written so.
                run.prices = Array(prices.prefix(count))
                reading.corruptLines += max(0, count - prices.count)
                reading.runs.append(run)
            case nil:
                reading.corruptLines += 1
            }
        }
        reading.unfinishedRecords = pendingOrder.reduce(0) { $0 + (pending[$1]?.count ?? 0) }
        return reading
    }

    /// The last complete run, read from the end of the file without reading the rest.
    /// - Returns: the run with its prices, or `nil` when the history has none.
    /// - Throws: ``StateFileError`` when the file cannot be read or trusted.
    public func lastRun() throws(StateFileError) -> HistoryRun? {
        try lastRuns(1).last
    }

    /// The last complete runs, read from the end of the file without reading the rest.
    /// - Parameter count: how many runs at most.
    /// - Returns: the runs with their prices, oldest first; fewer when the history has fewer.
    /// - Throws: ``StateFileError`` when the file cannot be read or trusted.
    public func lastRuns(_ count: Int) throws(StateFileError) -> [HistoryRun] {
        try folder.checkTrusted(fileURL.path, "the price history is not read")
        guard let file = try HistoryFile.opening(fileURL.path, writing: false) else { return [] }
        defer { file.release() }
        return try Self.lastRuns(count, in: file)
    }

    /// The window read from the end at first; doubled until it holds the runs asked for.
    static let tailWindow = 256 << 10

    private static func lastRuns(_ wanted: Int, in file: HistoryFile) throws(StateFileError) -> [HistoryRun] {
        let size = try file.size()
        guard size > 0, wanted > 0 else { return [] }
        let dates = HistoryDates()
        var window = min(size, tailWindow)
        while true {
            let bytes = try file.read(at: size - window, count: window)
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            // The first line of a window that starts inside the file may be cut.
            if window < size { lines.removeFirst() }
            let parsed = lines.map { HistoryLine.parse($0, dates: dates) }
            var runs: [HistoryRun] = []
            var index = parsed.count - 1
            var cut = false
            while index >= 0, runs.count < wanted {
                guard case .run(var run, let count)? = parsed[index] else {
                    index -= 1
                    continue
                }
                // A run's price lines come right before its run line, written with it.
                var prices: [PriceRecord] = []
                var line = index - 1
                while line >= 0, prices.count < count {
                    if case .run? = parsed[line] { break }
                    if case .price(let id, _, let record)? = parsed[line], id == run.id { prices.append(record) }
                    line -= 1
                }
                if prices.count < count, line < 0, window < size {
                    cut = true
                    break
                }
                run.prices = prices.reversed()
                runs.append(run)
                index = line
            }
            if (cut || runs.count < wanted), window < size {
                window = min(size, window * 2)
                continue
            }
            return runs.reversed()
        }
    }

    // MARK: Writing

    /// Reads the last runs and appends the next one, under the history's lock.
    /// - Parameters:
    ///   - count: how many of the last complete runs `make` is given.
    ///   - make: given the last complete runs, oldest first (none for a new history), returns the run to
    ///     append (`nil` appends nothing) and what to hand back.
    /// - Returns: what `make` returned.
    /// - Throws: ``StateFileError`` when the files cannot be read, written or trusted, or the lock is held
    ///   too long by another process.
    public func append<Result>(
        readingBack count: Int = 1, _ make: ([HistoryRun]) -> (run: HistoryRun?, result: Result)
    ) throws(StateFileError) -> Result {
        try folder.create()
        try folder.checkTrusted(fileURL.path, "the price history is not written")
        return try folder.withLock(lockName) { () throws(StateFileError) -> Result in
            let existing = try HistoryFile.opening(fileURL.path, writing: false)
            let previous = try existing.map { file throws(StateFileError) in
                defer { file.release() }
                return try Self.lastRuns(count, in: file)
            }
            let (run, result) = make(previous ?? [])
            if let run { try write(HistoryLine.lines(of: run)) }
            return result
        }
    }

    /// Appends lines under the lock: cuts off a torn last line a killed writer left, writes, and flushes.
    private func write(_ lines: [UInt8]) throws(StateFileError) {
        let path = fileURL.path
        let created = access(path, F_OK) != 0
        guard let file = try HistoryFile.opening(path, writing: true) else {
            throw StateFileError(.fileSystem, "cannot create the price history \(path)", path: path)
        }
        defer { file.release() }
        try file.cutTornTail()
        try file.append(lines)
        if created { HistoryFile.flushFolder(of: path) }
    }

    /// Drops the runs older than the history keeps, once the oldest is older than that by more than a
    /// tenth (at least a day); the last run is always kept. Lines that are not records and unfinished runs
    /// go too. Each run's low is worked out again from the runs kept.
    /// - Parameters:
    ///   - keep: how long runs are kept, in seconds.
    ///   - now: the current time.
    /// - Returns: what was dropped, or `nil` when nothing was due.
    /// - Throws: ``StateFileError`` when the files cannot be read, written or trusted.
    public func compact(keeping keep: TimeInterval, now: Date) throws(StateFileError) -> HistoryCompaction? {
        let cutoff = now.addingTimeInterval(-keep)
        let slack = max(keep / 10, 86_400)
        guard let oldest = try oldestTime(), oldest < cutoff.addingTimeInterval(-slack) else { return nil }
        return try folder.withLock(lockName) { () throws(StateFileError) -> HistoryCompaction? in
            let reading = try read()
            let last = reading.runs.last?.id
            var kept = reading.runs.filter { $0.at >= cutoff || $0.id == last }
            var low: Money?
            for index in kept.indices {
                if let cheapest = kept[index].cheapest,
                    low.map({ cheapest < $0 || $0.currency != cheapest.currency })
                        ?? true
                {
                    low = cheapest
                }
                kept[index].low = low
            }
            var bytes: [UInt8] = []
            for run in kept { bytes += HistoryLine.lines(of: run) }
            do throws(OwnerOnlyFile.Failure) {
                try OwnerOnlyFile.save(Data(bytes), to: fileURL)
            } catch {
                throw StateFolder.failure(
                    error.code, "cannot rewrite the price history \(fileURL.path)", path: error.path)
            }
            let dropped = reading.runs.filter { run in !kept.contains { $0.id == run.id } }
            return HistoryCompaction(
                droppedRuns: dropped.count, droppedRecords: dropped.reduce(0) { $0 + $1.prices.count },
                droppedDamage: reading.corruptLines + reading.unfinishedRecords)
        }
    }

    /// The time of the first readable line, without reading the rest of the file.
    private func oldestTime() throws(StateFileError) -> Date? {
        try folder.checkTrusted(fileURL.path, "the price history is not read")
        guard let file = try HistoryFile.opening(fileURL.path, writing: false) else { return nil }
        defer { file.release() }
        let dates = HistoryDates()
        var found: Date?
        try file.forEachLine { line in
            guard found == nil, let line else { return }
            switch HistoryLine.parse(line, dates: dates) {
            case .price(_, let at, _): found = at
            case .run(let run, _): found = run.at
            case nil: break
            }
        } stop: {
            found != nil
        }
        return found
    }

    /// Deletes the history; its lock file stays, so that a process waiting on it is never left holding a
    /// lock nobody else can see.
    /// - Returns: whether there was a history.
    /// - Throws: ``StateFileError`` when it cannot be removed.
    @discardableResult
    public func remove() throws(StateFileError) -> Bool {
        guard access(fileURL.path, F_OK) == 0 else { return false }
        try folder.checkTrusted(fileURL.path, "the price history is not removed")
        return try folder.withLock(lockName) { () throws(StateFileError) -> Bool in
            guard unlink(fileURL.path) == 0 else {
                let code = errno
                if code == ENOENT { return false }
                throw StateFolder.failure(code, "cannot remove the price history \(fileURL.path)", path: fileURL.path)
            }
            return true
        }
    }
}
