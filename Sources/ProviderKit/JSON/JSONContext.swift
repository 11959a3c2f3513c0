/// The validated bytes that nodes of one `JSONDocument.read` call point into: the whole document, or, for a
/// document read from a large file, its skeleton or one record read back from the file.
///
/// It lives for exactly as long as its bytes do (the document's on the stack of `read`, a record's while it is
/// being decoded); nodes hold a pointer to it, so they are as short-lived as the bytes themselves.
@usableFromInline
struct JSONContext {
    /// The first byte.
    @usableFromInline let bytes: UnsafePointer<UInt8>
    /// The length in bytes.
    @usableFromInline let count: Int
    /// Where large containers end, recorded while validating.
    let skipIndex: JSONSkipIndex
    /// For the skeleton of a document read from a file: the records left in the file, one placeholder each.
    let deferred: JSONDeferredRecords?
    /// For a record read back from the file: the skeleton it belongs to. The first `parentDepth` steps of
    /// the paths of its nodes lead to the record, and their names are in the skeleton's bytes.
    let parent: UnsafePointer<JSONContext>?
    /// How many steps of a path lie in `parent`.
    let parentDepth: Int
    /// For a record read back from a file: where each of its values ends, as validation found it (see
    /// ``JSONValueEnds``).
    @usableFromInline let valueEnds: JSONValueEnds?

    init(
        bytes: UnsafePointer<UInt8>, count: Int, skipIndex: JSONSkipIndex, deferred: JSONDeferredRecords? = nil,
        parent: UnsafePointer<JSONContext>? = nil, parentDepth: Int = 0, valueEnds: JSONValueEnds? = nil
    ) {
        self.bytes = bytes
        self.count = count
        self.skipIndex = skipIndex
        self.deferred = deferred
        self.parent = parent
        self.parentDepth = parentDepth
        self.valueEnds = valueEnds
    }
}

/// Where every value of a small document ends, noted by validation as it passes over it, so that navigation
/// steps over a member's name and value with a look-up instead of scanning them a second time.
///
/// Records read back from a file are validated one at a time just before they are decoded, and decoding
/// passes over every member of a record: a decoder that reads half of them would otherwise scan every name
/// and every value it does not read again. The table has one entry per byte of the document, at the offset
/// where a string, a number, an array, an object or a member name starts: the offset just past its end, with
/// the top bit set for a string that holds escapes. (`true`, `false` and `null` are skipped by their length.) A window reuses one table for the records it reads, so it is not cleared between
/// them: navigation only asks at the offsets where values start, which validation of the current record has
/// just written. An entry that cannot be the value's all the same (not past it, past the document, not ending
/// in the byte the value must end in, or a number followed by more of a number) is ignored and the value
/// scanned, so that navigation never leaves the document.
@usableFromInline
struct JSONValueEnds {
    @usableFromInline let entries: UnsafeMutablePointer<UInt32>

    init(_ entries: UnsafeMutablePointer<UInt32>) {
        self.entries = entries
    }

    /// Notes that the value starting at `start` ends just before `end`.
    @inline(__always)
    func note(_ start: Int, end: Int, escaped: Bool = false) {
        entries[start] = UInt32(truncatingIfNeeded: end) | (escaped ? 0x8000_0000 : 0)
    }

    /// Where the value at `offset` ends, and whether it is a string with escapes, when the entry there can be
    /// a value's of a document of `count` bytes; the caller checks the byte before the end.
    @inlinable @inline(__always)
    func end(of offset: Int, count: Int) -> (end: Int, escaped: Bool)? {
        let entry = entries[offset]
        let end = Int(truncatingIfNeeded: entry & 0x7FFF_FFFF)
        guard end > offset, end <= count else { return nil }
        return (end, entry & 0x8000_0000 != 0)
    }
}

/// Where large arrays and objects end, so that skipping one later costs a look-up instead of a scan.
///
/// This is deliberately not an index of every value. The document is cut into blocks of 128 bytes, and
/// each block has one slot for a container of at least `threshold` bytes that starts in it: 8 bytes per
/// 128, about 6% of the document, whatever its shape. Two such containers can only start in the same
/// block when one holds the other (`[{…`): the outer one, recorded last, takes the slot and moves the
/// inner one to the next block's slot, which is free unless something inside the inner one already took
/// it (then the inner one is simply scanned when skipped). Look-ups go forward through the table as
/// navigation goes forward through the document, so they stay in the cache.
struct JSONSkipIndex {
    /// The smallest container worth recording: smaller ones are quicker to scan than to look up.
    static let threshold = 256
    private static let blockShift = 7

    private let slots: UnsafeMutablePointer<UInt64>?
    /// The first block the table has a slot for.
    private let base: Int
    private let capacity: Int

    /// An index sized for a document of `count` bytes; empty for documents too small to need one.
    /// - Parameters:
    ///   - count: the document's size.
    ///   - start: the offset from which on containers are recorded: a table for part of the document.
    init(documentSize count: Int, from start: Int = 0) {
        base = start >> Self.blockShift
        guard count >= 2 * Self.threshold else {
            slots = nil
            capacity = 0
            return
        }
        capacity = count >> Self.blockShift - base + 2
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        table.initialize(repeating: 0, count: capacity)
        slots = table
    }

    /// Adds this table's entries to `other`, a table of the whole document, where its slots are free.
    func copy(into other: JSONSkipIndex) {
        guard let slots, let target = other.slots else { return }
        for slot in 0..<capacity where slots[slot] != 0 && target[base + slot] == 0 {
            target[base + slot] = slots[slot]
        }
    }

    /// Releases the table.
    func deallocate() {
        slots?.deallocate()
    }

    /// Records that the container starting at `start` ends just before `end`.
    @inline(__always)
    func record(start: Int, end: Int) {
        guard let slots else { return }
        let block = start >> Self.blockShift &- base
        let displaced = slots[block]
        // Containers close inside out, so a container already in this slot lies inside this one, and so
        // does the whole next block: its slot is final by now.
        if displaced != 0, slots[block + 1] == 0 { slots[block + 1] = displaced }
        slots[block] = UInt64(truncatingIfNeeded: start &+ 1) << 32 | UInt64(truncatingIfNeeded: end)
    }

    /// The offset just past the container starting at `start`, when it was recorded.
    @inline(__always)
    func end(ofContainerAt start: Int) -> Int? {
        guard let slots else { return nil }
        let block = start >> Self.blockShift &- base
        let key = UInt64(truncatingIfNeeded: start &+ 1)
        var entry = slots[block]
        if entry >> 32 != key {
            entry = slots[block + 1]
            guard entry >> 32 == key else { return nil }
        }
        return Int(truncatingIfNeeded: entry & 0xFFFF_FFFF)
    }
}
