import Foundation
import Testing

@testable import ProviderKit

@Suite("JSON reader: a large file split in two halves at once is split as in one pass")
struct JSONFileSplitterHalvesTests {
    private static func limits(window: Int) -> JSONFileSplitter.Limits {
        var limits = JSONFileSplitter.Limits()
        limits.streamedFile = 0
        limits.halves = 0
        limits.window = window
        limits.largeArray = 30
        limits.batch = 64
        return limits
    }

    /// Documents whose middles fall at every depth, in strings that look like elements, after escapes.
    static let documents: [String] = [
        #"{"a": "x", "data": [{"id": 1, "r": [{"b": "},{"}, {"c": [1, [2]]}]}, {"id": 2, "r": []}, "#
            + #"{"id": 3, "r": [{"d": "\\"}, {"e": "\""}]}, [4, {"f": 5}], {"id": 6}], "z": [{"y": 1}, {"y": 2}]}"#,
        #"[[{"a": 1}, {"a": 2}], [{"b": 1}, {"b": 2}, {"b": 3}], [{"c": "],["}, {"c": "}, {"}]]"#,
        #"{"outer": {"list": [{"k": [{"x": 1}, {"x": 2}]}, {"k": [{"x": 3}]}, {"k": []}]}, "after": [{}, []]}"#,
    ]

    /// The standard sizes, with records read back 64 bytes at a time.
    private static var batchOf64: JSONFileSplitter.Limits {
        var limits = JSONFileSplitter.Limits()
        limits.batch = 64
        return limits
    }

    /// What one pass over `text` in memory says, and what reading it with `split` says.
    private static func compare(
        _ text: String, split: JSONFileSplitter.Split, file: ScratchFile, opened: RegularFile.Opened
    )
        throws -> (Bool, String)
    {
        let expected = dump { try readJSON(text, maxDepth: 8) { JSONDump.dump($0) } }
        let read = dump {
            try JSONDocument.read(opened, split: split, maxBytes: 1 << 20, maxDepth: 8, limits: Self.batchOf64) {
                JSONDump.dump($0)
            }
        }
        return (read == expected, "\(read.prefix(160)) / \(expected.prefix(160))")
    }

    private static func dump(_ read: () throws -> String) -> String {
        do {
            return try read()
        } catch {
            return "error: \(error)"
        }
    }

    /// The file rebuilt from a split: each placeholder replaced by its record's bytes.
    private static func rebuilt(_ split: JSONFileSplitter.Split, from bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var skeletonIndex = 0
        for record in split.records {
            result += split.skeleton[skeletonIndex..<Int(record.placeholder)]
            result += bytes[record.start..<record.start + Int(record.length)]
            skeletonIndex = Int(record.placeholder) + 2
        }
        result += split.skeleton[skeletonIndex...]
        return result
    }

    /// How many containers enclose `offset` of a valid document.
    private static func depth(at offset: Int, in bytes: [UInt8]) -> Int {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes[..<offset] {
            if escaped {
                escaped = false
            } else if inString {
                if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
            }
        }
        return depth
    }

