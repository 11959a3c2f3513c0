import Foundation
import ProviderKit
import Testing

/// Documents written through `JSONWriter`, and what the command line's hand-written serializer
/// (`JSONValue.serialized()` in the `aggregate` target) printed for the same documents.
@Suite("JSON writer: the same bytes as the command line's serializer")
struct JSONWriterTests {
    /// Writes the document the `nested` sample of `JSONValue` describes.
    static func writeNested(_ json: inout JSONWriter) {
        json.object { json in
            json.key("schema")
            json.string("aggregate.search.v1")
            json.key("count")
            json.int(3)
            json.key("missing")
            json.int(nil)
            json.key("ok")
            json.bool(true)
            json.key("no")
            json.bool(false)
            json.key("nothing")
            json.null()
            json.key("empty_list")
            json.array { _ in }
            json.key("empty_map")
            json.object { _ in }
            json.key("prices")
            json.array { json in
                json.decimal(169)
                json.decimal(Decimal(string: "0.005"))
                json.decimal(Decimal(string: "-1234.5"))
                json.decimal(Decimal(sign: .plus, exponent: -2, significand: 150))
            }
            json.key("offer")
            json.object { json in
                json.key("id")
                json.string("kiwi:4e5f")
                json.key("route")
                json.array { json in
                    json.object { json in
                        json.key("from")
                        json.string("VIE")
                        json.key("to")
                        json.string("AMS")
                    }
                    json.beginArray()
                    json.string("x")
                    json.beginArray()
                    json.endArray()
                    json.endArray()
                }
            }
        }
    }

    static let nestedPretty = """
        {
          "schema": "aggregate.search.v1",
          "count": 3,
          "missing": null,
          "ok": true,
          "no": false,
          "nothing": null,
          "empty_list": [],
          "empty_map": {},
          "prices": [
            169,
            0.005,
            -1234.5,
            1.5
          ],
          "offer": {
            "id": "kiwi:4e5f",
            "route": [
              {
                "from": "VIE",
                "to": "AMS"
              },
              [
                "x",
                []
              ]
            ]
          }
        }
        """

    static let nestedCompact = #"""
        {"schema":"aggregate.search.v1","count":3,"missing":null,"ok":true,"no":false,"nothing":null,"empty_list":[],\#
        "empty_map":{},"prices":[169,0.005,-1234.5,1.5],"offer":{"id":"kiwi:4e5f","route":[{"from":"VIE","to":"AMS"},\#
        ["x",[]]]}}
        """#

    @Test func writesNestedDocumentsLikeTheSerializer() {
        var pretty = JSONWriter()
        Self.writeNested(&pretty)
        #expect(pretty.text == Self.nestedPretty)
        var compact = JSONWriter(style: .compact)
        Self.writeNested(&compact)
        #expect(compact.text == Self.nestedCompact)
        #expect(compact.bytes == Array(Self.nestedCompact.utf8))
    }

    @Test func escapesStringsLikeTheSerializer() {
        for style in [JSONWriter.Style.pretty, .compact] {
            var json = JSONWriter(style: style)
            json.object { json in
                json.key("quote \" and \\ back")
                json.string("line\nbreak\rcarriage\ttab \u{01}\u{1F}\u{7F} é 日本 🛫 / </script>")
                json.key("")
                json.string("")
            }
            let expected =
                style == .pretty
                ? #"{\#n  "quote \" and \\ back": "line\nbreak\rcarriage\ttab \u0001\u001f\#u{7F} é 日本 🛫 / </script>",\#n  "": ""\#n}"#
                : #"{"quote \" and \\ back":"line\nbreak\rcarriage\ttab \u0001\u001f\#u{7F} é 日本 🛫 / </script>","":""}"#
            #expect(json.text == expected)
        }
    }

    @Test func escapesEveryControlCharacterInLowerCaseHex() {
        var json = JSONWriter(style: .compact)
        json.string(String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }))
        let expected =
            #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\t\n\u000b\u000c\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f""#
        #expect(json.text == expected)
    }

    /// The characters a string's escaping looks at, and what each becomes under `escaping`: written here by
    /// hand rather than by the writer, so that a test compares the writer with an independent rule.
    static func escaped(_ character: Character, _ escaping: JSONWriter.Escaping) -> String {
        let scalar = character.unicodeScalars.first?.value ?? 0
        // Only characters below U+10000 are escaped, so four digits always hold the ones that are.
        let digits = String(scalar, radix: 16)
        let hex = "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        switch scalar {
        case 0x22: return "\\\""
        case 0x5C: return "\\\\"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0..<0x20: return hex
        case 0x7F, 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
            return escaping == .terminalSafe ? hex : String(character)
        default: return String(character)
        }
    }

    /// Strings are passed over eight bytes at a time where nothing needs escaping: a character that does must
    /// be found in each of a word's eight places, in the bytes after the last whole word, and across two
    /// words, in short strings and in long ones.
    @Test(arguments: [JSONWriter.Escaping.required, .terminalSafe])
    func escapesACharacterWhereverItFalls(escaping: JSONWriter.Escaping) {
        let characters: [Character] = [
            "\"", "\\", "\n", "\u{01}", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "é", "\u{061C}",
            "\u{200F}", "\u{2028}", "\u{202E}", "\u{2069}", "\u{2070}", "日", "🛫",
        ]
        for character in characters {
            for length in [0, 7, 8, 9, 15, 16, 17, 40] {
                for place in 0...length {
                    let plain = Array(repeating: "x", count: length)
                    let before = String(plain[..<place].joined())
                    let after = String(plain[place...].joined())
                    var json = JSONWriter(style: .compact, escaping: escaping)
                    json.string(before + String(character) + after)
                    let expected = "\"" + before + Self.escaped(character, escaping) + after + "\""
                    #expect(
                        json.text == expected,
                        "U+\(String(character.unicodeScalars.first?.value ?? 0, radix: 16)) after \(place) of \(length)"
                    )
                }
            }
        }
    }

    @Test func writesScalarsAndEmptyContainersAtTheTop() {
        let cases: [(String, (inout JSONWriter) -> Void)] = [
            (#""plain""#, { $0.string("plain") }),
            ("-94.43", { $0.decimal(Decimal(string: "-94.43")) }),
            (
                "{}",
                {
                    $0.beginObject(); $0.endObject()
                }
            ),
            (
                "[]",
                {
                    $0.beginArray(); $0.endArray()
                }
            ),
            ("null", { $0.string(nil) }),
            ("null", { $0.decimal(.nan) }),
            (
                "[\n  [\n    1,\n    2\n  ],\n  [\n    [\n      null\n    ]\n  ]\n]",
                { json in
                    json.array { json in
                        json.array { json in
                            json.int(1)
                            json.int(2)
                        }
                        json.array { json in json.array { json in json.bool(nil) } }
                    }
                }
            ),
        ]
        for (expected, write) in cases {
            var json = JSONWriter()
            write(&json)
            #expect(json.text == expected)
        }
    }

    @Test func writesIntegersAtTheirLimits() {
        var json = JSONWriter(style: .compact)
        json.array { json in
            for value in [0, 7, -7, 10, 1_000_000, Int.max, Int.min] { json.int(value) }
        }
        #expect(json.text == "[0,7,-7,10,1000000,\(Int.max),\(Int.min)]")
    }

    @Test func roundTripsThroughTheReader() throws {
        var json = JSONWriter()
        Self.writeNested(&json)
        let route = try JSONDocument.read(json.bytes) { root in
            try root["offer"]["route"][0]["to"].string
        }
        #expect(route == "AMS")
    }
}
