import AggregatorTestSupport
import Foundation
import Testing

@testable import ProviderKit

/// Sizes that make a small file's largest array a region found as it is read: guessed from the first byte
/// on, the file's end read backwards for `tailBudget` bytes, and the region cut into parts of a byte each
/// (so into as many parts as the cores allow). An array counts as large from 300 bytes, past the routes of
/// ``JSONFileReadTests/answer(records:pretty:)``'s records, so that the records' array is the first to grow large.
private func guessing(
    window: Int = 7, largeArray: Int = 300, largestRecord: Int = 4 << 20, batch: Int = 40, tailBudget: Int = 1 << 20
) -> JSONFileSplitter.Limits {
    var limits = tiny(
        window: window, largeArray: largeArray, largestRecord: largestRecord, batch: batch, guessed: true)
    limits.tailBudget = tailBudget
    return limits
}

/// What reading `file` with `limits` gives, and how many times `body` ran: twice when the guess was wrong.
private func readCounting<Value>(
    _ file: ScratchFile, maxDepth: Int = JSONDocument.defaultMaxDepth, limits: JSONFileSplitter.Limits,
    _ body: (JSONNode) throws -> Value
) throws -> (value: Value, runs: Int, region: Bool) {
    var runs = 0
    var region = false
    let value = try JSONDocument.read(file: file.path, maxBytes: 1 << 30, maxDepth: maxDepth, limits: limits) {
        root in
        runs += 1
        region = root.context.pointee.deferred?.region != nil
        return try body(root)
    }
    return (value, runs, region)
}

/// Every record of the array `data`, read on every core, dumped. A record's place in the array is left out
/// of its paths: while a part read from a guessed start is decoded, its elements' places are not known yet.
private func parallelRecords(_ root: JSONNode) throws -> [String] {
    try root["data"].decodeRecordsInParallel {
        0
    } _: { _, record in
        placeless(JSONDump.dump(record))
    }.records.records
}

