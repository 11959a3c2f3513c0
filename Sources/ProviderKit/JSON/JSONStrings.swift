/// Reads strings and member names of a validated document.
@usableFromInline
enum JSONStrings {
    /// The content of the string whose opening quote is at `offset`: where it starts and ends (the
    /// closing quote) and whether it holds any escape.
    @inlinable @inline(__always)
    static func content(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, quoteAt offset: Int
    ) -> (start: Int, end: Int, escaped: Bool) {
        var index = offset + 1
        var escaped = false
        while true {
            while index &+ 8 <= count {
                let stops = JSONBytes.quoteOrBackslash(JSONBytes.word(bytes, index))
                if stops != 0 {
                    index &+= JSONBytes.firstMarked(stops)
                    break
                }
                index &+= 8
            }
            guard index < count else { return (offset + 1, count, escaped) }
            let byte = bytes[index]
            if byte == JSONBytes.quote { return (offset + 1, index, escaped) }
            if byte == JSONBytes.backslash {
                escaped = true
                index &+= 2
            } else {
                index &+= 1
            }
        }
    }

    /// The string whose opening quote is at `offset`, escapes resolved.
    static func string(_ bytes: UnsafePointer<UInt8>, _ count: Int, quoteAt offset: Int) -> String {
        let (start, end, escaped) = content(bytes, count, quoteAt: offset)
        return string(bytes, from: start, to: end, escaped: escaped)
    }

    /// The string whose content is `bytes[start..<end]`, escapes resolved when it has any.
    static func string(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, escaped: Bool) -> String {
        guard escaped else {
            return String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: end - start) { buffer in
            unescape(bytes, from: start, to: end, into: buffer)
        }
    }

    /// Whether the member name whose quote is at `offset` equals `key`, and the offset after the name.
    /// `plainKey` says that `key` holds no backslash.
    @inline(__always)
    static func name(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, quoteAt offset: Int, equals key: UnsafeBufferPointer<UInt8>,
        plainKey: Bool
    ) -> (equal: Bool, end: Int) {
        let start = offset + 1
        let length = key.count
        // A name spelled exactly like the key, followed by a quote, is the key: it cannot hold a backslash
        // unless the key does, so that quote really closes it.
        if plainKey, start + length < count, bytes[start + length] == JSONBytes.quote {
            var position = 0
            while position < length, bytes[start + position] == key[position] { position += 1 }
            if position == length { return (true, start + length + 1) }
        }
        let content = content(bytes, count, quoteAt: offset)
        guard content.escaped else { return (false, content.end + 1) }
        let equal = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: content.end - content.start) { buffer in
            let written = unescape(bytes, from: content.start, to: content.end, into: buffer)
            return written == length && (0..<length).allSatisfy { buffer[$0] == key[$0] }
        }
        return (equal, content.end + 1)
    }

    /// Whether the string whose opening quote is at `offset`, with `content` as ``content(_:_:quoteAt:)`` finds
    /// it, is `key` once escapes are resolved: a string without escapes is its bytes, and only one with escapes
    /// is resolved. `plainKey` says that `key` holds no backslash.
    @inline(__always)
    static func equals(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, quoteAt offset: Int,
        content: (start: Int, end: Int, escaped: Bool),
        key: UnsafeBufferPointer<UInt8>, plainKey: Bool
    ) -> Bool {
        guard content.escaped else {
            return content.end - content.start == key.count
                && UnsafeBufferPointer(start: bytes + content.start, count: key.count).elementsEqual(key)
        }
        return name(bytes, count, quoteAt: offset, equals: key, plainKey: plainKey).equal
    }

    /// Calls `body` with `bytes[start..<end]`, escapes resolved, in a temporary buffer valid only inside `body`.
    static func withUnescaped(
        _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - start) { buffer in
            let written = unescape(bytes, from: start, to: end, into: buffer)
            body(UnsafeBufferPointer(rebasing: buffer[0..<written]))
        }
    }

    /// Resolves the escapes of `bytes[start..<end]` into `buffer`, which must hold `end - start` bytes
    /// (no escape is shorter than what it stands for), and returns how many bytes it wrote. A `\u` escape
    /// naming half of a surrogate pair without its other half becomes U+FFFD.
    static func unescape(
        _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        var written = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == JSONBytes.backslash, index + 1 < end else {
                buffer[written] = byte
                written += 1
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            let replacement: UInt8
            switch escape {
            case 0x62: replacement = 0x08
            case 0x66: replacement = 0x0C
            case 0x6E: replacement = 0x0A
            case 0x72: replacement = 0x0D
            case 0x74: replacement = 0x09
            case 0x75:
                var scalar = hex4(bytes, at: index, end: end) ?? 0xFFFD
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    if index + 6 <= end, bytes[index] == JSONBytes.backslash, bytes[index + 1] == 0x75,
                        let low = hex4(bytes, at: index + 2, end: end), (0xDC00...0xDFFF).contains(low)
                    {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                written += encode(scalar, into: buffer, at: written)
                continue
            default: replacement = escape
            }
            buffer[written] = replacement
            written += 1
        }
        return written
    }

    private static func hex4(_ bytes: UnsafePointer<UInt8>, at offset: Int, end: Int) -> UInt32? {
        guard offset + 4 <= end else { return nil }
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            guard let digit = JSONBytes.hexValue(bytes[index]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func encode(_ scalar: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int
    {
        switch scalar {
        case 0..<0x80:
            buffer[offset] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            buffer[offset] = UInt8(0xC0 | scalar >> 6)
            buffer[offset + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            buffer[offset] = UInt8(0xE0 | scalar >> 12)
            buffer[offset + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            buffer[offset + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            buffer[offset] = UInt8(0xF0 | scalar >> 18)
            buffer[offset + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            buffer[offset + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            buffer[offset + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
