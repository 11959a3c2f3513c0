/// A buffer that reads records of a document back from its file (see ``JSONDeferredRecords``), validates
/// each before anything points into it, and makes the node of one record at a time.
///
/// Consecutive records are read with one system call, up to the batch size: callers visit records in
/// order. The node of a record is valid until the window makes the next one, so a window serves one loop over
/// records on one thread; plain navigation, whose nodes may be held, gets a window per record.
final class JSONRecordWindow {
    private unowned let records: JSONDeferredRecords
    private let batch: Int
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    /// The records in the buffer: `loaded.lowerBound` starts at its first byte.
    private var loaded = 0..<0
    /// The bytes of the file in the buffer, when it was filled to read a region's elements.
    private var span = 0..<0
    /// The current record's skip index and context.
    private var skipIndex: JSONSkipIndex?
    private let context = UnsafeMutablePointer<JSONContext>.allocate(capacity: 1)
    private var hasContext = false
    /// The validator's stack of open containers, grown to the deepest record's need: allocating it for each
    /// of thousands of records cost more than validating some of them.
    private var validationStack: UnsafeMutablePointer<UInt64>
    private var validationStackCapacity = 1
    /// Where the current record's values end (see ``JSONValueEnds``), grown to the largest record's need and
    /// never cleared: every entry navigation reads, validation of the current record wrote.
    private var valueEnds: UnsafeMutablePointer<UInt32>
    private var valueEndsCapacity = 1
    /// Whether records get a table of value ends: not in a window made for one record that is kept, where the
    /// table, four bytes a byte, would be kept with it.
    private let notesEnds: Bool

    /// Creates a window.
    /// - Parameters:
    ///   - records: the document's records.
    ///   - batch: how many bytes of consecutive records to read at once; at least one record is read.
    ///   - notesEnds: whether to keep a table of where each record's values end (see ``JSONValueEnds``).
    init(_ records: JSONDeferredRecords, batch: Int, notesEnds: Bool = true) {
        self.records = records
        self.batch = batch
        self.notesEnds = notesEnds
        capacity = max(batch, 64)
        buffer = .allocate(byteCount: capacity, alignment: 8)
        validationStack = .allocate(capacity: 1)
        valueEnds = .allocate(capacity: 1)
        valueEnds.initialize(to: 0)
    }

    deinit {
        buffer.deallocate()
        skipIndex?.deallocate()
        if hasContext { context.deinitialize(count: 1) }
        context.deallocate()
        validationStack.deallocate()
        valueEnds.deallocate()
    }

    /// Reads and validates record `index` and gives the node of its value, valid until this window makes
    /// another.
    /// - Parameters:
    ///   - index: the record.
    ///   - path: the path of its placeholder in the skeleton.
    ///   - parent: the skeleton's context, whose bytes hold the names on `path`.
    /// - Throws: `JSONError` when the record is not valid JSON or cannot be read again; the document keeps the
    ///   failure.
    func node(for index: Int, path: JSONPath, parent: UnsafePointer<JSONContext>) throws(JSONError) -> JSONNode {
        let length = Int(records.entries[index].length)
        let ends = self.ends(for: length)
        // A record whose every value's end is noted needs no index of its large containers.
        let skip = JSONSkipIndex(documentSize: ends == nil ? length : 0)
        skipIndex?.deallocate()
        skipIndex = skip
        let (bytes, root) = try check(index, skipIndex: skip, noting: ends)
        return makeNode(bytes, count: length, root: root, skipIndex: skip, ends: ends, path: path, parent: parent)
    }

    /// The node of the validated value at `root` in `count` bytes: the window's current record, whose skip index
    /// the window holds.
    @inline(__always)
    private func makeNode(
        _ bytes: UnsafePointer<UInt8>, count: Int, root: Int, skipIndex skip: JSONSkipIndex, ends: JSONValueEnds?,
        path: JSONPath, parent: UnsafePointer<JSONContext>
    ) -> JSONNode {
        if hasContext { context.deinitialize(count: 1) }
        context.initialize(
            to: JSONContext(
                bytes: bytes, count: count, skipIndex: skip, parent: parent, parentDepth: path.stepCount,
                valueEnds: ends))
        hasContext = true
        return JSONNode(context: context, offset: root, path: path)
    }

    /// Reads and validates record `index`, for a document that must be checked whole.
    /// - Throws: `JSONError` as ``node(for:path:parent:)``.
    func validate(_ index: Int) throws(JSONError) {
        let none = JSONSkipIndex(documentSize: 0)
        _ = try check(index, skipIndex: none)
    }

