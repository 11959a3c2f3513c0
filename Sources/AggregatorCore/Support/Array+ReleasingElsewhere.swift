import Dispatch
import ProviderKit

extension Array where Element: Sendable {
    /// Keeps the first `count` elements (all of them when there are no more). When those are a small share
    /// of the array, they are copied out and the rest are freed on another thread: a search that shows 20
    /// trips of 10,000 then does not wait while the other offers' memory is given back.
    /// - Parameter count: how many elements to keep, not negative.
    mutating func keepFirst(_ count: Int) {
        guard count < self.count else { return }
        guard count < self.count / 8 else { return removeAll(from: count) }
        let dropped = self
        self = Array(dropped[..<count])
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(dropped) {} }
    }

    /// The fewest elements worth freeing on another thread.
    static var fewestFreedElsewhere: Int { 512 }

    /// Removes the elements from `start` on. Many of them are moved out and freed on another thread, so
    /// that a stage that drops thousands of offers does not wait while their memory is given back: the
    /// places they leave hold copies of the first element until the array shrinks, which costs a reference
    /// count per reference instead of a whole offer's freeing.
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
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(moved) {} }
    }
}
