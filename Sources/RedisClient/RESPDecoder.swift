import Foundation

/// Reads RESP values from bytes, as they arrive: a value cut short is `nil` (read more), anything that is not
/// RESP, or that is over the limits, is a ``RedisError``, never a crash. Every declared length and count is
/// checked against the limits before anything is allocated for it, nesting is bounded, and lines are
/// bounded, so that a hostile server can neither exhaust memory nor the stack.
///
/// ```swift
/// let decoder = RESPDecoder()
/// let bytes = Array("*2\r\n$3\r\nfoo\r\n:7\r\n".utf8)
/// let (value, length) = try decoder.decode(bytes)!  // .array([.bulk("foo"), .integer(7)]), 18
/// ```
public struct RESPDecoder: Sendable, Hashable {
    /// The longest bulk string, in bytes.
    public var maxBulkBytes: Int
    /// The most values in one reply, counting the values inside arrays.
    public var maxValues: Int
    /// The deepest nesting of arrays.
    public var maxDepth: Int
    /// The longest line (a simple string, an error, a number), in bytes.
    public var maxLineBytes: Int

    /// Creates a decoder.
    /// - Parameters:
    ///   - maxBulkBytes: the longest bulk string; 64 MiB by default.
    ///   - maxValues: the most values in one reply; about a million by default.
    ///   - maxDepth: the deepest nesting; 32 by default.
    ///   - maxLineBytes: the longest line; 64 KiB by default.
    public init(
        maxBulkBytes: Int = 64 << 20, maxValues: Int = 1 << 20, maxDepth: Int = 32, maxLineBytes: Int = 64 << 10
    ) {
        self.maxBulkBytes = max(maxBulkBytes, 0)
        self.maxValues = max(maxValues, 1)
        self.maxDepth = max(maxDepth, 1)
        self.maxLineBytes = max(maxLineBytes, 16)
    }

    /// Reads the first value in `bytes`, from `start`.
    /// - Parameters:
    ///   - bytes: what has arrived.
    ///   - start: where the value begins.
    /// - Returns: the value and how many bytes it took, or `nil` when the bytes end before it does.
    /// - Throws: ``RedisError`` `protocolViolation` for bytes that are not RESP, `replyTooLarge` for a value
    ///   over the limits.
    public func decode(_ bytes: [UInt8], from start: Int = 0) throws(RedisError) -> (value: RESPValue, length: Int)? {
        guard start >= 0, start <= bytes.count else { return nil }
        var reader = Reader(bytes: bytes, index: start, limits: self)
        guard let value = try reader.value(depth: 0) else { return nil }
        return (value, reader.index - start)
    }

    /// Reads the first value in `data`.
    /// - Parameter data: what has arrived.
    /// - Returns: the value and how many bytes it took, or `nil` when the data ends before it does.
    /// - Throws: ``RedisError`` as ``decode(_:from:)`` does.
    public func decode(_ data: Data) throws(RedisError) -> (value: RESPValue, length: Int)? {
        try decode([UInt8](data))
    }
}

/// A position in the bytes, moved forward as values are read.
private struct Reader {
    let bytes: [UInt8]
    var index: Int
    let limits: RESPDecoder
    var values = 0

