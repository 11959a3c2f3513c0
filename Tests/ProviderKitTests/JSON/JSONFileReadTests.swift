import AggregatorTestSupport
import Foundation
import Testing

@testable import ProviderKit

/// A file of the tests' own, removed when the test ends.
final class ScratchFile {
    let path: String

    init(_ bytes: [UInt8]) throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("aggregate-json-file-\(UUID().uuidString).json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    convenience init(_ text: String) throws {
        try self.init(Array(text.utf8))
    }

    func rewrite(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Sizes that make a small file go through both passes: tiny windows, so that strings, escapes and
/// brackets fall on window edges, and arrays of a few dozen bytes counting as large. `guessed` leaves the
/// rest of the first large array to be found as it is read (``JSONRegion``), in parts of a byte or more.
func tiny(
    window: Int = 7, largeArray: Int = 24, largestRecord: Int = 4 << 20, batch: Int = 40, guessed: Bool = false
)
    -> JSONFileSplitter.Limits
{
    var limits = JSONFileSplitter.Limits()
    limits.streamedFile = 0
    limits.window = window
    limits.largeArray = largeArray
    limits.largestRecord = largestRecord
    limits.batch = batch
    if guessed {
        limits.guessedFile = 0
        limits.regionPart = 1
    }
    return limits
}

/// Reads `file` in two passes with `limits`.
private func readFile<Value>(
    _ file: ScratchFile, maxDepth: Int = JSONDocument.defaultMaxDepth, limits: JSONFileSplitter.Limits = tiny(),
    _ body: (JSONNode) throws -> Value
) throws -> Value {
    try JSONDocument.read(file: file.path, maxBytes: 1 << 30, maxDepth: maxDepth, limits: limits, body)
}

/// Everything in a value, written out with the path of every value: two reads of one document must agree
/// on all of it.
enum JSONDump {
    /// The dump of `node`; `arraysAsRecords` visits the elements of every array with `decodeRecords`, as a
    /// provider reads records, rather than as `elements`.
    static func dump(_ node: JSONNode, arraysAsRecords: Bool = false) -> String {
        var text = node.path + "="
        switch node.kind {
        case .object?:
            text += "{"
            for member in (try? node.members).map(Array.init) ?? [] {
                text += member.name.debugDescription + ":" + dump(member.value, arraysAsRecords: arraysAsRecords) + ","
            }
            text += "}"
        case .array? where arraysAsRecords:
            let records = (try? node.decodeRecords { dump($0, arraysAsRecords: true) })?.records ?? []
            text += "[" + records.joined(separator: ",") + "]"
        case .array?:
            text += "["
            for element in (try? node.elements).map(Array.init) ?? [] { text += dump(element) + "," }
            text += "]"
        case .string?: text += ((try? node.string) ?? "?").debugDescription
        case .number?: text += (try? node.numberText) ?? "?"
        case .bool?: text += (try? node.bool).map(String.init) ?? "?"
        case .null?: text += "null"
        case nil: text += "missing"
        }
        return text
    }

    /// The dump of an array's elements visited with `decodeRecords`, which lets each record go.
    static func records(_ node: JSONNode) throws -> [String] {
        try node.decodeRecords { dump($0) }.records
    }
}

/// What reading a document gives: its dump, or the error.
func outcome(_ read: () throws -> String) -> String {
    do {
        return try read()
    } catch let error as JSONError {
        return "JSONError: \(error)"
    } catch {
        return "error: \(error)"
    }
}

@Suite("JSON reader: a large file read in two passes gives what reading it in memory gives")
struct JSONFileReadTests {
    /// A search answer whose records hold every kind of value, strings with escaped quotes, backslashes,
    /// brackets and non-ASCII text, nested arrays, and members after the records.
    static func answer(records count: Int, pretty: Bool = false) -> String {
        let records = (0..<count).map { index in
            let gap = pretty ? "\n      " : ""
            return
                #"{"id": "r\#(index)",\#(gap) "price": \#(index).25, "note": "a \"quoted\" [\\] {x} \u00e9 \#(index)","#
                + #" "route": [{"from": "VIE", "stops": [1, 2, [3]]}, {"to": "BCN", "ok": true}], "x": null}"#
        }
        let separator = pretty ? ",\n    " : ","
        return #"{"search_id": "s", "data": [\#(records.joined(separator: separator))], "currency": "EUR"}"#
    }

    @Test(arguments: [0, 1, 2, 5, 40])
    func theSameDocumentThroughEveryWayOfReadingIt(records count: Int) throws {
        for pretty in [false, true] {
            let text = Self.answer(records: count, pretty: pretty)
            let file = try ScratchFile(text)
            let inMemory = try readJSON(text) { JSONDump.dump($0) }
            for window in [1, 3, 8, 64, 1 << 16] {
                for largeArray in [0, 40, 1 << 20] {
                    for guessed in [false, true] {
                        let limits = tiny(window: window, largeArray: largeArray, batch: 50, guessed: guessed)
                        #expect(try readFile(file, limits: limits) { JSONDump.dump($0) } == inMemory)
                        let records = try readFile(file, limits: limits) { try JSONDump.records($0["data"]) }
                        #expect(records == (try readJSON(text) { try JSONDump.records($0["data"]) }))
                    }
                }
            }
        }
    }

    /// A window reads its records into one buffer and notes where their values end in one table, which it never
    /// clears: records of every shape, one after another, read as they do in memory.
    @Test func recordsOfEveryShapeOneAfterAnotherReadAsInMemory() throws {
        var random = SplitMix64(seed: 0xFEED)
        let records = (0..<150).map { _ in #"{"r": "# + randomJSON(depth: 3, using: &random) + "}" }
        let text = #"{"data": ["# + records.joined(separator: ",") + "]}"
        let file = try ScratchFile(text)
        let inMemory = try readJSON(text) { try JSONDump.records($0["data"]) }
        let whole = try readJSON(text) { JSONDump.dump($0) }
        for batch in [40, 4096, 1 << 16] {
            let limits = tiny(window: 4096, largeArray: 0, batch: batch)
            #expect(try readFile(file, limits: limits) { try JSONDump.records($0["data"]) } == inMemory)
            #expect(try readFile(file, limits: limits) { JSONDump.dump($0) } == whole)
        }
    }

    /// A record too large to note its values' ends in is navigated by scanning, after records that did note
    /// theirs in the same window's table.
    @Test func aRecordTooLargeForTheTableOfEndsIsScannedAfterSmallOnes() throws {
        let large = #"{"big": ""# + String(repeating: "x", count: JSONValidator.splitSize) + #"", "n": [1, {"a": 2}]}"#
        let small = #"{"b": [1, 2], "n": "s", "x": {"y": true}}"#
        let text = #"{"data": ["# + [small, small, large, small].joined(separator: ",") + "]}"
        let file = try ScratchFile(text)
        let expected = try readJSON(text) { try JSONDump.records($0["data"]) }
        let limits = tiny(window: 1 << 16, largeArray: 0, batch: 1 << 16)
        #expect(try readFile(file, limits: limits) { try JSONDump.records($0["data"]) } == expected)
    }

    @Test func recordsAreLeftInTheFileWithEmptyContainersInTheirPlace() throws {
        let file = try ScratchFile(#"{"a": [1, {"b": [{"c": 1}, {"d": 2}]}, [3], {"e": "}"}], "z": 0}"#)
        let opened = try #require(try RegularFile.open(file.path, maxBytes: 1 << 20, missingIsNil: false))
        defer { opened.close() }
        let split = try #require(try JSONFileSplitter.split(opened, maxDepth: 256, limits: tiny(largeArray: 0)))
        // Elements of arrays are records; the records inside a record stay in it.
        #expect(String(decoding: split.skeleton, as: UTF8.self) == #"{"a": [1, {}, [], {}], "z": 0}"#)
        #expect(split.records.map { Int($0.depth) } == [2, 2, 2])
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        let records = split.records.map { entry in
            String(text.utf8.dropFirst(entry.start).prefix(Int(entry.length)))
        }
        #expect(records == [#"{"b": [{"c": 1}, {"d": 2}]}"#, "[3]", #"{"e": "}"}"#])
    }

    @Test func aRecordTooLargeToBeOneStaysInTheSkeletonLessTheRecordsInIt() throws {
        let file = try ScratchFile(#"[{"list": [{"a": 1}, {"b": 2}]}]"#)
        let opened = try #require(try RegularFile.open(file.path, maxBytes: 1 << 20, missingIsNil: false))
        defer { opened.close() }
        let split = try #require(
            try JSONFileSplitter.split(opened, maxDepth: 256, limits: tiny(largeArray: 0, largestRecord: 12)))
        #expect(String(decoding: split.skeleton, as: UTF8.self) == #"[{"list": [{}, {}]}]"#)
    }

    @Test func aPlaceholderNeverMakesAnInvalidDocumentValid() throws {
        // With a number for a placeholder, these would read `[10]`, `{"a":-0}` and `[true0]`.
        for text in [#"[1{"a":1}]"#, #"{"a":-[1]}"#, #"[true{"b":2}]"#, #"[{"a":1}{"b":2}]"#, #"[{"a":1},]"#] {
            let file = try ScratchFile(text)
            let expected = outcome { try readJSON(text) { JSONDump.dump($0) } }
            #expect(expected.hasPrefix("JSONError"))
            #expect(outcome { try readFile(file, limits: tiny(largeArray: 0)) { JSONDump.dump($0) } } == expected)
        }
    }

    @Test(arguments: JSONTestSuite.cases("y_") + JSONTestSuite.cases("n_") + JSONTestSuite.cases("i_"))
    func everySuiteCaseReadsAsInMemory(_ name: String) throws {
        let bytes = [UInt8](try JSONTestSuite.contents(name))
        let file = try ScratchFile(bytes)
        let inMemory = outcome { try JSONDocument.read(bytes) { JSONDump.dump($0) } }
        for limits in [tiny(window: 1, largeArray: 0), tiny(window: 5, largeArray: 3), tiny(window: 4096)] {
            #expect(outcome { try readFile(file, limits: limits) { JSONDump.dump($0) } } == inMemory, "\(name)")
        }
        // With the rest of the first large array found as it is read, records read one by one.
        let records = outcome { try JSONDocument.read(bytes) { JSONDump.dump($0, arraysAsRecords: true) } }
        for limits in [tiny(window: 5, largeArray: 0, guessed: true), tiny(window: 4096, largeArray: 3, guessed: true)]
        {
            #expect(
                outcome { try readFile(file, limits: limits) { JSONDump.dump($0, arraysAsRecords: true) } } == records,
                "\(name)")
        }
    }

    @Test func anInvalidRecordGivesTheErrorOfTheWholeDocumentWhereverItIs() throws {
        let valid = Self.answer(records: 30)
        let damages: [(String, String)] = [
            (#""price": 3.25"#, #""price": 3.2.5"#),  // a bad number in a record
            (#""r7""#, #""r7\x""#),  // a bad escape
            (#""id": "r29""#, #""id": "r29\#u{1}""#),  // a control character in the last record
            (#"[3]]}, {"to""#, #"[3]}}, {"to""#),  // a bracket that does not close what it should
            (#"], "currency": "EUR"}"#, #"], "currency": "EUR"} x"#),  // text after the document
            (#"], "currency": "EUR"}"#, #"], "currency": "EUR""#),  // cut off
        ]
        for (original, damaged) in damages {
            let text = valid.replacingOccurrences(of: original, with: damaged)
            let damagedAnything = text != valid
            #expect(damagedAnything, "\(original)")
            let file = try ScratchFile(text)
            let expected = outcome { try readJSON(text) { JSONDump.dump($0) } }
            #expect(expected.hasPrefix("JSONError: "), "\(damaged)")
            // Whether the records are decoded, visited one by one, read on every core or not visited at all.
            let readings: [(JSONNode) throws -> String] = [
                { try JSONDump.records($0["data"]).joined() },
                { JSONDump.dump($0) },
                { root in
                    try root["data"].decodeRecordsInParallel {
                        0
                    } _: { _, record in
                        JSONDump.dump(record)
                    }.records
                        .records.joined()
                },
                { try $0["currency"].string },
            ]
            for reading in readings {
                for guessed in [false, true] {
                    let read = outcome { try readFile(file, limits: tiny(guessed: guessed)) { try reading($0) } }
                    let same = read == expected
                    #expect(same, "\(damaged): \(read.prefix(200)), expected \(expected)")
                }
            }
        }
    }

    @Test func aBodyThatSwallowsTheErrorOfAnInvalidRecordStillFails() throws {
        let text = Self.answer(records: 20).replacingOccurrences(of: #""r12""#, with: #""r12\q""#)
        let file = try ScratchFile(text)
        let expected = outcome { try readJSON(text) { _ in "" } }
        for guessed in [false, true] {
            let swallowed = outcome {
                try readFile(file, limits: tiny(guessed: guessed)) { root in
                    let records = try? root["data"].decodeRecords { try $0["id"].string }
                    return "\(records?.records.count ?? -1)"
                }
            }
            #expect(swallowed == expected)
        }
    }

    @Test func recordsThatFailToDecodeAreSkippedWithTheirPaths() throws {
        let text = Self.answer(records: 12).replacingOccurrences(of: #""price": 4.25"#, with: #""price": "n/a""#)
        let file = try ScratchFile(text)
        for (parallel, guessed) in [(false, false), (true, false), (false, true), (true, true)] {
            let read = try readFile(file, limits: tiny(guessed: guessed)) { root in
                let records =
                    parallel
                    ? try root["data"].decodeRecordsInParallel {
                        0
                    } _: { _, record in
                        try record["price"].decimal
                    }
                    .records
                    : try root["data"].decodeRecords { try $0["price"].decimal }
                return (records.records.count, records.skipped, (records.firstError as? JSONError)?.description)
            }
            #expect(read.0 == 11)
            #expect(read.1 == 1)
            #expect(read.2 == "data[4].price is not a number")
        }
    }

    @Test func theDepthLimitCountsTheContainersAroundARecord() throws {
        // The records nest three deep inside two containers: five in all.
        let text = #"{"data": [[[[1]]], [[[2]]], [[[3]]]]}"#
        let file = try ScratchFile(text)
        for maxDepth in 1...7 {
            let expected = outcome { try readJSON(text, maxDepth: maxDepth) { JSONDump.dump($0) } }
            for limits in [tiny(largeArray: 0), tiny(largeArray: 0, guessed: true)] {
                #expect(
                    outcome { try readFile(file, maxDepth: maxDepth, limits: limits) { JSONDump.dump($0) } } == expected
                )
                #expect(
                    outcome {
                        try readFile(file, maxDepth: maxDepth, limits: limits) {
                            try JSONDump.records($0["data"]).joined()
                        }
                    }
                        == outcome {
                            try readJSON(text, maxDepth: maxDepth) { try JSONDump.records($0["data"]).joined() }
                        })
            }
        }
    }

    @Test func oneWindowChecksRecordsOfEveryDepthAgainstTheLimit() throws {
        // The records nest deeper and deeper, then shallower again, and are read back by one window, whose
        // stack of open containers grows when a record needs more: a record past the limit is still an error.
        let records = (0...12).map { depth in
            String(repeating: "[", count: depth) + "\(depth)" + String(repeating: "]", count: depth)
        }
        let text = #"{"data": ["# + (records + records.reversed()).joined(separator: ", ") + "]}"
        let file = try ScratchFile(text)
        for maxDepth in [3, 8, 14, 15, 40] {
            let inMemory = outcome {
                try readJSON(text, maxDepth: maxDepth) { try JSONDump.records($0["data"]).joined() }
            }
            for guessed in [false, true] {
                let twoPasses = outcome {
                    try readFile(file, maxDepth: maxDepth, limits: tiny(largeArray: 0, guessed: guessed)) {
                        try JSONDump.records($0["data"]).joined()
                    }
                }
                #expect(twoPasses == inMemory, "maxDepth \(maxDepth)")
            }
        }
    }

    @Test func aFileChangedBetweenThePassesIsAnErrorNeverAMixOfTwoVersions() throws {
        let text = Self.answer(records: 20)
        let rewrites = [
            text.replacingOccurrences(of: "EUR", with: "USD"),  // the same size, still valid
            String(text.prefix(text.count / 2)),  // cut in half
            "",  // emptied
            text.replacingOccurrences(of: "{", with: "["),  // the same size, invalid
        ]
        for rewrite in rewrites {
            let file = try ScratchFile(text)
            let read = outcome {
                try readFile(file) { root in
                    try file.rewrite(rewrite)
                    return try JSONDump.records(root["data"]).joined()
                }
            }
            let failure = RegularFile.Failure(path: file.path, reason: .changedWhileRead)
            #expect(read == "error: \(failure)" || read.hasPrefix("JSONError"), "\(read.prefix(200))")
        }
    }

    @Test func aCancelledBodyEndsTheReadWithoutCheckingTheRest() throws {
        let text = Self.answer(records: 20).replacingOccurrences(of: #""r19""#, with: #""r19\q""#)
        let file = try ScratchFile(text)
        #expect(throws: CancellationError.self) {
            try readFile(file) { _ in throw CancellationError() }
        }
    }

    @Test func recordsReadForPlainNavigationAreKeptAndDecodedOnesAreNot() throws {
        let file = try ScratchFile(Self.answer(records: 10))
        try readFile(file) { root in
            let records = try #require(root.context.pointee.deferred)
            _ = try JSONDump.records(root["data"])
            #expect(records.keptCount == 0)
            let elements = Array(try root["data"].elements)
            #expect(records.keptCount == 10)
            // Held nodes stay readable after later records were read.
            #expect(try elements.map { try $0["id"].string } == (0..<10).map { "r\($0)" })
            // A kept record keeps no table of where its values end, four bytes a byte; a decoded one has one.
            #expect(elements.allSatisfy { $0.context.pointee.valueEnds == nil })
            #expect(try root["data"].decodeRecords { $0.context.pointee.valueEnds != nil }.records.allSatisfy { $0 })
        }
    }

    @Test func aSmallFileIsReadWholeAndAMissingOneIsAFailure() throws {
        let file = try ScratchFile(#"{"a": [1, 2]}"#)
        #expect(try JSONDocument.read(file: file.path, maxBytes: 100) { try $0["a"][1].int } == 2)
        let missing = file.path + ".missing"
        #expect(throws: RegularFile.Failure.self) { try JSONDocument.read(file: missing, maxBytes: 100) { _ in } }
        #expect(throws: RegularFile.Failure(path: file.path, reason: .tooLarge(bytes: 13, limit: 12))) {
            try JSONDocument.read(file: file.path, maxBytes: 12) { _ in }
        }
    }
}
