/// The elements of an array, visited once in order: in a document read from a file, the elements left in
/// the file are read back through one window, so each element's node is valid only until the next is made.
struct JSONElementsReadOnce {
    let array: JSONNode
    private var position = 0
    private var upcoming: Int?
    private var record: Int
    /// Made when the first element left in the file is reached.
    private var window: JSONRecordWindow?

    init(array: JSONNode) {
        self.array = array
        upcoming = JSONNavigator.first(array.bytes, array.count, in: array.offset)
        record = array.context.pointee.deferred?.firstEntry(atOrAfter: array.offset) ?? 0
    }

    /// The offset of the next element in the array's bytes, without making its node.
    mutating func nextOffset() -> Int? {
        guard let start = upcoming else { return nil }
        let end = JSONNavigator.skipValue(array.context, at: start)
        upcoming = JSONNavigator.next(array.bytes, array.count, after: end)
        return start
    }

    /// The next element, or `nil` after the last.
    /// - Throws: `JSONError` when the element was left in the file and is not valid JSON there.
    mutating func next() throws(JSONError) -> JSONNode? {
        guard let start = nextOffset() else { return nil }
        defer { position += 1 }
        return try node(at: start, position: position)
    }

    /// The element that starts at `start` in the array's bytes and is the array's `position`th; elements must
    /// be asked for in order.
    /// - Throws: `JSONError` when the element was left in the file and is not valid JSON there.
    mutating func node(at start: Int, position: Int) throws(JSONError) -> JSONNode {
        let path = array.location.appending(index: position)
        if let deferred = array.context.pointee.deferred,
            let index = deferred.entry(placeholderAt: start, from: &record)
        {
            let window = self.window ?? JSONRecordWindow(deferred, batch: deferred.batch)
            self.window = window
            return try window.node(for: index, path: path, parent: array.context)
        }
        return JSONNode(context: array.context, offset: start, path: path)
    }
}
