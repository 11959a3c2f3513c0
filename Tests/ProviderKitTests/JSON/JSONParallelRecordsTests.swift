import Foundation
import ProviderKit
import Testing

@Suite("JSON reader: records read on every core give what reading them in order gives")
struct JSONParallelRecordsTests {
    /// `{"data": [...]}` with `count` records, every seventh one with a price that is not a number.
    private static func document(count: Int) -> String {
        let records = (0..<count).map { index in
            index % 7 == 3 ? #"{"id": \#(index), "price": "n/a"}"# : #"{"id": \#(index), "price": \#(index).5}"#
        }
        return #"{"data": ["# + records.joined(separator: ",") + "]}"
    }

    /// Counts the records one thread decoded.
    private struct Counter: Sendable {
        var decoded = 0
    }

    private struct Record: Equatable, Sendable {
        var id: Int
        var price: Decimal
    }

    @Test(arguments: [0, 1, 127, 128, 129, 1_000, 5_003])
    func sameRecordsOrderAndFailuresAsInOrder(count: Int) throws {
        let text = Self.document(count: count)
        let inOrder = try readJSON(text) { root in
            try root["data"].decodeRecords { record in
                Record(id: try record["id"].int, price: try record["price"].decimal)
            }
        }
        let (parallel, counters) = try readJSON(text) { root in
            try root["data"].decodeRecordsInParallel {
                Counter()
            } _: { counter, record in
                counter.decoded += 1
                return Record(id: try record["id"].int, price: try record["price"].decimal)
            }
        }
        #expect(parallel.records == inOrder.records)
        #expect(parallel.records.map(\.id) == (0..<count).filter { $0 % 7 != 3 })
        #expect(parallel.skipped == inOrder.skipped)
        #expect((parallel.firstError as? JSONError)?.description == (inOrder.firstError as? JSONError)?.description)
        if count > 3 { #expect((parallel.firstError as? JSONError)?.description == "data[3].price is not a number") }
        // Every record went through exactly one worker, whichever thread it ran on.
        #expect(counters.reduce(0) { $0 + $1.decoded } == count)
        #expect(!counters.isEmpty && counters.count <= max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    @Test func aCancellationErrorFromARecordStopsTheRead() {
        #expect(throws: CancellationError.self) {
            try readJSON(Self.document(count: 2_000)) { root in
                try root["data"].decodeRecordsInParallel {
                    Counter()
                } _: { _, record -> Int in
                    if try record["id"].int == 1_500 { throw CancellationError() }
                    return try record["id"].int
                }
            }
        }
    }

    /// Counts the records alive, to show that each read record is released exactly once.
    private final class Census: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var alive: Int { lock.withLock { count } }
        func add(_ change: Int) { lock.withLock { count += change } }
    }

    private final class Tracked: Sendable {
        let census: Census
        init(_ census: Census) {
            self.census = census
            census.add(1)
        }
        deinit { census.add(-1) }
    }

    @Test func recordsAreReleasedOnceWhetherTheReadEndsOrIsCancelled() throws {
        let census = Census()
        let text = Self.document(count: 2_000)
        var kept = try readJSON(text) { root in
            try root["data"].decodeRecordsInParallel {
                Counter()
            } _: { _, record in
                _ = try record["price"].decimal
                return Tracked(census)
            }
        }
        #expect(census.alive == kept.records.records.count && census.alive > 1_000)
        kept.records.records = []
        #expect(census.alive == 0)
        #expect(throws: CancellationError.self) {
            try readJSON(text) { root in
                try root["data"].decodeRecordsInParallel {
                    Counter()
                } _: { _, record in
                    if try record["id"].int == 1_500 { throw CancellationError() }
                    return Tracked(census)
                }
            }
        }
        #expect(census.alive == 0)
    }

    @Test func aCancelledTaskStopsTheRead() async {
        let text = Self.document(count: 2_000)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try readJSON(text) { root in
                try root["data"].decodeRecordsInParallel {
                    Counter()
                } _: { _, record in
                    try record["id"].int
                }
                .records.records.count
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func refusesWhatIsNotAnArray() {
        let error = jsonError(#"{"data": {}}"#) { root in
            _ = try root["data"].decodeRecordsInParallel {
                Counter()
            } _: { _, record in
                try record.int
            }
        }
        #expect(error?.description == "data is not an array")
    }
}
