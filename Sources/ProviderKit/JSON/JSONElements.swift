/// The elements of a JSON array, visited in order without decoding what is skipped.
///
/// In a document read from a large file, an element left in the file is read back and validated when it is
/// reached, and kept until the document is done with, since its node may be held; to visit many such
/// records without keeping them, use ``JSONNode/decodeRecords(_:)``.
public struct JSONElements: Sequence {
    let array: JSONNode

    /// Steps through the elements.
    public struct Iterator: IteratorProtocol {
        let array: JSONNode
        var position: Int
        var upcoming: Int?
        /// The next record of a document read from a file that may be one of these elements.
        var record: Int

        init(array: JSONNode) {
            self.array = array
            position = 0
            upcoming = JSONNavigator.first(array.bytes, array.count, in: array.offset)
            record = array.context.pointee.deferred?.firstEntry(atOrAfter: array.offset) ?? 0
        }

        /// The next element, or `nil` after the last.
        public mutating func next() -> JSONNode? {
            guard let start = upcoming else { return nil }
            let end = JSONNavigator.skipValue(array.context, at: start)
            upcoming = JSONNavigator.next(array.bytes, array.count, after: end)
            defer { position += 1 }
            let path = array.location.appending(index: position)
            if let deferred = array.context.pointee.deferred,
                let index = deferred.entry(placeholderAt: start, from: &record)
            {
                return deferred.keptNode(index, path: path, parent: array.context)
            }
            return JSONNode(context: array.context, offset: start, path: path)
        }
    }

    /// Starts at the first element.
    public func makeIterator() -> Iterator { Iterator(array: array) }
}
