import Foundation

extension JSONDocument {
    /// Reads a JSON file and hands its root value to `body`, holding no more of a large file in memory than
    /// the document without its records and the records being decoded.
    ///
    /// A small file is read whole and validated as ``read(_:maxDepth:_:)`` does. A large one is read in two
    /// passes (see ``JSONFileSplitter``): the first leaves the elements of large arrays (a search answer's
    /// records) in the file and validates the rest; the records are read back, and validated, as
    /// ``JSONNode/decodeRecords(_:)`` or ``JSONNode/decodeRecordsInParallel(worker:_:)`` visit them, and
    /// dropped once decoded. Records that are not visited are validated after `body` returns. So the document
    /// is checked whole, as strictly as in memory, and an invalid one gives exactly the error that reading it
    /// in memory gives: whatever `body` returned or threw is then set aside.
    ///
    /// The node of a record is valid only while `decode` runs for it. Plain navigation into the records
    /// (`elements`, a subscript) works too, but keeps each record it reads until `body` returns.
    ///
    /// A file from 4 MiB on is read only up to the first record of its largest array, whose end is found by
    /// reading the file's end backwards; the array's other elements are found as they are read (``JSONRegion``),
    /// which saves a pass over nearly every byte of a search answer. When the array turns out to end elsewhere,
    /// or `body` navigates into it plainly, the file is read again in two passes and `body` runs a second time:
    /// it should have no effect but its result.
    /// - Parameters:
    ///   - path: the file.
    ///   - maxBytes: the largest file accepted.
    ///   - maxDepth: how deeply arrays and objects may nest.
    ///   - body: reads what it needs from the root node.
    /// - Returns: what `body` returns.
    /// - Throws: ``RegularFile/Failure`` when the path is not a readable regular file within `maxBytes`, or the
    ///   file changed while it was read; `JSONError` when it is not valid JSON; whatever `body` throws.
    public static func read<Value>(
        file path: String, maxBytes: Int, maxDepth: Int = defaultMaxDepth, _ body: (JSONNode) throws -> Value
    ) throws -> Value {
        try read(file: path, maxBytes: maxBytes, maxDepth: maxDepth, limits: .standard, body)
    }

    /// ``read(file:maxBytes:maxDepth:_:)`` with the sizes that decide how the file is read, so that tests can
    /// read small files in two passes.
    static func read<Value>(
        file path: String, maxBytes: Int, maxDepth: Int, limits: JSONFileSplitter.Limits,
        _ body: (JSONNode) throws -> Value
    ) throws -> Value {
        guard let file = try RegularFile.open(path, maxBytes: maxBytes, missingIsNil: false) else {
            throw RegularFile.Failure(path: path, reason: .system(code: ENOENT))
        }
        defer { file.close() }
        guard file.size >= limits.streamedFile, file.size < Int(UInt32.max) else {
            return try read(file.readWhole(maxBytes: maxBytes), maxDepth: maxDepth, body)
        }
        if file.size >= limits.guessedFile {
            switch try JSONFileSplitter.guess(file, maxDepth: maxDepth, limits: limits) {
            case .split(let split):
                do {
                    return try read(file, split: split, maxBytes: maxBytes, maxDepth: maxDepth, limits: limits, body)
                } catch is Misread {
                    // Read again below, split as usual: `body` runs a second time.
                }
            case .invalid: throw try errorOfWhole(file, maxBytes: maxBytes, maxDepth: maxDepth)
            case .notGuessed: break
            }
        }
        guard let split = try JSONFileSplitter.split(file, maxDepth: maxDepth, limits: limits) else {
            throw try errorOfWhole(file, maxBytes: maxBytes, maxDepth: maxDepth)
        }
        return try read(file, split: split, maxBytes: maxBytes, maxDepth: maxDepth, limits: limits, body)
    }

    /// A region of the file was not where the guess put it (``JSONRegion``): the file is read again.
    private struct Misread: Error {}

    /// The second pass of ``read(file:maxBytes:maxDepth:_:)``, over what the first found in `file`, with the
    /// sizes of `limits`.
    static func read<Value>(
        _ file: RegularFile.Opened, split: JSONFileSplitter.Split, maxBytes: Int, maxDepth: Int,
        limits: JSONFileSplitter.Limits, _ body: (JSONNode) throws -> Value
    ) throws -> Value {
        let path = file.path
        let records = JSONDeferredRecords(
            file: file, entries: split.records, maxDepth: maxDepth, limits: limits, region: split.region)
        let outcome: Result<Value, any Error> = split.skeleton.withUnsafeBufferPointer { skeleton in
            guard let base = skeleton.baseAddress else {
                return .failure(JSONError(code: .empty, problem: "the body is empty"))
            }
            let skipIndex = JSONSkipIndex(documentSize: skeleton.count)
            defer { skipIndex.deallocate() }
            let root: Int
            do {
                root = try JSONValidator.validate(base, count: skeleton.count, maxDepth: maxDepth, skipIndex: skipIndex)
            } catch {
                records.fail(.invalid)
                return .failure(error)
            }
            var context = JSONContext(bytes: base, count: skeleton.count, skipIndex: skipIndex, deferred: records)
            return withUnsafePointer(to: &context) { pointer in
                let root = JSONNode(context: pointer, offset: root, path: .root)
                let outcome = Result { try body(root) }
                if case .failure(let error) = outcome, error is CancellationError { return outcome }
                // Whatever `body` made of it, the document must be valid as a whole, and the same file throughout.
                if records.firstFailure == nil {
                    do {
                        try records.validateTheRest(skeleton: root)
                    } catch {
                        return .failure(error)
                    }
                }
                return outcome
            }
        }
        if case .failure(let error) = outcome, error is CancellationError { throw error }
        if let failure = records.firstFailure {
            switch failure {
            case .invalid: throw try errorOfWhole(file, maxBytes: maxBytes, maxDepth: maxDepth)
            case .changed: throw RegularFile.Failure(path: path, reason: .changedWhileRead)
            case .unreadable(let error): throw error
            case .misread: throw Misread()
            }
        }
        guard file.isUnchanged() else { throw RegularFile.Failure(path: path, reason: .changedWhileRead) }
        return try outcome.get()
    }

    /// The error of a file found invalid in two passes, worded as reading it whole in memory words it: the
    /// first error in document order, at its line and column.
    /// - Returns: the error, or a failure saying the file changed when, read whole, it is valid after all.
    private static func errorOfWhole(
        _ file: RegularFile.Opened, maxBytes: Int, maxDepth: Int
    ) throws(RegularFile.Failure) -> any Error {
        let whole = try file.readWhole(maxBytes: maxBytes)
        do {
            try read(whole, maxDepth: maxDepth) { _ in }
        } catch {
            return error
        }
        return RegularFile.Failure(path: file.path, reason: .changedWhileRead)
    }
}
