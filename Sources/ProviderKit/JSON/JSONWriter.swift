import Foundation

/// Writes JSON into one growing byte buffer, with a fixed member order and exact decimal numbers.
///
/// The pretty style matches what the command line has always printed, byte for byte: two-space
/// indentation, `"name": value`, `[]` and `{}` for empty containers, no newline at the end. The compact
/// style writes the same document on one line without spaces. Strings are escaped as `\"`, `\\`, `\n`,
/// `\r`, `\t` and `\u00XX` (lower-case hexadecimal) for the other control characters; everything else is
/// written as raw UTF-8, unless ``Escaping/terminalSafe`` asks for the characters that steer a terminal to
/// be escaped too. Numbers are written the way `Decimal.description` prints them.
///
/// Values that take an optional write `null` for `nil`, so optional fields need no branches:
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { json in
///     json.key("price")
///     json.decimal(offer.price)
///     json.key("departure")
///     json.date(offer.departure)
/// }
/// let text = writer.text
/// ```
///
/// Calls must form one well-nested document: a value after each `key(_:)` inside objects, no `key(_:)` in
/// arrays. Debug builds check this; release builds write whatever they are told.
public struct JSONWriter: Sendable {
    /// The document written so far, in UTF-8.
    public internal(set) var bytes: [UInt8]
    private let pretty: Bool
    private let terminalSafe: Bool
    /// One entry per open container: whether it is an object, and whether it has an entry yet.
    private var open: [(isObject: Bool, isEmpty: Bool)] = []
    /// Whether the next value is a member's value, right after its name.
    private var afterKey = false
    /// Where finished text goes as the document is written, if anywhere.
    private let output: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)?
    /// How many bytes are gathered before they go to `output`.
    private let flushSize: Int

    /// Creates an empty writer.
    /// - Parameters:
    ///   - style: pretty-printed (the default) or compact.
    ///   - escaping: which characters strings escape; what JSON requires by default.
    ///   - capacity: how many bytes to reserve up front.
    public init(style: Style = .pretty, escaping: Escaping = .required, capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
        pretty = style == .pretty
        terminalSafe = escaping == .terminalSafe
        output = nil
        flushSize = .max
    }

    /// Creates a writer that hands its text to `output` as it goes, about `flushSize` bytes at a time, so that
    /// a long document is never held whole: ``bytes`` holds only what was not handed on yet. Text is handed on
    /// only where an entry of a container ends, so each piece ends after a whole value and never inside a
    /// character; call ``flush()`` for the rest once the document is written.
    /// - Parameters:
    ///   - style: pretty-printed or compact.
    ///   - escaping: which characters strings escape.
    ///   - flushSize: how many bytes to gather before handing them on.
    ///   - output: receives each piece, valid only during the call.
    public init(
        style: Style = .pretty, escaping: Escaping = .required, flushSize: Int,
        output: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        bytes = []
        bytes.reserveCapacity(flushSize + flushSize / 4)
        pretty = style == .pretty
        terminalSafe = escaping == .terminalSafe
        self.output = output
        self.flushSize = flushSize
    }

    /// Hands what is written and not handed on yet to the writer's output, if it has one.
    public mutating func flush() {
        guard let output, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer(output)
        bytes.removeAll(keepingCapacity: true)
    }

    /// The document written so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Starts an object; members follow as `key(_:)` and a value each, until `endObject()`.
    public mutating func beginObject() {
        beforeValue()
        bytes.append(JSONBytes.openBrace)
        open.append((isObject: true, isEmpty: true))
    }

    /// Ends the innermost object.
    public mutating func endObject() {
        assert(open.last?.isObject == true && !afterKey, "endObject() without a matching beginObject()")
        close(JSONBytes.closeBrace)
    }

    /// Starts an array; elements follow until `endArray()`.
    public mutating func beginArray() {
        beforeValue()
        bytes.append(JSONBytes.openBracket)
        open.append((isObject: false, isEmpty: true))
    }

    /// Ends the innermost array.
    public mutating func endArray() {
        assert(open.last?.isObject == false, "endArray() without a matching beginArray()")
        close(JSONBytes.closeBracket)
    }

    /// Writes an object whose members `body` writes.
    /// - Parameter body: writes the members, each a `key(_:)` and a value.
    /// - Throws: what `body` throws, leaving the document unfinished.
    public mutating func object(_ body: (inout JSONWriter) throws -> Void) rethrows {
        beginObject()
        try body(&self)
        endObject()
    }

    /// Writes an array whose elements `body` writes.
    /// - Parameter body: writes the elements.
    /// - Throws: what `body` throws, leaving the document unfinished.
    public mutating func array(_ body: (inout JSONWriter) throws -> Void) rethrows {
        beginArray()
        try body(&self)
        endArray()
    }

    /// Writes a member's name; its value must follow.
    /// - Parameter name: the name, escaped like any string.
    public mutating func key(_ name: String) {
        assert(open.last?.isObject == true && !afterKey, "key(_:) outside an object or twice in a row")
        beforeEntry()
        appendQuoted(name)
        bytes.append(JSONBytes.colon)
        if pretty { bytes.append(0x20) }
        afterKey = true
    }

    /// Writes a string, or `null` for `nil`.
    /// - Parameter value: the string.
    public mutating func string(_ value: String?) {
        guard let value else { return null() }
        beforeValue()
        appendQuoted(value)
    }

    /// Writes a number exactly, or `null` for `nil`.
    ///
    /// The digits come straight from the decimal's significand and exponent, as `Decimal.description`
    /// prints them (`169`, `94.43`, `0.005`, `1.50` for a significand of 150 with exponent −2). `Decimal`
    /// has a NaN, which JSON cannot express: it is written as `null`.
    /// - Parameter value: the number.
    public mutating func decimal(_ value: Decimal?) {
        guard let value, !value.isNaN else { return null() }
        beforeValue()
        DecimalText.append(value, to: &bytes)
    }

    /// Writes an integer, or `null` for `nil`.
    /// - Parameter value: the integer.
    public mutating func int(_ value: Int?) {
        guard let value else { return null() }
        beforeValue()
        DecimalText.append(value, to: &bytes)
    }

    /// Writes `true` or `false`, or `null` for `nil`.
    /// - Parameter value: the flag.
    public mutating func bool(_ value: Bool?) {
        guard let value else { return null() }
        beforeValue()
        appendASCII(value ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        beforeValue()
        appendASCII("null")
    }

    /// Appends fixed ASCII text.
    mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Prepares for a value: a comma and a new line as needed, unless a member's name precedes it.
    mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        assert(open.last?.isObject != true, "a value in an object needs key(_:) first")
        assert(!open.isEmpty || bytes.isEmpty, "a second value at the top level")
        beforeEntry()
    }

    /// Prepares for an element or a member's name inside the innermost container.
    private mutating func beforeEntry() {
        guard !open.isEmpty else { return }
        // The previous entry is whole here: a good place to hand text on.
        if bytes.count >= flushSize { flush() }
        if open[open.count - 1].isEmpty {
            open[open.count - 1].isEmpty = false
        } else {
            bytes.append(JSONBytes.comma)
        }
        if pretty { newLine(depth: open.count) }
    }

    private mutating func close(_ bracket: UInt8) {
        guard let container = open.popLast() else { return }
        if pretty && !container.isEmpty { newLine(depth: open.count) }
        bytes.append(bracket)
    }

    private mutating func newLine(depth: Int) {
        bytes.append(0x0A)
        // The indent is copied from a run of spaces at once, rather than appended a space at a time: a pretty
        // document of ten thousand offers has half a million lines.
        var spaces = 2 * depth
        while spaces > 0 {
            let run = min(spaces, Self.indent.count)
            bytes.append(contentsOf: Self.indent[..<run])
            spaces -= run
        }
    }

    /// Spaces to indent with.
    private static let indent = [UInt8](repeating: 0x20, count: 64)

    /// Appends `text` as a JSON string.
    private mutating func appendQuoted(_ text: String) {
        bytes.append(JSONBytes.quote)
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            var runStart = 0
            var index = 0
            while index < utf8.count {
                // Eight bytes at a time over those that need no look: a booking link is hundreds of plain bytes.
                // A quote, a backslash, a control character, DEL or a byte of a multi-byte character stops the
                // skip, and is looked at below one byte at a time.
                while index &+ 8 <= utf8.count {
                    let word = JSONBytes.word(base, index)
                    let stops = JSONBytes.stringStops(word) | JSONBytes.equal(word, 0x7F)
                    if stops != 0 {
                        index &+= JSONBytes.firstMarked(stops)
                        break
                    }
                    index &+= 8
                }
                guard index < utf8.count else { break }
                let byte = utf8[index]
                let escaped: UInt32
                let length: Int
                if byte < 0x20 || byte == JSONBytes.quote || byte == JSONBytes.backslash {
                    (escaped, length) = (UInt32(byte), 1)
                } else if terminalSafe, byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2,
                    let terminalControl = Self.terminalControl(in: utf8, at: index)
                {
                    (escaped, length) = terminalControl
                } else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                index += length
                runStart = index
                appendEscape(escaped)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(JSONBytes.quote)
    }

    /// Appends the escape for `scalar`: `\"`, `\\`, `\n`, `\r`, `\t`, or `\uXXXX` with lower-case digits.
    private mutating func appendEscape(_ scalar: UInt32) {
        bytes.append(JSONBytes.backslash)
        switch scalar {
        case UInt32(JSONBytes.quote), UInt32(JSONBytes.backslash): bytes.append(UInt8(scalar))
        case 0x0A: bytes.append(0x6E)
        case 0x0D: bytes.append(0x72)
        case 0x09: bytes.append(0x74)
        default:
            bytes.append(0x75)
            for shift in stride(from: 12, through: 0, by: -4) {
                let digit = UInt8((scalar >> UInt32(shift)) & 0x0F)
                bytes.append(digit < 10 ? 0x30 + digit : 0x61 + digit - 10)
            }
        }
    }

    /// The terminal control (DEL, C1, a bidirectional control, U+2028 or U+2029) whose UTF-8 starts at
    /// `index`, and its length in bytes; `nil` for any other character.
    private static func terminalControl(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = utf8[index]
        if lead == 0x7F { return (0x7F, 1) }
        guard index + 1 < utf8.count else { return nil }
        let second = utf8[index + 1]
        switch lead {
        case 0xC2 where (0x80...0x9F).contains(second): return (UInt32(second), 2)
        case 0xD8 where second == 0x9C: return (0x061C, 2)
        case 0xE2 where index + 2 < utf8.count:
            let third = utf8[index + 2]
            let scalar = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
            switch scalar {
            case 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return (scalar, 3)
            default: return nil
            }
        default: return nil
        }
    }
}
