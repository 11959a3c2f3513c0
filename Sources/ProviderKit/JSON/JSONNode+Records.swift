extension JSONNode {
    /// Reads every element of this array with `decode`, keeping the records that succeed and counting the
    /// ones that throw.
    ///
    /// A `CancellationError` from `decode` is not a bad record: it stops the loop and is rethrown, so a
    /// caller that wants to stop early can call `try Task.checkCancellation()` inside `decode`.
    ///
    /// In a document read from a large file (``JSONDocument/read(file:maxBytes:maxDepth:_:)``), the elements
    /// left in the file are read back and validated one batch at a time, and each is let go once `decode`
    /// returns: the node `decode` receives is valid only while it runs. An element that is not valid JSON is
    /// not a bad record but a bad document: it stops the loop with a `JSONError`.
    /// - Parameter decode: turns one element into a record; throwing skips the element.
    /// - Returns: the records read and how many were skipped, with the first failure.
    /// - Throws: `JSONError` when this node is missing or not an array, or an element read back from a file is
    ///   not valid JSON; `CancellationError`.
    public func decodeRecords<Record>(_ decode: (JSONNode) throws -> Record) throws -> JSONRecords<Record> {
        var result = JSONRecords<Record>()
        var elements = try elementsReadOnce()
        while let element = try elements.next() {
            do {
                result.records.append(try decode(element))
            } catch let error as CancellationError {
                throw error
            } catch {
                result.skipped += 1
                if result.firstError == nil { result.firstError = error }
            }
        }
        return result
    }

    /// The elements of this array for one pass that lets go of each element once the next is asked for.
    func elementsReadOnce() throws(JSONError) -> JSONElementsReadOnce {
        try require(JSONBytes.openBracket, .array)
        return JSONElementsReadOnce(array: self)
    }
}
