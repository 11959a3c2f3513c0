import Dispatch
import Foundation
import ProviderKit

extension Array where Element: Sendable {
    /// Keeps the first `count` elements (all of them when there are no more). When those are a small share
    /// of the array, they are copied out and the rest are let go by ``DroppedValues``: freed on another
    /// thread, so that a search that shows 20 trips of 10,000 does not wait while the other offers' memory is
    /// given back, or kept until the process exits when it is about to.
    /// - Parameter count: how many elements to keep, not negative.
    mutating func keepFirst(_ count: Int) {
        guard count < self.count else { return }
        guard count < self.count / 8 else { return removeAll(from: count) }
        let dropped = self
        self = Array(dropped[..<count])
        DroppedValues.letGo(dropped)
    }

    /// The fewest elements worth freeing on another thread.
    static var fewestFreedElsewhere: Int { 512 }

    /// Removes the elements from `start` on. Many of them are moved out and let go by ``DroppedValues``, so
    /// that a stage that drops thousands of offers does not wait while their memory is given back: the places
    /// they leave hold copies of the first element until the array shrinks, which costs a reference count per
    /// reference instead of a whole offer's freeing.
    /// - Parameter start: a valid index, or the end.
    mutating func removeAll(from start: Int) {
        let dropped = count - start
        guard start > 0, dropped >= Self.fewestFreedElsewhere else { return removeSubrange(start...) }
        let moved = withUnsafeMutableBufferPointer { elements in
            Array(unsafeUninitializedCapacity: dropped) { target, initialized in
                guard let source = elements.baseAddress, let destination = target.baseAddress else { return }
                destination.moveInitialize(from: source + start, count: dropped)
                (source + start).initialize(repeating: source.pointee, count: dropped)
                initialized = dropped
            }
        }
        removeSubrange(start...)
        DroppedValues.letGo(moved)
    }
}

/// What becomes of the many values a stage drops at once, such as the offers past a search's limit.
///
/// They are freed on another thread, so that the answer does not wait for their memory to be given back. A
/// process that answers once and exits sets ``keptUntilExit`` around the answer: what it drops is then kept
/// until it exits, when the system takes all of its memory back at once. Freeing the 9,980 offers a top-20
/// search of 10,000 drops took 2 % of its processor time, for memory that was given back a moment later
/// anyway, and the peak is not raised: the values were all alive before they were dropped.
///
/// The setting is task-local, so that it holds for the answer of the command that set it and for no other
/// task: a server, which answers many times, never keeps what it drops.
public enum DroppedValues {
    /// Whether values dropped in this task are kept until the process exits instead of freed.
    @TaskLocal public static var keptUntilExit = false

    /// What is kept until the process exits.
    private static let kept = Kept()

    /// How many batches of values are being kept until the process exits.
    static var keptCount: Int { kept.count }

    /// Lets go of `values`: kept until exit when the task says so, else freed on another thread.
    static func letGo(_ values: some Sendable) {
        if keptUntilExit {
            kept.add(values)
        } else {
            DispatchQueue.global(qos: .utility).async { withExtendedLifetime(values) {} }
        }
    }

    /// The values kept until the process exits, added from any thread.
    private final class Kept: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [any Sendable] = []

        var count: Int { lock.withLock { values.count } }

        func add(_ value: any Sendable) {
            lock.withLock { values.append(value) }
        }
    }
}
