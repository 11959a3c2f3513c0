import Foundation

/// The rest of a large file's largest array, left in the file without being followed through: its elements
/// are found as they are read back, by the validation each needs before it is decoded anyway
/// (``JSONFileSplitter/guess(_:maxDepth:limits:)``).
///
/// In the skeleton, one placeholder stands for the whole region, as the array's last element: its record entry
/// spans the region. Reading the region finds each element's end by validating it, then expects a comma and
/// the next element, or the array's closing bracket exactly at ``end``, which was found by reading the file's
/// end backwards. When the elements end anywhere else, the guess was wrong, and the document is read again,
/// split as usual (``Failure/misread``).
struct JSONRegion: Sendable {
    /// The record entry whose placeholder stands for the region.
    let entry: Int
    /// Where the region's first element starts in the file.
    let start: Int
    /// Where the array's closing bracket is taken to be.
    let end: Int
    /// How many containers enclose each element.
    let depth: Int

    /// Why a region could not be read.
    enum Failure: Error {
        /// An element is not valid JSON, or is not followed by a comma or the array's end.
        case invalid(JSONError)
        /// The array does not end where it was taken to, or an element is too large to be a record.
        case misread
        /// The file no longer holds what it did.
        case changed
        /// The system refused to read the file.
        case unreadable(RegularFile.Failure)

        /// What the document keeps of it.
        var kept: JSONDeferredRecords.Failure {
            switch self {
            case .invalid: .invalid
            case .misread: .misread
            case .changed: .changed
            case .unreadable(let error): .unreadable(error)
            }
        }

        /// The error a caller reading elements sees: for an invalid element its own, which the document's
        /// reader replaces with the whole document's.
        var error: JSONError {
            if case .invalid(let error) = self { return error }
            return JSONError(code: .syntax, problem: "the file could not be read again")
        }
    }

    /// One run of consecutive elements of a region, read from a start until an element starts at or after a
    /// boundary, or the array ends.
    struct Run<Record> {
        /// Where its first element starts.
        let start: Int
        /// What it read, in order.
        let records = JSONRecordBuffer<Record>()
        /// How many elements failed to decode.
        var skipped = 0
        /// The first element that failed to decode: its place in the run, where it starts, and why.
        var firstFailure: (index: Int, start: Int, error: any Error)?
        /// How many elements it read.
        var count = 0
        /// Where it stopped: the start of the element it could not read, or the end of the last it read.
        var stoppedAt = 0
        /// How it ended.
        var ending = Ending.cancelled

        /// How a run ended.
        enum Ending {
            /// An element starts here, at or after the boundary; the run did not read it.
            case reached(Int)
            /// It read the array's last element.
            case arrayEnd
            /// An element could not be read.
            case failed(Failure)
            /// The read was cancelled.
            case cancelled
        }
    }
}

extension JSONRecordWindow {
    /// Reads the elements of `region` from `start`, which must start one, handing each to `visit`, until one
    /// starts at or after `boundary` or the array ends.
    /// - Parameters:
    ///   - region: the region.
    ///   - start: where the first element starts.
    ///   - boundary: where the run stops; the region's end for a run to the end of the array.
    ///   - position: the first element's place in the array, for paths.
    ///   - array: the array's node in the skeleton.
    ///   - limit: how many elements to read at most.
    ///   - isCancelled: asked between elements now and then.
    ///   - visit: turns an element into a record; throwing skips the element, `CancellationError` ends the run.
    /// - Returns: the run.
    func readRun<Record>(
        of region: JSONRegion, from start: Int, to boundary: Int, position: Int, array: JSONNode,
        elements limit: Int = .max, isCancelled: () -> Bool, _ visit: (JSONNode) throws -> Record
    ) -> JSONRegion.Run<Record> {
        var run = JSONRegion.Run<Record>(start: start)
        var next: Int? = start
        while let offset = next {
            if offset >= boundary && boundary < region.end || run.count == limit {
                run.ending = .reached(offset)
                return run
            }
            if run.count % JSONNode.recordsPerChunk == JSONNode.recordsPerChunk - 1, isCancelled() {
                run.ending = .cancelled
                return run
            }
            let element: (node: JSONNode, end: Int)
            do throws(JSONRegion.Failure) {
                element = try self.element(
                    at: offset, of: region, path: array.location.appending(index: position + run.count),
                    parent: array.context)
            } catch {
                run.ending = .failed(error)
                run.stoppedAt = offset
                return run
            }
            do {
                run.records.append(try visit(element.node))
            } catch is CancellationError {
                run.ending = .cancelled
                return run
            } catch {
                run.skipped += 1
                if run.firstFailure == nil { run.firstFailure = (run.count, offset, error) }
            }
            run.count += 1
            // Only once the element's node is done with: looking further may read the buffer full again.
            do throws(JSONRegion.Failure) {
                next = try elementStart(after: element.end, in: region)
            } catch {
                run.ending = .failed(error)
                run.stoppedAt = element.end
                return run
            }
        }
        run.ending = .arrayEnd
        return run
    }
}

