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
    /// that is not valid JSON stops every thread with a `JSONError`.
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
            while let chunk = work.nextChunk() {
                var failures = ParallelRecords<Worker, Record>.Failures()
                let first = chunk * Self.recordsPerChunk
                for position in first..<min(first + Self.recordsPerChunk, work.starts.count) {
                    let element: JSONNode
                    do throws(JSONError) {
                        element = try reader.node(at: work.starts[position], position: position)
                    } catch {
                        work.fail(error)
                        break
                    }
                    do {
                        work.store(try decode(&worker, element), at: position)
                    } catch is CancellationError {
                        work.cancel()
                        break
                    } catch {
                        failures.skipped += 1
                        if failures.firstError == nil { failures.firstError = error }
                    }
                }
                work.failures[chunk] = failures
            }
        }
        if let error = work.failure { throw error }
        if work.isCancelled { throw CancellationError() }
        var records = JSONRecords<Record>(records: work.takeRecords())
        for chunk in work.failures {
            records.skipped += chunk.skipped
            if records.firstError == nil { records.firstError = chunk.firstError }
        }
        return (records, work.workers.compactMap { $0 })
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
    private let lock = NSLock()
    private var upcoming = 0
    private var cancelled = false
    private var failed: JSONError?

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

    /// The next chunk to decode, or `nil` when all are handed out or the read is cancelled. The thread the
    /// read started on belongs to the calling task, so it is the one that notices a cancellation.
    func nextChunk() -> Int? {
        if Task.isCancelled { cancel() }
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled, upcoming < failures.count else { return nil }
        defer { upcoming += 1 }
        return upcoming
    }

    /// Stops every thread after its current chunk.
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Stops every thread after its current chunk because an element could not be read: the document is not
    /// valid, which is not one bad record.
    func fail(_ error: JSONError) {
        lock.lock()
        if failed == nil { failed = error }
        cancelled = true
        lock.unlock()
    }

    /// Why the read failed, when an element could not be read.
    var failure: JSONError? {
        lock.lock()
        defer { lock.unlock() }
        return failed
    }

    /// Whether the read was cancelled.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}
