import Foundation

/// Builds identifiers that are the same in every run for the same content.
///
/// Swift's `Hasher` is seeded per process, so it cannot make ids that survive a restart; this uses
/// 64-bit FNV-1a over the UTF-8 bytes of the parts, separated by a unit separator so that
/// `["ab", "c"]` and `["a", "bc"]` differ.
public enum StableIdentifier {
    /// A 16-digit lower-case hexadecimal digest of the parts, prefixed with `prefix` and `-`.
    /// - Parameters:
    ///   - prefix: a short readable prefix such as `f` for flights.
    ///   - parts: the content the id is derived from, in a fixed order.
    /// - Returns: for example `f-3a9c0b17d2e4f601`.
    public static func make(prefix: String, _ parts: [String]) -> String {
        var digest = StableDigest()
        for (index, part) in parts.enumerated() {
            if index > 0 { digest.appendSeparator() }
            digest.append(part)
        }
        return digest.identifier(prefix: prefix)
    }
}

/// The running FNV-1a state behind ``StableIdentifier``, for callers that can feed a part's text piece by
/// piece instead of building it first: feeding `"ab"` then `"c"` gives the digest of `"abc"`, and
/// `StableIdentifier.make(prefix: p, ["ab", "c"])` equals feeding `"ab"`, a separator and `"c"`, then
/// ``identifier(prefix:)``.
public struct StableDigest: Sendable {
    private static let prime: UInt64 = 0x0000_0100_0000_01b3
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Starts a digest of nothing.
    public init() {}

    /// Feeds the separator between two parts.
    public mutating func appendSeparator() { hash = (hash ^ 0x1f) &* Self.prime }

    /// Feeds text's UTF-8 bytes.
    /// - Parameter text: the text.
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    /// Feeds bytes.
    ///
    /// It takes a buffer, not any sequence of bytes: a generic function of this module is not specialised
    /// for callers in other modules, and the merge, which feeds every trip's key from another module, then
    /// paid for a generic iterator and type look-ups at every byte.
    /// - Parameter bytes: the bytes.
    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* Self.prime }
    }

    /// Feeds a decimal's text as `description` writes it, without building the string.
    /// - Parameter value: the decimal.
    public mutating func append(_ value: Decimal) {
        guard !value.isNaN else {
            append("NaN")
            return
        }
        var text: [UInt8] = []
        text.reserveCapacity(48)
        DecimalText.append(value, to: &text)
        text.withUnsafeBufferPointer { append(bytes: $0) }
    }

    /// Feeds the decimal digits of a number as `"\(number)"` writes them.
    /// - Parameter number: the number.
    public mutating func append(_ number: Int64) {
        if number < 0 { hash = (hash ^ UInt64(UInt8(ascii: "-"))) &* Self.prime }
        var magnitude = number.magnitude
        // 20 digits hold any UInt64; digits are produced from the right and fed from the left.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in (20 - count)..<20 { hash = (hash ^ UInt64(buffer[index])) &* Self.prime }
        }
    }

    /// The digest as a number: a key for a table of what was fed, such as a provider's cache of values by
    /// their text. It is FNV-1a, quick on a few bytes and no defence against chosen collisions: a table keyed
    /// by it must tell colliding texts apart.
    package var value: UInt64 { hash }

    /// The identifier: `prefix`, `-`, and 16 lower-case hexadecimal digits.
    /// - Parameter prefix: a short readable prefix such as `f` for flights.
    /// - Returns: for example `f-3a9c0b17d2e4f601`.
    public func identifier(prefix: String) -> String {
        var prefix = prefix
        return prefix.withUTF8 { head in
            String(unsafeUninitializedCapacity: head.count + 17) { buffer in
                _ = buffer.initialize(fromContentsOf: head)
                buffer[head.count] = UInt8(ascii: "-")
                for place in 0..<16 {
                    let nibble = UInt8(truncatingIfNeeded: hash >> UInt64(60 - 4 * place)) & 0xf
                    buffer[head.count + 1 + place] =
                        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                }
                return head.count + 17
            }
        }
    }
}
