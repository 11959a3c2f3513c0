import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

/// Reads `text` and hands its root to `body`.
func readJSON<Result>(_ text: String, maxDepth: Int = 256, _ body: (JSONNode) throws -> Result) throws -> Result {
    try JSONDocument.read(Array(text.utf8), maxDepth: maxDepth, body)
}

/// The error `body` throws while reading `text`, if it is a `JSONError`.
func jsonError(_ text: String, _ body: (JSONNode) throws -> Void = { _ in }) -> JSONError? {
    do {
        try readJSON(text, body)
        return nil
    } catch {
        return error as? JSONError
    }
}

@Suite("JSON reader: navigation and typed values")
struct JSONReaderTests {
    static let offers = """
        {
          "currency": "EUR",
          "data": [
            {"id": "a", "price": 169, "route": [{"airline": "VY", "flight_no": 8302}]},
            {"id": 7, "price": "81.20", "route": []},
            {"id": "c", "price": null}
          ]
        }
        """

    @Test func readsMembersAndElements() throws {
        try readJSON(Self.offers) { root throws in
            #expect(root.kind == .object)
            #expect(try root["currency"].string == "EUR")
            let data = try root["data"]
            #expect(data.kind == .array)
            #expect(Array(try data.elements).count == 3)
            #expect(try data[0]["route"][0]["airline"].string == "VY")
            #expect(try data[0]["route"][0]["flight_no"].int == 8302)
            #expect(try data[1]["id"].kind == .number)
            #expect(try data[2]["price"].isNull)
            #expect(try data[2]["price"].ifPresent == nil)
            #expect(try data[2]["route"].isMissing)
            #expect(try data[2]["route"].kind == nil)
            #expect(try data[3].isMissing)
            #expect(try root.members.map(\.name) == ["currency", "data"])
        }
    }

    @Test func reportsPathsInErrors() throws {
        let notNumber = jsonError(Self.offers) { root in _ = try root["data"][0]["route"][0]["airline"].decimal }
        #expect(notNumber?.description == "data[0].route[0].airline is not a number")
        #expect(notNumber?.code == .wrongType)
        #expect(notNumber?.path == "data[0].route[0].airline")

        let missing = jsonError(Self.offers) { root in _ = try root["data"][2]["route"].elements }
        #expect(missing?.description == "data[2].route is missing")
        #expect(missing?.code == .missing)

        let missingElement = jsonError(Self.offers) { root in _ = try root["data"][5]["id"] }
        #expect(missingElement?.description == "data[5] is missing")
        let negativeElement = jsonError(Self.offers) { root in _ = try root["data"][-1].string }
        #expect(negativeElement?.description == "data[-1] is missing")

        let notObject = jsonError(Self.offers) { root in _ = try root["currency"]["code"] }
        #expect(notObject?.description == "currency is not an object")

        let rootNotArray = jsonError(Self.offers) { root in _ = try root.elements }
        #expect(rootNotArray?.description == "the document is not an array")

        let custom = jsonError(Self.offers) { root throws in
            let price = try root["data"][0]["price"]
            if try price.decimal > 100 { throw price.error("is too high") }
        }
        #expect(custom?.description == "data[0].price is too high")
        #expect(custom?.code == .invalidValue)
    }

    @Test func showsUnusualNamesQuotedAndSanitised() throws {
        let text = #"{"a b": {"\u001b[31m": [1, {"": true}]}}"#
        let error = jsonError(text) { root in _ = try root["a b"]["\u{1b}[31m"][1][""].string }
        #expect(error?.description == #"["a b"]["?[31m"][1][""] is not a string"#)
    }

    @Test func elidesTheStartOfVeryDeepPaths() throws {
        let text = String(repeating: "[", count: 10) + "1" + String(repeating: "]", count: 10)
        let error = jsonError(text) { root throws in
            var node = root
            for _ in 0..<10 { node = try node[0] }
            _ = try node.string
        }
        #expect(error?.description == "…[0][0][0][0][0][0][0][0] is not a string")
    }

    @Test func findsNamesWrittenWithEscapes() throws {
        let text = #"{"\u0069d": 1, "caf\u00e9": 2, "a\"b": 3, "tab\t": 4, "back\\slash": 5, "\ud83d\ude80": 6}"#
        try readJSON(text) { root throws in
            #expect(try root["id"].int == 1)
            #expect(try root["café"].int == 2)
            #expect(try root["a\"b"].int == 3)
            #expect(try root["tab\t"].int == 4)
            #expect(try root["back\\slash"].int == 5)
            #expect(try root["🚀"].int == 6)
            #expect(try root.member("café")?.int == 2)
            #expect(try root.member("cafe") == nil)
            #expect(try root["i"].isMissing)
            #expect(try root["idd"].isMissing)
            let names = try root.members.map(\.name)
            #expect(names == ["id", "café", "a\"b", "tab\t", "back\\slash", "🚀"])
            #expect(try root.members.map { $0.hasName("café") } == [false, true, false, false, false, false])
            let bytes = try root.members.map { member in
                var name: [UInt8] = []
                member.withNameBytes { name = Array($0) }
                return name
            }
            #expect(bytes == names.map { Array($0.utf8) })
        }
    }

