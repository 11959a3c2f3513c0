import AggregatorTestSupport
import Foundation
import Testing

@testable import ProviderKit

@Suite("JSON reader: values read where they lie")
struct JSONInPlaceReadingTests {
    @Test func stringBytesAreTheStringWithItsEscapesResolved() throws {
        let text =
            #"{"plain": "https://a.example/x?y=1", "escaped": "a\/b\u00e9\n\ud83d\ude00", "empty": "", "n": 12.50}"#
        try readJSON(text) { root throws in
            for name in ["plain", "escaped", "empty"] {
                let node = try #require(try root.member(name))
                var bytes: [UInt8] = []
                try node.withStringBytes { bytes = Array($0) }
                #expect(String(decoding: bytes, as: UTF8.self) == (try node.string), "\(name)")
            }
            #expect(jsonErrorCode { try root["n"].withStringBytes { _ in } } == .wrongType)
            #expect(jsonErrorCode { try root["missing"].withStringBytes { _ in } } == .missing)
        }
    }

    @Test func jsonTextBytesAreTheValueAsSpelt() throws {
        let text = #"{"table": {"1": 35.00, "2" : 75.0}, "n": -1.50e3, "s": "caf\u00e9", "a": [ 1 , 2 ]}"#
        try readJSON(text) { root throws in
            for name in ["table", "n", "s", "a"] {
                let node = try #require(try root.member(name))
                var bytes: [UInt8] = []
                try node.withJSONText { bytes = Array($0) }
                #expect(String(decoding: bytes, as: UTF8.self) == (try node.jsonText), "\(name)")
            }
            #expect(jsonErrorCode { try root["missing"].withJSONText { _ in } } == .missing)
        }
    }

    /// Plain whole numbers take a one-pass reader: it must give exactly what the general reader gives, and
    /// leave every other number to it.
    @Test func plainWholeNumbersReadAsTheGeneralReaderReadsThem() {
        var texts = [
            "0", "-0", "7", "-7", "10", "120", "1797878100", "-42", "999999999999999999", "-100000000000000000",
            "1234567890123456789", "12345678901234567890", "1.5", "1e3", "10.0", "-1E-2", "01", "-", "0.0", "5e0",
        ]
        var generator = SplitMix64(seed: 0xD16_175)
        for _ in 0..<2_000 {
            let digits = 1 + Int(generator.next() % 20)
            var text = generator.next() % 3 == 0 ? "-" : ""
            for position in 0..<digits {
                let digit = generator.next() % 10
                text += String(position == 0 && digits > 1 ? max(digit, 1) : digit)
            }
            // Some end in zeros, which the reader moves into the exponent.
            if generator.next() % 4 == 0 { text += "000" }
            texts.append(text)
        }
        for text in texts {
            // A comma after the number, as in an array: the one-pass reader finds the end itself.
            let bytes = Array(text.utf8) + [JSONBytes.comma]
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let fast = JSONNumberParts.plainWhole(base, buffer.count, at: 0)
                let value = JSONNumberParts.plainWholeValue(base, buffer.count, at: 0)
                let general = JSONNumberParts.parse(base, from: 0, to: buffer.count - 1, lenient: false)
                let digits = text.utf8.filter { JSONBytes.isDigit($0) }
                let isPlain =
                    text.utf8.allSatisfy { JSONBytes.isDigit($0) || $0 == JSONBytes.minus } && !digits.isEmpty
                    && digits.count <= 18 && (digits.count == 1 || digits.first != JSONBytes.zero)
                guard isPlain else {
                    #expect(fast == nil, "\(text)")
                    #expect(value == nil, "\(text)")
                    return
                }
                if case .value(let whole) = general?.int64 {
                    #expect(value == whole, "\(text)")
                } else {
                    Issue.record("\(text) is not whole to the general reader")
                }
                guard let fast, let general else {
                    Issue.record("\(text): one-pass \(fast.debugDescription), general \(general.debugDescription)")
                    return
                }
                #expect(fast.negative == general.negative, "\(text)")
                #expect(fast.high == general.high && fast.low == general.low, "\(text)")
                #expect(fast.exponent == general.exponent, "\(text)")
                #expect(fast.inexact == general.inexact, "\(text)")
                #expect(fast.integerDigits == general.integerDigits, "\(text)")
            }
        }
    }
}
