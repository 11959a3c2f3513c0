/// The bytes HTTP's grammar is written in, and the tests on them the parser needs.
enum ASCII {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B

    /// The byte in lower case, when it is an ASCII capital.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// Whether the byte may appear in a token (a method, a field name): RFC 9110's `tchar`.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Whether the byte may appear in a field's value: visible characters, spaces, tabs and bytes of
    /// UTF-8 or older encodings (`obs-text`); never a control character.
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (0x20...0x7E).contains(byte) || byte >= 0x80
    }

    /// Whether the byte may appear in a request target: visible ASCII, no space.
    static func isTargetCharacter(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte)
    }

    /// The value of a hexadecimal digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }
}
