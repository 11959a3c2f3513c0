/// Turns input text into something safe to show on a terminal.
///
/// Provider data is hostile until proven otherwise: an escape sequence in a key or a string must never
/// reach a terminal through an error message, and neither must an unbounded amount of it.
enum JSONText {
    /// `text` with every control, format, separator, private-use or unassigned character replaced by `?`,
    /// cut to `limit` characters with an ellipsis.
    static func sanitized(_ text: String, limit: Int) -> String {
        var result = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < limit else {
                result.append("…")
                break
            }
            result.append(isPrintable(scalar) ? scalar : "?")
            count += 1
        }
        return String(result)
    }

    /// Whether a terminal shows `scalar` as itself, without moving the cursor or changing the display.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x20 && scalar.value != 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return false
        default:
            return true
        }
    }

    /// The first character of `bytes[offset...]` quoted, such as `'<'`, or as `byte 0xFF` when it is not
    /// a printable UTF-8 character.
    static func firstCharacter(_ bytes: UnsafePointer<UInt8>, count: Int, at offset: Int) -> String {
        let lead = bytes[offset]
        let length: Int
        switch lead {
        case 0x00..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: length = 0
        }
        if length > 0, offset + length <= count {
            let buffer = UnsafeBufferPointer(start: bytes + offset, count: length)
            var decoder = UTF8()
            var iterator = buffer.makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator), isPrintable(scalar) {
                return "'" + String(Character(scalar)) + "'"
            }
        }
        return "byte 0x" + hex(lead)
    }

    /// Two upper-case hexadecimal digits.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
