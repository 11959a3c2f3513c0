/// Moves through a document that `JSONValidator` has already accepted.
///
/// Because the document is known to be valid, skipping a value only has to find where it ends: strings
/// are skipped eight bytes at a time looking for a quote or a backslash, containers by counting brackets
/// outside strings, and containers the validator recorded as large by one table look-up. In a record whose
/// validation noted where every value ends (``JSONValueEnds``), any value is skipped by a look-up.
///
/// Its steps but the container scan are inlinable, so that a provider's loop over members inlines them.
@usableFromInline
enum JSONNavigator {
    /// The offset just past the value that starts at `offset`.
    @inlinable @inline(__always)
    static func skipValue(_ context: UnsafePointer<JSONContext>, at offset: Int) -> Int {
        let bytes = context.pointee.bytes
        let count = context.pointee.count
        switch bytes[offset] {
        case JSONBytes.quote:
            if let noted = notedEnd(context, at: offset, closing: JSONBytes.quote) { return noted.end }
            return skipString(bytes, count, from: offset + 1)
        case JSONBytes.openBrace:
            if let noted = notedEnd(context, at: offset, closing: JSONBytes.closeBrace) { return noted.end }
            return skipContainer(context, at: offset)
        case JSONBytes.openBracket:
            if let noted = notedEnd(context, at: offset, closing: JSONBytes.closeBracket) { return noted.end }
            return skipContainer(context, at: offset)
        case 0x74, 0x6E:
            return offset + 4
        case 0x66:
            return offset + 5
        default:
            // A number's noted end holds when a digit ends it and nothing of a number follows it.
            if let ends = context.pointee.valueEnds, let noted = ends.end(of: offset, count: count),
                JSONBytes.isDigit(bytes[noted.end &- 1]), noted.end == count || !isNumberByte(bytes[noted.end])
            {
                return noted.end
            }
            var index = offset + 1
            while index < count, isNumberByte(bytes[index]) { index += 1 }
            return index
        }
    }

    /// Whether `byte` can be part of a number: a digit, a point, an exponent's `e` or a sign.
    @inlinable @inline(__always)
    static func isNumberByte(_ byte: UInt8) -> Bool {
        JSONBytes.isDigit(byte) || byte == JSONBytes.dot || byte | 0x20 == 0x65 || byte == JSONBytes.plus
            || byte == JSONBytes.minus
    }

    /// The end that validation noted for the string or container at `offset`, and whether it is a string with
    /// escapes, when there is a table and its entry can be this value's: at least two bytes long, and ending in
    /// `closing`.
    @inlinable @inline(__always)
    static func notedEnd(
        _ context: UnsafePointer<JSONContext>, at offset: Int, closing: UInt8
    ) -> (end: Int, escaped: Bool)? {
        guard let ends = context.pointee.valueEnds, let noted = ends.end(of: offset, count: context.pointee.count),
            noted.end > offset &+ 1, context.pointee.bytes[noted.end &- 1] == closing
        else { return nil }
        return noted
    }

    /// The offset just past the closing quote of a string whose content starts at `offset`.
    @inlinable @inline(__always)
    static func skipString(_ bytes: UnsafePointer<UInt8>, _ count: Int, from offset: Int) -> Int {
        var index = offset
        while true {
            while index &+ 8 <= count {
                let stops = JSONBytes.quoteOrBackslash(JSONBytes.word(bytes, index))
                if stops != 0 {
                    index &+= JSONBytes.firstMarked(stops)
                    break
                }
                index &+= 8
            }
            guard index < count else { return count }
            let byte = bytes[index]
            if byte == JSONBytes.quote { return index &+ 1 }
            index &+= byte == JSONBytes.backslash ? 2 : 1
        }
    }

    /// The offset just past the array or object that starts at `offset`.
    @usableFromInline
    static func skipContainer(_ context: UnsafePointer<JSONContext>, at offset: Int) -> Int {
        if let end = context.pointee.skipIndex.end(ofContainerAt: offset) { return end }
        let bytes = context.pointee.bytes
        let count = context.pointee.count
        var depth = 0
        var index = offset
        while true {
            while index &+ 8 <= count {
                let stops = JSONBytes.structural(JSONBytes.word(bytes, index))
                if stops != 0 {
                    index &+= JSONBytes.firstMarked(stops)
                    break
                }
                index &+= 8
            }
            guard index < count else { return count }
            switch bytes[index] {
            case JSONBytes.quote:
                index = skipString(bytes, count, from: index &+ 1)
            case JSONBytes.openBrace, JSONBytes.openBracket:
                depth &+= 1
                index &+= 1
            case JSONBytes.closeBrace, JSONBytes.closeBracket:
                depth &-= 1
                index &+= 1
                if depth == 0 { return index }
            default:
                index &+= 1
            }
        }
    }

    /// Where the string whose opening quote is at `offset` starts and ends (at its closing quote), and whether it
    /// holds escapes: looked up where validation noted it, else scanned.
    @inlinable @inline(__always)
    static func stringContent(
        _ context: UnsafePointer<JSONContext>, quoteAt offset: Int
    ) -> (start: Int, end: Int, escaped: Bool) {
        let bytes = context.pointee.bytes
        let count = context.pointee.count
        if let noted = notedEnd(context, at: offset, closing: JSONBytes.quote) {
            return (offset &+ 1, noted.end &- 1, noted.escaped)
        }
        return JSONStrings.content(bytes, count, quoteAt: offset)
    }

    /// The offset of the value after the member name that starts (at its quote) at `offset`.
    @inlinable @inline(__always)
    static func valueAfterName(_ bytes: UnsafePointer<UInt8>, _ count: Int, nameEnd: Int) -> Int {
        // Whitespace, the colon, whitespace.
        let colon = JSONBytes.skipWhitespace(bytes, count, nameEnd)
        return JSONBytes.skipWhitespace(bytes, count, colon + 1)
    }

    /// After a value that ends at `offset`: the start of the next element or member name, or `nil` at the
    /// end of the container.
    @inlinable @inline(__always)
    static func next(_ bytes: UnsafePointer<UInt8>, _ count: Int, after offset: Int) -> Int? {
        let index = JSONBytes.skipWhitespace(bytes, count, offset)
        guard index < count, bytes[index] == JSONBytes.comma else { return nil }
        return JSONBytes.skipWhitespace(bytes, count, index + 1)
    }

    /// The first element or member name of the container at `offset`, or `nil` when it is empty.
    @inlinable @inline(__always)
    static func first(_ bytes: UnsafePointer<UInt8>, _ count: Int, in offset: Int) -> Int? {
        let index = JSONBytes.skipWhitespace(bytes, count, offset + 1)
        guard index < count else { return nil }
        let byte = bytes[index]
        return byte == JSONBytes.closeBrace || byte == JSONBytes.closeBracket ? nil : index
    }
}
