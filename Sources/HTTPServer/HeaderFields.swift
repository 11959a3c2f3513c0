/// The header fields of a request or a response, in the order they were sent, found by name whatever its
/// case.
///
/// A name is kept as written; lookups compare names ASCII-case-insensitively, as HTTP says they are.
public struct HeaderFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field.
    public struct Field: Sendable, Hashable {
        /// The name as written.
        public var name: String
        /// The value, without the whitespace around it.
        public var value: String

        /// Creates a field.
        /// - Parameters:
        ///   - name: the name.
        ///   - value: the value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// Creates fields.
    /// - Parameter fields: the fields, in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates fields from `name: value` pairs, in order.
    /// - Parameter elements: the pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the field named `name`, or `nil`; setting replaces every field of that name, and
    /// `nil` removes them.
    public subscript(_ name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            fields.removeAll { Self.same($0.name, name) }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Every value of the fields named `name`, in order.
    /// - Parameter name: the name.
    /// - Returns: the values.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// The comma-separated elements of every field named `name` (`Connection: keep-alive, Upgrade`), trimmed,
    /// empty ones left out.
    /// - Parameter name: the name.
    /// - Returns: the elements, in order.
    public func elements(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// Whether a field named `name` is present.
    /// - Parameter name: the name.
    /// - Returns: whether it is.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    /// Adds a field after the others, keeping any of the same name.
    /// - Parameters:
    ///   - name: the name.
    ///   - value: the value.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// How many fields there are.
    public var count: Int { fields.count }

    /// Iterates over the fields in order.
    /// - Returns: the iterator.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Whether two names are the same, ignoring ASCII case.
    static func same(_ first: String, _ second: String) -> Bool {
        first.utf8.count == second.utf8.count
            && zip(first.utf8, second.utf8).allSatisfy { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }
}

extension Substring {
    /// The text without spaces and tabs at either end.
    func trimmingWhitespace() -> String {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
