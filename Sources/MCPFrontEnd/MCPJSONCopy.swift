import AggregatorCore
import Foundation
import ProviderKit

/// Copies a JSON value from a document being read into a writer, in the writer's style: how a command's
/// pretty-printed output becomes part of a one-line message.
package enum MCPJSONCopy {
    /// Copies `node` and everything under it; member order, strings and numbers are kept exactly.
    ///
    /// Recursion is bounded by the depth `JSONDocument.read` accepted.
    /// - Parameters:
    ///   - node: the value to copy.
    ///   - writer: where it goes.
    package static func copy(_ node: JSONNode, to writer: inout JSONWriter) {
        switch node.kind {
        case .object:
            writer.beginObject()
            for member in (try? node.members).map(Array.init) ?? [] {
                writer.key(member.name)
                copy(member.value, to: &writer)
            }
            writer.endObject()
        case .array:
            writer.beginArray()
            for element in (try? node.elements).map(Array.init) ?? [] { copy(element, to: &writer) }
            writer.endArray()
        case .string: writer.string(try? node.string)
        // A number too large for `Decimal` cannot come from a command's output; it would become `null`.
        case .number: writer.decimal(try? node.decimal)
        case .bool: writer.bool(try? node.bool)
        case .null, nil: writer.null()
        }
    }
}
