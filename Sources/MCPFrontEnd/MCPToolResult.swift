import AggregatorCore
import Foundation
import ProviderKit

/// What a tool call produced: the command's JSON document, a summary in words, and whether it is an
/// error in MCP's sense (`isError`: the call ran but did not do its job).
package struct MCPToolResult: Sendable {
    /// Whether the call failed: a usage error, or no provider answered.
    package var isError: Bool
    /// The short summary, or the one-line error.
    package var summary: String
    /// The command's JSON output, when it printed one.
    package var document: [UInt8]?

    /// A failed call with a message and no document.
    package static func error(_ message: String) -> MCPToolResult {
        MCPToolResult(isError: true, summary: message, document: nil)
    }

    /// Writes the result object of a `tools/call` response.
    ///
    /// `content` holds the summary and, when there is a document, the document as compact JSON text as
    /// well (MCP asks tools that return structured content to return it serialized too, for clients that
    /// read only `content`); `structuredContent` holds the document itself, copied member by member.
    /// - Parameter writer: the writer, right after `key("result")`.
    /// - Throws: `JSONError` when the document is not JSON, which a command never prints.
    package func write(to writer: inout JSONWriter) throws {
        guard let document else {
            writeObject(to: &writer, documentText: nil) { _ in }
            return
        }
        try JSONDocument.read(document) { root in
            var compact = JSONWriter(style: .compact, capacity: document.count)
            MCPJSONCopy.copy(root, to: &compact)
            writeObject(to: &writer, documentText: compact.text) { writer in
                writer.key("structuredContent")
                MCPJSONCopy.copy(root, to: &writer)
            }
        }
    }

    private func writeObject(
        to writer: inout JSONWriter, documentText: String?, structured: (inout JSONWriter) -> Void
    ) {
        writer.object { json in
            json.key("content")
            json.array { list in
                Self.text(summary, to: &list)
                if let documentText { Self.text(documentText, to: &list) }
            }
            structured(&json)
            json.key("isError")
            json.bool(isError)
        }
    }

    private static func text(_ text: String, to writer: inout JSONWriter) {
        writer.object { json in
            json.key("type")
            json.string("text")
            json.key("text")
            json.string(text)
        }
    }
}
