import AggregatorCore
import Foundation
import ProviderKit

/// A request's id, which its response must repeat exactly: a string or a number, as JSON-RPC 2.0 allows
/// (MCP asks for strings and integers, and never `null`).
enum JSONRPCID: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    /// A number, held exactly: the response writes back the same digits.
    case number(Decimal)

    /// Reads an id from a message.
    /// - Parameter node: the `id` member's value.
    /// - Returns: the id, or `nil` when it is neither a string nor a number that fits a `Decimal`.
    static func read(_ node: JSONNode) -> JSONRPCID? {
        switch node.kind {
        case .string: (try? node.string).map(JSONRPCID.string)
        case .number: (try? node.decimal).map(JSONRPCID.number)
        default: nil
        }
    }

    /// Reads an id that arrived as a parameter, such as a cancellation's `requestId`.
    /// - Parameter value: the parameter.
    /// - Returns: the id, or `nil` when it is neither a string nor a number.
    static func read(_ value: MCPValue?) -> JSONRPCID? {
        switch value {
        case .string(let text): .string(text)
        case .number(let text): Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map(JSONRPCID.number)
        default: nil
        }
    }

    /// Writes the id as the member's value.
    /// - Parameter writer: the writer, right after `key("id")`.
    func write(to writer: inout JSONWriter) {
        switch self {
        case .string(let text): writer.string(text)
        case .number(let number): writer.decimal(number)
        }
    }

    /// The id for logs: a number as written, a string quoted and made safe to print.
    var description: String {
        switch self {
        case .string(let text): "\"\(PrintableText.excerpt(text, limit: 40))\""
        case .number(let number): "\(number)"
        }
    }
}