extension JSONRecordWindow {
    /// How many places that look like an element's start a part tries.
    static var startAttempts: Int { 16 }
    /// How many elements read from a place show it to be an element's start of the region's own array.
    static var probedElements: Int { 8 }

    /// Where an element of the region's own array starts at or after `offset`, before `boundary`, as far as
    /// reading a few elements from there tells: the first place that looks like an element's start
    /// (``likelyElementStart(atOrAfter:in:)``) from which ``probedElements`` elements, or those up to `boundary`,
    /// validate and follow one another, read without being decoded. A place inside an element's own array (a
    /// route's flights) fails where that array ends, and one inside a string where the string ends, within a
    /// few elements.
    /// - Returns: the place, or `nil` when none was found.
    func probableElementStart(
        atOrAfter offset: Int, before boundary: Int, in region: JSONRegion, array: JSONNode
    ) -> Int? {
        var from = offset
        for _ in 0..<Self.startAttempts {
            guard let start = try? likelyElementStart(atOrAfter: from, in: region), start < boundary else {
                return nil
            }
            let probe = readRun(
                of: region, from: start, to: boundary, position: 0, array: array, elements: Self.probedElements,
                isCancelled: { false }, { _ in () })
            guard case .failed = probe.ending else { return start }
            from = max(probe.stoppedAt, start + 1)
        }
        return nil
    }
}

/// Records kept in the order they were read, to be moved out once: a record such as an offer holds many
/// references, each of which a copy would retain and release.
///
/// They are kept in blocks of a fixed size, so that growing never copies them, each a mapping of its own: the
/// blocks are let go of once the records are moved out, amid the records' own values in the reading thread's
/// heap, where their memory would stay the process's until the heap above them is freed too.
final class JSONRecordBuffer<Record> {
    /// Records per block.
    private static var blockSize: Int { 1024 }
    /// Bytes per block, whole pages.
    private static var blockBytes: Int {
        let page = 4096
        return (blockSize * MemoryLayout<Record>.stride + page - 1) / page * page
    }
    /// Full blocks, then the last one, each with whether it is a mapping.
    private var blocks: [(start: UnsafeMutablePointer<Record>, mapped: Bool)] = []
    /// How many records it holds.
    private(set) var count = 0

    deinit {
        for (index, block) in blocks.enumerated() {
            block.start.deinitialize(count: min(Self.blockSize, count - index * Self.blockSize))
            Self.release(block)
        }
    }

    /// Keeps `record` after the others.
    func append(_ record: consuming Record) {
        let slot = count % Self.blockSize
        if slot == 0 { blocks.append(Self.block()) }
        (blocks[blocks.count - 1].start + slot).initialize(to: record)
        count += 1
    }

    /// Moves every record to the end of `records`, which has room for them, letting go of each block once it
    /// is emptied.
    func moveAll(to records: inout [Record]) {
        for (index, block) in blocks.enumerated() {
            for slot in 0..<min(Self.blockSize, count - index * Self.blockSize) {
                records.append((block.start + slot).move())
            }
            Self.release(block)
        }
        blocks = []
        count = 0
    }

    /// A new block: a mapping of its own where the system gives one.
    private static func block() -> (start: UnsafeMutablePointer<Record>, mapped: Bool) {
        #if canImport(Glibc) || canImport(Darwin)
            if let mapped = mmap(nil, blockBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                mapped != MAP_FAILED
            {
                return (mapped.bindMemory(to: Record.self, capacity: blockSize), true)
            }
        #endif
        return (.allocate(capacity: blockSize), false)
    }

    /// Gives a block's memory back.
    private static func release(_ block: (start: UnsafeMutablePointer<Record>, mapped: Bool)) {
        guard block.mapped else { return block.start.deallocate() }
        #if canImport(Glibc) || canImport(Darwin)
            munmap(block.start, blockBytes)
        #endif
    }
}
