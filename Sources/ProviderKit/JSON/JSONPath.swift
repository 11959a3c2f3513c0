/// Where a node sits in its document, kept inline so that descending never allocates.
///
/// Each step is 32 bits: an element's index, or the offset of a member's name in the buffer (its text is
/// only read when an error is described). The last eight steps are kept; a deeper path is shown with a
/// leading `…`. Descending is inlinable, so that a member a provider's loop passes over costs no path.
@usableFromInline
struct JSONPath: Sendable {
    @inlinable static var capacity: Int { 8 }
    @usableFromInline var steps = SIMD8<UInt32>()
    @usableFromInline var depth: UInt32 = 0
    @usableFromInline var nameMask: UInt8 = 0

    @usableFromInline init() {}

    /// The path of the root.
    static let root = JSONPath()

    /// Selects one step's lane. Writing a lane by its index would store one word into the vector's memory and
    /// read the whole vector back, which the processor cannot forward and stalls on; a masked blend stays in
    /// registers.
    @inlinable @inline(__always)
    static func lane(_ slot: Int) -> SIMDMask<SIMD8<Int32>> {
        SIMD8<UInt32>(0, 1, 2, 3, 4, 5, 6, 7) .== SIMD8(repeating: UInt32(truncatingIfNeeded: slot))
    }

    /// This path followed by the element at `index`.
    @inlinable @inline(__always)
    func appending(index: Int) -> JSONPath {
        var path = self
        let slot = Int(truncatingIfNeeded: depth) & (Self.capacity - 1)
        path.steps.replace(with: UInt32(truncatingIfNeeded: index), where: Self.lane(slot))
        path.nameMask &= ~(1 << slot)
        path.depth &+= 1
        return path
    }

    /// This path followed by the member whose name's opening quote is at `offset`.
    @inlinable @inline(__always)
    func appending(nameAt offset: Int) -> JSONPath {
        var path = self
        let slot = Int(truncatingIfNeeded: depth) & (Self.capacity - 1)
        path.steps.replace(with: UInt32(truncatingIfNeeded: offset), where: Self.lane(slot))
        path.nameMask |= 1 << slot
        path.depth &+= 1
        return path
    }

    /// How many steps lead here: the number of containers around the value.
    var stepCount: Int { Int(depth) }

    /// The path as people read it, such as `data[3].price`, with names sanitised for a terminal.
    /// - Parameters:
    ///   - context: the bytes the names are in; for a record read back from a file, the names of the steps
    ///     that lead to the record are in its parent's.
    ///   - lastName: a final member name that is not in the document (one the caller looked for).
    func rendered(in context: JSONContext, lastName: StaticString?) -> String {
        var text = ""
        let count = Int(depth)
        let first = max(0, count - Self.capacity)
        if first > 0 { text += "…" }
        for position in first..<count {
            let slot = position & (Self.capacity - 1)
            if nameMask & (1 << slot) != 0 {
                var names = context
                while position < names.parentDepth, let parent = names.parent { names = parent.pointee }
                append(name: JSONStrings.string(names.bytes, names.count, quoteAt: Int(steps[slot])), to: &text)
            } else {
                // Real indices stay far below 2³¹; a negative one that was asked for shows as negative.
                text += "[\(Int32(bitPattern: steps[slot]))]"
            }
        }
        if let lastName {
            append(name: lastName.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }, to: &text)
        }
        return text
    }

    private func append(name: String, to text: inout String) {
        let plain =
            !name.isEmpty && name.utf8.count <= 40
            && name.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x5F || byte == 0x2D || byte == 0x24 || byte == 0x40
            }
        if plain {
            if !text.isEmpty { text += "." }
            text += name
        } else {
            text += "[\"" + JSONText.sanitized(name, limit: 40) + "\"]"
        }
    }
}
