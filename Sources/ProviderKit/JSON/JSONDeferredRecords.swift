import Foundation

/// The records that a document read from a large file left in the file (see ``JSONFileSplitter``), and what
/// became of them while the document was read: which were validated, and the first thing that went wrong.
///
/// The skeleton's context points here. Records are read back from the file when they are visited and are
/// validated then, before any node points into them, so that nothing is trusted that was not checked in
/// memory: a file rewritten in the meantime gives an error, never a read past a buffer. Worker threads of one
/// parallel read share the table; each reads records through a ``JSONRecordWindow`` of its own.
final class JSONDeferredRecords: @unchecked Sendable {
    /// One record left in the file.
    struct Entry {
        /// Where it starts in the file.
        var start: Int
        /// Its length in bytes.
        var length: UInt32
        /// Where its placeholder stands in the skeleton.
        var placeholder: UInt32
        /// How many containers enclose it.
        var depth: Int32
    }

    /// What went wrong with a record, kept so that the read fails even when a caller catches the error.
    enum Failure {
        /// A record is not valid JSON.
        case invalid
        /// The file no longer holds what the first pass read.
        case changed
        /// The system refused to read the file.
        case unreadable(RegularFile.Failure)
        /// The region's array does not end where it was taken to (``JSONRegion``): the document is read again.
        case misread
    }

    /// The file, open for as long as the document is read.
    let file: RegularFile.Opened
    /// The records, in document order (and so in the order of their placeholders).
    let entries: [Entry]
    /// How deeply arrays and objects may nest in the whole document.
    let maxDepth: Int
    /// The sizes the document is read with: how many bytes of consecutive records a window reads at once, how
    /// large a part of the region one thread reads at least, how large an element of the region may be.
    let limits: JSONFileSplitter.Limits
    /// How many bytes of consecutive records a window reads at once.
    var batch: Int { limits.batch }
    /// The rest of the largest array, when it was left to be found as it is read.
    let region: JSONRegion?
    /// One flag per record, set by whichever thread validated it.
    private let validated: UnsafeMutablePointer<Bool>
    private let lock = NSLock()
    private var failure: Failure?
    /// Records read for plain navigation (`elements`, a subscript), kept until the document is done with.
    private var kept: [JSONRecordWindow] = []

    init(
        file: RegularFile.Opened, entries: [Entry], maxDepth: Int, limits: JSONFileSplitter.Limits,
        region: JSONRegion? = nil
    ) {
        self.file = file
        self.entries = entries
        self.maxDepth = maxDepth
        self.limits = limits
        self.region = region
        validated = .allocate(capacity: max(entries.count, 1))
        validated.initialize(repeating: false, count: max(entries.count, 1))
    }

    deinit {
        validated.deallocate()
    }

    /// The first record whose placeholder stands at or after `offset` in the skeleton.
    func firstEntry(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Int(entries[middle].placeholder) < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The record whose placeholder stands at `offset`, looked for from `cursor` on, which moves past the
    /// records before it: callers visit the elements of an array in order.
    @inline(__always)
    func entry(placeholderAt offset: Int, from cursor: inout Int) -> Int? {
        while cursor < entries.count, Int(entries[cursor].placeholder) < offset { cursor += 1 }
        guard cursor < entries.count, Int(entries[cursor].placeholder) == offset else { return nil }
        return cursor
    }

    /// Notes that record `index` was validated.
    func markValidated(_ index: Int) {
        validated[index] = true
    }

    /// How many records were read for plain navigation and are kept.
    var keptCount: Int {
        lock.withLock { kept.count }
    }

    /// Keeps the first failure.
    func fail(_ failure: Failure) {
        lock.withLock {
            if self.failure == nil { self.failure = failure }
        }
    }

    /// The first failure, if any.
    var firstFailure: Failure? {
        lock.withLock { failure }
    }

    /// The record `index`, read into a window of its own that lives until the document is done with, for
    /// navigation that may hold its nodes: a missing node when it cannot be read, with the failure kept.
    ///
    /// A region's elements are not found this way: the document is read again, split as usual.
    func keptNode(_ index: Int, path: JSONPath, parent: UnsafePointer<JSONContext>) -> JSONNode {
        if region(at: index) != nil {
            fail(.misread)
            return JSONNode(context: parent, offset: -1, path: path)
        }
        // Kept with its node for as long as the document is read: no table of value ends with it.
        let window = JSONRecordWindow(self, batch: 0, notesEnds: false)
        lock.withLock { kept.append(window) }
        do {
            return try window.node(for: index, path: path, parent: parent)
        } catch {
            return JSONNode(context: parent, offset: -1, path: path)
        }
    }

    /// The region whose placeholder is record `index`'s, when it is one.
    @inline(__always)
    func region(at index: Int) -> JSONRegion? {
        guard let region, region.entry == index else { return nil }
        return region
    }

    /// Validates every record not validated yet, in order, and keeps the first failure.
    /// - Parameter skeleton: a node of the skeleton, which a region's elements are read under.
    /// - Throws: `CancellationError` when the task is cancelled between batches.
    func validateTheRest(skeleton: JSONNode) throws {
        let window = JSONRecordWindow(self, batch: batch)
        var checkedBytes = 0
        for index in entries.indices where !validated[index] {
            if let region = region(at: index) {
                let run = window.readRun(
                    of: region, from: region.start, to: region.end, position: 0, array: skeleton,
                    isCancelled: { Task.isCancelled }, { _ in () })
                switch run.ending {
                case .arrayEnd: markValidated(index)
                case .failed(let failure): fail(failure.kept)
                case .reached, .cancelled: throw CancellationError()
                }
                return
            }
            do {
                try window.validate(index)
            } catch {
                return
            }
            checkedBytes += Int(entries[index].length)
            if checkedBytes >= batch {
                checkedBytes = 0
                try Task.checkCancellation()
            }
        }
    }
}
