import Dispatch
import ProviderKit

extension Array where Element: Sendable {
    /// Keeps the elements at `positions`, in that order, and drops the rest: afterwards element `k` is the
    /// one that stood at `positions[k]`.
    ///
    /// The pipeline's stages own one array of offers and reorder it in place (the merger keeps one offer per
    /// trip, the ranker sorts): elements are moved, never copied, so reordering an offer touches none of
    /// its reference counts, where building a new array would retain every field of every offer kept and
    /// release every field of the old array.
    /// - Parameter positions: distinct valid indices of the array.
    mutating func keep(inOrder positions: [Int]) {
        // The whole permutation: the kept positions first, then the others, in any order, to be dropped.
        var source = positions
        source.reserveCapacity(count)
        var used = [Bool](repeating: false, count: count)
        for position in positions { used[position] = true }
        for position in indices where !used[position] { source.append(position) }
        // Each cycle of the permutation is walked once: swapping the element a place wants into it carries
        // the cycle's first element along, into the last place of the cycle, which wants exactly that one.
        var placed = [Bool](repeating: false, count: count)
        withUnsafeMutableBufferPointer { elements in
            for start in elements.indices where !placed[start] {
                var current = start
                while true {
                    placed[current] = true
                    let next = source[current]
                    if next == start { break }
                    elements.swapAt(current, next)
                    current = next
                }
            }
        }
        removeAll(from: positions.count)
    }

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

extension Array {
    /// Swaps two elements by moving them: unlike `swapAt(_:_:)` on the array, which copies each element once
    /// and so retains and releases every reference in it, this touches no reference count.
    /// - Parameters:
    ///   - first: a valid index.
    ///   - second: a valid index.
    mutating func exchange(_ first: Int, _ second: Int) {
        withUnsafeMutableBufferPointer { $0.swapAt(first, second) }
    }

    /// Sorts as `sort(by:)` does (stably), by insertion when there are few elements, such as an offer's
    /// sellers: for a handful of elements the general sort's set-up costs more than the sorting.
    /// - Parameter areInIncreasingOrder: a strict weak ordering.
    mutating func sortFew(by areInIncreasingOrder: (Element, Element) -> Bool) {
        guard count > 1 else { return }
        guard count <= 16 else { return sort(by: areInIncreasingOrder) }
        withUnsafeMutableBufferPointer { elements in
            for end in 1..<elements.count {
                var index = end
                while index > 0, areInIncreasingOrder(elements[index], elements[index - 1]) {
                    elements.swapAt(index, index - 1)
                    index -= 1
                }
            }
        }
    }
}

extension UnsafeMutableBufferPointer {
    /// The result of `body` on the element at `index`, lent to it by moving the element out and back:
    /// passing `self[index]` to a closure copies the element, retaining every reference in it, where moving
    /// it touches no reference count.
    /// - Parameters:
    ///   - index: a valid index.
    ///   - body: reads the element.
    func lend<Result>(_ index: Int, to body: (Element) -> Result) -> Result {
        guard let base = baseAddress, indices.contains(index) else { preconditionFailure("index out of range") }
        let element = (base + index).move()
        defer { (base + index).initialize(to: element) }
        return body(element)
    }
}
