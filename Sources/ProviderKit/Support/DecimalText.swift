import Foundation

/// Writes numbers as ASCII digits without going through `String`.
///
/// A decimal's digits come from its parts (``DecimalParts``); where this platform's `Decimal` layout is not
/// known, every decimal is written through `description` instead, which is slower but never wrong.
enum DecimalText {
    /// Appends `value` as `Decimal.description` prints it; the caller handles NaN.
    static func append(_ value: Decimal, to bytes: inout [UInt8]) {
        guard let parts = DecimalParts(value) else {
            bytes.append(contentsOf: value.description.utf8)
            return
        }
        append(parts, to: &bytes)
    }

    /// Appends a decimal given by its parts, as `Decimal.description` prints it; the caller handles NaN.
    static func append(_ parts: DecimalParts, to bytes: inout [UInt8]) {
        guard parts.length != 0 else {
            // Zero, whatever its exponent. (NaN also has no length; callers write it as null before this.)
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let exponent = parts.exponent
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            let count = writeDigits(high: parts.high, low: parts.low, into: digits)
            if parts.isNegative { bytes.append(UInt8(ascii: "-")) }
            if exponent >= 0 {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[40 - count..<40]))
                bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: exponent))
                return
            }
            let fraction = -exponent
            if count > fraction {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[40 - count..<40 - fraction]))
                bytes.append(UInt8(ascii: "."))
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[40 - fraction..<40]))
            } else {
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "."))
                bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: fraction - count))
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[40 - count..<40]))
            }
        }
    }

    /// Appends an integer's digits, with a minus sign when negative.
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(value.magnitude), minimumCount: 1, to: &bytes)
    }

    /// Appends the digits of `value`, with leading zeros up to `minimumCount`.
    static func appendDigits(_ value: UInt64, minimumCount: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            let count = writeDigits(high: 0, low: value, into: digits)
            if minimumCount > count {
                bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: minimumCount - count))
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
                digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        repeat {
            position -= 1
            digits[position] = UInt8(ascii: "0") + UInt8(low % 10)
            low /= 10
        } while low != 0
        return 40 - position
    }
}
