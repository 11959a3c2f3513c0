import Foundation
import Testing

@testable import AggregatorCore
@testable import ProviderKit

@Suite("Work spread over the cores in parts, and offers let go off the caller's thread")
struct ParallelPartsTests {
    @Test(arguments: [0, 1, 2_047, 2_048, 4_096, 4_097, 10_001])
    func partsCoverTheRangeOnceInOrder(count: Int) {
        let parts = ParallelParts.map(count: count) { range in range }
        #expect(parts.flatMap { Array($0) } == Array(0..<count))
        #expect(parts.allSatisfy { !$0.isEmpty } || count == 0)
        // A part is worth handing out only when it is large.
        #expect(parts.count == 1 || parts.allSatisfy { $0.count >= ParallelParts.minimumPart })
        // Items of another size take another smallest part.
        let bytes = ParallelParts.map(count: count, minimumPart: 1_000) { range in range }
        #expect(bytes.flatMap { Array($0) } == Array(0..<count))
        #expect(bytes.count == 1 || bytes.allSatisfy { $0.count >= 1_000 })
        #expect(bytes.count == 1 || count >= 2_000)
    }

    @Test func eachElementIsUpdatedOnceByTheThreadThatHasIt() {
        var values = Array(0..<20_000)
        let sums = ParallelParts.update(&values) { values, range in
            var sum = 0
            for index in range {
                values[index] *= 2
                sum += values[index]
            }
            return sum
        }
        #expect(values == (0..<20_000).map { $0 * 2 })
        #expect(sums.reduce(0, +) == values.reduce(0, +))
    }

    @Test func keepingAFewOfManyKeepsTheFirstAndFreesTheRestElsewhere() async throws {
        var numbers = Array(0..<10_000)
        numbers.keepFirst(20)
        #expect(numbers == Array(0..<20))
        numbers.keepFirst(15)
        #expect(numbers == Array(0..<15))
        numbers.keepFirst(100)
        #expect(numbers == Array(0..<15))
        numbers.keepFirst(0)
        #expect(numbers.isEmpty)

        // The dropped elements are freed, on another thread, soon: the test allows a minute, to rule out
        // their never being freed rather than to time it.
        let counter = Counter()
        var values = (0..<5_000).map { _ in Counter.Value(counter) }
        values.keepFirst(10)
        #expect(values.count == 10)
        let deadline = ContinuousClock.now + .seconds(60)
        while counter.count < 4_990, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(counter.count == 4_990)
    }

    @Test func whatATaskThatAnswersOnceDropsIsKeptUntilTheProcessExits() async throws {
        let kept = Counter()
        let keptBefore = DroppedValues.keptCount
        DroppedValues.$keptUntilExit.withValue(true) {
            var values = (0..<5_000).map { _ in Counter.Value(kept) }
            values.keepFirst(10)
            #expect(values.count == 10)
            var more = (0..<3_000).map { _ in Counter.Value(kept) }
            more.removeAll(from: 5)
            #expect(more.count == 5)
        }
        #expect(DroppedValues.keptCount >= keptBefore + 2)
        // Only the 5 elements `more` kept are freed, when it goes; the 10 that `values` kept are still in the
        // original array, which is kept whole. What the same calls drop in a task that does not keep is freed
        // elsewhere as before; once that is done, the dropped ones above would have been too, had they been sent
        // to be freed first.
        let freed = Counter()
        var values = (0..<5_000).map { _ in Counter.Value(freed) }
        values.keepFirst(10)
        let deadline = ContinuousClock.now + .seconds(60)
        while freed.count < 4_990, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(freed.count == 4_990)
        #expect(kept.count == 5)
        withExtendedLifetime(values) {}
    }

    @Test func removingManyFromTheEndKeepsTheRestAsTheyWereAndFreesTheRemovedElsewhere() async throws {
        let counter = Counter()
        let originals = (0..<5_000).map { _ in Counter.Value(counter) }
        var values = originals
        values.removeAll(from: 4_990)
        // Few are freed at once, as removing them always did.
        #expect(values.count == 4_990)
        #expect(counter.count == 0)
        values.removeAll(from: 1_000)
        #expect(values.count == 1_000)
        #expect(zip(values, originals).allSatisfy { $0 === $1 })
        values.removeAll(from: 0)
        #expect(values.isEmpty)

        // Once the originals go too, each value is freed exactly once; the test allows a minute for the
        // thread that frees the removed ones, to rule out their never being freed rather than to time it.
        var strings = (0..<3_000).map { "offer \($0)" }
        strings.removeAll(from: 7)
        #expect(strings == (0..<7).map { "offer \($0)" })
        let check = Counter()
        var owned = (0..<3_000).map { _ in Counter.Value(check) }
        owned.removeAll(from: 2)
        #expect(owned.count == 2)
        let deadline = ContinuousClock.now + .seconds(60)
        while check.count < 2_998, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(check.count == 2_998)
        withExtendedLifetime(owned) {}
    }

    /// Counts the values freed, from whichever thread frees them.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var freed = 0

        var count: Int { lock.withLock { freed } }

        final class Value: Sendable {
            let counter: Counter
            init(_ counter: Counter) { self.counter = counter }
            deinit { counter.lock.withLock { counter.freed += 1 } }
        }
    }
}
