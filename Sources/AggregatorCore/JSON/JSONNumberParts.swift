import Foundation

/// A number's text reduced to sign, significand and power of ten, exactly as written.
///
/// The significand keeps at most 38 significant digits (what `Decimal` holds) with trailing zeros
/// removed, so `169.50` becomes 1695 × 10⁻¹. Longer numbers are rounded half to even at the 38th digit
/// and marked `inexact`.
struct JSONNumberParts {
    /// Whether the number has a minus sign.
    private(set) var negative = false
    /// The significand's upper 64 bits.
    private(set) var high: UInt64 = 0
    /// The significand's lower 64 bits.
    private(set) var low: UInt64 = 0
    /// The power of ten the significand is multiplied by.
    private(set) var exponent = 0
    /// Whether nonzero digits past the 38th were rounded away.
    private(set) var inexact = false
    /// How many digits stand before the decimal point (zero or less for numbers below one).
    private(set) var integerDigits = 0

    private static let maximumDigits = 38

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
        var significant = 0
        var committed = 0
        var pendingZeros = 0
        var fractionDigits = 0
        var roundingDigit: UInt64 = 0
        var sticky = false

        func take(_ digit: UInt64) {
            if significant == 0 && digit == 0 { return }
            let position = significant
            significant += 1
            if position < maximumDigits {
                if digit == 0 {
                    pendingZeros += 1
                } else {
                    for _ in 0..<pendingZeros { parts.multiplyAdd(0) }
                    parts.multiplyAdd(digit)
                    committed = position + 1
                    pendingZeros = 0
                }
            } else if position == maximumDigits {
                roundingDigit = digit
            } else if digit != 0 {
                sticky = true
            }
        }

        let integerStart = index
        while index < end, JSONBytes.isDigit(bytes[index]) {
            take(UInt64(bytes[index] &- JSONBytes.zero))
            index += 1
        }
        let integerLength = index - integerStart
        if !lenient {
            guard integerLength > 0, integerLength == 1 || bytes[integerStart] != JSONBytes.zero else { return nil }
        }
        var fractionLength = 0
        if index < end, bytes[index] == JSONBytes.dot {
            index += 1
            let fractionStart = index
            while index < end, JSONBytes.isDigit(bytes[index]) {
                fractionDigits += 1
                take(UInt64(bytes[index] &- JSONBytes.zero))
                index += 1
            }
            fractionLength = index - fractionStart
            if !lenient, fractionLength == 0 { return nil }
        }
        guard integerLength + fractionLength > 0 else { return nil }
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
        parts.exponent = written - fractionDigits + (significant - committed)
        if significant > maximumDigits {
            parts.inexact = roundingDigit != 0 || sticky
            let lastKeptIsOdd = pendingZeros == 0 && parts.low & 1 == 1
            if roundingDigit > 5 || (roundingDigit == 5 && (sticky || lastKeptIsOdd)) {
                for _ in 0..<pendingZeros { parts.multiplyAdd(0) }
                parts.exponent -= pendingZeros
                parts.multiplyAdd(1, multiplier: 1)
                // Rounding up can end in zeros (…999 + 1): remove them again.
                while true {
                    let (high, low, remainder) = parts.dividedByTen()
                    guard remainder == 0 else { break }
                    (parts.high, parts.low) = (high, low)
                    parts.exponent += 1
                }
            }
        }
        return parts
    }

    /// significand = significand × multiplier + digit, which never overflows 128 bits here.
    @inline(__always)
    private mutating func multiplyAdd(_ digit: UInt64, multiplier: UInt64 = 10) {
        if high == 0, low <= (UInt64.max - 9) / 10 {
            low = low &* multiplier &+ digit
            return
        }
        let (carry, product) = low.multipliedFullWidth(by: multiplier)
        let (sum, overflow) = product.addingReportingOverflow(digit)
        low = sum
        high = high &* multiplier &+ carry &+ (overflow ? 1 : 0)
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
            // Exact: the whole significand is below 10³⁸, which Decimal's 128-bit mantissa holds.
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
