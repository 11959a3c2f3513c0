import Dispatch
import Foundation

extension JSONNode {
    /// The elements one worker takes at a time: enough that handing out work costs nothing next to
    /// decoding it, few enough that the workers finish together and a cancellation is seen soon.
    static let recordsPerChunk = 128

    /// The memory a record's value is taken to need, for the room each thread makes in its heap before
    /// reading (``HeapRoom``): an offer of a search answer, with its legs, segments and sources, takes 1–2 KiB.
    static let bytesPerRecord = 2_048

    /// Reads every element of this array like ``decodeRecords(_:)``, spreading the work over the machine's
    /// cores: the same records in the same order, the same count of skipped ones and the same first failure.
    ///
    /// Each worker thread gets its own `Worker`, made by `makeWorker`, which `decode` may change: counters
    /// and caches live there, so that no state is shared between threads. The workers are returned so that
    /// their counters can be added up. Small arrays and one-core machines are read on the calling thread
    /// with a single worker.
    ///
    /// Cancellation is checked before the read and between chunks of ``recordsPerChunk`` elements: when the
    /// calling task is cancelled, or `decode` throws `CancellationError`, every thread stops after its
    /// current chunk and `CancellationError` is thrown. A task cancelled before the call reads nothing.
    ///
    /// In a document read from a large file, each thread reads the elements of its chunks back from the file
    /// as ``decodeRecords(_:)`` does: the node `decode` receives is valid only while it runs, and an element
    /// that is not valid JSON stops every thread with a `JSONError`. Where the file's largest array was left to
    /// be found as it is read (``JSONRegion``), threads read parts of it from guessed starts, and an element's
    /// place in the array is known only once the parts before it are read: while `decode` runs on it, the index
    /// in its node's path may be provisional. The first element that fails is decoded again once its place is
    /// known, so `firstError` always names the right one; `decode` should not keep paths in its records.
    /// - Parameters:
    ///   - makeWorker: makes the state one thread decodes with.
    ///   - decode: turns one element into a record; throwing skips the element.
    /// - Returns: the records read, with how many were skipped and the first failure, and the workers.
    /// - Throws: `JSONError` when this node is missing or not an array, or an element read back from a file is
    ///   not valid JSON; `CancellationError`.
    public func decodeRecordsInParallel<Worker: Sendable, Record: Sendable>(
        worker makeWorker: @Sendable () -> Worker,
        _ decode: @Sendable (inout Worker, JSONNode) throws -> Record
    ) throws -> (records: JSONRecords<Record>, workers: [Worker]) {
        // Only the calling thread can see its task's cancellation, and under load the other threads may take
        // every chunk before it takes one: a task already cancelled does not start the read.
        if Task.isCancelled { throw CancellationError() }
        var starts: [Int] = []
        var offsets = try elementsReadOnce()
        while let start = offsets.nextOffset() { starts.append(start) }
        if let last = starts.last, let region = region(placeholderAt: last) {
            return try decodeInParallel(region, after: starts.dropLast(), worker: makeWorker, decode)
        }
        let chunkCount = (starts.count + Self.recordsPerChunk - 1) / Self.recordsPerChunk
        let threads = min(ProcessInfo.processInfo.activeProcessorCount, chunkCount)
        guard threads > 1 else {
            var worker = makeWorker()
            let records = try decodeRecords { element in try decode(&worker, element) }
            return (records, [worker])
        }

        let work = ParallelRecords<Worker, Record>(array: self, starts: starts, chunks: chunkCount, threads: threads)
        defer { work.deallocate() }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // A quarter more than an even share: chunks go to whichever thread is free, and a thread that
            // outgrows its room grows its heap a page, and a system call, at a time.
            HeapRoom.reserve(work.starts.count / threads * Self.bytesPerRecord * 5 / 4)
            var worker = makeWorker()
            defer { work.workers[thread] = worker }
            // Chunks come to a thread in order, so one reader serves all of its elements.
            var reader = work.reader()
            while let chunk = work.handout.next() {
                var failures = ParallelRecords<Worker, Record>.Failures()
                let first = chunk * Self.recordsPerChunk
                for position in first..<min(first + Self.recordsPerChunk, work.starts.count) {
                    let element: JSONNode
                    do throws(JSONError) {
                        element = try reader.node(at: work.starts[position], position: position)
                    } catch {
                        work.handout.fail(error)
                        break
                    }
                    do {
                        work.store(try decode(&worker, element), at: position)
                    } catch is CancellationError {
                        work.handout.stop()
                        break
                    } catch {
                        failures.skipped += 1
                        if failures.firstError == nil { failures.firstError = error }
                    }
                }
                work.failures[chunk] = failures
            }
        }
        if let error = work.handout.failure { throw error }
        if work.handout.isStopped { throw CancellationError() }
        var records = JSONRecords<Record>(records: work.takeRecords())
        for chunk in work.failures {
            records.skipped += chunk.skipped
            if records.firstError == nil { records.firstError = chunk.firstError }
        }
        return (records, work.workers.compactMap { $0 })
    }
}

