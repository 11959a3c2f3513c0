/// The end of a large JSON file, read backwards to find where its largest array ends without following the
/// array through (``JSONFileSplitter/guess(_:maxDepth:limits:)``).
///
/// Read backwards from its end, a valid document can be followed exactly: outside strings, brackets are
/// structure, and a quote closes a string that opens at the nearest quote before it not escaped, that is not
/// preceded by an odd number of backslashes (inside a string, a backslash always starts an escape). What this
/// finds is a guess all the same, since the file need not be valid: it is checked by reading the array's
/// elements, which must end exactly where the guess says.
enum JSONTail {
    /// The start of the element after the one that ends at `offset`: past whitespace, a comma and whitespace,
    /// within the next 4 KiB.
    /// - Returns: the offset, and the bytes before it from `offset` on; `nil` when the array ends there or
    ///   anything but a comma follows.
    static func elementAfterComma(
        in file: RegularFile.Opened, at offset: Int
    ) throws(RegularFile.Failure) -> (start: Int, before: ArraySlice<UInt8>)? {
        guard let bytes = try bytes(of: file, in: offset..<min(offset + (4 << 10), file.size)) else { return nil }
        let found = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let comma = JSONBytes.skipWhitespace(base, buffer.count, 0)
            guard comma < buffer.count, base[comma] == JSONBytes.comma else { return nil }
            let start = JSONBytes.skipWhitespace(base, buffer.count, comma + 1)
            guard start < buffer.count, base[start] != JSONBytes.closeBracket else { return nil }
            return start
        }
        return found.map { (offset + $0, bytes[..<$0]) }
    }

    /// Where the array holding the element that starts at `start` ends, `depth` containers deep counting the
    /// array: its closing bracket, found reading at most `budget` bytes from the file's end backwards.
    /// - Returns: the bracket's offset, and the bytes of the file from it on; `nil` when the walk does not end
    ///   inside such an array.
    static func arrayEnd(
        in file: RegularFile.Opened, depth: Int, after start: Int, budget: Int
    ) throws(RegularFile.Failure) -> (end: Int, from: ArraySlice<UInt8>)? {
        let base = file.size - min(budget, file.size - start - 1)
        guard depth > 0, base < file.size, let bytes = try bytes(of: file, in: base..<file.size) else { return nil }
        let found = bytes.withUnsafeBufferPointer { closingBracket(in: $0, depth: depth) }
        return found.map { (base + $0, bytes[$0...]) }
    }

    /// The bytes of `file` in `range`, or `nil` when the file ends sooner.
    static func bytes(of file: RegularFile.Opened, in range: Range<Int>) throws(RegularFile.Failure) -> [UInt8]? {
        guard !range.isEmpty else { return [] }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: range.count)
        defer { bytes.deallocate() }
        guard try file.read(into: bytes, count: range.count, at: range.lowerBound) == range.count else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: range.count))
    }

    /// In `bytes`, the end of a document, the offset of the closing bracket of the array `target` containers
    /// deep (counting the array) in which the backward walk runs out of bytes.
    /// - Returns: the offset, or `nil` when the walk runs out elsewhere, or leaves the document.
    static func closingBracket(in bytes: UnsafeBufferPointer<UInt8>, depth target: Int) -> Int? {
        var index = bytes.count - 1
        // How many containers the walk is in, counted from the document's end.
        var depth = 0
        // The closing bracket of the container `target` deep that the walk is in, when that is an array.
        var candidate: Int?
        // The walk ran out of bytes: inside that container, its closing bracket is the answer.
        var found: Int? { depth >= target ? candidate : nil }
        while index >= 0 {
            let byte = bytes[index]
            switch byte {
            case JSONBytes.quote:
                // The string's opening quote: the nearest quote before it that an even number of backslashes
                // precedes.
                var opening = index - 1
                while true {
                    while opening >= 0, bytes[opening] != JSONBytes.quote { opening -= 1 }
                    guard opening >= 0 else { return found }
                    var before = opening - 1
                    while before >= 0, bytes[before] == JSONBytes.backslash { before -= 1 }
                    guard before >= 0 else { return found }
                    if (opening - 1 - before) % 2 == 0 { break }
                    // An escaped quote; the byte before its backslashes may be a quote of its own.
                    opening = before
                }
                index = opening - 1
            case JSONBytes.closeBrace, JSONBytes.closeBracket:
                depth += 1
                if depth == target { candidate = byte == JSONBytes.closeBracket ? index : nil }
                index -= 1
            case JSONBytes.openBrace, JSONBytes.openBracket:
                // A container that opens within the bytes is not the one the walk is looking for.
                if depth == target { candidate = nil }
                depth -= 1
                guard depth >= 0 else { return nil }
                index -= 1
            default:
                index -= 1
            }
        }
        return found
    }
}
