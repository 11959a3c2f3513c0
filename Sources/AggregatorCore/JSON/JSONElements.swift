/// The elements of a JSON array, visited in order without decoding what is skipped.
public struct JSONElements: Sequence {
    let array: JSONNode

    /// Steps through the elements.
    public struct Iterator: IteratorProtocol {
        let array: JSONNode
        var position: Int
        var upcoming: Int?

        init(array: JSONNode) {
            self.array = array
            position = 0
            upcoming = JSONNavigator.first(array.bytes, array.count, in: array.offset)
        }

        /// The next element, or `nil` after the last.
        public mutating func next() -> JSONNode? {
            guard let start = upcoming else { return nil }
            let end = JSONNavigator.skipValue(array.context, at: start)
            upcoming = JSONNavigator.next(array.bytes, array.count, after: end)
            defer { position += 1 }
            return JSONNode(context: array.context, offset: start, path: array.location.appending(index: position))
        }
    }

    /// Starts at the first element.
    public func makeIterator() -> Iterator { Iterator(array: array) }
}
