import Foundation
import ProviderKit

/// A JSON value copied out of an incoming message, so that it can outlive the reader's buffer and cross
/// into the task that handles the request.
///
/// The core's `JSONNode` points into the bytes being read and is valid only inside `JSONDocument.read`;
/// requests are small, so copying their parameters once is cheap and keeps every later step free of that
/// rule. Numbers keep the text the client wrote (`120`, `99.50`), which is what a command line needs.
package enum MCPValue: Sendable, Equatable {
    /// An object's members in the order sent; when a name repeats, the first one counts.
    case object([(name: String, value: MCPValue)])
    case array([MCPValue])
    case string(String)
    /// A number, as its text in the message.
    case number(String)
    case bool(Bool)
    case null

    package static func == (lhs: MCPValue, rhs: MCPValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        case (.array(let left), .array(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.bool(let left), .bool(let right)): left == right
        case (.null, .null): true
        default: false
        }
    }

    /// Copies a node and everything under it.
    /// - Parameter node: a value inside a document being read.
    /// - Throws: `JSONError` only for a missing node, which a caller never passes.
    package init(_ node: JSONNode) throws(JSONError) {
        switch node.kind {
        case .object:
            var members: [(name: String, value: MCPValue)] = []
            var seen = Set<String>()
            for member in try node.members {
                let name = member.name
                guard seen.insert(name).inserted else { continue }
                members.append((name, try MCPValue(member.value)))
            }
            self = .object(members)
        case .array:
            var elements: [MCPValue] = []
            for element in try node.elements { elements.append(try MCPValue(element)) }
            self = .array(elements)
        case .string: self = .string(try node.string)
        case .number: self = .number(try node.numberText)
        case .bool: self = .bool(try node.bool)
        case .null: self = .null
        case nil: throw node.error("is missing")
        }
    }

    /// Writes the value and everything under it: members in their order, strings as JSON strings, numbers as
    /// the text the message had.
    ///
    /// Recursion is bounded by the depth the message was read with.
    /// - Parameter writer: where it goes.
    package func write(to writer: inout JSONWriter) {
        switch self {
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.key(member.name)
                member.value.write(to: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .string(let text): writer.string(text)
        case .number(let text): writer.verbatim(text)
        case .bool(let value): writer.bool(value)
        case .null: writer.null()
        }
    }

    /// The member called `name` of an object; `nil` for a missing member and for anything but an object.
    package subscript(name: String) -> MCPValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// Whether it is an array.
    package var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// The kind of value with its article, as messages name it: `a string`, `an array`.
    package var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
