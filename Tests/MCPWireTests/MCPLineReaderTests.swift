import Foundation
import Testing

@testable import MCPWire

/// Newline-delimited messages read from a real pipe, with a cap on a line's length.
@Suite("aggregate mcp: reading lines")
struct MCPLineReaderTests {
    /// Everything a reader gives for `input`, written to a pipe and then closed.
    static func lines(_ input: [UInt8], cap: Int) async throws -> [MCPLineReader.Line] {
        let pipe = Pipe()
        let reader = MCPLineReader(descriptor: pipe.fileHandleForReading.fileDescriptor, maxLineBytes: cap)
        // Written from another thread: more than a pipe holds would otherwise block this one.
        let writer = pipe.fileHandleForWriting
        Thread {
            try? writer.write(contentsOf: Data(input))
            try? writer.close()
        }.start()
        var lines: [MCPLineReader.Line] = []
        while let line = await reader.next() { lines.append(line) }
        return lines
    }

    @Test func linesEndAtNewlinesAndAtTheEndOfInput() async throws {
        let lines = try await Self.lines(Array("one\r\ntwo\n\nthree".utf8), cap: 100)
        #expect(lines == [.line(Array("one".utf8)), .line(Array("two".utf8)), .line([]), .line(Array("three".utf8))])
    }

    @Test func aLineLongerThanTheCapIsReportedAndSkipped() async throws {
        let long = [UInt8](repeating: 0x78, count: 300_000)
        let lines = try await Self.lines(Array("a\n".utf8) + long + Array("\nb\n".utf8), cap: 1000)
        #expect(lines == [.line(Array("a".utf8)), .tooLong(bytes: 300_000), .line(Array("b".utf8))])
    }

    @Test func aLineJustOverTheCapIsTooLongAndOneAtTheCapIsNot() async throws {
        let atCap = [UInt8](repeating: 0x61, count: 10)
        let over = [UInt8](repeating: 0x62, count: 11)
        let lines = try await Self.lines(atCap + [0x0A] + over + [0x0A], cap: 10)
        #expect(lines == [.line(atCap), .tooLong(bytes: 11)])
    }
}