    @Test(arguments: documents.indices)
    func everyMiddleGivesTheFileBackAndTheTrueDepths(_ index: Int) throws {
        let text = Self.documents[index]
        let bytes = Array(text.utf8)
        let file = try ScratchFile(bytes)
        let opened = try #require(try RegularFile.open(file.path, maxBytes: 1 << 20, missingIsNil: false))
        defer { opened.close() }
        var joined = 0
        for middle in 1..<bytes.count {
            for window in [3, 1 << 10] {
                let split = try #require(
                    try JSONFileSplitter.split(
                        opened, maxDepth: 8, limits: Self.limits(window: window), inHalvesAt: middle)
                )
                if split.inHalves { joined += 1 }
                #expect(Self.rebuilt(split, from: bytes) == bytes, "middle \(middle)")
                for record in split.records {
                    #expect(Int(record.depth) == Self.depth(at: record.start, in: bytes), "middle \(middle)")
                }
                let (same, detail) = try Self.compare(text, split: split, file: file, opened: opened)
                #expect(same, "middle \(middle): \(detail)")
            }
        }
        // The halves were really taken apart at the middles that fall between elements.
        #expect(joined > 4)
    }

    @Test func damagedDocumentsGiveTheErrorsOfOnePassWhereverTheMiddleFalls() throws {
        let damages = [
            (#"{"id": 3"#, #"{"id": 3]"#), (#""b": "},{""#, #""b": },{""#), (#"[4, {"f": 5}]"#, #"[4, {"f": 5}}"#),
            (#", "z""#, #"], "z""#), (#"{"y": 2}]}"#, #"{"y": 2}]"#), (#"{"y": 2}]}"#, #"{"y": 2}]}]"#),
            (#""\\""#, #""\""#), (#"[1, [2]]"#, #"[1, [[[[[2]]]]]]"#),
        ]
        for (original, damaged) in damages {
            let text = Self.documents[0].replacingOccurrences(of: original, with: damaged)
            let bytes = Array(text.utf8)
            let file = try ScratchFile(bytes)
            let opened = try #require(try RegularFile.open(file.path, maxBytes: 1 << 20, missingIsNil: false))
            defer { opened.close() }
            for middle in 1..<bytes.count {
                let limits = Self.limits(window: 7)
                guard let split = try JSONFileSplitter.split(opened, maxDepth: 8, limits: limits, inHalvesAt: middle)
                else { continue }
                #expect(Self.rebuilt(split, from: bytes) == bytes, "\(damaged) middle \(middle)")
                let (same, detail) = try Self.compare(text, split: split, file: file, opened: opened)
                #expect(same, "\(damaged) middle \(middle): \(detail)")
            }
        }
    }

    @Test func aLargeAnswerIsSplitInHalvesAtAnElement() throws {
        let text = JSONFileReadTests.answer(records: 200)
        let file = try ScratchFile(text)
        let opened = try #require(try RegularFile.open(file.path, maxBytes: 1 << 30, missingIsNil: false))
        defer { opened.close() }
        var limits = Self.limits(window: 4096)
        limits.largeArray = 1 << 10
        let split = try #require(try JSONFileSplitter.split(opened, maxDepth: 256, limits: limits))
        #expect(split.inHalves == (ProcessInfo.processInfo.activeProcessorCount > 1))
        #expect(Self.rebuilt(split, from: Array(text.utf8)) == Array(text.utf8))
        // Past the first kilobyte of the array, every record is left in the file, in both halves.
        #expect(split.records.count > 190)
    }

    @Test func aSecondHalfThatStartsInsideARecordLearnsThatTheRecordsAroundItAreElements() throws {
        let text = JSONFileReadTests.answer(records: 200)
        let bytes = Array(text.utf8)
        let file = try ScratchFile(bytes)
        let opened = try #require(try RegularFile.open(file.path, maxBytes: 1 << 30, missingIsNil: false))
        defer { opened.close() }
        var limits = Self.limits(window: 4096)
        limits.largeArray = 1 << 10
        // The second segment of the route of the hundredth record.
        let record = try #require(text.range(of: #"{"id": "r100""#))
        let segment = try #require(text.range(of: #"{"to": "BCN""#, range: record.upperBound..<text.endIndex))
        let middle = text.utf8.distance(from: text.startIndex, to: segment.lowerBound)
        let split = try #require(try JSONFileSplitter.split(opened, maxDepth: 256, limits: limits, inHalvesAt: middle))
        #expect(split.inHalves)
        #expect(Self.rebuilt(split, from: bytes) == bytes)
        #expect(split.records.count > 190)
        #expect(split.records.allSatisfy { $0.depth == 2 || $0.depth == 4 })
    }
}
