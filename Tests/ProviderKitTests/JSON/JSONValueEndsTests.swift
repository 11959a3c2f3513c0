import AggregatorTestSupport
import Foundation
import Testing

@testable import ProviderKit

/// A random JSON value of every kind: names and strings with escapes and non-ASCII text, numbers of every
/// form, literals, nested and empty containers, with or without whitespace between tokens.
func randomJSON(depth: Int, using random: inout SplitMix64) -> String {
    let gap = random.next() % 3 == 0 ? [" ", "\n  ", "\t"][Int(random.next() % 3)] : ""
    func text() -> String {
        let pieces = ["a", "VIE", "flight_no", #"\""#, #"\\"#, #"\u00e9"#, "é", "€", "]", "}", ",", ":", "{", " "]
        return (0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }
    let kind = depth <= 0 ? random.next() % 5 : random.next() % 7
    switch kind {
    case 0: return "\"" + text() + "\""
    case 1:
        return ["0", "-12", "1797878100", "3.25", "-0.5e-3", "12345678901234567890", "7E+2"][Int(random.next() % 7)]
    case 2: return ["true", "false"][Int(random.next() % 2)]
    case 3: return "null"
    case 4: return ["{}", "[]", "{ }", "[\n]"][Int(random.next() % 4)]
    case 5:
        let members = (0..<Int(random.next() % 5)).map { _ in
            "\"" + text() + "\"" + gap + ":" + gap + randomJSON(depth: depth - 1, using: &random)
        }
        return "{" + gap + members.joined(separator: "," + gap) + gap + "}"
    default:
        let elements = (0..<Int(random.next() % 5)).map { _ in randomJSON(depth: depth - 1, using: &random) }
        return "[" + gap + elements.joined(separator: "," + gap) + gap + "]"
    }
}

@Suite("JSON reader: where validation notes every value's end, navigation finds the same ends")
struct JSONValueEndsTests {
    /// Validates `text` noting its values' ends, then visits every value and member name by scanning, as a
    /// document without the table is navigated, and compares each end with the noted one.
    private func expectNotedEndsMatchScanning(_ text: String, _ comment: Comment? = nil) throws {
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            let base = try #require(buffer.baseAddress)
            let table = UnsafeMutablePointer<UInt32>.allocate(capacity: max(bytes.count, 1))
            defer { table.deallocate() }
            table.initialize(repeating: 0, count: max(bytes.count, 1))
            let ends = JSONValueEnds(table)
            let skip = JSONSkipIndex(documentSize: 0)
            let root = try JSONValidator.validate(
                base, count: bytes.count, maxDepth: 64, skipIndex: skip, valueEnds: ends)
            var scanned = JSONContext(bytes: base, count: bytes.count, skipIndex: skip)
            var checked = 0
            withUnsafePointer(to: &scanned) { context in
                func visit(_ offset: Int) {
                    checked += 1
                    // `true`, `false` and `null` are skipped by their length, and not noted.
                    guard ![0x74, 0x66, 0x6E].contains(base[offset]) else { return }
                    let end = JSONNavigator.skipValue(context, at: offset)
                    let noted = ends.end(of: offset, count: bytes.count)
                    #expect(noted?.end == end, "value at \(offset)")
                    if base[offset] == JSONBytes.quote {
                        let content = JSONStrings.content(base, bytes.count, quoteAt: offset)
                        #expect(noted?.escaped == content.escaped, "string at \(offset)")
                    }
                    let node = JSONNode(context: context, offset: offset, path: JSONPath())
                    if base[offset] == JSONBytes.openBrace, let members = try? node.members {
                        for member in members {
                            let name = JSONStrings.content(base, bytes.count, quoteAt: member.nameOffset)
                            let notedName = ends.end(of: member.nameOffset, count: bytes.count)
                            #expect(notedName?.end == name.end + 1, "name at \(member.nameOffset)")
                            #expect(notedName?.escaped == name.escaped, "name at \(member.nameOffset)")
                            visit(member.value.offset)
                        }
                    } else if base[offset] == JSONBytes.openBracket, let elements = try? node.elements {
                        for element in elements { visit(element.offset) }
                    }
                }
                visit(root)
            }
            #expect(checked > 0, comment)
        }
    }

    @Test(arguments: JSONTestSuite.cases("y_"))
    func everyValueOfEverySuiteCaseEndsWhereScanningEndsIt(_ name: String) throws {
        let text = String(decoding: try JSONTestSuite.contents(name), as: UTF8.self)
        // Cases in other encodings than UTF-8 are not valid here; the others are.
        guard (try? readJSON(text) { _ in }) != nil else { return }
        try expectNotedEndsMatchScanning(text, "\(name)")
    }

    @Test func everyValueOfRandomDocumentsEndsWhereScanningEndsIt() throws {
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<300 {
            try expectNotedEndsMatchScanning(randomJSON(depth: 4, using: &random))
        }
    }

    @Test func aDocumentCheckedInHalvesNotesNothing() throws {
        // The halves would each note only what they saw whole; such a document is scanned.
        let text = "[" + Array(repeating: #"{"a": "b", "n": [1, 2]}"#, count: 64).joined(separator: ",") + "]"
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            let base = try #require(buffer.baseAddress)
            let table = UnsafeMutablePointer<UInt32>.allocate(capacity: bytes.count)
            defer { table.deallocate() }
            table.initialize(repeating: 0, count: bytes.count)
            let skip = JSONSkipIndex(documentSize: 0)
            let (root, inHalves) = try JSONValidator.check(
                base, count: bytes.count, maxDepth: 64, skipIndex: skip, splitSize: 64, valueEnds: JSONValueEnds(table))
            #expect(inHalves || ProcessInfo.processInfo.activeProcessorCount == 1)
            #expect(root == 0)
            #expect((0..<bytes.count).allSatisfy { table[$0] == 0 })
        }
    }

    @Test func anEntryThatCannotBeTheValuesIsIgnored() throws {
        // A table left from another document: navigation checks each entry against the bytes it stands for.
        let text = #"{"name": "value", "list": [1, {"x": true}], "n": 12}"#
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            let base = try #require(buffer.baseAddress)
            let table = UnsafeMutablePointer<UInt32>.allocate(capacity: bytes.count)
            defer { table.deallocate() }
            // Every entry points one byte on, or past the end: none can be a value's end.
            for offset in 0..<bytes.count { table[offset] = UInt32(offset == bytes.count - 1 ? 999 : offset + 1) }
            var context = JSONContext(
                bytes: base, count: bytes.count, skipIndex: JSONSkipIndex(documentSize: 0),
                valueEnds: JSONValueEnds(table))
            let dumped = withUnsafePointer(to: &context) { context in
                JSONDump.dump(JSONNode(context: context, offset: 0, path: JSONPath()))
            }
            #expect(dumped == (try readJSON(text) { JSONDump.dump($0) }))
        }
    }
}
