import Foundation

/// A number's text reduced to sign, significand and power of ten, exactly as written.
///
/// The significand keeps as many leading digits as fit in 128 bits (38 or 39, what `Decimal` holds), with
/// trailing zeros removed, so `169.50` becomes 1695 × 10⁻¹. Longer numbers are rounded half to even at
/// the last digit kept and marked `inexact`.
struct JSONNumberParts {
    /// Whether the number has a minus sign.
    private(set) var negative = false
    /// The significand's upper 64 bits.
    private(set) var high: UInt64 = 0
    /// The significand's lower 64 bits.
    private(set) var low: UInt64 = 0
    /// The power of ten the significand is multiplied by.
    private(set) var exponent = 0
    /// Whether nonzero digits past the last one kept were rounded away.
    private(set) var inexact = false
    /// How many digits stand before the decimal point (zero or less for numbers below one).
    private(set) var integerDigits = 0

    /// Whether the value is zero.
    var isZero: Bool { high == 0 && low == 0 }

    /// Parses `bytes[start..<end]`.
    /// - Parameters:
    ///   - lenient: also accepts a leading `+`, leading zeros and a point with digits on one side only
    ///     (`+007`, `.5`, `5.`), as numbers inside strings come.
    /// - Returns: `nil` unless the whole range is a number.
    static func parse(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, lenient: Bool) -> JSONNumberParts? {
        var parts = JSONNumberParts()
        var index = start
        if index < end, bytes[index] == JSONBytes.minus {
            parts.negative = true
            index += 1
        } else if lenient, index < end, bytes[index] == JSONBytes.plus {
            index += 1
        }
        // Digits from the first nonzero one; of those, how many the significand holds; the first one it
        // could not hold, and whether any later one is nonzero.
        var significant = 0
        var kept = 0
        var full = false
        var roundingDigit: UInt64 = 0
        var sticky = false
        var fractionDigits = 0

        let integerStart = index
        while index < end, JSONBytes.isDigit(bytes[index]) {
            parts.take(UInt64(bytes[index] &- JSONBytes.zero), &significant, &kept, &full, &roundingDigit, &sticky)
            index += 1
        }
        let integerLength = index - integerStart
        if !lenient {
            guard integerLength > 0, integerLength == 1 || bytes[integerStart] != JSONBytes.zero else { return nil }
        }
        if index < end, bytes[index] == JSONBytes.dot {
            index += 1
            let fractionStart = index
            while index < end, JSONBytes.isDigit(bytes[index]) {
                parts.take(UInt64(bytes[index] &- JSONBytes.zero), &significant, &kept, &full, &roundingDigit, &sticky)
                index += 1
            }
            fractionDigits = index - fractionStart
            if !lenient, fractionDigits == 0 { return nil }
        }
        guard integerLength + fractionDigits > 0 else { return nil }
        var written = 0
        if index < end, bytes[index] | 0x20 == 0x65 {
            index += 1
            var negativeExponent = false
            if index < end, bytes[index] == JSONBytes.plus || bytes[index] == JSONBytes.minus {
                negativeExponent = bytes[index] == JSONBytes.minus
                index += 1
            }
            let exponentStart = index
            while index < end, JSONBytes.isDigit(bytes[index]) {
                // Saturate: anything this large is out of every range anyway.
                if written < 100_000_000 { written = written * 10 + Int(bytes[index] &- JSONBytes.zero) }
                index += 1
            }
            guard index > exponentStart else { return nil }
            if negativeExponent { written = -written }
        }
        guard index == end else { return nil }

        parts.integerDigits = significant + written - fractionDigits
        parts.exponent = written - fractionDigits + (significant - kept)
        if full {
            parts.inexact = roundingDigit != 0 || sticky
            if roundingDigit > 5 || (roundingDigit == 5 && (sticky || parts.low & 1 == 1)) {
                parts.roundUp()
            }
        }
        parts.removeTrailingZeros()
        return parts
    }

    /// The number that starts at `start` of a validated document, when it is a plain whole number: an optional
    /// minus, then at most 18 digits without a leading zero, then neither a fraction nor an exponent. It is
    /// read in one pass, with what ``parse(_:from:to:lenient:)`` gives for it; any other number gives `nil`,
    /// for `parse` to read.
    @inline(__always)
    static func plainWhole(_ bytes: UnsafePointer<UInt8>, _ count: Int, at start: Int) -> JSONNumberParts? {
        guard let (negative, magnitude, digits) = plainWholeDigits(bytes, count, at: start) else { return nil }
        var parts = JSONNumberParts()
        parts.negative = negative
        parts.low = magnitude
        // Without leading zeros, every digit of a nonzero number stands before the point; zero has none.
        parts.integerDigits = magnitude == 0 ? 0 : digits
        parts.removeTrailingZeros()
        return parts
    }

    /// ``plainWhole(_:_:at:)`` as the whole number itself: what `int64` gives for its parts, without them.
    @inline(__always)
    static func plainWholeValue(_ bytes: UnsafePointer<UInt8>, _ count: Int, at start: Int) -> Int64? {
        guard let (negative, magnitude, _) = plainWholeDigits(bytes, count, at: start) else { return nil }
        // At most 18 digits: within Int64 either way.
        let value = Int64(magnitude)
        return negative ? -value : value
    }

