import ProviderKit

/// Consecutive elements of an array, lent where they lie to a body that reads them: reading an element
/// through a part copies nothing (passing an element of an array to a function copies it, retaining every
/// reference in it). A part reaches only its own ``indices``; as with an unsafe buffer, that is checked in
/// debug builds and not in release builds, where a sort reads a part millions of times.
struct ArrayPart<Element>: @unchecked Sendable {
    // Unchecked: a part is lent to one thread at a time (see `mapParts(_:)`), and the array it lies in
    // cannot change while it is lent.
    private let base: UnsafeBufferPointer<Element>
    /// The indices of the array this part holds.
    let indices: Range<Int>

    fileprivate init(_ base: UnsafeBufferPointer<Element>, _ indices: Range<Int>) {
        self.base = base
        self.indices = indices
    }

    /// The element at `index`, read in place.
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(indices.contains(index), "index out of the part")
            // The index is within the array, so its buffer has a base address.
            return base.baseAddress.unsafelyUnwrapped + index
        }
    }

    /// The part of this one at `range`, a subrange of its indices.
    fileprivate func part(_ range: Range<Int>) -> ArrayPart {
        ArrayPart(base, range)
    }
}

/// Consecutive elements of an array, lent where they lie to a body that changes them: an element is
/// changed in place (`&part[index]`), never copied out and back. A part reaches only its own ``indices``
/// (checked in debug builds, as with ``ArrayPart``).
struct MutableArrayPart<Element> {
    private let base: UnsafeMutableBufferPointer<Element>
    /// The indices of the array this part holds.
    let indices: Range<Int>

    fileprivate init(_ base: UnsafeMutableBufferPointer<Element>, _ indices: Range<Int>) {
        self.base = base
        self.indices = indices
    }

    /// The element at `index`, read and changed in place.
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(indices.contains(index), "index out of the part")
            return UnsafePointer(base.baseAddress.unsafelyUnwrapped + index)
        }
        nonmutating unsafeMutableAddress {
            assert(indices.contains(index), "index out of the part")
            return base.baseAddress.unsafelyUnwrapped + index
        }
    }
}

extension Array where Element: Sendable {
    /// The results of `body` over consecutive parts of the array, in order, the parts read on every core at
    /// once (``ParallelParts``): for work on each element that needs no other, such as measuring an offer.
    /// - Parameter body: reads one part; it runs on several threads at once, each with its own part.
    /// - Returns: one result per part, in order; one in all for a short array or a single core.
    func mapParts<Part: Sendable>(_ body: @Sendable (ArrayPart<Element>) -> Part) -> [Part] {
        withUnsafeBufferPointer { buffer in
            let whole = ArrayPart(buffer, buffer.indices)
            return ParallelParts.map(count: buffer.count) { range in body(whole.part(range)) }
        }
    }

    /// The results of `body` over consecutive parts of the array, in order, each part changed in place on a
    /// core of its own (``ParallelParts``): for work that changes each element alone, such as converting an
    /// offer's prices.
    /// - Parameter body: changes one part; it runs on several threads at once, each with its own part.
    /// - Returns: one result per part, in order; one in all for a short array or a single core.
    mutating func updateParts<Part: Sendable>(_ body: @Sendable (MutableArrayPart<Element>) -> Part) -> [Part] {
        ParallelParts.update(&self) { buffer, range in body(MutableArrayPart(buffer, range)) }
    }
}

extension Array {
    /// The result of `body` on the whole array as one part: its elements read where they lie, on this thread.
    /// - Parameter body: reads the elements.
    /// - Returns: what `body` returns.
    func withElementsInPlace<Result>(_ body: (ArrayPart<Element>) -> Result) -> Result {
        withUnsafeBufferPointer { buffer in body(ArrayPart(buffer, buffer.indices)) }
    }
}
