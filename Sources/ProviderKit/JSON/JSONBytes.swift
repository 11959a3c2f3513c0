/// Byte-level helpers shared by the validator and the navigator.
///
/// The word-at-a-time tests (SWAR) look at eight bytes at once: each returns a mask whose lowest set
/// bit marks the first byte of interest (higher bits may be false alarms, so only the lowest is used).
///
/// What the navigator's inlinable steps use is inlinable too, so that a provider's loop over a record's
/// members, in another module, runs without a call per member; the constants are computed, so that inlined
/// code folds them rather than calling an accessor.
@usableFromInline
enum JSONBytes {
    @inlinable static var quote: UInt8 { 0x22 }
    @inlinable static var backslash: UInt8 { 0x5C }
    @inlinable static var comma: UInt8 { 0x2C }
    @inlinable static var colon: UInt8 { 0x3A }
    @inlinable static var openBrace: UInt8 { 0x7B }
    @inlinable static var closeBrace: UInt8 { 0x7D }
    @inlinable static var openBracket: UInt8 { 0x5B }
    @inlinable static var closeBracket: UInt8 { 0x5D }
    @inlinable static var minus: UInt8 { 0x2D }
    @inlinable static var plus: UInt8 { 0x2B }
    @inlinable static var dot: UInt8 { 0x2E }
    @inlinable static var zero: UInt8 { 0x30 }

    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// Eight bytes starting at `bytes + offset`, the first in the lowest bits.
    @inlinable @inline(__always)
    static func word(_ bytes: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
    }

    /// Marks bytes equal to `byte`.
    @inlinable @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Marks the bytes a string scan must stop at: a quote, a backslash, a control character or the
    /// start of a multi-byte character.
    @inline(__always)
    static func stringStops(_ word: UInt64) -> UInt64 {
        // A byte below 0x20 borrows into its top bit when 0x20 is subtracted; one from 0x80 has it set.
        let controlsOrMultiByte = ((word &- ones &* 0x20) | word) & highs
        return equal(word, quote) | equal(word, backslash) | controlsOrMultiByte
    }

    /// Marks quotes and backslashes: all a scan of an already validated string must stop at.
    @inlinable @inline(__always)
    static func quoteOrBackslash(_ word: UInt64) -> UInt64 {
        equal(word, quote) | equal(word, backslash)
    }

    /// Marks quotes and brackets, plus `Y`, `_`, `y` and DEL, which share their low bits and which
    /// the caller ignores.
    @inline(__always)
    static func structural(_ word: UInt64) -> UInt64 {
        let folded = (word | ones &* 0x20) & (ones &* 0xF9)
        return equal(word, quote) | equal(folded, 0x79)
    }

    /// The index of the first byte a mask marks.
    @inlinable @inline(__always)
    static func firstMarked(_ mask: UInt64) -> Int {
        mask.trailingZeroBitCount &>> 3
    }

    /// The first place from `index` on, before `end`, where an element of an array of objects or arrays seems
    /// to start: a `{` or `[` that a comma and a `}` or `]` precede, with any whitespace between, looked for
    /// down to the first byte. It may be an element of an array inside the one looked for, or lie in a string:
    /// where a pass starts from it, the pass says whether it was right.
    static func likelyElementStart(_ bytes: UnsafePointer<UInt8>, from index: Int, to end: Int) -> Int? {
        var candidate = index
        while candidate < end {
            let start = candidate
            candidate += 1
            guard bytes[start] == openBrace || bytes[start] == openBracket else { continue }
            var before = start - 1
            while before >= 0, isWhitespace(bytes[before]) { before -= 1 }
            guard before > 0, bytes[before] == comma else { continue }
            before -= 1
            while before >= 0, isWhitespace(bytes[before]) { before -= 1 }
            guard before >= 0, bytes[before] == closeBrace || bytes[before] == closeBracket else { continue }
            return start
        }
        return nil
    }

    /// Whether `byte` is JSON whitespace: space, tab, line feed or carriage return.
    @inlinable @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte <= 0x20 && (byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09)
    }

    /// The first offset at or after `offset` that is not whitespace, or `count`.
    @inlinable @inline(__always)
    static func skipWhitespace(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ offset: Int) -> Int {
        // Compact JSON has no whitespace between tokens: check for that before looping.
        if offset < count, bytes[offset] > 0x20 { return offset }
        return skipWhitespaceRun(bytes, count, offset)
    }

    /// `skipWhitespace` for when there may be some: pretty-printed JSON indents with runs of spaces,
    /// which are skipped eight at a time.
    @usableFromInline @inline(never)
    static func skipWhitespaceRun(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ offset: Int) -> Int {
        var index = offset
        while index < count, isWhitespace(bytes[index]) {
            index &+= 1
            while index &+ 8 <= count, word(bytes, index) == 0x2020_2020_2020_2020 { index &+= 8 }
        }
        return index
    }

    /// Whether `byte` is an ASCII digit.
    @inlinable @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- zero < 10
    }

    /// The value of a hexadecimal digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
