import Foundation
import RedisClient
import Testing

@Suite("Reading RESP: every type, values cut short, and replies that are not RESP or too large")
struct RESPDecoderTests {
    private func decode(_ text: String, _ decoder: RESPDecoder = RESPDecoder()) throws -> RESPValue? {
        try decoder.decode(Array(text.utf8))?.value
    }

    private func failure(_ text: String, _ decoder: RESPDecoder = RESPDecoder()) -> RedisError? {
        do {
            _ = try decoder.decode(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("+OK\r\n", RESPValue.simple("OK")),
        ("-ERR unknown command 'NOSUCH'\r\n", .error("ERR unknown command 'NOSUCH'")),
        (":0\r\n", .integer(0)),
        (":-42\r\n", .integer(-42)),
        (":9223372036854775807\r\n", .integer(.max)),
        ("$5\r\nhello\r\n", .bulk(Data("hello".utf8))),
        ("$0\r\n\r\n", .bulk(Data())),
        ("$-1\r\n", .null),
        ("*-1\r\n", .null),
        ("*0\r\n", .array([])),
        ("*2\r\n$3\r\nfoo\r\n:7\r\n", .array([.bulk(Data("foo".utf8)), .integer(7)])),
        ("*2\r\n*1\r\n+a\r\n*0\r\n", .array([.array([.simple("a")]), .array([])])),
    ])
    func readsEveryRESP2Type(text: String, expected: RESPValue) throws {
        #expect(try decode(text) == expected)
    }

    @Test(arguments: [
        ("_\r\n", RESPValue.null),
        ("#t\r\n", .boolean(true)),
        ("#f\r\n", .boolean(false)),
        (",3.25\r\n", .double(3.25)),
        (",-inf\r\n", .double(-.infinity)),
        ("(3492890328409238509324850943850943825024385\r\n", .bigNumber("3492890328409238509324850943850943825024385")),
        ("=15\r\ntxt:Some string\r\n", .bulk(Data("Some string".utf8))),
        ("!21\r\nSYNTAX invalid syntax\r\n", .error("SYNTAX invalid syntax")),
        ("%2\r\n+a\r\n:1\r\n+b\r\n:2\r\n", .array([.simple("a"), .integer(1), .simple("b"), .integer(2)])),
        ("~2\r\n+x\r\n+y\r\n", .array([.simple("x"), .simple("y")])),
        (">2\r\n+message\r\n+hi\r\n", .push([.simple("message"), .simple("hi")])),
        ("|1\r\n+ttl\r\n:3600\r\n:5\r\n", .integer(5)),
    ])
    func toleratesRESP3Types(text: String, expected: RESPValue) throws {
        #expect(try decode(text) == expected)
    }

    @Test func aBulkStringMayHoldAnyByte() throws {
        let payload = Data((0...255).map { UInt8($0) } + Array("\r\n$-1\r\n".utf8))
        var bytes = Array("$\(payload.count)\r\n".utf8)
        bytes += payload
        bytes += [13, 10]
        let decoded = try #require(try RESPDecoder().decode(bytes))
        #expect(decoded.value == .bulk(payload))
        #expect(decoded.length == bytes.count)
    }

    @Test func valuesSentTogetherAreReadOneAfterAnother() throws {
        let bytes = Array("+OK\r\n:12\r\n$-1\r\n".utf8)
        let decoder = RESPDecoder()
        var start = 0
        var values: [RESPValue] = []
        while let (value, length) = try decoder.decode(bytes, from: start) {
            values.append(value)
            start += length
        }
        #expect(values == [.simple("OK"), .integer(12), .null])
        #expect(start == bytes.count)
    }

    @Test(arguments: [
        "+OK\r\n", ":-42\r\n", "$5\r\nhello\r\n", "*2\r\n$3\r\nfoo\r\n*1\r\n:7\r\n", "%1\r\n+a\r\n#t\r\n",
        "|1\r\n+a\r\n+b\r\n,1.5\r\n", "=7\r\ntxt:abc\r\n", "!3\r\nERR\r\n", "_\r\n",
    ])
    func everyValueCutShortAsksForMoreAndNeverFails(text: String) throws {
        let bytes = Array(text.utf8)
        for end in 0..<bytes.count {
            #expect(try RESPDecoder().decode(Array(bytes[0..<end])) == nil, "\(end) of \(bytes.count) bytes")
        }
        #expect(try RESPDecoder().decode(bytes)?.length == bytes.count)
    }

    @Test(arguments: [
        ("HTTP/1.1 400 Bad Request\r\n", "not RESP"),
        ("\u{0}\u{1}\u{2}", "not RESP"),
        (":12a\r\n", "not one"),
        (":\r\n", "not one"),
        (":-\r\n", "not one"),
        (":99999999999999999999\r\n", "not one"),
        (":9223372036854775808\r\n", "out of range"),
        ("+OK\n", "without a carriage return"),
        ("+OK\rX\n", "carriage return inside"),
        ("$3\r\nfoooo\r\n", "longer than its stated"),
        ("$-2\r\n", "negative length"),
        ("*-5\r\n", "negative length"),
        ("%-1\r\n", "negative length"),
        ("#x\r\n", "neither t nor f"),
        ("_x\r\n", "text after it"),
        (",1.2.3\r\n", "not one"),
        (",12abc\r\n", "not one"),
        ("(12x\r\n", "not digits"),
        ("=3\r\nabc\r\n", "without its format"),
        ("!-1\r\n", "without a length"),
    ])
    func bytesThatAreNotRESPAreAnError(text: String, says: String) throws {
        let error = try #require(failure(text))
        #expect(error.kind == .protocolViolation)
        #expect(error.message.contains(says), "\(error.message)")
    }

    @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeAnyOfItArrives() throws {
        let error = try #require(failure("$999999999999\r\n"))
        #expect(error.kind == .replyTooLarge)
        let small = try #require(failure("$2000\r\n", RESPDecoder(maxBulkBytes: 1000)))
        #expect(small.message == "a string of 2000 bytes, over the limit of 1000")
    }

    @Test(arguments: ["*2147483647\r\n", "*99999999999\r\n", "%1073741824\r\n", "|1073741824\r\n", "~2000000\r\n"])
    func aDeclaredCountOverTheLimitIsRefused(text: String) throws {
        #expect(try #require(failure(text)).kind == .replyTooLarge)
    }

    @Test func nestingIsBoundedSoTheStackIsSafe() throws {
        let deep = String(repeating: "*1\r\n", count: 100_000) + ":1\r\n"
        let error = try #require(failure(deep))
        #expect(error.message == "the reply nests deeper than 32 levels")
        let fine = String(repeating: "*1\r\n", count: 31) + ":1\r\n"
        #expect(try decode(fine) != nil)
    }

    @Test func aLineWithoutAnEndIsBounded() throws {
        let endless = "+" + String(repeating: "a", count: 70_000)
        #expect(try #require(failure(endless)).message == "a line longer than 65536 bytes")
    }

    @Test func theValuesOfOneReplyAreCountedAcrossNesting() throws {
        let decoder = RESPDecoder(maxValues: 10)
        let nested = "*3\r\n*3\r\n:1\r\n:2\r\n:3\r\n*3\r\n:1\r\n:2\r\n:3\r\n*3\r\n:1\r\n:2\r\n:3\r\n"
        #expect(try #require(failure(nested, decoder)).kind == .replyTooLarge)
        #expect(try decode("*3\r\n:1\r\n:2\r\n:3\r\n", decoder) != nil)
    }

    @Test func randomBytesNeverCrashTheDecoder() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("+-:$*_#,(=!%~>|\r\n0123456789-tfx".utf8)
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(state % 40) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            if let decoded = try? RESPDecoder(maxBulkBytes: 64, maxValues: 64).decode(bytes) {
                #expect(decoded.length <= bytes.count)
            }
        }
    }
}
