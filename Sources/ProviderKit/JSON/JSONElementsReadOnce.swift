/// The elements of an array, visited once in order: in a document read from a file, the elements left in
/// the file are read back through one window, so each element's node is valid only until the next is made.
struct JSONElementsReadOnce {
    let array: JSONNode
    private var position = 0
    private var upcoming: Int?
    private var record: Int
    /// Made when the first element left in the file is reached.
    private var window: JSONRecordWindow?
    /// Where a read of a region (``JSONRegion``), the array's last placeholder, stands.
    private enum InRegion {
        /// Reading it: where the last element read from it ends, `nil` before the first.
        case reading(JSONRegion, lastEnd: Int?)
        /// Its last element, the array's, was read.
        case finished
    }

    private var inRegion: InRegion?

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
        switch inRegion {
        case .reading(let region, let lastEnd)?: return try next(in: region, after: lastEnd)
        case .finished?: return nil
        case nil: break
        }
        guard let start = nextOffset() else { return nil }
        if let deferred = array.context.pointee.deferred,
            let index = deferred.entry(placeholderAt: start, from: &record), let region = deferred.region(at: index)
        {
            return try next(in: region, after: nil)
        }
        defer { position += 1 }
        return try node(at: start, position: position)
    }

    /// The next element of `region`, after the one that ends at `lastEnd` (its first when `nil`), or `nil` after
    /// its last, the array's.
    private mutating func next(in region: JSONRegion, after lastEnd: Int?) throws(JSONError) -> JSONNode? {
        guard let deferred = array.context.pointee.deferred else { return nil }
        let window = self.window ?? JSONRecordWindow(deferred, batch: deferred.batch)
        self.window = window
        do throws(JSONRegion.Failure) {
            // The element before is done with by now: looking past it may read the buffer full again.
            let start: Int?
            if let lastEnd {
                start = try window.elementStart(after: lastEnd, in: region)
            } else {
                start = region.start
            }
            guard let start else {
                deferred.markValidated(region.entry)
                inRegion = .finished
                return nil
            }
            let element = try window.element(
                at: start, of: region, path: array.location.appending(index: position), parent: array.context)
            inRegion = .reading(region, lastEnd: element.end)
            position += 1
            return element.node
        } catch {
            deferred.fail(error.kept)
            throw error.error
        }
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