    @Test func findsTheEmptyNameAndTheFirstOfTwins() throws {
        try readJSON(#"{"": 1, "x": 2, "x": 3}"#) { root throws in
            #expect(try root[""].int == 1)
            #expect(try root["x"].int == 2)
        }
    }

    @Test func decodesEveryEscape() throws {
        let text =
            #"["\"\\\/\b\f\n\r\t", "\u0041\u00e9\u20ac\ud83d\ude80", "\u0000", "\ud800", "\udc00x", "\ud800\u0041", "plain"]"#
        try readJSON(text) { root throws in
            #expect(try root[0].string == "\"\\/\u{08}\u{0C}\n\r\t")
            #expect(try root[1].string == "Aé€🚀")
            #expect(try root[2].string == "\u{0}")
            #expect(try root[3].string == "\u{FFFD}")
            #expect(try root[4].string == "\u{FFFD}x")
            #expect(try root[5].string == "\u{FFFD}A")
            #expect(try root[6].string == "plain")
        }
    }

    @Test func readsRawUTF8AndLongStrings() throws {
        let long = String(repeating: "abcdefgh", count: 100) + "日本🛫"
        try readJSON("[\"\(long)\", \"\(long)\\n\"]") { root throws in
            #expect(try root[0].string == long)
            #expect(try root[1].string == long + "\n")
        }
    }

    @Test func readsNumbersExactly() throws {
        let text = "[169, -0, 1E+2, 1e-2, 0.1, 169.50, -1234.5678, 123456789012345678901234567890, 9223372036854775807]"
        try readJSON(text) { root throws in
            #expect(try root[0].decimal == 169)
            #expect(try root[1].decimal == 0)
            #expect(try root[1].int == 0)
            #expect(try root[2].decimal == 100)
            #expect(try root[2].int == 100)
            #expect(try root[3].decimal == Decimal(string: "0.01"))
            #expect(try root[4].decimal == Decimal(string: "0.1"))
            #expect(try root[4].decimal.description == "0.1")
            #expect(try root[5].decimal.description == "169.5")
            #expect(try root[6].decimal == Decimal(string: "-1234.5678"))
            #expect(try root[7].decimal == Decimal(string: "123456789012345678901234567890"))
            #expect(try root[8].int64 == Int64.max)
            #expect(try root[6].numberText == "-1234.5678")
        }
    }

    @Test func readsWholeNumbersInAnySpellingButNotFractions() throws {
        try readJSON("[1.0, 1.20e1, -9223372036854775808, 9223372036854775808, 1.5, 1e19, 0.000, 1e-400]") {
            root throws in
            #expect(try root[0].int == 1)
            #expect(try root[1].int == 12)
            #expect(try root[2].int64 == Int64.min)
            #expect(jsonErrorCode { _ = try root[3].int64 } == .outOfRange)
            #expect(jsonErrorCode { _ = try root[4].int64 } == .wrongType)
            #expect(jsonErrorCode { _ = try root[5].int64 } == .outOfRange)
            #expect(try root[6].int == 0)
            #expect(jsonErrorCode { _ = try root[7].int64 } == .wrongType)
        }
        let fraction = jsonError("[1.5]") { root in _ = try root[0].int }
        #expect(fraction?.description == "[0] is not a whole number")
    }