    /// The sign, value and number of digits of a plain whole number at `start` (see ``plainWhole(_:_:at:)``).
    @inline(__always)
    private static func plainWholeDigits(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, at start: Int
    ) -> (negative: Bool, magnitude: UInt64, digits: Int)? {
        var index = start
        let negative = index < count && bytes[index] == JSONBytes.minus
        if negative { index &+= 1 }
        let digitsStart = index
        var value: UInt64 = 0
        while index < count, index &- digitsStart < 19 {
            let digit = bytes[index] &- JSONBytes.zero
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            index &+= 1
        }
        let length = index &- digitsStart
        guard length > 0, length < 19, length == 1 || bytes[digitsStart] != JSONBytes.zero else { return nil }
        if index < count {
            let next = bytes[index]
            guard next != JSONBytes.dot, next | 0x20 != 0x65 else { return nil }
        }
        return (negative, value, length)
    }

    /// Adds one more digit of the number.
    @inline(__always)
    private mutating func take(
        _ digit: UInt64, _ significant: inout Int, _ kept: inout Int, _ full: inout Bool,
        _ roundingDigit: inout UInt64, _ sticky: inout Bool
    ) {
        if significant == 0 && digit == 0 { return }
        significant += 1
        if full {
            if digit != 0 { sticky = true }
        } else if multiplyAdd(digit) {
            kept += 1
        } else {
            full = true
            roundingDigit = digit
        }
    }

    /// significand = significand × 10 + digit, unless that overflows 128 bits.
    @inline(__always)
    private mutating func multiplyAdd(_ digit: UInt64) -> Bool {
        if high == 0, low <= (UInt64.max - 9) / 10 {
            low = low &* 10 &+ digit
            return true
        }
        let (carry, product) = low.multipliedFullWidth(by: 10)
        let (sum, overflow) = product.addingReportingOverflow(digit)
        let (highTimesTen, highOverflow) = high.multipliedReportingOverflow(by: 10)
        let (newHigh, carryOverflow) = highTimesTen.addingReportingOverflow(carry &+ (overflow ? 1 : 0))
        guard !highOverflow, !carryOverflow else { return false }
        low = sum
        high = newHigh
        return true
    }

    /// Adds one unit in the last place kept.
    private mutating func roundUp() {
        let (sum, overflow) = low.addingReportingOverflow(1)
        low = sum
        guard overflow else { return }
        if high < UInt64.max {
            high += 1
            return
        }
        // The significand was 2¹²⁸ − 1 (which ends in 5): drop that digit and round up what is left.
        (high, low) = (UInt64.max, UInt64.max)
        let (quotientHigh, quotientLow, _) = dividedByTen()
        (high, low) = (quotientHigh, quotientLow)
        exponent += 1
        low += 1
    }

    /// Moves trailing zeros of the significand into the exponent.
    private mutating func removeTrailingZeros() {
        while !isZero {
            if high == 0 {
                guard low % 10 == 0 else { return }
                low /= 10
            } else {
                let (quotientHigh, quotientLow, remainder) = dividedByTen()
                guard remainder == 0 else { return }
                (high, low) = (quotientHigh, quotientLow)
            }
            exponent += 1
        }
    }

    /// The significand divided by ten, and the remainder.
    private func dividedByTen() -> (high: UInt64, low: UInt64, remainder: UInt64) {
        let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: 10)
        let (lowQuotient, remainder) = UInt64(10).dividingFullWidth((high: highRemainder, low: low))
        return (highQuotient, lowQuotient, remainder)
    }

    /// The value as a `Decimal`, or `nil` when its power of ten is outside −128…127 (after removing
    /// trailing zeros), which `Decimal` cannot hold.
    var decimal: Decimal? {
        if isZero { return Decimal() }
        guard (-128...127).contains(exponent) else { return nil }
        let significand: Decimal
        if high == 0 {
            significand = Decimal(low)
        } else {
            // Exact: the significand fits in 128 bits, as Decimal's mantissa does.
            significand = Decimal(high) * (Decimal(UInt64.max) + 1) + Decimal(low)
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: significand)
    }

    /// The outcome of asking for a whole number.
    enum Integer {
        case value(Int64)
        case fraction
        case outOfRange
    }

    /// The value as an `Int64`: only whole values, in any spelling (`1.0`, `1e2`, `-0`).
    var int64: Integer {
        if isZero { return .value(0) }
        guard integerDigits <= 19 else { return .outOfRange }
        guard !inexact, exponent >= 0 else { return .fraction }
        guard high == 0 else { return .outOfRange }
        var magnitude = low
        for _ in 0..<exponent {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return .outOfRange }
            magnitude = product
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return .outOfRange }
            return .value(Int64(truncatingIfNeeded: 0 &- magnitude))
        }
        guard magnitude <= UInt64(Int64.max) else { return .outOfRange }
        return .value(Int64(magnitude))
    }

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// The value as a `Double` when one multiplication or division by an exact power of ten gives the
    /// correctly rounded result (Clinger's fast path); `nil` when the caller must parse the text.
    var fastDouble: Double? {
        if isZero { return negative ? -0.0 : 0.0 }
        guard !inexact, high == 0, low < 1 << 53, (-22...22).contains(exponent) else { return nil }
        let magnitude =
            exponent >= 0
            ? Double(low) * Self.exactPowersOfTen[exponent] : Double(low) / Self.exactPowersOfTen[-exponent]
        return negative ? -magnitude : magnitude
    }
}
