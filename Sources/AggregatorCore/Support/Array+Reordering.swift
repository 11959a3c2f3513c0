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
}

extension Array {
    /// Moves the elements `belongs` accepts to the front, keeping their order, in one pass: each element is lent
    /// to `belongs` where it lies, and an accepted one is moved forward by swapping, so that no element is
    /// copied (copying one retains every reference in it). When none is accepted, nothing moves.
    /// - Parameter belongs: whether an element is to be kept; it sees the elements in order, once each.
    /// - Returns: how many were accepted: they are the first that many elements, in their order; the others
    ///   follow, in no particular order, for the caller to remove (``removeAll(from:)``).
    @inline(__always)  // So that the caller's test is inlined into the loop, not called through a pointer.
    mutating func moveToFront(where belongs: (Element) -> Bool) -> Int {
        withUnsafeMutableBufferPointer { elements in
            var kept = 0
            for index in elements.indices where elements.lend(index, to: belongs) {
                if kept != index { elements.swapAt(kept, index) }
                kept += 1
            }
            return kept
        }
    }

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
    fileprivate func lend<Result>(_ index: Int, to body: (Element) -> Result) -> Result {
        guard let base = baseAddress, indices.contains(index) else { preconditionFailure("index out of range") }
        let element = (base + index).move()
        defer { (base + index).initialize(to: element) }
        return body(element)
    }
}
