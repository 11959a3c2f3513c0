import AggregatorTestSupport
import Foundation
import Testing

@testable import ProviderKit

/// Checking a large document in two halves at once must find exactly what one pass finds: the same root,
/// the same first error at the same place, and only true container ends in the skip index.
@Suite("JSON validator: two halves find what one pass finds")
struct JSONValidatorHalvesTests {
    /// What checking one document found.
    private struct Finding: Equatable {
        var result: Result<Int, JSONError>
        /// Entries of the skip index that disagree with where the containers really end.
        var wrongEnds = 0
        /// Entries of the skip index that agree.
        var rightEnds = 0
    }

    /// Checks `text` in halves when `inHalves` is set (from any size on), in one pass otherwise.
    private static func check(
        _ text: [UInt8], inHalves: Bool, maxDepth: Int = JSONDocument.defaultMaxDepth
    ) -> (finding: Finding, tookHalves: Bool) {
        text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return (Finding(result: .success(-1)), false) }
            let index = JSONSkipIndex(documentSize: buffer.count)
            defer { index.deallocate() }
            do throws(JSONError) {
                let (root, tookHalves) = try JSONValidator.check(
                    base, count: buffer.count, maxDepth: maxDepth, skipIndex: index,
                    splitSize: inHalves ? 0 : Int.max)
                var finding = Finding(result: .success(root))
                for (start, end) in containerEnds(text) {
                    guard let recorded = index.end(ofContainerAt: start) else { continue }
                    if recorded == end { finding.rightEnds += 1 } else { finding.wrongEnds += 1 }
                }
                return (finding, tookHalves)
            } catch {
                return (Finding(result: .failure(error)), false)
            }
        }
    }

    /// Where each container of a valid document starts and ends (just past its closing bracket).
    private static func containerEnds(_ text: [UInt8]) -> [(start: Int, end: Int)] {
        var ends: [(start: Int, end: Int)] = []
        var open: [Int] = []
        var inString = false
        var escaped = false
        for (offset, byte) in text.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): open.append(offset)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): ends.append((open.removeLast(), offset + 1))
            default: break
            }
        }
        return ends
    }

    /// A response like a provider's: an object holding an array of records, each with an array of objects
    /// holding arrays, and members after the array, so that the middle falls at every depth.
    private static func response(records: Int, note: String = "a note, with [brackets] and {braces}") -> [UInt8] {
        var random = SplitMix64(seed: UInt64(records))
        var text = #"{"currency":"EUR","data":["#
        for record in 0..<records {
            if record > 0 { text += record % 3 == 0 ? ",\n  " : "," }
            let segments = (0...Int(random.next() % 4)).map { segment in
                #"{"from":"VIE","to":"BCN","n":\#(segment),"legs":[1,[2,{"x":null}],[]],"ok":true}"#
            }
            text += #"{"id":"r\#(record)","price":\#(random.next() % 900).5,"route":["#
            text += segments.joined(separator: ",") + #"],"note":"\#(note)","tags":["a","b"]}"#
        }
        text += #"],"tail":{"n":[1,2,3]},"end":"\u00e9"}"#
        return Array(text.utf8)
    }

    @Test(arguments: 2...60)
    func aResponseCheckedInHalvesIsWhatOnePassFinds(records: Int) {
        let text = Self.response(records: records)
        let whole = Self.check(text, inHalves: false)
        let halves = Self.check(text, inHalves: true)
        #expect(halves.finding == whole.finding)
        #expect(halves.tookHalves == (ProcessInfo.processInfo.activeProcessorCount > 1))
        #expect(halves.finding.wrongEnds == 0)
        #expect(halves.finding.rightEnds > 0)
    }

    @Test(arguments: 2...30)
    func aMiddleInsideAStringThatLooksLikeElementsChangesNothing(records: Int) {
        let note = String(repeating: #"},{\"a\":[1],[2]}, {"#, count: 12)
        let text = Self.response(records: records, note: note)
        let whole = Self.check(text, inHalves: false)
        let halves = Self.check(text, inHalves: true)
        #expect(halves.finding == whole.finding)
        #expect(halves.finding.wrongEnds == 0)
    }

    @Test(arguments: [9, 25, 40])
    func everyDamageToTheSecondHalfIsFoundAsOnePassFindsIt(records: Int) {
        let original = Self.response(records: records)
        let replacements = Array(#"{}[],:"\ x0-.e"#.utf8) + [0x01, 0xC3, 0xFF]
        var random = SplitMix64(seed: UInt64(records))
        var failures = 0
        for _ in 0..<600 {
            var text = original
            for _ in 0...Int(random.next() % 3) {
                let position = text.count / 3 + Int(random.next() % UInt64(text.count * 2 / 3))
                text[position] = replacements[Int(random.next() % UInt64(replacements.count))]
            }
            if random.next() % 8 == 0 { text.removeLast(Int(random.next() % 40)) }
            let whole = Self.check(text, inHalves: false)
            let halves = Self.check(text, inHalves: true)
            #expect(halves.finding == whole.finding)
            if case .failure = whole.finding.result { failures += 1 }
        }
        // Most damage breaks the document: the errors themselves were compared.
        #expect(failures > 300)
    }

    @Test(arguments: 1...9)
    func nestingBeyondTheLimitInTheSecondHalfIsFoundAtTheSamePlace(maxDepth: Int) {
        var text = #"{"data":["# + Array(repeating: #"{"a":[1,2]}"#, count: 30).joined(separator: ",")
        text += "," + Array(repeating: #"{"deep":[[[[[{"x":[1]}]]]]]}"#, count: 30).joined(separator: ",") + "]}"
        let bytes = Array(text.utf8)
        let whole = Self.check(bytes, inHalves: false, maxDepth: maxDepth)
        let halves = Self.check(bytes, inHalves: true, maxDepth: maxDepth)
        #expect(halves.finding == whole.finding)
    }

    @Test func theWrongClosingBracketAfterTheSecondHalfIsFoundAsOnePassFindsIt() {
        for closing in ["]}", "}}", "]]", "]", "]}]", "]} x", "],\"x\":}", "],[1]}"] {
            let text = Array(
                (#"{"data":["# + Array(repeating: #"{"a":[1,{"b":2}]}"#, count: 40).joined(separator: ",") + closing)
                    .utf8)
            let whole = Self.check(text, inHalves: false)
            let halves = Self.check(text, inHalves: true)
            #expect(halves.finding == whole.finding, "closing with \(closing)")
        }
    }

    @Test func everyCaseOfJSONTestSuiteIsFoundAlikeInHalves() throws {
        for name in JSONTestSuite.cases("") {
            let text = Array(try JSONTestSuite.contents(name))
            #expect(Self.check(text, inHalves: true).finding == Self.check(text, inHalves: false).finding, "\(name)")
        }
    }
}