    /// The table of value ends for a record of `length` bytes, or `nil` for a record too large to have one.
    private func ends(for length: Int) -> JSONValueEnds? {
        // The validator notes ends only in a document it checks in one pass: below its size for halves, which
        // also bounds the table at four times that.
        guard notesEnds, length < JSONValidator.splitSize else { return nil }
        if valueEndsCapacity < length {
            valueEnds.deallocate()
            // Grown in steps, so that records of slowly growing sizes do not each cost a new table.
            valueEndsCapacity = max(length, min(2 * valueEndsCapacity, JSONValidator.splitSize))
            valueEnds = .allocate(capacity: valueEndsCapacity)
            valueEnds.initialize(repeating: 0, count: valueEndsCapacity)
        }
        return JSONValueEnds(valueEnds)
    }

    /// Validates record `index` in the buffer, reading it first when it is not there, noting its values' ends
    /// in `ends` when given.
    private func check(
        _ index: Int, skipIndex: JSONSkipIndex, noting ends: JSONValueEnds? = nil
    ) throws(JSONError) -> (UnsafePointer<UInt8>, Int) {
        if !loaded.contains(index) { try load(from: index) }
        let entry = records.entries[index]
        let start = entry.start - records.entries[loaded.lowerBound].start
        let bytes = UnsafePointer(buffer.assumingMemoryBound(to: UInt8.self)) + start
        let maxDepth = max(0, records.maxDepth - Int(entry.depth))
        growStack(count: Int(entry.length), maxDepth: maxDepth)
        let root: Int
        do {
            root = try JSONValidator.validate(
                bytes, count: Int(entry.length), maxDepth: maxDepth, skipIndex: skipIndex, stack: validationStack,
                valueEnds: ends)
        } catch {
            records.fail(.invalid)
            throw error
        }
        records.markValidated(index)
        return (bytes, root)
    }

    /// Grows the validator's stack to what a document of `count` bytes needs.
    private func growStack(count: Int, maxDepth: Int) {
        let needed = JSONValidator.stackCapacity(count: count, maxDepth: maxDepth)
        guard validationStackCapacity < needed else { return }
        validationStack.deallocate()
        validationStack = .allocate(capacity: needed)
        validationStackCapacity = needed
    }

    /// Reads `count` bytes of the file from `offset` into the buffer, grown to hold them, which then holds
    /// neither records nor a region's bytes until the caller says which.
    /// - Returns: the bytes read: fewer than `count` only when the file ends sooner.
    private func fill(from offset: Int, count: Int) throws(RegularFile.Failure) -> Int {
        if capacity < count {
            buffer.deallocate()
            capacity = count
            buffer = .allocate(byteCount: capacity, alignment: 8)
        }
        loaded = 0..<0
        span = 0..<0
        return try records.file.read(into: buffer, count: count, at: offset)
    }

    /// Reads record `index` and the records after it that fit in the batch.
    private func load(from index: Int) throws(JSONError) {
        let entries = records.entries
        let start = entries[index].start
        var end = start + Int(entries[index].length)
        var last = index
        while last + 1 < entries.count {
            let next = entries[last + 1].start + Int(entries[last + 1].length)
            guard next - start <= batch else { break }
            end = next
            last += 1
        }
        let length = end - start
        let read: Int
        do {
            read = try fill(from: start, count: length)
        } catch {
            records.fail(.unreadable(error))
            throw Self.rereadFailed
        }
        guard read == length else {
            records.fail(.changed)
            throw Self.rereadFailed
        }
        loaded = index..<last + 1
    }

    // MARK: - The elements of a region

    /// Reads and validates the element of `region` that starts at file offset `start`, finding its end as it
    /// validates it, and gives its node, valid until this window makes another, and the offset just past it.
    ///
    /// The buffer is filled from `start` for a batch; an element that runs past what it holds is read again
    /// into twice the room, up to ``JSONFileSplitter/Limits/largestRecord``.
    /// - Parameters:
    ///   - start: where the element starts.
    ///   - region: the region it is in.
    ///   - path: the element's path.
    ///   - parent: the skeleton's context.
    /// - Throws: ``JSONRegion/Failure``: `misread` for an element that runs into the array's guessed end or is
    ///   too large to be a record. Nothing is kept as the document's failure: the caller knows whether the
    ///   element really starts at `start`.
    func element(
        at start: Int, of region: JSONRegion, path: JSONPath, parent: UnsafePointer<JSONContext>
    ) throws(JSONRegion.Failure) -> (node: JSONNode, end: Int) {
        let maxDepth = max(0, records.maxDepth - region.depth)
        // The bytes looked at for the element: room for most elements, and no more, since the table of value
        // ends has an entry for each byte. The buffer holds at least `needed` bytes from `start`: whatever it
        // holds already, unless the element turned out longer.
        var room = min(Self.elementRoom, records.limits.largestRecord)
        var needed = 1
        while true {
            // The element ends before the array's closing bracket.
            let count = min(try hold(from: start, atLeast: needed, of: region), region.end - start, room)
            guard count > 0 else { throw .misread }
            let bytes = UnsafePointer(buffer.assumingMemoryBound(to: UInt8.self)) + (start - span.lowerBound)
            let ends = self.ends(for: count)
            let skip = JSONSkipIndex(documentSize: ends == nil ? count : 0)
            growStack(count: count, maxDepth: maxDepth)
            let length: Int
            do {
                length = try JSONValidator.validateValue(
                    bytes, count: count, maxDepth: maxDepth, skipIndex: skip, stack: validationStack, valueEnds: ends)
            } catch {
                skip.deallocate()
                guard error.code == .truncated else { throw .invalid(error) }
                (room, needed) = try more(than: count, room: room, at: start, of: region)
                continue
            }
            // A number that reaches the end of the bytes looked at may go on past them.
            if length == count, start + count < region.end {
                skip.deallocate()
                (room, needed) = try more(than: count, room: room, at: start, of: region)
                continue
            }
            skipIndex?.deallocate()
            skipIndex = skip
            let node = makeNode(bytes, count: length, root: 0, skipIndex: skip, ends: ends, path: path, parent: parent)
            return (node, start + length)
        }
    }