    mutating func value(depth: Int) throws(RedisError) -> RESPValue? {
        guard index < bytes.count else { return nil }
        values += 1
        guard values <= limits.maxValues else {
            throw RedisError(.replyTooLarge, "the reply holds more than \(limits.maxValues) values")
        }
        let marker = bytes[index]
        index += 1
        switch marker {
        case UInt8(ascii: "+"):
            guard let line = try line() else { return nil }
            return .simple(Self.text(line))
        case UInt8(ascii: "-"):
            guard let line = try line() else { return nil }
            return .error(Self.text(line))
        case UInt8(ascii: ":"):
            guard let line = try line() else { return nil }
            return .integer(try Self.integer(line))
        case UInt8(ascii: "$"):
            guard let blob = try blob() else { return nil }
            return blob.map { .bulk(Data($0)) } ?? .null
        case UInt8(ascii: "="):
            // A verbatim string: a three-letter format and a colon before the text.
            guard let blob = try blob() else { return nil }
            guard let blob, blob.count >= 4, blob[blob.startIndex + 3] == UInt8(ascii: ":") else {
                throw RedisError(.protocolViolation, "a verbatim string without its format")
            }
            return .bulk(Data(blob.dropFirst(4)))
        case UInt8(ascii: "!"):
            guard let blob = try blob() else { return nil }
            guard let blob else { throw RedisError(.protocolViolation, "a blob error without a length") }
            return .error(Self.text(blob))
        case UInt8(ascii: "*"), UInt8(ascii: "~"), UInt8(ascii: ">"):
            guard let count = try length(allowingNull: marker == UInt8(ascii: "*")) else { return nil }
            guard count >= 0 else { return .null }
            guard let elements = try elements(count, depth: depth) else { return nil }
            return marker == UInt8(ascii: ">") ? .push(elements) : .array(elements)
        case UInt8(ascii: "%"):
            guard let count = try length(allowingNull: false) else { return nil }
            guard count <= limits.maxValues / 2 else { throw tooMany(count) }
            guard let elements = try elements(count * 2, depth: depth) else { return nil }
            return .array(elements)
        case UInt8(ascii: "|"):
            // Attributes describe the value that follows; the value is what was asked for.
            guard let count = try length(allowingNull: false) else { return nil }
            guard count <= limits.maxValues / 2 else { throw tooMany(count) }
            guard try elements(count * 2, depth: depth) != nil else { return nil }
            return try value(depth: depth + 1)
        case UInt8(ascii: "_"):
            guard let line = try line() else { return nil }
            guard line.isEmpty else { throw RedisError(.protocolViolation, "a null with text after it") }
            return .null
        case UInt8(ascii: "#"):
            guard let line = try line() else { return nil }
            switch Self.text(line) {
            case "t": return .boolean(true)
            case "f": return .boolean(false)
            default: throw RedisError(.protocolViolation, "a boolean that is neither t nor f")
            }
        case UInt8(ascii: ","):
            guard let line = try line() else { return nil }
            return .double(try Self.double(line))
        case UInt8(ascii: "("):
            guard let line = try line() else { return nil }
            let digits = line.first == UInt8(ascii: "-") || line.first == UInt8(ascii: "+") ? line.dropFirst() : line
            guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                throw RedisError(.protocolViolation, "a big number that is not digits")
            }
            return .bigNumber(Self.text(line))
        default:
            throw RedisError(
                .protocolViolation, "the reply is not RESP (it starts with byte 0x\(String(marker, radix: 16)))")
        }
    }

    /// The elements of an aggregate, or `nil` when the bytes end first.
    private mutating func elements(_ count: Int, depth: Int) throws(RedisError) -> [RESPValue]? {
        guard depth + 1 <= limits.maxDepth else {
            throw RedisError(.replyTooLarge, "the reply nests deeper than \(limits.maxDepth) levels")
        }
        guard count <= limits.maxValues - values else { throw tooMany(count) }
        var elements: [RESPValue] = []
        // A declared count is a claim, not a fact: room grows with what actually arrives.
        elements.reserveCapacity(min(count, 1024))
        for _ in 0..<count {
            guard let element = try value(depth: depth + 1) else { return nil }
            elements.append(element)
        }
        return elements
    }

    private func tooMany(_ count: Int) -> RedisError {
        RedisError(.replyTooLarge, "the reply declares \(count) values, over the limit of \(limits.maxValues)")
    }

    /// A length or count line: `-1` is null where allowed, and `nil` means the bytes end first.
    private mutating func length(allowingNull: Bool) throws(RedisError) -> Int? {
        guard let line = try line() else { return nil }
        let value = try Self.integer(line)
        if value == -1, allowingNull { return -1 }
        guard value >= 0 else { throw RedisError(.protocolViolation, "a negative length (\(value))") }
        guard value <= Int64(Int32.max) else { throw tooMany(Int(clamping: value)) }
        return Int(value)
    }

    /// A length-prefixed string: `.some(nil)` for the null bulk string, `nil` when the bytes end first.
    private mutating func blob() throws(RedisError) -> ArraySlice<UInt8>?? {
        guard let length = try length(allowingNull: true) else { return nil }
        guard length >= 0 else { return .some(nil) }
        guard length <= limits.maxBulkBytes else {
            throw RedisError(.replyTooLarge, "a string of \(length) bytes, over the limit of \(limits.maxBulkBytes)")
        }
        guard bytes.count - index >= length + 2 else { return nil }
        let blob = bytes[index..<index + length]
        guard bytes[index + length] == 13, bytes[index + length + 1] == 10 else {
            throw RedisError(.protocolViolation, "a string longer than its stated \(length) bytes")
        }
        index += length + 2
        return .some(blob)
    }

    /// The bytes up to the next CR LF, which is passed; `nil` when the bytes end first. A line may hold
    /// neither CR nor LF of its own.
    private mutating func line() throws(RedisError) -> ArraySlice<UInt8>? {
        var end = index
        while end < bytes.count {
            switch bytes[end] {
            case 13:
                guard end + 1 < bytes.count else { return nil }
                guard bytes[end + 1] == 10 else {
                    throw RedisError(.protocolViolation, "a line with a carriage return inside it")
                }
                let line = bytes[index..<end]
                index = end + 2
                return line
            case 10:
                throw RedisError(.protocolViolation, "a line that ends without a carriage return")
            default:
                end += 1
                guard end - index <= limits.maxLineBytes else {
                    throw RedisError(.replyTooLarge, "a line longer than \(limits.maxLineBytes) bytes")
                }
            }
        }
        return nil
    }

    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A signed decimal integer, with neither sign nor digits to spare.
    static func integer(_ line: ArraySlice<UInt8>) throws(RedisError) -> Int64 {
        let negative = line.first == UInt8(ascii: "-")
        let digits = negative ? line.dropFirst() : line
        guard !digits.isEmpty, digits.count <= 19 else {
            throw RedisError(.protocolViolation, "a number that is not one: \(RedisError.quoted(text(line)))")
        }
        var value: Int64 = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else {
                throw RedisError(.protocolViolation, "a number that is not one: \(RedisError.quoted(text(line)))")
            }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            guard !overflow, !carry else { throw RedisError(.protocolViolation, "a number out of range") }
            value = sum
        }
        return negative ? -value : value
    }

    static func double(_ line: ArraySlice<UInt8>) throws(RedisError) -> Double {
        switch text(line) {
        case "inf": return .infinity
        case "-inf": return -.infinity
        case "nan": return .nan
        case let text:
            let allowed = Set("0123456789+-.eE".utf8)
            guard !line.isEmpty, line.allSatisfy(allowed.contains), let value = Double(text) else {
                throw RedisError(.protocolViolation, "a double that is not one: \(RedisError.quoted(text))")
            }
            return value
        }
    }
}
