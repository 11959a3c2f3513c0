import Dispatch
import Foundation

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
    /// Receives where each value ends, when the caller keeps that.
    private let ends: JSONValueEnds?

    private init(bytes: UnsafePointer<UInt8>, count: Int, ends: JSONValueEnds? = nil) {
        self.bytes = bytes
        self.count = count
        self.ends = ends
    }

    /// Validates a document and returns the offset of its root value.
    ///
    /// A large document is checked in two halves at once when the machine has more than one core. The
    /// second half starts at what looks like an element of an array of objects or arrays (`},{`), on the
    /// guess that it is one, and learns the containers around it from how they close. The first half stops
    /// when it reaches that offset, and takes the second half's finding only if it stands there at the start
    /// of an array element, inside the containers the second half found and within the depth limit;
    /// otherwise it goes on alone, as if there were no second half. Either way the result and the error are
    /// those of one pass, and the skip index records only containers as they are.
    /// - Parameters:
    ///   - bytes: the document's first byte.
    ///   - count: its length.
    ///   - maxDepth: how deeply arrays and objects may nest.
    ///   - skipIndex: receives the ends of large containers.
    ///   - stack: room for the containers open at once, at least ``stackCapacity(count:maxDepth:)`` entries, kept
    ///     by a caller that validates many small documents (a file's records) so that none costs an
    ///     allocation; `nil` allocates it for this call.
    ///   - valueEnds: receives where every value and member name ends, for a document smaller than
    ///     ``splitSize`` (one checked in halves notes nothing); it must have an entry for each byte.
    /// - Throws: `JSONError` for anything that is not exactly one JSON value.
    static func validate(
        _ bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int, skipIndex: JSONSkipIndex,
        stack: UnsafeMutablePointer<UInt64>? = nil, valueEnds: JSONValueEnds? = nil
    ) throws(JSONError) -> Int {
        try check(
            bytes, count: count, maxDepth: maxDepth, skipIndex: skipIndex, splitSize: splitSize, stack: stack,
            valueEnds: valueEnds
        ).root
    }

    /// Checks the one value that starts at `bytes`, with no whitespace before it, and gives the offset just past
    /// it, leaving whatever follows unchecked: an element of an array whose elements are found as they are read.
    ///
    /// The value is checked in one pass, never in halves. A value that runs past `count` fails as cut off
    /// (`truncated`), which a caller holding only part of the text reads as a sign to hold more of it.
    /// - Parameters:
    ///   - bytes: the value's first byte.
    ///   - count: the bytes that may belong to it.
    ///   - maxDepth: how deeply arrays and objects may nest in it.
    ///   - skipIndex: receives the ends of large containers.
    ///   - stack: room for ``stackCapacity(count:maxDepth:)`` entries.
    ///   - valueEnds: receives where every value and member name ends, when `count` is below ``splitSize``.
    /// - Returns: the offset just past the value.
    /// - Throws: `JSONError` for anything that does not start as one JSON value.
    static func validateValue(
        _ bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int, skipIndex: JSONSkipIndex,
        stack: UnsafeMutablePointer<UInt64>, valueEnds: JSONValueEnds?
    ) throws(JSONError) -> Int {
        guard count > 0 else { throw truncated }
        let validator = JSONValidator(bytes: bytes, count: count, ends: count < splitSize ? valueEnds : nil)
        var walk = Walk(index: 0, depth: 0, inObject: false, atValue: true, deepest: 0)
        _ = try validator.walk(&walk, stack: stack, maxDepth: max(0, maxDepth), skipIndex: skipIndex, recordFloor: 0)
        return walk.index
    }

    /// How many entries the stack of open containers needs for a document of `count` bytes: one per
    /// container, no more than the depth limit allows, and one more.
    static func stackCapacity(count: Int, maxDepth: Int) -> Int {
        min(max(0, maxDepth), count) + 1
    }

    /// ``validate(_:count:maxDepth:skipIndex:)`` from a document size of `splitSize` in halves, telling also
    /// whether the second half's finding was taken: for tests, which must know that the halves were really
    /// checked apart.
    static func check(
        _ bytes: UnsafePointer<UInt8>, count: Int, maxDepth: Int, skipIndex: JSONSkipIndex, splitSize: Int,
        stack given: UnsafeMutablePointer<UInt64>? = nil, valueEnds: JSONValueEnds? = nil
    ) throws(JSONError) -> (root: Int, inHalves: Bool) {
        // Two halves would each note only what they saw whole: a document checked in halves keeps no ends.
        let noted = count < splitSize ? valueEnds : nil
        let validator = JSONValidator(bytes: bytes, count: count, ends: noted)
        let maxDepth = max(0, maxDepth)
        let root = try validator.root()
        var walk = Walk(index: root, depth: 0, inObject: false, atValue: true, deepest: 0)
        let stack = given ?? .allocate(capacity: stackCapacity(count: count, maxDepth: maxDepth))
        defer { if given == nil { stack.deallocate() } }
        var inHalves = false
        if count >= splitSize, ProcessInfo.processInfo.activeProcessorCount > 1,
            let split = validator.likelyElementStart(after: root + (count - root) / 2)
        {
            inHalves = try validator.walkInHalves(
                &walk, stack: stack, maxDepth: maxDepth, skipIndex: skipIndex, split: split)
        }
        _ = try validator.walk(&walk, stack: stack, maxDepth: maxDepth, skipIndex: skipIndex, recordFloor: 0)
        let end = JSONBytes.skipWhitespace(bytes, count, walk.index)
        guard end == count else {
            throw validator.error(.syntax, "unexpected text after the document", at: end)
        }
        return (root, inHalves)
    }

    /// The smallest document worth checking in two halves.
    static let splitSize = 1 << 20

    /// The offset of the root value, after a byte order mark and whitespace.
    private func root() throws(JSONError) -> Int {
        var index = 0
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        index = JSONBytes.skipWhitespace(bytes, count, index)
        guard index < count else { throw JSONError(code: .empty, problem: "the body is empty") }
        switch bytes[index] {
        case JSONBytes.openBrace, JSONBytes.openBracket, JSONBytes.quote, JSONBytes.minus, 0x30...0x39, 0x74, 0x66,
            0x6E:
            return index
        default:
            let start = JSONText.firstCharacter(bytes, count: count, at: index)
            throw JSONError(code: .notJSON, problem: "the body is not JSON (it starts with \(start))")
        }
    }

    /// Where a pass over the document stands.
    private struct Walk {
        /// The next byte to look at.
        var index: Int
        /// How many containers are open.
        var depth: Int
        /// Whether the innermost open container is an object.
        var inObject: Bool
        /// Whether `index` is at the first byte of a value, rather than just after one.
        var atValue: Bool
        /// The most containers that were open at once.
        var deepest: Int
    }

    /// Checks the document from `walk` on: to its end, or, when `pauseAt` is given, until an array element
    /// starts there (then it returns `true`). A pass whose first `recordFloor` containers were opened before
    /// it started ends when it closes them, just after the closing bracket, and does not record them.
    private func walk(
        _ walk: inout Walk, stack: UnsafeMutablePointer<UInt64>, maxDepth: Int, skipIndex: JSONSkipIndex,
        recordFloor: Int, pauseAt: Int = -1
    ) throws(JSONError) -> Bool {
        var index = walk.index
        var depth = walk.depth
        // Whether the innermost open container is an object: kept apart so the hot path never reads the stack.
        var inObject = walk.inObject
        var deepest = walk.deepest
        var atValue = walk.atValue
        defer { walk = Walk(index: index, depth: depth, inObject: inObject, atValue: atValue, deepest: deepest) }

        values: while true {
            if atValue {
                // `index` is at the first byte of a value.
                let start = index
                switch bytes[index] {
                case JSONBytes.openBrace, JSONBytes.openBracket:
                    let isObject = bytes[index] == JSONBytes.openBrace
                    guard depth < maxDepth else {
                        throw error(.tooDeep, "the JSON nests arrays and objects more than \(maxDepth) deep", at: index)
                    }
                    // One entry per open container: its start offset shifted left, with the low bit set for objects.
                    stack[depth] = UInt64(truncatingIfNeeded: index) << 1 | (isObject ? 1 : 0)
                    depth += 1
                    deepest = max(deepest, depth)
                    inObject = isObject
                    index = try nextToken(after: index + 1)
                    if bytes[index] == (isObject ? JSONBytes.closeBrace : JSONBytes.closeBracket) {
                        index += 1
                        depth -= 1
                        inObject = depth > 0 && stack[depth - 1] & 1 == 1
                        ends?.note(start, end: index)
                    } else {
                        if isObject { index = try memberName(at: index) }
                        continue values
                    }
                case JSONBytes.quote:
                    var escaped = false
                    index = try string(from: index + 1, escaped: &escaped)
                    ends?.note(start, end: index, escaped: escaped)
                case JSONBytes.minus, 0x30...0x39:
                    index = try number(at: index)
                    ends?.note(start, end: index)
                case 0x74:
                    index = try literal(at: index, spelled: 0x6575_7274, length: 4)
                case 0x66:
                    index = try literal(at: index, spelled: 0x65_736C_6166, length: 5)
                case 0x6E:
                    index = try literal(at: index, spelled: 0x6C6C_756E, length: 4)
                default:
                    throw unexpected(at: index)
                }
            }
            atValue = true
            // After a value: a comma, the end of the enclosing container, or the end of the document.
            while depth > 0 {
                index = try nextToken(after: index)
                let byte = bytes[index]
                if byte == JSONBytes.comma {
                    index = try nextToken(after: index + 1)
                    if inObject {
                        index = try memberName(at: index)
                    } else if index == pauseAt {
                        return true
                    }
                    continue values
                }
                guard byte == (inObject ? JSONBytes.closeBrace : JSONBytes.closeBracket) else {
                    throw unexpected(at: index)
                }
                index += 1
                depth -= 1
                guard depth >= recordFloor else { break values }
                let start = Int(truncatingIfNeeded: stack[depth] >> 1)
                ends?.note(start, end: index)
                if index - start >= JSONSkipIndex.threshold { skipIndex.record(start: start, end: index) }
                inObject = depth > 0 && stack[depth - 1] & 1 == 1
            }
            break values
        }
        atValue = false
        return false
    }

    /// Checks the document up to `split` on the calling thread while another thread checks it from `split`
    /// to its end, as the rest of an array whose next element starts there. When that guess holds, `walk`
    /// stands at the end of the document afterwards and the result is `true`; otherwise `walk` stands
    /// wherever the first half stopped.
    private func walkInHalves(
        _ walk: inout Walk, stack: UnsafeMutablePointer<UInt64>, maxDepth: Int, skipIndex: JSONSkipIndex,
        split: Int
    ) throws(JSONError) -> Bool {
        let halves = Halves(
            validator: self, maxDepth: maxDepth, split: split, head: walk, stack: stack, skipIndex: skipIndex)
        defer { halves.deallocate() }
        // The threads share only the document, which they read: each half has its own stack and skip index,
        // and the findings are read once both have finished.
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            if half == 0 {
                halves.walkHead()
            } else {
                halves.walkTail()
            }
        }
        walk = halves.head
        guard try halves.headOutcome.get(), halves.fits() else { return false }
        // What the second half found is what one pass would have found from `split` on: its containers, and
        // where the containers open at `split` close.
        halves.tailIndex.copy(into: skipIndex)
        for (level, closed) in halves.levels.enumerated() {
            let start = Int(truncatingIfNeeded: stack[walk.depth - 1 - level] >> 1)
            if closed.end - start >= JSONSkipIndex.threshold { skipIndex.record(start: start, end: closed.end) }
        }
        walk = Walk(index: count, depth: 0, inObject: false, atValue: false, deepest: 0)
        return true
    }

    /// The two halves of ``walkInHalves(_:stack:maxDepth:skipIndex:split:)``, each written by its own thread.
    ///
    /// The first half goes on from where the caller stood, with the caller's stack and skip index. The second
    /// starts at an element of an array it did not see open, and does not know what encloses that array.
    /// Each time it closes one of these containers it notes how and where, and learns what the next one is
    /// from what follows: a member name and a colon make it an object, anything else an array, and a closing
    /// bracket settles it.
    private final class Halves: @unchecked Sendable {
        let validator: JSONValidator
        let maxDepth: Int
        let split: Int
        /// Where the first half stands, and its stack and skip index: the caller's.
        var head: Walk
        let headStack: UnsafeMutablePointer<UInt64>
        let headIndex: JSONSkipIndex
        /// `true` when the first half stopped at `split`, `false` when it went past it or to the end.
        var headOutcome: Result<Bool, JSONError> = .success(false)
        /// The second half's stack and skip index.
        let stack: UnsafeMutablePointer<UInt64>
        let tailIndex: JSONSkipIndex
        /// The containers open at `split` that the second half closed, innermost first.
        var levels: [(isObject: Bool, end: Int)] = []
        /// How many containers deeper than at `split` the second half went, at most.
        var reach = 0
        /// Whether it reached the end of the document without an error.
        var finished = false

        init(
            validator: JSONValidator, maxDepth: Int, split: Int, head: Walk,
            stack headStack: UnsafeMutablePointer<UInt64>,
            skipIndex: JSONSkipIndex
        ) {
            self.validator = validator
            self.maxDepth = maxDepth
            self.split = split
            self.head = head
            self.headStack = headStack
            headIndex = skipIndex
            stack = UnsafeMutablePointer<UInt64>.allocate(capacity: min(maxDepth, validator.count) + 1)
            tailIndex = JSONSkipIndex(documentSize: validator.count, from: split)
        }

        func deallocate() {
            stack.deallocate()
            tailIndex.deallocate()
        }

        /// Checks up to `split`.
        func walkHead() {
            headOutcome = Result { () throws(JSONError) -> Bool in
                try validator.walk(
                    &head, stack: headStack, maxDepth: maxDepth, skipIndex: headIndex, recordFloor: 0, pauseAt: split)
            }
        }

        /// Whether the second half's finding holds for the first half, which stopped at `split`.
        func fits() -> Bool {
            guard finished, levels.count == head.depth, head.depth + reach <= maxDepth else { return false }
            return levels.indices.allSatisfy { level in
                levels[level].isObject == (headStack[head.depth - 1 - level] & 1 == 1)
            }
        }

        /// Checks from `split` to the end; any error leaves `finished` unset, for the first half to find.
        func walkTail() {
            let bytes = validator.bytes
            let count = validator.count
            var walk = Walk(index: split, depth: 1, inObject: false, atValue: true, deepest: 1)
            do {
                while true {
                    // The first entry stands for the enclosing container, which the walk stops after closing.
                    stack[0] = walk.inObject ? 1 : 0
                    _ = try validator.walk(
                        &walk, stack: stack, maxDepth: maxDepth, skipIndex: tailIndex, recordFloor: 1)
                    reach = max(reach, walk.deepest - 1 - levels.count)
                    levels.append((isObject: stack[0] & 1 == 1, end: walk.index))
                    let next = JSONBytes.skipWhitespace(bytes, count, walk.index)
                    if next == count {
                        finished = true
                        return
                    }
                    guard levels.count < maxDepth else { return }
                    walk = Walk(index: next, depth: 1, inObject: false, atValue: false, deepest: 1)
                    switch bytes[next] {
                    case JSONBytes.closeBrace:
                        walk.inObject = true
                    case JSONBytes.comma:
                        let after = try validator.nextToken(after: next + 1)
                        if bytes[after] == JSONBytes.quote {
                            let nameEnd = try validator.string(from: after + 1)
                            let colon = try validator.nextToken(after: nameEnd)
                            if bytes[colon] == JSONBytes.colon {
                                walk = Walk(
                                    index: try validator.nextToken(after: colon + 1), depth: 1, inObject: true,
                                    atValue: true, deepest: 1)
                            } else {
                                walk.index = nameEnd
                            }
                        } else {
                            walk.index = after
                            walk.atValue = true
                        }
                    default:
                        // A closing bracket, which the walk checks, or anything else, which it refuses.
                        break
                    }
                }
            } catch {
                return
            }
        }
    }

    /// Where an element of an array of objects or arrays seems to start at or after `offset`, in the 64 KiB
    /// after it (``JSONBytes/likelyElementStart(_:from:to:)``).
    private func likelyElementStart(after offset: Int) -> Int? {
        JSONBytes.likelyElementStart(bytes, from: offset, to: min(count, offset + 1 << 16))
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
        var escaped = false
        let end = try string(from: offset + 1, escaped: &escaped)
        ends?.note(offset, end: end, escaped: escaped)
        let index = try nextToken(after: end)
        guard bytes[index] == JSONBytes.colon else { throw unexpected(at: index) }
        return try nextToken(after: index + 1)
    }

    /// Checks a string whose opening quote is just before `offset`; returns the offset after its closing quote.
    @inline(__always)
    private func string(from offset: Int) throws(JSONError) -> Int {
        var escaped = false
        return try string(from: offset, escaped: &escaped)
    }

    /// ``string(from:)``, noting in `escaped` whether the string holds an escape.
    @inline(__always)
    private func string(from offset: Int, escaped: inout Bool) throws(JSONError) -> Int {
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
                escaped = true
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
