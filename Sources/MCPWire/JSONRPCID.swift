import Foundation
import ProviderKit

/// A request's id, which its response must repeat exactly: a string or a number, as JSON-RPC 2.0 allows
/// (MCP asks for strings and integers, and never `null`).
///
/// Rules:
/// - The id is kept as the JSON text the client wrote (`7`, `1.50e3`, `123…` of any length, `"caf\u00e9"`)
///   and written back byte for byte: no number type rounds it and no decoding respells it.
/// - Two ids are the same request when they are the same number text, or strings of the same characters
///   (`"a"` and `"\u0061"` are one id), so that a cancellation finds its request however it spells it.
/// - A string id that escapes half of a surrogate pair without its other half (`"\ud800"`) names no
///   characters: decoding would turn every such id into the same U+FFFD. It is identified by its text
///   instead, so `"\ud800"` and `"\udbff"` stay two requests.
package struct JSONRPCID: Hashable, Sendable, CustomStringConvertible {
    /// The id's JSON text as the client wrote it.
    package let text: String
    /// What identifies the request: a string's characters, or a number's text.
    private let key: Key

    private enum Key: Hashable, Sendable {
        case string(String)
        case number(String)
        /// A string id that is not Unicode text, by its JSON text.
        case unpaired(String)
    }

    private init(text: String, key: Key) {
        self.text = text
        self.key = key
    }

    /// A string id, as a client would write it with only the escapes JSON requires.
    package static func string(_ value: String) -> JSONRPCID {
        var writer = JSONWriter(style: .compact)
        writer.string(value)
        return JSONRPCID(text: writer.text, key: .string(value))
    }

    /// A number id, from its JSON text.
    package static func number(_ text: String) -> JSONRPCID {
        JSONRPCID(text: text, key: .number(text))
    }

    /// Reads an id from a message.
    /// - Parameter node: the `id` member's value.
    /// - Returns: the id, or `nil` when it is neither a string nor a number.
    package static func read(_ node: JSONNode) -> JSONRPCID? {
        guard let text = try? node.jsonText else { return nil }
        switch node.kind {
        case .string:
            if hasLoneSurrogate(text) { return JSONRPCID(text: text, key: .unpaired(text)) }
            guard let value = try? node.string else { return nil }
            return JSONRPCID(text: text, key: .string(value))
        case .number: return .number(text)
        default: return nil
        }
    }

    /// Reads an id that arrived as a parameter, such as a cancellation's `requestId`.
    /// - Parameter value: the parameter.
    /// - Returns: the id, or `nil` when it is neither a string nor a number.
    package static func read(_ value: MCPValue?) -> JSONRPCID? {
        switch value {
        case .string(let text): .string(text)
        case .number(let text): .number(text)
        default: nil
        }
    }

    /// Whether a string's JSON text escapes half of a surrogate pair without the other half.
    package static func hasLoneSurrogate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        var pendingHigh = false
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                if pendingHigh { return true }
                index += 1
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "u"), index + 6 <= bytes.count,
                let unit = UInt16(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
            else {
                if pendingHigh { return true }
                index += 2
                continue
            }
            switch unit {
            case 0xD800...0xDBFF:
                if pendingHigh { return true }
                pendingHigh = true
            case 0xDC00...0xDFFF:
                if !pendingHigh { return true }
                pendingHigh = false
            default:
                if pendingHigh { return true }
            }
            index += 6
        }
        return pendingHigh
    }

    /// Writes the id as the member's value, exactly as the client wrote it.
    /// - Parameter writer: the writer, right after `key("id")`.
    package func write(to writer: inout JSONWriter) {
        writer.verbatim(text)
    }

    /// The id for logs: a number as written, a string quoted and made safe to print.
    package var description: String {
        switch key {
        case .string(let value): "\"\(PrintableText.excerpt(value, limit: 40))\""
        case .number(let text), .unpaired(let text): PrintableText.excerpt(text, limit: 40)
        }
    }

    package static func == (lhs: JSONRPCID, rhs: JSONRPCID) -> Bool { lhs.key == rhs.key }

    package func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
