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

@Suite("The price history: checksummed lines, appended whole under a lock, torn ends cut, bounded")
struct PriceHistoryTests {
    /// A history in a fresh state folder, which the history has to create.
    struct Sandbox {
        let scratch: ScratchFolder
        let history: PriceHistory

        init() throws {
            scratch = try ScratchFolder()
            let root = scratch.url.appendingPathComponent("share/aggregate")
            history = PriceHistory(folder: StateFolder(root: root).subfolder("history"), name: "vie-bcn")
        }

        var bytes: [UInt8] { [UInt8](FileManager.default.contents(atPath: history.fileURL.path) ?? Data()) }

        func write(_ bytes: [UInt8]) throws { try Data(bytes).write(to: history.fileURL) }
    }

    static let start = Date(timeIntervalSince1970: 1_797_577_500)

    static func record(_ trip: String, _ provider: ProviderID, _ amount: Decimal, cheapest: Bool = true) -> PriceRecord
    {
        PriceRecord(
            trip: trip, provider: provider, price: Money(amount, .eur), converted: Money(amount, .eur),
            cheapest: cheapest, link: "https://example.com/\(trip)?a=1&b=\"2\"", tags: ["cheapest"],
            route: "VIE→BCN", departure: "2026-12-18T07:05", flights: "OS 395")
    }

    static func run(_ number: Int, at date: Date? = nil, prices: [PriceRecord]) -> HistoryRun {
        HistoryRun(
            id: "run-\(number)", at: date ?? start.addingTimeInterval(Double(number) * 3_600), currency: .eur,
            low: prices.compactMap(\.converted).min(),
            providers: [
                HistoryProvider(provider: "kiwi", status: .ok),
                HistoryProvider(provider: "duffel", status: .timeout, error: "did not answer"),
            ],
            prices: prices)
    }

