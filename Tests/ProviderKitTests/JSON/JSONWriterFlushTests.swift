import Foundation
import ProviderKit
import Testing

/// Collects what a writer hands on.
private final class Pieces: @unchecked Sendable {
    private let lock = NSLock()
    private var pieces: [[UInt8]] = []

    func add(_ piece: UnsafeBufferPointer<UInt8>) { lock.withLock { pieces.append(Array(piece)) } }
    var all: [[UInt8]] { lock.withLock { pieces } }
}

@Suite("JSON writer: a long document handed on piece by piece")
struct JSONWriterFlushTests {
    /// A listing of `count` offers with text in several scripts, written by `writer`.
    static func write(_ count: Int, to json: inout JSONWriter) {
        json.object { json in
            json.key("schema")
            json.string("aggregate.search.v1")
            json.key("offers")
            json.array { json in
                for index in 0..<count {
                    json.object { json in
                        json.key("id")
                        json.string("kiwi-\(index)")
                        json.key("city")
                        json.string(index % 2 == 0 ? "Zürich ✈ 東京" : "Wien")
                        json.key("price")
                        json.decimal(Decimal(index) + Decimal(25) / 100)
                        json.key("legs")
                        json.array { json in
                            json.string("VIE")
                            json.string("BCN")
                        }
                    }
                }
            }
            json.key("notes")
            json.array { _ in }
        }
    }

    @Test(arguments: [1, 16, 100, 4096, 1 << 20])
    func thePiecesMakeTheSameDocumentAndEachEndsAfterAWholeValue(flushSize: Int) {
        var whole = JSONWriter(style: .pretty, escaping: .terminalSafe)
        Self.write(300, to: &whole)
        let pieces = Pieces()
        var writer = JSONWriter(style: .pretty, escaping: .terminalSafe, flushSize: flushSize) { pieces.add($0) }
        Self.write(300, to: &writer)
        writer.flush()
        #expect(writer.bytes.isEmpty)
        #expect(pieces.all.flatMap { $0 } == whole.bytes)
        // Each piece is whole UTF-8 and ends after a value or an opening bracket, never inside one.
        for piece in pieces.all.dropLast() {
            #expect(String(validating: piece, as: UTF8.self) != nil)
            #expect(
                [UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "["), UInt8(ascii: "{")]
                    .contains(piece.last ?? 0) || (piece.last.map { (0x30...0x39).contains($0) } ?? false))
        }
        if flushSize < whole.bytes.count / 4 { #expect(pieces.all.count > 4) }
    }
}
