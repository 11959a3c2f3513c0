import Foundation

/// Readers for the messy forms travel providers send. Each treats a missing member and `null` alike, as
/// absent, and returns `nil` for them.
extension JSONNode {
    /// A number sent as a number or as a string: `169`, `169.5`, `"169.50"`, `" 1e3 "`.
    ///
    /// Inside a string, surrounding whitespace, a leading `+`, leading zeros and a point with digits on one
    /// side only (`.5`, `5.`) are accepted; nothing else may follow the number. The value is exact, as with
    /// `decimal`.
    /// - Returns: `nil` when the value is missing, `null` or a blank string.
    /// - Throws: `JSONError` for any other value, and for numbers outside `Decimal`'s range.
    public var lenientDecimal: Decimal? {
        get throws(JSONError) {
            guard let parts = try lenientNumberParts() else { return nil }
            guard let value = parts.decimal else { throw outOfRange() }
            return value
        }
    }

    /// A whole number sent as a number or as a string, with the rules of `lenientDecimal` and `int64`.
    /// - Returns: `nil` when the value is missing, `null` or a blank string.
    /// - Throws: `JSONError` for any other value, for fractions and for numbers beyond `Int`.
    public var lenientInt: Int? {
        get throws(JSONError) {
            // Most are plain whole numbers, not strings: read in one pass, without their parts.
            if offset >= 0, let value = JSONNumberParts.plainWholeValue(bytes, count, at: offset),
                let whole = Int(exactly: value)
            {
                return whole
            }
            guard let parts = try lenientNumberParts() else { return nil }
            switch parts.int64 {
            case .value(let value):
                guard let value = Int(exactly: value) else { throw outOfRange() }
                return value
            case .fraction: throw mismatch("a whole number")
            case .outOfRange: throw outOfRange()
            }
        }
    }

    /// An identifier sent as a string or as a number: a number gives its text as written (`12`, `1.50`).
    /// - Returns: `nil` when the value is missing or `null`.
    /// - Throws: `JSONError` for objects, arrays and booleans.
    public var lenientString: String? {
        get throws(JSONError) {
            guard let node = ifPresent else { return nil }
            switch bytes[node.offset] {
            case JSONBytes.quote: return try node.string
            case JSONBytes.minus, 0x30...0x39: return try node.numberText
            default: throw mismatch("a string or a number")
            }
        }
    }

    /// A yes/no flag: `true`/`false`, or a string `Y`/`N`, `yes`/`no` or `true`/`false` in any case, with
    /// surrounding whitespace.
    /// - Returns: `nil` when the value is missing, `null` or a blank string.
    /// - Throws: `JSONError` for any other value.
    public var lenientBool: Bool? {
        get throws(JSONError) {
            guard let node = ifPresent else { return nil }
            switch bytes[node.offset] {
            case 0x74: return true
            case 0x66: return false
            case JSONBytes.quote:
                let text = try node.string.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                switch text {
                case "": return nil
                case "y", "yes", "true": return true
                case "n", "no", "false": return false
                default: throw mismatch("a yes/no flag")
                }
            default: throw mismatch("a yes/no flag")
            }
        }
    }

    /// The parts of a number written as a number or inside a string; `nil` for absent values.
    private func lenientNumberParts() throws(JSONError) -> JSONNumberParts? {
        guard let node = ifPresent else { return nil }
        guard bytes[node.offset] == JSONBytes.quote else { return try node.numberParts() }
        let (start, end, escaped) = JSONNavigator.stringContent(context, quoteAt: node.offset)
        let parsed: JSONNumberParts??
        if escaped {
            var text = JSONStrings.string(bytes, from: start, to: end, escaped: true)
            parsed = text.withUTF8 { JSONNode.numberParts(in: $0.baseAddress, from: 0, to: $0.count) }
        } else {
            parsed = JSONNode.numberParts(in: bytes, from: start, to: end)
        }
        guard let parsed else { throw mismatch(JSONKind.number.description) }
        return parsed
    }

    /// The number in `bytes[start..<end]` once surrounding whitespace is trimmed: `.some(nil)` when only
    /// whitespace is there, `nil` when it is not a number.
    private static func numberParts(
        in bytes: UnsafePointer<UInt8>?, from start: Int, to end: Int
    ) -> JSONNumberParts?? {
        guard let bytes else { return .some(nil) }
        var start = start
        var end = end
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return .some(nil) }
        guard let parts = JSONNumberParts.parse(bytes, from: start, to: end, lenient: true) else { return nil }
        return .some(parts)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