    @Test func refusesNumbersOutsideDecimalRangeInsteadOfTrapping() throws {
        try readJSON("[1e999, -1e999, 1e-999, 1e127, 1e128, 12e126, 0e999, 1e-128, 1e-129]") { root throws in
            #expect(jsonErrorCode { _ = try root[0].decimal } == .outOfRange)
            #expect(jsonErrorCode { _ = try root[1].decimal } == .outOfRange)
            #expect(jsonErrorCode { _ = try root[2].decimal } == .outOfRange)
            #expect(try root[3].decimal == Decimal(string: "1e127"))
            #expect(jsonErrorCode { _ = try root[4].decimal } == .outOfRange)
            #expect(try root[5].decimal == Decimal(string: "12e126"))
            #expect(try root[6].decimal == 0)
            #expect(try root[7].decimal == Decimal(string: "1e-128"))
            #expect(jsonErrorCode { _ = try root[8].decimal } == .outOfRange)
        }
        let error = jsonError(#"{"price": 1e999}"#) { root in _ = try root["price"].decimal }
        #expect(error?.description == "price is out of range")
    }

    @Test func roundsNumbersLongerThanDecimalHoldsHalfToEven() throws {
        // Decimal's significand is 128 bits: 39 digits below 2¹²⁸ ≈ 3.4e38 fit, larger ones keep 38.
        let text = """
            [3.14159265358979323846264338327950288419716939937510, \
            1.000000000000000000000000000000000000000000001, \
            99999999999999999999999999999999999999.5, \
            56789012345678901234567890123456789012500000, \
            56789012345678901234567890123456789011500000, \
            56789012345678901234567890123456789011500001, \
            123456789012345678901234567890123456785, \
            340282366920938463463374607431768211455, \
            340282366920938463463374607431768211455.5]
            """
        try readJSON(text) { root throws in
            #expect(try root[0].decimal == Decimal(string: "3.1415926535897932384626433832795028842"))
            #expect(try root[1].decimal == 1)
            #expect(jsonErrorCode { _ = try root[1].int } == .wrongType)
            #expect(try root[2].decimal == Decimal(string: "1e38"))
            #expect(try root[3].decimal == Decimal(string: "56789012345678901234567890123456789012e6"))
            #expect(try root[4].decimal == Decimal(string: "56789012345678901234567890123456789012e6"))
            #expect(try root[5].decimal == Decimal(string: "56789012345678901234567890123456789012e6"))
            #expect(try root[6].decimal == Decimal(string: "123456789012345678901234567890123456785"))
            #expect(try root[7].decimal.description == "340282366920938463463374607431768211455")
            #expect(try root[8].decimal.description == "340282366920938463463374607431768211460")
        }
    }

    @Test func readsDecimalsLikeFoundationForManyRandomNumbers() throws {
        var generator = SplitMix64(seed: 0x5EED)
        var texts: [String] = []
        for _ in 0..<3000 {
            let digits = Int.random(in: 1...38, using: &generator)
            var mantissa = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digits { mantissa += String(Int.random(in: 0...9, using: &generator)) }
            let point = Int.random(in: 0...digits, using: &generator)
            var text = mantissa
            if point < digits {
                text.insert(".", at: text.index(text.startIndex, offsetBy: point == 0 ? 0 : point))
                if point == 0 { text = "0" + text }
            }
            if Bool.random(using: &generator) { text = "-" + text }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                text += "e\(Int.random(in: -60...60, using: &generator))"
            }
            texts.append(text)
        }
        try readJSON("[" + texts.joined(separator: ",") + "]") { root throws in
            for (index, element) in try root.elements.enumerated() {
                let expected = try #require(Decimal(string: texts[index]))
                let actual = try element.decimal
                #expect(actual == expected, "\(texts[index])")
                #expect(actual.description == expected.description, "\(texts[index])")
            }
        }
    }

    @Test func readsDoublesToTheNearestValue() throws {
        try readJSON(
            "[0.1, -2.5e-3, 1e22, 1e23, 123456789012345678, 1.7976931348623157e308, 1e999, -0, 4.9e-324, 1e-400]"
        ) {
            root throws in
            #expect(try root[0].double == 0.1)
            #expect(try root[1].double == -2.5e-3)
            #expect(try root[2].double == 1e22)
            #expect(try root[3].double == 1e23)
            #expect(try root[4].double == Double("123456789012345678"))
            #expect(try root[5].double == .greatestFiniteMagnitude)
            #expect(jsonErrorCode { _ = try root[6].double } == .outOfRange)
            #expect(try root[7].double.sign == .minus)
            #expect(try root[8].double == .leastNonzeroMagnitude)
            #expect(try root[9].double == 0)
        }
    }

    @Test func readsBooleansAndNull() throws {
        try readJSON("[true, false, null]") { root throws in
            #expect(try root[0].bool)
            #expect(try !root[1].bool)
            #expect(try root[2].isNull)
            #expect(try root[2].kind == .null)
            #expect(jsonError("[null]") { _ = try $0[0].bool }?.description == "[0] is not true or false")
        }
    }

    @Test func readsScalarDocuments() throws {
        #expect(try readJSON(" \"top\" ") { try $0.string } == "top")
        #expect(try readJSON("-12.5") { try $0.decimal } == Decimal(string: "-12.5"))
        #expect(try readJSON("null") { $0.isNull })
        #expect(try readJSON("\u{FEFF}{}") { $0.kind } == .object)
    }

    @Test func walksLargeDocumentsThroughTheSkipTable() throws {
        // Records large enough to be indexed, with nested large arrays, read in every order.
        let segment = #"{"from": "VIE", "to": "AMS", "note": "\#(String(repeating: "x", count: 300))", "n": [1, 2]}"#
        let record = { (index: Int) in
            #"{"id": \#(index), "route": [\#(Array(repeating: segment, count: 4).joined(separator: ", "))], "last": "r\#(index)"}"#
        }
        let text = #"{"data": [\#((0..<50).map(record).joined(separator: ",\n"))], "count": 50}"#
        try readJSON(text) { root throws in
            #expect(try root["count"].int == 50)
            var index = 0
            for element in try root["data"].elements {
                #expect(try element["last"].string == "r\(index)")
                #expect(try element["id"].int == index)
                #expect(Array(try element["route"].elements).count == 4)
                #expect(try element["route"][3]["n"][1].int == 2)
                index += 1
            }
            #expect(index == 50)
            #expect(try root["data"][49]["last"].string == "r49")
        }
    }
}

/// The code of the `JSONError` that `body` throws.
func jsonErrorCode(_ body: () throws -> Void) -> JSONError.Code? {
    do {
        try body()
        return nil
    } catch {
        return (error as? JSONError)?.code
    }
}
