import Foundation
import ProviderKit
import Testing

@Suite("JSON reader: lenient forms providers send, and skipping bad records")
struct JSONLenientTests {
    @Test func readsNumbersSentAsNumbersOrStrings() throws {
        let text =
            #"[169, 169.5, "81.20", " 1e3 ", "+007", ".5", "5.", "", "  ", null, "12abc", "1,5", true, "\u0031\u0032"]"#
        try readJSON(text) { root throws in
            #expect(try root[0].lenientDecimal == 169)
            #expect(try root[1].lenientDecimal == Decimal(string: "169.5"))
            #expect(try root[2].lenientDecimal == Decimal(string: "81.2"))
            #expect(try root[3].lenientDecimal == 1000)
            #expect(try root[4].lenientDecimal == 7)
            #expect(try root[5].lenientDecimal == Decimal(string: "0.5"))
            #expect(try root[6].lenientDecimal == 5)
            #expect(try root[7].lenientDecimal == nil)
            #expect(try root[8].lenientDecimal == nil)
            #expect(try root[9].lenientDecimal == nil)
            #expect(try root[99].lenientDecimal == nil)
            #expect(jsonErrorCode { _ = try root[10].lenientDecimal } == .wrongType)
            #expect(jsonErrorCode { _ = try root[11].lenientDecimal } == .wrongType)
            #expect(jsonErrorCode { _ = try root[12].lenientDecimal } == .wrongType)
            #expect(try root[13].lenientDecimal == 12)
            #expect(try root[4].lenientInt == 7)
            #expect(jsonErrorCode { _ = try root[2].lenientInt } == .wrongType)
            #expect(try root[0].lenientInt == 169)
        }
        let error = jsonError(#"{"price": "free"}"#) { root in _ = try root["price"].lenientDecimal }
        #expect(error?.description == "price is not a number")
    }

    @Test func readsIdentifiersSentAsStringsOrNumbers() throws {
        try readJSON(#"["a1", 42, -1.50e3, null, {}, true]"#) { root throws in
            #expect(try root[0].lenientString == "a1")
            #expect(try root[1].lenientString == "42")
            #expect(try root[2].lenientString == "-1.50e3")
            #expect(try root[3].lenientString == nil)
            #expect(try root[9].lenientString == nil)
            #expect(jsonErrorCode { _ = try root[4].lenientString } == .wrongType)
            #expect(
                jsonError(#"[true]"#) { _ = try $0[0].lenientString }?.description == "[0] is not a string or a number")
        }
    }

    @Test func readsYesNoFlags() throws {
        try readJSON(#"["Y", " n ", "yes", "NO", "True", "false", true, false, "", null, "maybe", 1]"#) { root throws in
            let expected: [Bool?] = [true, false, true, false, true, false, true, false, nil, nil]
            for (index, flag) in expected.enumerated() {
                #expect(try root[index].lenientBool == flag, "element \(index)")
            }
            #expect(try root[20].lenientBool == nil)
            #expect(jsonErrorCode { _ = try root[10].lenientBool } == .wrongType)
            #expect(jsonErrorCode { _ = try root[11].lenientBool } == .wrongType)
        }
    }

    @Test func treatsNullAndMissingAlikeWhenOptional() throws {
        try readJSON(#"{"a": null, "b": 2}"#) { root throws in
            #expect(try root["a"].ifPresent?.int == nil)
            #expect(try root["zzz"].ifPresent?.int == nil)
            #expect(try root["b"].ifPresent?.int == 2)
            #expect(jsonErrorCode { _ = try root["a"].int } == .wrongType)
            #expect(jsonErrorCode { _ = try root["zzz"].int } == .missing)
        }
    }

    @Test func skipsAndCountsBadRecordsAndReadsTheRest() throws {
        let text = #"""
            {"data": [
              {"id": "a", "price": 169, "route": [{"airline": "VY"}]},
              {"id": "b", "price": "free", "route": []},
              {"id": 3, "price": "81.20", "route": [{"airline": "OS"}, {"airline": "LH"}]},
              "not a record",
              {"id": "e", "price": 12}
            ]}
            """#
        struct Offer: Equatable {
            var id: String
            var price: Decimal
            var carriers: [String]
        }
        let result = try readJSON(text) { root throws in
            try root["data"].decodeRecords { record in
                Offer(
                    id: try record["id"].lenientString ?? "",
                    price: try record["price"].lenientDecimal ?? 0,
                    carriers: try record["route"].elements.map { try $0["airline"].string })
            }
        }
        #expect(result.records.map(\.id) == ["a", "3"])
        #expect(result.records.last == Offer(id: "3", price: Decimal(string: "81.2") ?? 0, carriers: ["OS", "LH"]))
        #expect(result.skipped == 3)
        #expect((result.firstError as? JSONError)?.description == "data[1].price is not a number")
    }

    @Test func stopsOnCancellationInsteadOfCountingIt() throws {
        #expect(throws: CancellationError.self) {
            try readJSON("[1, 2, 3]") { root in
                try root.decodeRecords { element -> Int in
                    if try element.int == 2 { throw CancellationError() }
                    return try element.int
                }
            }
        }
        let notArray = jsonError(#"{"data": {}}"#) { root in _ = try root["data"].decodeRecords { $0 } }
        #expect(notArray?.description == "data is not an array")
    }
}