extension JSONNode {
    /// The region (``JSONRegion``) whose placeholder stands at `offset` in this array's document, if any.
    private func region(placeholderAt offset: Int) -> JSONRegion? {
        guard let deferred = context.pointee.deferred else { return nil }
        var cursor = deferred.firstEntry(atOrAfter: offset)
        return deferred.entry(placeholderAt: offset, from: &cursor).flatMap(deferred.region(at:))
    }

    /// ``decodeRecordsInParallel(worker:_:)`` for an array whose last placeholder is a region of the file, whose
    /// elements are found as they are read.
    ///
    /// The elements before the region (those of the array's first bytes, before it grew large) are read on the
    /// calling thread. The region is cut into parts, a few per core, at nominal offsets. Each part is read by one
    /// thread from what looks like an element's start until an element starts at or after the next part's offset.
    /// A part's finding counts only when the part before it, read from a start known to be right, stopped exactly
    /// where it started: then its start was an element's too.
    ///
    /// A place that only looks like an element's start is passed over before any element is decoded
    /// (``JSONRecordWindow/probableElementStart(atOrAfter:before:in:array:)``), so each thread carries one worker
    /// from part to part, as in the read of known records. When a part does not join on all the same, its
    /// thread's worker has decoded elements that do not count: the parts and their workers are dropped, and the
    /// region is read again on the calling thread, one element after another. An element whose decoding failed
    /// in a part read from a guessed start is decoded again, once its place in the array is known, for an error
    /// with the right path.
    private func decodeInParallel<Worker: Sendable, Record: Sendable>(
        _ region: JSONRegion, after starts: ArraySlice<Int>, worker makeWorker: @Sendable () -> Worker,
        _ decode: @Sendable (inout Worker, JSONNode) throws -> Record
    ) throws -> (records: JSONRecords<Record>, workers: [Worker]) {
        guard let deferred = context.pointee.deferred else { return (JSONRecords(), []) }
        var first = makeWorker()
        var result = JSONRecords<Record>()
        var reader = try elementsReadOnce()
        for (position, start) in starts.enumerated() {
            let element = try reader.node(at: start, position: position)
            do {
                result.records.append(try decode(&first, element))
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                result.skipped += 1
                if result.firstError == nil { result.firstError = error }
            }
        }
        let position = starts.count
        let bytes = region.end - region.start
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let parts = max(1, min(cores * 4, bytes / max(1, deferred.limits.regionPart)))
        let threads = min(cores, parts)
        let window = JSONRecordWindow(deferred, batch: deferred.batch)
        // The runs that count, in order, each with whether its first element's place in the array was known.
        var runs: [(run: JSONRegion.Run<Record>, exact: Bool)] = []
        var workers = [first]
        if threads > 1 {
            let work = RegionParts<Worker, Record>(region: region, parts: parts, threads: threads, array: self)
            defer { work.deallocate() }
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                // Half a byte of memory for each byte of JSON read, as an offer of a search answer takes; a
                // quarter more than an even share, as in the read of known records.
                HeapRoom.reserve(bytes / 2 / threads * 5 / 4)
                let window = JSONRecordWindow(deferred, batch: deferred.batch)
                let array = work.array()
                var worker = makeWorker()
                defer { work.keep(worker, of: thread) }
                while let part = work.handout.next() {
                    let boundary = part + 1 < parts ? work.offset(of: part + 1) : region.end
                    let start =
                        part == 0
                        ? region.start
                        : window.probableElementStart(
                            atOrAfter: work.offset(of: part), before: boundary, in: region, array: array)
                    guard let start else { continue }
                    let run = window.readRun(
                        of: region, from: start, to: boundary, position: position, array: array,
                        isCancelled: { work.handout.isStopped }
                    ) { element in try decode(&worker, element) }
                    if case .cancelled = run.ending { work.handout.stop() }
                    work.store(run, at: part)
                }
            }
            if work.handout.isStopped { throw CancellationError() }
            // Each part counts from where the one before stopped, from the region's start on.
            var offset = region.start
            var joined = true
            for part in 0..<parts {
                guard let run = work.run(of: part), run.start == offset else {
                    joined = false
                    break
                }
                runs.append((run, part == 0))
                guard case .reached(let next) = run.ending else { break }
                offset = next
            }
            if joined {
                workers += work.workers
            } else {
                // A part started where no element of the array does, and its thread's worker decoded what it
                // should not have: the region is read again here, one element after another.
                var worker = makeWorker()
                let run = window.readRun(
                    of: region, from: region.start, to: region.end, position: position, array: self,
                    isCancelled: { Task.isCancelled }
                ) { element in try decode(&worker, element) }
                runs = [(run, true)]
                workers.append(worker)
            }
        } else {
            let run = window.readRun(
                of: region, from: region.start, to: region.end, position: position, array: self,
                isCancelled: { Task.isCancelled }
            ) { element in try decode(&first, element) }
            workers = [first]
            runs.append((run, true))
        }
        // The region is read when its last run read the array's last element.
        if case .reached? = runs.last?.run.ending {
            deferred.fail(.misread)
            throw JSONRegion.Failure.misread.error
        }
        result.records.reserveCapacity(result.records.count + runs.reduce(0) { $0 + $1.run.records.count })
        var read = position
        for (run, exact) in runs {
            switch run.ending {
            case .failed(let failure):
                deferred.fail(failure.kept)
                throw failure.error
            case .cancelled: throw CancellationError()
            case .reached, .arrayEnd: break
            }
            result.skipped += run.skipped
            if result.firstError == nil, let failure = run.firstFailure {
                result.firstError =
                    exact
                    ? failure.error
                    : decodeAgain(
                        region, at: failure.start, position: read + failure.index, window: window,
                        worker: makeWorker, decode) ?? failure.error
            }
            read += run.count
            run.records.moveAll(to: &result.records)
        }
        deferred.markValidated(region.entry)
        return (result, workers)
    }

    /// Why the element of `region` at `start`, the array's `position`th, fails to decode, with its path, read
    /// again with a new worker; `nil` when it does not fail this time.
    private func decodeAgain<Worker, Record>(
        _ region: JSONRegion, at start: Int, position: Int, window: JSONRecordWindow,
        worker makeWorker: () -> Worker, _ decode: (inout Worker, JSONNode) throws -> Record
    ) -> (any Error)? {
        var worker = makeWorker()
        guard
            let element = try? window.element(
                at: start, of: region, path: location.appending(index: position), parent: context)
        else { return nil }
        do {
            _ = try decode(&worker, element.node)
            return nil
        } catch {
            return error
        }
    }
}

