extension JSONNode {
    /// Reads every element of this array with `decode`, keeping the records that succeed and counting the
    /// ones that throw.
    ///
    /// A `CancellationError` from `decode` is not a bad record: it stops the loop and is rethrown, so a
    /// caller that wants to stop early can call `try Task.checkCancellation()` inside `decode`.
    /// - Parameter decode: turns one element into a record; throwing skips the element.
    /// - Returns: the records read and how many were skipped, with the first failure.
    /// - Throws: `JSONError` when this node is missing or not an array, and `CancellationError`.
    public func decodeRecords<Record>(_ decode: (JSONNode) throws -> Record) throws -> JSONRecords<Record> {
        var result = JSONRecords<Record>()
        for element in try elements {
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
}
