/// The strict pass over a whole document (RFC 8259) that runs before any node exists.
///
/// It is iterative: nesting is tracked with an explicit stack bounded by the depth limit, so a body of a
/// hundred thousand `[` is an error, never a stack overflow. It checks the grammar, every escape and
/// every UTF-8 sequence (overlong forms, UTF-8-encoded surrogates and code points past U+10FFFF are
/// rejected), and records where large containers end so that later navigation can skip them cheaply.
/// Escaped lone surrogates (`"\uD800"`) are grammatical JSON and are accepted; reading such a string
/// yields U+FFFD in their place.
struct JSONValidator {
    private let bytes: UnsafePointer<UInt8>
    private let count: Int

    private init(bytes: UnsafePointer<UInt8>, count: Int) {
        self.bytes = bytes
        self.count = count
    }

    /// Validates a document and returns the offset of its root value.
    /// - Parameters:
    ///   - bytes: the document's first byte.
    ///   - count: its length.
    ///   - maxDepth: how deeply arrays and objects may nest.
    ///   - skipIndex: receives the ends of large containers.
    /// - Throws: `JSONError` for anything that is not exactly one JSON value.
    static func validate(
        _ bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int, skipIndex: JSONSkipIndex
    ) throws(JSONError) -> Int {
        try JSONValidator(bytes: bytes, count: count).run(maxDepth: max(0, maxDepth), skipIndex: skipIndex)
    }

    private func run(maxDepth: Int, skipIndex: JSONSkipIndex) throws(JSONError) -> Int {
        var index = 0
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        index = JSONBytes.skipWhitespace(bytes, count, index)
        guard index < count else { throw JSONError(code: .empty, problem: "the body is empty") }
        let root = index
        switch bytes[root] {
        case JSONBytes.openBrace, JSONBytes.openBracket, JSONBytes.quote, JSONBytes.minus, 0x30...0x39, 0x74, 0x66,
            0x6E:
            break
        default:
            let start = JSONText.firstCharacter(bytes, count: count, at: root)
            throw JSONError(code: .notJSON, problem: "the body is not JSON (it starts with \(start))")
        }
        // One entry per open container: its start offset shifted left, with the low bit set for objects.
        let capacity = min(maxDepth, count) + 1
        let stack = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        defer { stack.deallocate() }
        var depth = 0
        // Whether the innermost open container is an object: kept apart so the hot path never reads the stack.
        var inObject = false
        index = root

        values: while true {
            // `index` is at the first byte of a value.
            switch bytes[index] {
            case JSONBytes.openBrace, JSONBytes.openBracket:
                let isObject = bytes[index] == JSONBytes.openBrace
                guard depth < maxDepth else {
                    throw error(.tooDeep, "the JSON nests arrays and objects more than \(maxDepth) deep", at: index)
                }
                stack[depth] = UInt64(truncatingIfNeeded: index) << 1 | (isObject ? 1 : 0)
                depth += 1
                inObject = isObject
                index = try nextToken(after: index + 1)
                if bytes[index] == (isObject ? JSONBytes.closeBrace : JSONBytes.closeBracket) {
                    index += 1
                    depth -= 1
                    inObject = depth > 0 && stack[depth - 1] & 1 == 1
                } else {
                    if isObject { index = try memberName(at: index) }
                    continue values
                }
            case JSONBytes.quote:
                index = try string(from: index + 1)
            case JSONBytes.minus, 0x30...0x39:
                index = try number(at: index)
            case 0x74:
                index = try literal(at: index, spelled: 0x6575_7274, length: 4)
            case 0x66:
                index = try literal(at: index, spelled: 0x65_736C_6166, length: 5)
            case 0x6E:
                index = try literal(at: index, spelled: 0x6C6C_756E, length: 4)
            default:
                throw unexpected(at: index)
            }
            // After a value: a comma, the end of the enclosing container, or the end of the document.
            while depth > 0 {
                index = try nextToken(after: index)
                let byte = bytes[index]
                if byte == JSONBytes.comma {
                    index = try nextToken(after: index + 1)
                    if inObject { index = try memberName(at: index) }
                    continue values
                }
                guard byte == (inObject ? JSONBytes.closeBrace : JSONBytes.closeBracket) else {
                    throw unexpected(at: index)
                }
                index += 1
                depth -= 1
                let start = Int(truncatingIfNeeded: stack[depth] >> 1)
                if index - start >= JSONSkipIndex.threshold { skipIndex.record(start: start, end: index) }
                inObject = depth > 0 && stack[depth - 1] & 1 == 1
            }
            break values
        }
        index = JSONBytes.skipWhitespace(bytes, count, index)
        guard index == count else {
            throw error(.syntax, "unexpected text after the document", at: index)
        }
        return root
    }

    /// The next non-whitespace offset at or after `offset`, which must exist.
    @inline(__always)
    private func nextToken(after offset: Int) throws(JSONError) -> Int {
        // Compact JSON has no whitespace between tokens: check for that before looping.
        if offset < count, bytes[offset] > 0x20 { return offset }
        return try nextToken(afterWhitespace: offset)
    }

