import Foundation

extension JSONNode {
    /// The string, escapes resolved.
    /// - Throws: `JSONError` when the value is missing or not a string.
    public var string: String {
        get throws(JSONError) {
            try require(JSONBytes.quote, .string)
            let (start, end, escaped) = JSONNavigator.stringContent(context, quoteAt: offset)
            return JSONStrings.string(bytes, from: start, to: end, escaped: escaped)
        }
    }

    /// Calls `body` with the string as UTF-8 bytes, escapes resolved, without building a string: the way to
    /// check long text, such as a booking link, before keeping it. A string without escapes, as nearly every
    /// one is, is read where it lies. It is not generic, so that calling it across modules costs no generic
    /// dispatch. The bytes are valid only inside `body`.
    /// - Parameter body: reads the string.
    /// - Throws: `JSONError` when the value is missing or not a string.
    public func withStringBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(JSONError) {
        try require(JSONBytes.quote, .string)
        let bytes = self.bytes
        let (start, end, escaped) = JSONNavigator.stringContent(context, quoteAt: offset)
        guard escaped else { return body(UnsafeBufferPointer(start: bytes + start, count: end - start)) }
        JSONStrings.withUnescaped(bytes, from: start, to: end, body)
    }

    /// `true` or `false`.
    /// - Throws: `JSONError` when the value is missing or not a boolean.
    public var bool: Bool {
        get throws(JSONError) {
            guard offset >= 0 else { throw mismatch(JSONKind.bool.description) }
            switch bytes[offset] {
            case 0x74: return true
            case 0x66: return false
            default: throw mismatch(JSONKind.bool.description)
            }
        }
    }

    /// The number exactly as written: built from its digits, never through `Double`.
    ///
    /// `Decimal` holds a 128-bit significand (38 or 39 digits) and powers of ten from −128 to 127. Longer
    /// numbers are rounded half to even at the last digit that fits; numbers whose power of ten, after
    /// dropping trailing zeros, falls outside that range (`1e999`, `1e-200`) are an error rather than a
    /// silent infinity or zero.
    /// - Throws: `JSONError` when the value is missing, not a number, or out of `Decimal`'s range.
    public var decimal: Decimal {
        get throws(JSONError) {
            guard let value = try numberParts().decimal else { throw outOfRange() }
            return value
        }
    }

    /// The number as a 64-bit integer.
    ///
    /// Only whole values are accepted, in any spelling: `12`, `-0`, `1.0`, `1.20e1` and `1e2` are whole,
    /// `1.5` is not.
    /// - Throws: `JSONError` when the value is missing, not a number, not whole, or beyond `Int64`.
    public var int64: Int64 {
        get throws(JSONError) {
            // Most numbers are plain whole ones: read in one pass, without their parts.
            if offset >= 0, let value = JSONNumberParts.plainWholeValue(bytes, count, at: offset) { return value }
            switch try numberParts().int64 {
            case .value(let value): return value
            case .fraction: throw mismatch("a whole number")
            case .outOfRange: throw outOfRange()
            }
        }
    }

    /// The number as an `Int`, with the rules of `int64`.
    /// - Throws: `JSONError` when the value is missing, not a number, not whole, or beyond `Int`.
    public var int: Int {
        get throws(JSONError) {
            guard let value = Int(exactly: try int64) else { throw outOfRange() }
            return value
        }
    }

    /// The number as the nearest `Double`.
    ///
    /// Numbers too large for a `Double` (`1e999`) are an error, never an infinity; numbers too small for
    /// one become zero.
    /// - Throws: `JSONError` when the value is missing, not a number, or too large.
    public var double: Double {
        get throws(JSONError) {
            let parts = try numberParts()
            if let value = parts.fastDouble { return value }
            guard let value = Double(try numberText), value.isFinite else { throw outOfRange() }
            return value
        }
    }

    /// The number's text exactly as the document spells it, such as `1.50e3`.
    /// - Throws: `JSONError` when the value is missing or not a number.
    public var numberText: String {
        get throws(JSONError) {
            try requireNumber()
            let end = JSONNavigator.skipValue(context, at: offset)
            return String(decoding: UnsafeBufferPointer(start: bytes + offset, count: end - offset), as: UTF8.self)
        }
    }

    /// Checks that the value is a number.
    func requireNumber() throws(JSONError) {
        guard offset >= 0 else { throw mismatch(JSONKind.number.description) }
        let byte = bytes[offset]
        guard byte == JSONBytes.minus || JSONBytes.isDigit(byte) else { throw mismatch(JSONKind.number.description) }
    }

    /// The number's sign, significand and exponent.
    func numberParts() throws(JSONError) -> JSONNumberParts {
        try requireNumber()
        // Most numbers are plain whole ones (times, counts, flight numbers): read in one pass.
        if let parts = JSONNumberParts.plainWhole(bytes, count, at: offset) { return parts }
        let end = JSONNavigator.skipValue(context, at: offset)
        guard let parts = JSONNumberParts.parse(bytes, from: offset, to: end, lenient: false) else {
            throw mismatch(JSONKind.number.description)
        }
        return parts
    }

    /// The error for a number that does not fit.
    func outOfRange() -> JSONError {
        JSONError(code: .outOfRange, path: path, problem: "is out of range")
    }
}
