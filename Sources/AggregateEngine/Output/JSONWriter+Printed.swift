import AggregatorCore
import Foundation
import ProviderKit

extension JSONWriter {
    /// A whole JSON document as the tool prints it: pretty, with every character that could steer a
    /// terminal escaped, and a final line break.
    /// - Parameters:
    ///   - capacity: the bytes to reserve up front.
    ///   - body: writes the document's one value.
    /// - Returns: the document's text.
    package static func printed(capacity: Int = 4096, _ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(style: .pretty, escaping: .terminalSafe, capacity: capacity)
        body(&writer)
        // One copy from the buffer into the string, line break included.
        return writer.bytes.withUnsafeBufferPointer { document in
            String(unsafeUninitializedCapacity: document.count + 1) { text in
                _ = text.initialize(from: document)
                text[document.count] = 0x0A
                return document.count + 1
            }
        }
    }

    /// How many bytes of a long document gather before they are written out.
    package static let printedPiece = 256 << 10

    /// Writes a whole JSON document to standard output as the tool prints it (see ``printed(capacity:_:)``),
    /// piece by piece as it is written: a search listing every offer would otherwise hold its whole text,
    /// as large as the offers themselves, at the end of the search.
    /// - Parameters:
    ///   - console: where the document goes.
    ///   - body: writes the document's one value.
    package static func print(to console: Console, _ body: (inout JSONWriter) -> Void) {
        let write = console.writeOut
        var writer = JSONWriter(style: .pretty, escaping: .terminalSafe, flushSize: printedPiece) { piece in
            write(String(decoding: piece, as: UTF8.self))
        }
        body(&writer)
        writer.flush()
        write("\n")
    }
}
