import Foundation

extension JSONWriter {
    /// Writes a value read from a document, and everything under it, in this writer's style: member order,
    /// strings and numbers exactly as the document has them (a number's own digits, never rounded).
    ///
    /// Recursion is bounded by the depth the document was read with.
    /// - Parameter node: the value; a missing node is written as `null`.
    public mutating func copy(_ node: JSONNode) {
        switch node.kind {
        case .object:
            beginObject()
            for member in (try? node.members).map(Array.init) ?? [] {
                key(member.name)
                copy(member.value)
            }
            endObject()
        case .array:
            beginArray()
            for element in (try? node.elements).map(Array.init) ?? [] { copy(element) }
            endArray()
        case .string: string(try? node.string)
        case .number:
            guard let digits = try? node.numberText else { return null() }
            beforeValue()
            bytes.append(contentsOf: digits.utf8)
        case .bool: bool(try? node.bool)
        case .null, nil: null()
        }
    }
}