    @Test func runsAreAppendedAndReadBackWithEveryField() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.history.read() == PriceHistoryReading(), "nothing yet, and no error")
        #expect(try sandbox.history.lastRun() == nil)
        let first = Self.run(
            1, prices: [Self.record("f-1", "kiwi", 169), Self.record("f-1", "duffel", 175.5, cheapest: false)])
        let second = Self.run(2, prices: [Self.record("f-2", "kiwi", 98)])
        var seen: [[HistoryRun]] = []
        for run in [first, second] {
            try sandbox.history.append(readingBack: 3) { previous in
                seen.append(previous)
                return (run, ())
            }
        }
        #expect(seen == [[], [first]], "each append is given the runs before it")
        #expect(try sandbox.history.lastRuns(5) == [first, second])
        let reading = try sandbox.history.read()
        #expect(reading.runs == [first, second])
        #expect(reading.corruptLines == 0 && reading.unfinishedRecords == 0)
        #expect(try sandbox.history.lastRun() == second)
        let lines = String(decoding: sandbox.bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 5, "two price lines and a run line, then one and a run line")
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("\"}") && $0.contains(#","check":""#) })
        let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.history.fileURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func theLastRunIsFoundFromTheEndOfALongHistory() throws {
        let sandbox = try Sandbox()
        // Enough runs that the last one lies beyond the first window read from the end, and one run larger
        // than that window.
        let big = Self.run(0, prices: (0..<1_500).map { Self.record("f-\($0)", "kiwi", Decimal(100 + $0)) })
        try sandbox.history.append { _ in (big, ()) }
        #expect(try sandbox.history.lastRun() == big)
        for number in 1...3 {
            let run = Self.run(number, prices: (0..<400).map { Self.record("f-\($0)", "kiwi", Decimal(number)) })
            try sandbox.history.append { _ in (run, ()) }
        }
        #expect(sandbox.bytes.count > 3 * (256 << 10))
        #expect(
            try sandbox.history.lastRun() == Self.run(3, prices: (0..<400).map { Self.record("f-\($0)", "kiwi", 3) }))
        #expect(try sandbox.history.read().runs.count == 4)
        #expect(try sandbox.history.lastRuns(3).map(\.id) == ["run-1", "run-2", "run-3"])
        #expect(try sandbox.history.lastRuns(9).map(\.id) == ["run-0", "run-1", "run-2", "run-3"])
    }

    @Test func aWriterKilledMidWriteLosesOnlyItsOwnRun() throws {
        let sandbox = try Sandbox()
        let first = Self.run(1, prices: [Self.record("f-1", "kiwi", 169), Self.record("f-2", "kiwi", 120)])
        try sandbox.history.append { _ in (first, ()) }
        let intact = sandbox.bytes
        // The next run's bytes, cut in the middle of its second price line: what a kill -9 during the write
        // leaves, at every cut point of that line.
        let torn = Self.run(2, prices: [Self.record("f-1", "kiwi", 150), Self.record("f-2", "kiwi", 110)])
        try sandbox.history.append { _ in (torn, ()) }
        let whole = sandbox.bytes
        let tornLines = Array(whole[intact.count...])
        let firstLineEnd = try #require(tornLines.firstIndex(of: 0x0A))
        for cut in stride(from: firstLineEnd + 2, to: tornLines.count - 1, by: 37) {
            try sandbox.write(intact + tornLines[..<cut])
            let reading = try sandbox.history.read()
            #expect(reading.runs == [first], "the earlier run is whole")
            #expect(reading.unfinishedRecords >= 1)
            #expect(try sandbox.history.lastRun() == first, "the next run compares with the last whole one")
            let third = Self.run(3, prices: [Self.record("f-1", "kiwi", 140)])
            var previous: [HistoryRun] = []
            try sandbox.history.append(readingBack: 2) { last in
                previous = last
                return (third, ())
            }
            #expect(previous == [first])
            let after = try sandbox.history.read()
            #expect(after.runs == [first, third], "the torn line was cut off, the new run is readable")
            #expect(after.corruptLines == 0)
        }
    }

    @Test func aDamagedLineIsSkippedAndCountedNeverFatal() throws {
        let sandbox = try Sandbox()
        let first = Self.run(1, prices: [Self.record("f-1", "kiwi", 169), Self.record("f-2", "kiwi", 120)])
        let second = Self.run(2, prices: [Self.record("f-1", "kiwi", 150)])
        try sandbox.history.append { _ in (first, ()) }
        try sandbox.history.append { _ in (second, ()) }
        // One digit of the first run's second price changed on disk: its checksum no longer holds.
        var text = String(decoding: sandbox.bytes, as: UTF8.self)
        let target = try #require(text.range(of: #""amount":120"#))
        text.replaceSubrange(target, with: #""amount":920"#)
        var bytes = Array(text.utf8)
        // And a line of garbage between the runs, and one longer than any record may be.
        let boundary = try #require(bytes.indices.filter { bytes[$0] == 0x0A }.dropFirst(2).first)
        bytes.insert(
            contentsOf: Array("not a record\n".utf8) + [UInt8](repeating: 0x41, count: 1 << 21) + [0x0A],
            at: boundary + 1)
        try sandbox.write(bytes)
        let reading = try sandbox.history.read()
        #expect(reading.runs.map(\.id) == ["run-1", "run-2"])
        #expect(reading.runs[0].prices.map(\.trip) == ["f-1"], "the changed record is left out")
        #expect(reading.runs[1] == second)
        #expect(reading.corruptLines == 4, "the changed line (and the record its run misses), garbage, the long line")
    }

    @Test func concurrentWritersEachSeeTheRunBeforeTheirOwnAndLoseNothing() async throws {
        let sandbox = try Sandbox()
        let history = sandbox.history
        let writers = 12
        let previousIDs = await withTaskGroup(of: Result<String?, StateFileError>.self) { group in
            for number in 1...writers {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        // Each on a thread of its own, as separate processes would be.
                        Thread {
                            let previous = Result { () throws(StateFileError) in
                                try history.append { last in
                                    (
                                        Self.run(number, prices: [Self.record("f-\(number)", "kiwi", Decimal(number))]),
                                        last.last?.id
                                    )
                                }
                            }
                            continuation.resume(returning: previous)
                        }.start()
                    }
                }
            }
            var ids: [String?] = []
            for await id in group {
                switch id {
                case .success(let previous): ids.append(previous)
                case .failure: ids.append("failed")
                }
            }
            return ids
        }
        let reading = try history.read()
        #expect(Set(reading.runs.map(\.id)) == Set((1...writers).map { "run-\($0)" }), "every run is there")
        #expect(reading.corruptLines == 0 && reading.unfinishedRecords == 0)
        // Writers were ordered by the lock: each saw the run written just before its own.
        #expect(previousIDs.filter { $0 == nil }.count == 1)
        #expect(Set(previousIDs.compactMap { $0 }) == Set(reading.runs.dropLast().map(\.id)))
    }

    @Test func compactionDropsOldRunsKeepsTheLastAndWorksOutTheLowsAgain() throws {
        let sandbox = try Sandbox()
        let day: TimeInterval = 86_400
        let now = Self.start.addingTimeInterval(100 * day)
        let runs = [
            Self.run(1, at: Self.start, prices: [Self.record("f-1", "kiwi", 50)]),
            Self.run(2, at: Self.start.addingTimeInterval(5 * day), prices: [Self.record("f-1", "kiwi", 60)]),
            Self.run(3, at: now.addingTimeInterval(-20 * day), prices: [Self.record("f-1", "kiwi", 80)]),
            Self.run(4, at: now.addingTimeInterval(-1 * day), prices: [Self.record("f-1", "kiwi", 70)]),
        ]
        var low: Money?
        for var run in runs {
            low = [low, run.cheapest].compactMap { $0 }.min()
            run.low = low
            try sandbox.history.append { _ in (run, ()) }
        }
        #expect(try sandbox.history.compact(keeping: 120 * day, now: now) == nil, "nothing is old enough")
        #expect(try sandbox.history.compact(keeping: 95 * day, now: now) == nil, "not older by a tenth more")
        let done = try #require(try sandbox.history.compact(keeping: 30 * day, now: now))
        #expect(done == HistoryCompaction(droppedRuns: 2, droppedRecords: 2, droppedDamage: 0))
        let reading = try sandbox.history.read()
        #expect(reading.runs.map(\.id) == ["run-3", "run-4"])
        #expect(reading.runs.map(\.low) == [Money(80, .eur), Money(70, .eur)], "lows of the runs kept only")
        // A history whose every run is old keeps its last.
        let later = now.addingTimeInterval(400 * day)
        _ = try sandbox.history.compact(keeping: 30 * day, now: later)
        #expect(try sandbox.history.read().runs.map(\.id) == ["run-4"])
    }

    @Test func aFolderOthersCanWriteIsNotTrusted() throws {
        let sandbox = try Sandbox()
        try sandbox.history.append { _ in (Self.run(1, prices: [Self.record("f-1", "kiwi", 1)]), ()) }
        let folder = sandbox.history.folder.url.path
        chmod(folder, 0o777)
        defer { chmod(folder, 0o700) }
        for operation in [{ _ = try sandbox.history.read() }, { _ = try sandbox.history.lastRun() }] {
            let error = try #require(throws: StateFileError.self) { try operation() }
            #expect(error.code == .untrusted)
            #expect(error.message.contains("chmod go-w \(folder)"))
        }
        #expect(throws: StateFileError.self) { try sandbox.history.append { _ in (nil, ()) } }
    }

    @Test func aFIFOInPlaceOfTheFileIsAnErrorNotAHang() throws {
        let sandbox = try Sandbox()
        try sandbox.history.folder.create()
        #expect(mkfifo(sandbox.history.fileURL.path, 0o600) == 0)
        let error = try #require(throws: StateFileError.self) { try sandbox.history.read() }
        #expect(error.message.contains("not a regular file"))
        #expect(throws: StateFileError.self) { try sandbox.history.append { _ in (nil, ()) } }
    }

    @Test func removingTheHistoryLeavesNothingToRead() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.history.remove() == false)
        try sandbox.history.append { _ in (Self.run(1, prices: []), ()) }
        #expect(try sandbox.history.remove())
        #expect(try sandbox.history.read().runs.isEmpty)
    }
}
