/// The members of a JSON object, visited in document order without decoding what is skipped.
///
/// Looking members up by name scans the object from its start each time; a record with many fields is
/// read fastest in one pass over its members, comparing names with `hasName(_:)`:
///
/// ```swift
/// for member in try record.members {
///     if member.hasName("price") { price = try member.value.decimal }
///     else if member.hasName("route") { route = try member.value.elements.map(Segment.init) }
/// }
/// ```
///
/// Stepping is inlinable: a provider's loop over a record's members runs without a call per member, and a
/// member it passes over costs no node.
public struct JSONMembers: Sequence {
    @usableFromInline let object: JSONNode

    @usableFromInline init(object: JSONNode) {
        self.object = object
    }

    /// Steps through the members.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let object: JSONNode
        @usableFromInline var upcoming: Int?

        @inlinable @inline(__always)
        init(object: JSONNode) {
            self.object = object
            upcoming = JSONNavigator.first(object.bytes, object.count, in: object.offset)
        }

        /// The next member, or `nil` after the last.
        @inlinable @inline(__always)
        public mutating func next() -> JSONMember? {
            guard let name = upcoming else { return nil }
            let bytes = object.bytes
            let count = object.count
            // The name is scanned once, here: the member keeps where it ends and whether it holds escapes.
            let content = JSONNavigator.stringContent(object.context, quoteAt: name)
            let value = JSONNavigator.valueAfterName(bytes, count, nameEnd: content.end + 1)
            let end = JSONNavigator.skipValue(object.context, at: value)
            upcoming = JSONNavigator.next(bytes, count, after: end)
            let node = JSONNode(context: object.context, offset: value, path: object.location.appending(nameAt: name))
            return JSONMember(nameOffset: name, nameEnd: content.end, nameIsEscaped: content.escaped, value: node)
        }
    }

    /// Starts at the first member.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(object: object) }
}