/// `dump` without the elements' places in the array `data`.
private func placeless(_ dump: String) -> String {
    dump.replacingOccurrences(of: #"data\[[0-9]+\]"#, with: "data[]", options: .regularExpression)
}

/// Every record of the array `data`, read one after another, dumped without their places.
private func placelessRecords(_ root: JSONNode) throws -> [String] {
    try JSONDump.records(root["data"]).map(placeless)
}

@Suite("JSON reader: the rest of a large file's largest array, found as it is read")
struct JSONRegionTests {
    /// The closing bracket the backward walk finds, as an offset into `text`, or `nil`.
    private func closingBracket(_ text: String, depth: Int) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { JSONTail.closingBracket(in: $0, depth: depth) }
    }

    @Test func theEndOfADocumentIsFollowedBackwardsExactly() {
        // The walk starts inside the last record and ends at the array's bracket, whatever the strings hold.
        let cases: [(String, Int, Int?)] = [
            (#""a": 1}]}"#, 2, 7),
            (#"1}, {"x": "]}\"]"}], "currency": "EUR"}"#, 2, 18),
            (#"1}, {"x": "\\"}], "c": [1, {"d": [2]}], "e": {}}"#, 2, 15),
            (#"e\\\"]"}]}"#, 2, 8),
            (#"true]"#, 1, 4),
            (#"2]]}]"#, 3, 2),
            ("3}  ,  {\"k\": null}\n]\n}\n", 2, 19),
            // The bytes start inside a string of the last record.
            (#"x"], "b": 2}"#, 2, 2),
        ]
        for (text, depth, expected) in cases {
            #expect(closingBracket(text, depth: depth) == expected, "\(text)")
        }
    }

    @Test func aWalkThatDoesNotEndInsideTheArrayFindsNothing() {
        let cases: [(String, Int)] = [
            (#"{"a": [1]}"#, 2),  // the array opens within the bytes
            (#"1}}"#, 2),  // an object where the array should be
            (#"1]}"#, 3),  // not that deep
            (#"1]}{"#, 2),  // leaves the document
        ]
        for (text, depth) in cases {
            #expect(closingBracket(text, depth: depth) == nil, "\(text)")
        }
    }

    @Test(arguments: [0, 1, 2, 5, 40])
    func aGuessedReadGivesWhatReadingInMemoryGives(records count: Int) throws {
        for pretty in [false, true] {
            let text = JSONFileReadTests.answer(records: count, pretty: pretty)
            let file = try ScratchFile(text)
            let records = try readJSON(text) { try JSONDump.records($0["data"]) }
            let whole = try readJSON(text) { JSONDump.dump($0) }
            for window in [1, 8, 1 << 16] {
                for budget in [9, 64, 1 << 20] {
                    for batch in [40, 1 << 16] {
                        let limits = guessing(window: window, batch: batch, tailBudget: budget)
                        let sequential = try readCounting(file, limits: limits) { try JSONDump.records($0["data"]) }
                        #expect(sequential.value == records)
                        let parallel = try readCounting(file, limits: limits, parallelRecords)
                        #expect(parallel.value == records.map(placeless))
                        // Plain navigation into the region reads the file again, split as usual.
                        #expect(try readCounting(file, limits: limits) { JSONDump.dump($0) }.value == whole)
                        // Read once, the records' array a region once it has grown large.
                        #expect(sequential.runs == 1)
                        #expect(parallel.runs == 1)
                        // Unless the file's end read backwards does not reach into the records.
                        #expect(parallel.region == (count >= 5 && budget >= 64))
                    }
                }
            }
        }
    }

    @Test func aSearchAnswersRecordsAreARegionReadOnce() throws {
        let text = JSONFileReadTests.answer(records: 60)
        let file = try ScratchFile(text)
        let read = try readCounting(file, limits: guessing(window: 4096, batch: 1 << 16), parallelRecords)
        #expect(read.region)
        #expect(read.runs == 1)
        #expect(read.value == (try readJSON(text, placelessRecords)))
    }

    @Test func aWrongGuessIsReadAgainSplitAsUsual() throws {
        // A second large array after the records: the backward walk ends inside it and takes its end for theirs.
        let records = (0..<30).map { #"{"id": "r\#($0)", "n": [\#($0)]}"# }.joined(separator: ", ")
        let text = #"{"data": [\#(records)], "more": [\#(records)], "z": 1}"#
        let file = try ScratchFile(text)
        let expected = try readJSON(text) { root in
            try placelessRecords(root) + JSONDump.records(root["more"])
        }
        for reading in [false, true] {
            let read = try readCounting(file, limits: guessing(largeArray: 24, tailBudget: 64)) { root in
                let data = reading ? try parallelRecords(root) : try placelessRecords(root)
                return data + (try JSONDump.records(root["more"]))
            }
            #expect(read.value == expected)
            #expect(read.runs == 2)
        }
    }

    @Test func stringsThatLookLikeTheStartOfARecordMisleadNoPart() throws {
        // Every part starts where a record seems to: after `}`, a comma and `{`, which these strings hold too.
        let records = (0..<80).map { index in
            let decoy = String(repeating: #"}, {"#, count: index % 4)
            return #"{"id": \#(index), "note": "\#(decoy)}, {\"id\": -1}, [", "list": [{"a": [\#(index)]}, {}]}"#
        }
        let text = #"{"data": [\#(records.joined(separator: ", "))], "after": "}, {"}"#
        let file = try ScratchFile(text)
        let expected = try readJSON(text, placelessRecords)
        for batch in [40, 300, 1 << 16] {
            let read = try readCounting(file, limits: guessing(batch: batch), parallelRecords)
            #expect(read.value == expected)
            #expect(read.runs == 1)
            #expect(read.region)
        }
    }

    @Test func elementsOfEveryKindInTheRegionAreRecords() throws {
        let text = #"{"data": [{"a": 1}, {"b": [1, 2, 3, 4, 5]}, 1, "x", [2, [3]], -0.5e3, {"c": {}}, null, true, {}]}"#
        let file = try ScratchFile(text)
        let expected = try readJSON(text, placelessRecords)
        for limits in [guessing(largeArray: 0), guessing(largeArray: 10, batch: 3), guessing(largeArray: 40)] {
            #expect(try readCounting(file, limits: limits, placelessRecords).value == expected)
            #expect(try readCounting(file, limits: limits, parallelRecords).value == expected)
        }
    }

    @Test func aRecordTooLargeToBeOneIsReadAgainSplitAsUsual() throws {
        let records = (0..<20).map { index in
            index == 12 ? #"{"big": "\#(String(repeating: "x", count: 500))"}"# : #"{"id": \#(index)}"#
        }
        let text = #"{"data": [\#(records.joined(separator: ","))]}"#
        let file = try ScratchFile(text)
        let expected = try readJSON(text, placelessRecords)
        let read = try readCounting(file, limits: guessing(largeArray: 24, largestRecord: 200), parallelRecords)
        #expect(read.value == expected)
        #expect(read.runs == 2)
    }

    @Test func anInvalidElementInTheRegionGivesTheErrorOfTheWholeDocument() throws {
        let valid = JSONFileReadTests.answer(records: 30)
        for (original, damaged) in [
            (#""r17""#, #""r17\x""#), (#"[3]]}, {"to""#, #"[3]}}, {"to""#), (#"},{"id": "r20""#, #"} {"id": "r20""#),
            (#"},{"id": "r29""#, #"},,{"id": "r29""#), (#""x": null}], "currency""#, #""x": null},], "currency""#),
        ] {
            let text = valid.replacingOccurrences(of: original, with: damaged)
            let damagedAnything = text != valid
            #expect(damagedAnything, "\(original)")
            let file = try ScratchFile(text)
            let expected = outcome { try readJSON(text) { try JSONDump.records($0["data"]).joined() } }
            let isError = expected.hasPrefix("JSONError: ")
            #expect(isError, "\(damaged)")
            for reading in [{ try JSONDump.records($0["data"]).joined() }, { try parallelRecords($0).joined() }] {
                #expect(outcome { try readCounting(file, limits: guessing(), reading).value } == expected, "\(damaged)")
            }
            // Not visited at all: the region is still checked.
            #expect(
                outcome { try readCounting(file, limits: guessing()) { try $0["currency"].string }.value } == expected)
        }
    }

    @Test func recordsThatFailToDecodeAnywhereInTheRegionHaveTheirPaths() throws {
        for broken in [1, 4, 17, 38, 39] {
            let text = JSONFileReadTests.answer(records: 40)
                .replacingOccurrences(of: #""price": \#(broken).25"#, with: #""price": "n/a""#)
            let file = try ScratchFile(text)
            let read = try readCounting(file, limits: guessing()) { root in
                try root["data"].decodeRecordsInParallel {
                    0
                } _: { _, record in
                    try record["price"].decimal
                }.records
            }
            #expect(read.value.records.count == 39)
            #expect(read.value.skipped == 1)
            #expect((read.value.firstError as? JSONError)?.description == "data[\(broken)].price is not a number")
        }
    }

    @Test func aFileChangedWhileItsRegionIsReadIsAnError() throws {
        let text = JSONFileReadTests.answer(records: 20)
        for rewrite in [text.replacingOccurrences(of: "EUR", with: "USD"), String(text.prefix(text.count / 2)), ""] {
            let file = try ScratchFile(text)
            let read = outcome {
                try readCounting(file, limits: guessing()) { root in
                    try file.rewrite(rewrite)
                    return try parallelRecords(root).joined()
                }.value
            }
            let failure = RegularFile.Failure(path: file.path, reason: .changedWhileRead)
            #expect(read == "error: \(failure)" || read.hasPrefix("JSONError"), "\(read.prefix(200))")
        }
    }
}