    /// After an element of `region` that ends at `offset`: the start of the next one, or `nil` when the array
    /// ends there, exactly where the region says it does.
    /// - Throws: ``JSONRegion/Failure``: `misread` when the array ends elsewhere, `invalid` when anything but
    ///   a comma and an element, or the array's end, follows.
    func elementStart(after offset: Int, in region: JSONRegion) throws(JSONRegion.Failure) -> Int? {
        let next = try significantByte(from: offset, in: region)
        switch next.byte {
        case JSONBytes.closeBracket:
            guard next.offset == region.end else { throw .misread }
            return nil
        case JSONBytes.comma:
            let start = try significantByte(from: next.offset + 1, in: region)
            guard start.offset < region.end else { throw .invalid(Self.unexpected) }
            return start.offset
        default:
            throw .invalid(Self.unexpected)
        }
    }

    /// Where an element of `region` seems to start at or after `offset`, within a batch
    /// (``JSONBytes/likelyElementStart(_:from:to:)``).
    func likelyElementStart(atOrAfter offset: Int, in region: JSONRegion) throws(JSONRegion.Failure) -> Int? {
        // From a little before `offset`, for the comma and bracket before an element that starts right at it.
        let from = max(region.start, offset - 256)
        let count = try hold(from: from, atLeast: batch, of: region)
        let bytes = UnsafePointer(buffer.assumingMemoryBound(to: UInt8.self)) + (from - span.lowerBound)
        return JSONBytes.likelyElementStart(bytes, from: offset - from, to: count).map { from + $0 }
    }

    /// The first byte at or after `offset` that is not whitespace, and where it is.
    private func significantByte(
        from offset: Int, in region: JSONRegion
    ) throws(JSONRegion.Failure) -> (byte: UInt8, offset: Int) {
        var position = offset
        while true {
            // The region's closing bracket ends any run of whitespace.
            guard position <= region.end else { throw .misread }
            let count = try hold(from: position, atLeast: 1, of: region)
            let bytes = UnsafePointer(buffer.assumingMemoryBound(to: UInt8.self)) + (position - span.lowerBound)
            let index = JSONBytes.skipWhitespace(bytes, count, 0)
            if index < count { return (bytes[index], position + index) }
            position += count
        }
    }

    /// The bytes first looked at for an element of a region: a search answer's records take a few kilobytes.
    static let elementRoom = 16 << 10

    /// The room to look at an element that did not end within `count` bytes, and how much the buffer must hold:
    /// all of the room, twice as much when the element filled it.
    /// - Throws: `misread` when the element runs into the array's guessed end or would outgrow a record.
    private func more(
        than count: Int, room: Int, at start: Int, of region: JSONRegion
    ) throws(JSONRegion.Failure) -> (room: Int, needed: Int) {
        guard start + count < region.end, count < records.limits.largestRecord else { throw .misread }
        let room = count == room ? min(2 * room, records.limits.largestRecord) : room
        return (room, min(room, region.end - start))
    }

    /// Makes the buffer hold the file from `offset` on, at least `room` bytes of it, a batch if more, and never
    /// past the region's closing bracket, which it holds when it reaches it.
    /// - Returns: how many bytes from `offset` the buffer holds.
    private func hold(from offset: Int, atLeast room: Int, of region: JSONRegion) throws(JSONRegion.Failure) -> Int {
        let limit = region.end + 1
        if span.contains(offset), min(offset + room, limit) <= span.upperBound { return span.upperBound - offset }
        let length = min(limit, offset + max(batch, room)) - offset
        let read: Int
        do {
            read = try fill(from: offset, count: length)
        } catch {
            throw .unreadable(error)
        }
        guard read == length else { throw .changed }
        span = offset..<(offset + length)
        return length
    }

    private static var unexpected: JSONError { JSONError(code: .syntax, problem: "unexpected character") }

    /// What a caller that reads records sees when the file could not be read again; the document's kept
    /// failure says why.
    private static var rereadFailed: JSONError {
        JSONError(code: .syntax, problem: "the file could not be read again")
    }
}
