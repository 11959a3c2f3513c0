/// One merge key's text, as ``MergeKeys`` states it, held in the value itself when it is short: building,
/// hashing, comparing and copying a key then allocates nothing and touches no reference counts. Two keys are
/// equal exactly when their texts are.
struct TripKey: Hashable {
    /// The longest text held inline; a longer one (trips of several segments) is kept as a string.
    static let inlineCapacity = 47

    /// The text's bytes, zero beyond `count`; all zero once the text is kept in `spilled`.
    private var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    /// How many bytes the text has.
    private var count = 0
    /// The text, once it is longer than ``inlineCapacity``.
    private var spilled: String?

    /// An empty key, to append to.
    init() {}

    /// A key with the given text.
    init(text: String) { append(text) }

    /// Appends text.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    /// Appends the decimal digits of a number as `"\(number)"` writes them.
    mutating func append(_ number: Int64) {
        // 20 digits and a sign hold any Int64; digits are produced from the right.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = number.magnitude
            var start = 24
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            append(bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<24]).assumingMemoryBound(to: UInt8.self))
        }
    }

    private mutating func append(bytes text: UnsafeBufferPointer<UInt8>) {
        if spilled == nil, count + text.count <= Self.inlineCapacity {
            let start = count
            withUnsafeMutableBytes(of: &bytes) { buffer in
                for (offset, byte) in text.enumerated() { buffer[start + offset] = byte }
            }
            count += text.count
            return
        }
        if spilled == nil {
            spilled = inlineText
            bytes = (0, 0, 0, 0, 0, 0)
        }
        spilled? += String(decoding: text, as: UTF8.self)
        count += text.count
    }

    private var inlineText: String {
        var bytes = bytes
        return withUnsafeBytes(of: &bytes) { buffer in String(decoding: buffer.prefix(count), as: UTF8.self) }
    }

    /// The key's text.
    var text: String { spilled ?? inlineText }

    /// A stable id derived from the key's text, as `StableIdentifier.make(prefix:_:)` makes it from
    /// ``text``, without building the text.
    func identifier(prefix: String) -> String {
        var digest = StableDigest()
        if let spilled {
            digest.append(spilled)
        } else {
            var bytes = bytes
            withUnsafeBytes(of: &bytes) { buffer in digest.append(bytes: buffer.prefix(count)) }
        }
        return digest.identifier(prefix: prefix)
    }

    static func == (lhs: TripKey, rhs: TripKey) -> Bool {
        lhs.count == rhs.count && lhs.bytes.0 == rhs.bytes.0 && lhs.bytes.1 == rhs.bytes.1
            && lhs.bytes.2 == rhs.bytes.2 && lhs.bytes.3 == rhs.bytes.3 && lhs.bytes.4 == rhs.bytes.4
            && lhs.bytes.5 == rhs.bytes.5 && lhs.spilled == rhs.spilled
    }

    func hash(into hasher: inout Hasher) {
        // Only the bytes in use: the rest are zero in every key of this length.
        hasher.combine(count)
        var bytes = bytes
        withUnsafeBytes(of: &bytes) { buffer in
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: buffer.prefix(spilled == nil ? count : 0)))
        }
        hasher.combine(spilled)
    }
}