    @inline(never)
    private func nextToken(afterWhitespace offset: Int) throws(JSONError) -> Int {
        let index = JSONBytes.skipWhitespace(bytes, count, offset)
        guard index < count else { throw Self.truncated }
        return index
    }

    /// Checks `"name" :` at `offset` and returns the offset of the member's value.
    @inline(__always)
    private func memberName(at offset: Int) throws(JSONError) -> Int {
        guard bytes[offset] == JSONBytes.quote else { throw unexpected(at: offset) }
        let index = try nextToken(after: string(from: offset + 1))
        guard bytes[index] == JSONBytes.colon else { throw unexpected(at: index) }
        return try nextToken(after: index + 1)
    }

    /// Checks a string whose opening quote is just before `offset`; returns the offset after its closing quote.
    @inline(__always)
    private func string(from offset: Int) throws(JSONError) -> Int {
        var index = offset
        while true {
            while index &+ 8 <= count {
                let stops = JSONBytes.stringStops(JSONBytes.word(bytes, index))
                if stops != 0 {
                    index &+= JSONBytes.firstMarked(stops)
                    break
                }
                index &+= 8
            }
            guard index < count else { throw Self.truncated }
            let byte = bytes[index]
            if byte == JSONBytes.quote { return index + 1 }
            if byte == JSONBytes.backslash {
                index = try escape(at: index)
            } else if byte < 0x20 {
                throw error(.syntax, "control character in a string", at: index)
            } else if byte >= 0x80 {
                index = try multiByteCharacter(at: index)
            } else {
                index += 1
            }
        }
    }

    private func escape(at offset: Int) throws(JSONError) -> Int {
        guard offset + 1 < count else { throw Self.truncated }
        switch bytes[offset + 1] {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
            return offset + 2
        case 0x75:
            for digit in offset + 2..<offset + 6 {
                guard digit < count else { throw Self.truncated }
                guard JSONBytes.hexValue(bytes[digit]) != nil else {
                    throw error(.syntax, "invalid \\u escape", at: offset)
                }
            }
            return offset + 6
        default:
            throw error(.syntax, "invalid escape", at: offset)
        }
    }

    /// Checks one UTF-8 sequence of two to four bytes (RFC 3629) and returns the offset after it.
    private func multiByteCharacter(at offset: Int) throws(JSONError) -> Int {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default:
            throw error(.syntax, "invalid UTF-8", at: offset)
        }
        for position in 1..<length {
            guard offset + position < count else { throw Self.truncated }
            let byte = bytes[offset + position]
            guard position == 1 ? secondRange.contains(byte) : (0x80...0xBF).contains(byte) else {
                throw error(.syntax, "invalid UTF-8", at: offset)
            }
        }
        return offset + length
    }

    /// Checks `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` and returns the offset after it.
    @inline(__always)
    private func number(at offset: Int) throws(JSONError) -> Int {
        var index = offset
        if bytes[index] == JSONBytes.minus { index += 1 }
        guard index < count else { throw Self.truncated }
        if bytes[index] == JSONBytes.zero {
            index += 1
        } else {
            index = try digits(from: index)
        }
        if index < count, bytes[index] == JSONBytes.dot {
            index = try digits(from: index + 1)
        }
        if index < count, bytes[index] | 0x20 == 0x65 {
            index += 1
            if index < count, bytes[index] == JSONBytes.plus || bytes[index] == JSONBytes.minus { index += 1 }
            index = try digits(from: index)
        }
        return index
    }

    /// Checks one or more digits at `offset` and returns the offset after them.
    @inline(__always)
    private func digits(from offset: Int) throws(JSONError) -> Int {
        guard offset < count else { throw Self.truncated }
        guard JSONBytes.isDigit(bytes[offset]) else { throw unexpected(at: offset) }
        var index = offset + 1
        while index < count, JSONBytes.isDigit(bytes[index]) { index += 1 }
        return index
    }

    /// Checks `true`, `false` or `null`, spelled as little-endian bytes of `spelled`.
    @inline(__always)
    private func literal(at offset: Int, spelled: UInt64, length: Int) throws(JSONError) -> Int {
        for position in 0..<length {
            guard offset + position < count else { throw Self.truncated }
            let expected = UInt8(truncatingIfNeeded: spelled >> (8 * position))
            guard bytes[offset + position] == expected else { throw unexpected(at: offset + position) }
        }
        return offset + length
    }

    private static var truncated: JSONError { JSONError(code: .truncated, problem: "the JSON is cut off") }

    private func unexpected(at offset: Int) -> JSONError {
        error(.syntax, "unexpected character", at: offset)
    }

    private func error(_ code: JSONError.Code, _ problem: String, at offset: Int) -> JSONError {
        let (line, column) = JSONValidator.position(of: offset, in: bytes)
        return JSONError(code: code, line: line, column: column, problem: problem)
    }

    /// The 1-based line and column (counted in characters) of `offset`.
    static func position(of offset: Int, in bytes: UnsafePointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for index in 0..<offset {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
