import Foundation

/// Writes numbers as ASCII digits without going through `String`.
///
/// A `Decimal`'s significand has no public accessor on Linux, so it is read from the value's memory: 20
/// bytes on every platform, with the exponent in byte 0, the length and sign flags in byte 1 (in different
/// bits on Linux and on Apple platforms) and eight 16-bit words of significand from byte 4. Which layout
/// applies is decided once, by checking candidates against `Decimal.description` on sample values; if none
/// matches, every decimal is written through `description` instead, which is slower but never wrong.
enum DecimalText {
    /// Where byte 1 of a `Decimal` keeps its flags.
    struct Layout: Sendable {
        /// How far to shift byte 1 right to bring the 4-bit length to the bottom.
        let lengthShift: UInt8
        /// The bit of byte 1 that marks a negative value.
        let negativeBit: UInt8

        /// swift-foundation's `Decimal` (Linux, Windows).
        static let swiftFoundation = Layout(lengthShift: 4, negativeBit: 0x08)
        /// `NSDecimal`'s C bit-fields (Apple platforms).
        static let bitFields = Layout(lengthShift: 0, negativeBit: 0x10)
    }

    /// The layout this platform's `Decimal` has, or `nil` when neither candidate checks out.
    static let layout: Layout? = {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        return [Layout.swiftFoundation, .bitFields].first(where: verify)
    }()

    /// Whether formatting through `layout` matches `description` on values that exercise every part of it.
    private static func verify(_ layout: Layout) -> Bool {
        var samples: [Decimal] = [
            0, 1, -1, 7, 10, -250, 169, Decimal(UInt64.max), Decimal(Int64.min),
            Decimal(sign: .minus, exponent: -3, significand: 123_456_789),
            Decimal(sign: .plus, exponent: -20, significand: 5),
            Decimal(sign: .plus, exponent: 20, significand: 987),
            Decimal(1) / Decimal(3), Decimal(-2) / Decimal(7),
        ]
        for text in ["12345678901234567890123456789012345678", "-0.000123", "94.43", "1.5"] {
            if let value = Decimal(string: text) { samples.append(value) }
        }
        return samples.allSatisfy { sample in
            var bytes: [UInt8] = []
            append(sample, layout: layout, to: &bytes)
            return bytes.elementsEqual(sample.description.utf8)
        }
    }

    /// Appends `value` as `Decimal.description` prints it; the caller handles NaN.
    static func append(_ value: Decimal, to bytes: inout [UInt8]) {
        guard let layout else {
            bytes.append(contentsOf: value.description.utf8)
            return
        }
        append(value, layout: layout, to: &bytes)
    }

    private static func append(_ value: Decimal, layout: Layout, to bytes: inout [UInt8]) {
        var decimal = value
        let (exponent, length, negative, high, low) = withUnsafeBytes(of: &decimal) { raw in
            let flags = raw[1]
            let length = Int((flags >> layout.lengthShift) & 0x0F)
            var high: UInt64 = 0
            var low: UInt64 = 0
            for word in 0..<min(length, 8) {
                let bits = UInt64(
                    UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 4 + 2 * word, as: UInt16.self)))
                if word < 4 { low |= bits << (16 * word) } else { high |= bits << (16 * (word - 4)) }
            }
            return (Int(Int8(bitPattern: raw[0])), length, flags & layout.negativeBit != 0, high, low)
        }
        guard length != 0 else {
            // Zero, whatever its exponent. (NaN also has no length; callers write it as null before this.)
            bytes.append(JSONBytes.zero)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            let count = writeDigits(high: high, low: low, into: digits)
            if negative { bytes.append(JSONBytes.minus) }
            if exponent >= 0 {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[40 - count..<40]))
                bytes.append(contentsOf: repeatElement(JSONBytes.zero, count: exponent))
                return
            }
            let fraction = -exponent
            if count > fraction {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[40 - count..<40 - fraction]))
                bytes.append(JSONBytes.dot)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[40 - fraction..<40]))
            } else {
                bytes.append(JSONBytes.zero)
                bytes.append(JSONBytes.dot)
                bytes.append(contentsOf: repeatElement(JSONBytes.zero, count: fraction - count))
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[40 - count..<40]))
            }
        }
    }

    /// Appends an integer's digits, with a minus sign when negative.
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(JSONBytes.minus) }
        appendDigits(UInt64(value.magnitude), minimumCount: 1, to: &bytes)
    }

    /// Appends the digits of `value`, with leading zeros up to `minimumCount`.
    static func appendDigits(_ value: UInt64, minimumCount: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            let count = writeDigits(high: 0, low: value, into: digits)
            if minimumCount > count {
                bytes.append(contentsOf: repeatElement(JSONBytes.zero, count: minimumCount - count))
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[40 - count..<40]))
        }
    }

    /// Writes the decimal digits of the 128-bit number `high`·2⁶⁴ + `low` right-aligned at the end of
    /// `digits` (40 bytes) and returns how many there are (at least one).
    private static func writeDigits(high: UInt64, low: UInt64, into digits: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var high = high
        var low = low
        var position = 40
        let chunk: UInt64 = 10_000_000_000_000_000_000
        while high != 0 {
            // Peel off the lowest 19 digits: a full-width division by 10¹⁹.
            let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: chunk)
            let (lowQuotient, remainder) = chunk.dividingFullWidth((high: highRemainder, low: low))
            high = highQuotient
            low = lowQuotient
            var rest = remainder
            for _ in 0..<19 {
                position -= 1
                digits[position] = JSONBytes.zero + UInt8(rest % 10)
                rest /= 10
            }
        }
        repeat {
            position -= 1
            digits[position] = JSONBytes.zero + UInt8(low % 10)
            low /= 10
        } while low != 0
        return 40 - position
    }
}
