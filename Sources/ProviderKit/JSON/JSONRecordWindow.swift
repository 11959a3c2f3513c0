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
        if hasContext { context.deinitialize(count: 1) }
        context.initialize(
            to: JSONContext(
                bytes: bytes, count: length, skipIndex: skip, parent: parent, parentDepth: path.stepCount,
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
        let needed = JSONValidator.stackCapacity(count: Int(entry.length), maxDepth: maxDepth)
        if validationStackCapacity < needed {
            validationStack.deallocate()
            validationStack = .allocate(capacity: needed)
            validationStackCapacity = needed
        }
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
        if capacity < length {
            buffer.deallocate()
            capacity = length
            buffer = .allocate(byteCount: capacity, alignment: 8)
        }
        loaded = 0..<0
        let read: Int
        do {
            read = try records.file.read(into: buffer, count: length, at: start)
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

    /// What a caller that reads records sees when the file could not be read again; the document's kept
    /// failure says why.
    private static var rereadFailed: JSONError {
        JSONError(code: .syntax, problem: "the file could not be read again")
    }
}
