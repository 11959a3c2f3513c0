/// A position in a document being read by `JSONDocument.read`: one value, or the place where an asked-for
/// value is missing.
///
/// A node is a small value (about 80 bytes: the document, an offset and its path), so it is cheap to
/// copy, and creating one never allocates. Asking for a member or element that is not there gives a
/// *missing* node rather than an error, so that optional fields read naturally
/// (`try record["price"].ifPresent?.decimal`); reading a value from a missing node throws `… is missing`.
/// Every error carries the node's path, such as
/// `data[3].price is not a number`.
///
/// A node is only valid inside the closure given to `JSONDocument.read`; see there.
public struct JSONNode {
    @usableFromInline let context: UnsafePointer<JSONContext>
    /// Where the value starts, or -1 when it is missing.
    @usableFromInline let offset: Int
    @usableFromInline let location: JSONPath
    /// The name that was looked for, when the node is a missing member.
    @usableFromInline let missingName: StaticString?

    @inlinable
    init(context: UnsafePointer<JSONContext>, offset: Int, path: JSONPath, missingName: StaticString? = nil) {
        self.context = context
        self.offset = offset
        self.location = path
        self.missingName = missingName
    }

    @inlinable @inline(__always) var bytes: UnsafePointer<UInt8> { context.pointee.bytes }
    @inlinable @inline(__always) var count: Int { context.pointee.count }

    /// The kind of value, or `nil` when the node is missing.
    public var kind: JSONKind? {
        guard offset >= 0 else { return nil }
        switch bytes[offset] {
        case JSONBytes.openBrace: return .object
        case JSONBytes.openBracket: return .array
        case JSONBytes.quote: return .string
        case 0x74, 0x66: return .bool
        case 0x6E: return .null
        default: return .number
        }
    }

    /// Whether nothing is here: the member or element that was asked for does not exist.
    public var isMissing: Bool { offset < 0 }

    /// Whether the value is JSON `null`.
    public var isNull: Bool { offset >= 0 && bytes[offset] == 0x6E }

    /// The node, or `nil` when it is missing or `null`: the way to read an optional field, as in
    /// `try record["price"].ifPresent?.decimal`.
    public var ifPresent: JSONNode? { offset < 0 || bytes[offset] == 0x6E ? nil : self }

    /// Where the node is, such as `data[3].price`; empty for the root.
    public var path: String {
        location.rendered(in: context.pointee, lastName: missingName)
    }

    /// An error about this value, for checks beyond its type.
    ///
    /// `throw record["price"].error("is negative")` reads `data[3].price is negative`.
    /// - Parameter problem: what is wrong, as a predicate that follows the path.
    /// - Returns: an error with code `.invalidValue`, or `.missing` when the node is missing.
    public func error(_ problem: String) -> JSONError {
        if isMissing { return JSONError(code: .missing, path: path, problem: "is missing") }
        return JSONError(code: .invalidValue, path: path, problem: problem)
    }

    /// The error for a value that is not `expected`: `… is missing` or `… is not <expected>`.
    func mismatch(_ expected: String) -> JSONError {
        if isMissing { return JSONError(code: .missing, path: path, problem: "is missing") }
        return JSONError(code: .wrongType, path: path, problem: "is not " + expected)
    }

    /// Checks that the value starts with `byte`, or throws the mismatch for `expected`.
    @inline(__always)
    func require(_ byte: UInt8, _ expected: JSONKind) throws(JSONError) {
        guard offset >= 0, bytes[offset] == byte else { throw mismatch(expected.description) }
    }

    /// The member called `name`, or a missing node when the object has no such member.
    ///
    /// Names are compared by their bytes, with escapes in the document resolved, so `"\u0069d"` is found as
    /// `id`. When a name occurs twice, the first one counts. This scans the object's members in order,
    /// skipping the values before the one it finds.
    /// - Parameter name: the member's name.
    /// - Throws: `JSONError` when this node is missing or not an object.
    public subscript(name: StaticString) -> JSONNode {
        get throws(JSONError) {
            try require(JSONBytes.openBrace, .object)
            let found = name.withUTF8Buffer { find($0) }
            guard let found else {
                return JSONNode(context: context, offset: -1, path: location, missingName: name)
            }
            return JSONNode(context: context, offset: found.value, path: location.appending(nameAt: found.name))
        }
    }

    /// The member called `name`, for names known only at run time, or `nil` when there is none.
    /// - Parameter name: the member's name.
    /// - Returns: the member, or `nil` when the object has no member of that name.
    /// - Throws: `JSONError` when this node is missing or not an object.
    public func member(_ name: String) throws(JSONError) -> JSONNode? {
        try require(JSONBytes.openBrace, .object)
        var name = name
        guard let found = name.withUTF8({ find($0) }) else { return nil }
        return JSONNode(context: context, offset: found.value, path: location.appending(nameAt: found.name))
    }

    /// Finds a member of this object by name: where its name and its value start.
    private func find(_ key: UnsafeBufferPointer<UInt8>) -> (name: Int, value: Int)? {
        let bytes = self.bytes
        let count = self.count
        let plainKey = !key.contains(JSONBytes.backslash)
        guard var index = JSONNavigator.first(bytes, count, in: offset) else { return nil }
        while true {
            let name = JSONNavigator.stringContent(context, quoteAt: index)
            let equal = JSONStrings.equals(bytes, count, quoteAt: index, content: name, key: key, plainKey: plainKey)
            let value = JSONNavigator.valueAfterName(bytes, count, nameEnd: name.end + 1)
            if equal { return (index, value) }
            let end = JSONNavigator.skipValue(context, at: value)
            guard let next = JSONNavigator.next(bytes, count, after: end) else { return nil }
            index = next
        }
    }

    /// The element at `index`, or a missing node when the array is shorter.
    ///
    /// This scans the elements before it; to visit every element use `elements`.
    /// - Parameter index: the zero-based position.
    /// - Throws: `JSONError` when this node is missing or not an array.
    public subscript(index: Int) -> JSONNode {
        get throws(JSONError) {
            try require(JSONBytes.openBracket, .array)
            var position = 0
            for element in JSONElements(array: self) {
                if position == index { return element }
                position += 1
            }
            return JSONNode(context: context, offset: -1, path: location.appending(index: index))
        }
    }

    /// The elements of this array, in order.
    ///
    /// Each step skips the previous element without decoding it. The sequence can be iterated with
    /// `for element in try node.elements`, checking `Task.isCancelled` between elements when a caller needs to
    /// stop early.
    /// - Throws: `JSONError` when this node is missing or not an array.
    public var elements: JSONElements {
        get throws(JSONError) {
            try require(JSONBytes.openBracket, .array)
            return JSONElements(array: self)
        }
    }

    /// The members of this object, in document order.
    /// - Throws: `JSONError` when this node is missing or not an object.
    public var members: JSONMembers {
        get throws(JSONError) {
            try require(JSONBytes.openBrace, .object)
            return JSONMembers(object: self)
        }
    }
}

@available(*, unavailable, message: "a node points into a buffer that is only valid inside JSONDocument.read")
extension JSONNode: Sendable {}