/// The shared state of one parallel read of a region: where its parts start nominally, the next part to hand
/// out, whether to stop, and one slot per part, written by the thread that read it and taken once all have
/// finished.
///
/// It points into the document, as a node does, and must not outlive the read that made it.
private final class RegionParts<Worker, Record>: @unchecked Sendable {
    private let region: JSONRegion
    private let count: Int
    private let found: UnsafeMutablePointer<JSONRegion.Run<Record>?>
    /// Each thread's worker, once it has read its last part.
    private let kept: UnsafeMutablePointer<Worker?>
    private let threads: Int
    private let context: UnsafePointer<JSONContext>
    private let arrayOffset: Int
    private let location: JSONPath
    /// Hands the parts out.
    let handout: WorkHandout

    init(region: JSONRegion, parts: Int, threads: Int, array: JSONNode) {
        self.region = region
        count = parts
        self.threads = threads
        found = .allocate(capacity: parts)
        found.initialize(repeating: nil, count: parts)
        kept = .allocate(capacity: threads)
        kept.initialize(repeating: nil, count: threads)
        handout = WorkHandout(count: parts)
        context = array.context
        arrayOffset = array.offset
        location = array.location
    }

    /// The array's node, for one thread.
    func array() -> JSONNode {
        JSONNode(context: context, offset: arrayOffset, path: location)
    }

    func deallocate() {
        found.deinitialize(count: count)
        found.deallocate()
        kept.deinitialize(count: threads)
        kept.deallocate()
    }

    /// Where part `part` starts nominally: the region cut into parts of one size.
    func offset(of part: Int) -> Int {
        region.start + (region.end - region.start) / count * part
    }

    /// Keeps what reading part `part` came to.
    func store(_ run: consuming JSONRegion.Run<Record>, at part: Int) {
        found[part] = run
    }

    /// What reading part `part` came to; `nil` for a part that found no start.
    func run(of part: Int) -> JSONRegion.Run<Record>? {
        found[part]
    }

