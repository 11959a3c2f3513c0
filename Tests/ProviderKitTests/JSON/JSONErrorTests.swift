import Foundation
import ProviderKit
import Testing

@Suite("JSON reader: documents that are not JSON, and the messages about them")
struct JSONErrorTests {
    @Test func describesDocumentsThatAreNotJSON() {
        #expect(jsonError("")?.description == "the body is empty")
        #expect(jsonError(" \n\t ")?.code == .empty)
        #expect(jsonError("<!DOCTYPE html><html>")?.description == "the body is not JSON (it starts with '<')")
        #expect(jsonError("<!DOCTYPE html>")?.code == .notJSON)
        #expect(jsonError("\u{1b}[2J")?.description == "the body is not JSON (it starts with byte 0x1B)")
        #expect(jsonError("\u{202E}x")?.description == "the body is not JSON (it starts with byte 0xE2)")
        #expect(jsonError(#"{"data": [1, 2"#)?.description == "the JSON is cut off")
        #expect(jsonError(#"{"data": "abc"#)?.code == .truncated)
        #expect(jsonError(#"{"data": tr"#)?.code == .truncated)
        #expect(jsonError(#"{"price": 169, "currency": EUR}"#)?.description == "line 1 column 28: unexpected character")
        #expect(jsonError("{\n  \"a\": 1,\n  \"b\": 2,\n}")?.description == "line 4 column 1: unexpected character")
        #expect(jsonError(#"{"ü": "é", x}"#)?.description == "line 1 column 12: unexpected character")
        #expect(jsonError(#"{} {}"#)?.description == "line 1 column 4: unexpected text after the document")
        #expect(jsonError("[\"a\u{1}\"]")?.description == "line 1 column 4: control character in a string")
        #expect(jsonError(#"["\x"]"#)?.description == "line 1 column 3: invalid escape")
        #expect(jsonError(#"["\u12"]"#)?.description == #"line 1 column 3: invalid \u escape"#)
        #expect(jsonError(#"[01]"#)?.code == .syntax)
    }

    @Test func rejectsInvalidUTF8() {
        for bytes: [UInt8] in [
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-8-encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
            [0x22, 0x80, 0x22],  // lone continuation byte
            [0x22, 0xE6, 0x97, 0x22],  // sequence cut short
        ] {
            #expect(throws: JSONError.self) { try JSONDocument.read(bytes) { _ in } }
        }
        #expect(throws: Never.self) { try JSONDocument.read([0x22, 0xF0, 0x9F, 0x9B, 0xAB, 0x22]) { _ in } }
    }

    @Test func rejectsDeepNestingWithAnErrorInsteadOfOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(jsonError(deep)?.code == .tooDeep)
        let objects = String(repeating: #"{"a":"#, count: 300) + "1" + String(repeating: "}", count: 300)
        #expect(jsonError(objects)?.code == .tooDeep)
        let allowed = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(jsonError(allowed) == nil)
        let tooDeep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        #expect(
            jsonError(tooDeep)?.description == "line 1 column 257: the JSON nests arrays and objects more than 256 deep"
        )
        #expect(throws: Never.self) {
            try readJSON(String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000), maxDepth: 5000) {
                _ in
            }
        }
        #expect(throws: JSONError.self) { try readJSON("[1]", maxDepth: 0) { _ in } }
        #expect(throws: Never.self) { try readJSON("1", maxDepth: 0) { _ in } }
    }

    @Test func neverQuotesRawInputInMessages() {
        let hostileName = "\u{1b}]0;owned\u{07}" + String(repeating: "k", count: 500)
        let text =
            "{\"\(hostileName.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }.joined())\": true}"
        let error = jsonError(text) { root in
            for member in try root.members { _ = try member.value.string }
        }
        let description = error?.description ?? ""
        #expect(description.hasPrefix(#"["?]0;owned?kkk"#))
        #expect(description.hasSuffix(#"…"] is not a string"#))
        #expect(description.count < 80)
        #expect(!description.unicodeScalars.contains { $0.value < 0x20 })

        let custom = jsonError("[1]") { root in throw try root[0].error("is \u{1b}[31mred\u{9b}") }
        #expect(custom?.description == "[0] is ?[31mred?")
    }

    @Test func errorsAreValuesThatCompare() {
        let first = jsonError("[1]") { root in _ = try root[0].string }
        let second = jsonError("[1]") { root in _ = try root[0].string }
        #expect(first != nil)
        #expect(first == second)
        #expect(first?.line == nil)
        let syntax = jsonError("[1,]")
        #expect(syntax?.line == 1)
        #expect(syntax?.column == 4)
        #expect(syntax?.problem == "unexpected character")
    }
}