    /// Keeps thread `thread`'s worker once it has read its last part.
    func keep(_ worker: consuming Worker, of thread: Int) {
        kept[thread] = worker
    }

    /// The threads' workers.
    var workers: [Worker] {
        (0..<threads).compactMap { kept[$0] }
    }

}

/// The shared state of one parallel read: where the elements start, the next chunk to hand out, whether to
/// stop, and one slot per element, per chunk and per thread, each written by exactly one thread and read
/// only after all have finished.
///
/// It points into the document, so, like a node, it must not outlive the `JSONDocument.read` call that
/// made it; it is `Sendable` only so that the threads of that one read can share it.
private final class ParallelRecords<Worker, Record>: @unchecked Sendable {
    /// What went wrong in one chunk.
    struct Failures {
        var skipped = 0
        var firstError: (any Error)?
    }

    /// Where each element starts.
    let starts: [Int]
    private let context: UnsafePointer<JSONContext>
    private let arrayOffset: Int
    private let location: JSONPath
    /// One slot per element, initialized when the element was read: records are moved out of it at the
    /// end, never copied, since a record such as an offer holds many references.
    private let records: UnsafeMutablePointer<Record>
    private let stored: UnsafeMutableBufferPointer<Bool>
    let failures: UnsafeMutableBufferPointer<Failures>
    let workers: UnsafeMutableBufferPointer<Worker?>
    /// Hands the chunks out.
    let handout: WorkHandout

    init(array: JSONNode, starts: [Int], chunks count: Int, threads: Int) {
        self.starts = starts
        context = array.context
        arrayOffset = array.offset
        location = array.location
        records = .allocate(capacity: starts.count)
        stored = .allocate(capacity: starts.count)
        stored.initialize(repeating: false)
        failures = .allocate(capacity: count)
        failures.initialize(repeating: Failures())
        workers = .allocate(capacity: threads)
        workers.initialize(repeating: nil)
        handout = WorkHandout(count: count)
    }

    func deallocate() {
        for position in stored.indices where stored[position] {
            (records + position).deinitialize(count: 1)
        }
        records.deallocate()
        stored.deallocate()
        _ = failures.deinitialize()
        failures.deallocate()
        _ = workers.deinitialize()
        workers.deallocate()
    }

    /// Keeps the record read from the element at `position`, moved into its slot: passed as borrowed, it was
    /// copied in and the caller's destroyed, a retain and a release of each of an offer's references.
    func store(_ record: consuming Record, at position: Int) {
        (records + position).initialize(to: record)
        stored[position] = true
    }

    /// The records read, in document order, moved out of their slots.
    func takeRecords() -> [Record] {
        let count = stored.reduce(0) { $0 + ($1 ? 1 : 0) }
        return [Record](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            for position in stored.indices where stored[position] {
                buffer.initializeElement(at: initialized, to: (records + position).move())
                stored[position] = false
                initialized += 1
            }
        }
    }

    /// A reader of the array's elements for one thread.
    func reader() -> JSONElementsReadOnce {
        JSONElementsReadOnce(array: JSONNode(context: context, offset: arrayOffset, path: location))
    }

}

/// The chunks or parts of one parallel read, handed out in order to whichever thread asks, until all are handed
/// out or the read is stopped: cancelled, or failed in a way that is not one bad record.
private final class WorkHandout: @unchecked Sendable {
    private let count: Int
    private let lock = NSLock()
    private var upcoming = 0
    private var stopped = false
    private var failed: JSONError?

    init(count: Int) {
        self.count = count
    }

    /// The next piece of work, or `nil` when all are handed out or the read is stopped. The thread the read
    /// started on belongs to the calling task, so it is the one that notices a cancellation.
    func next() -> Int? {
        if Task.isCancelled { stop() }
        return lock.withLock {
            guard !stopped, upcoming < count else { return nil }
            defer { upcoming += 1 }
            return upcoming
        }
    }

    /// Stops every thread after its current piece.
    func stop() {
        lock.withLock { stopped = true }
    }

    /// Stops every thread after its current piece because an element could not be read: the document is not
    /// valid, which is not one bad record.
    func fail(_ error: JSONError) {
        lock.withLock {
            if failed == nil { failed = error }
            stopped = true
        }
    }

    /// Why the read failed, when an element could not be read.
    var failure: JSONError? {
        lock.withLock { failed }
    }

    /// Whether the read was stopped.
    var isStopped: Bool {
        lock.withLock { stopped }
    }
}
