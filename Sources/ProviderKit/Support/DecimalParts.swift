import Foundation

/// A `Decimal`'s parts, read from the value's memory: its significand has no public accessor on Linux.
///
/// A `Decimal` is 20 bytes on every platform, with the exponent in byte 0, the length and sign flags in
/// byte 1 (in different bits on Linux and on Apple platforms) and eight 16-bit words of significand from
/// byte 4. Which layout applies is decided once, by checking candidates against `Decimal.description` on
/// sample values; if none matches, no parts are read and callers take `Decimal`'s own slower path, which
/// is never wrong.
struct DecimalParts {
    /// The power of ten the significand is scaled by.
    let exponent: Int
    /// How many 16-bit words of significand are in use; zero for zero and for NaN.
    let length: Int
    /// Whether the value is negative (or NaN, when `length` is zero).
    let isNegative: Bool
    /// The significand's upper and lower 64 bits.
    let high: UInt64
    let low: UInt64

    /// The parts of `value`, or `nil` when this platform's layout is not known.
    init?(_ value: Decimal) {
        guard let layout = Self.layout else { return nil }
        self.init(value, layout: layout)
    }

    private init(_ value: Decimal, layout: Layout) {
        var decimal = value
        (exponent, length, isNegative, high, low) = withUnsafeBytes(of: &decimal) { raw in
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
    }

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

    /// Whether reading through `layout` gives back `description`'s digits on values that exercise every
    /// part of it.
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
            DecimalText.append(DecimalParts(sample, layout: layout), to: &bytes)
            return bytes.elementsEqual(sample.description.utf8)
        }
    }
}

extension Decimal {
    /// How `lhs` compares with `rhs`: exactly what `<` and `==` answer, without their general arithmetic
    /// when both are non-negative with significands of at most 64 bits, as prices are. Comparing prices is
    /// what merging and ordering sellers do most.
    package static func order(_ lhs: Decimal, _ rhs: Decimal) -> ComparisonResult {
        if let left = DecimalParts(lhs), let right = DecimalParts(rhs), let order = DecimalParts.order(left, right) {
            return order
        }
        return lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
    }
}

extension DecimalParts {
    /// Powers of ten that fit in 64 bits.
    private static let powersOfTen: [UInt64] = (0...19).map { power in
        (0..<power).reduce(1) { value, _ in value * 10 }
    }

    /// How two values compare, or `nil` when either is negative, NaN or wider than 64 bits.
    static func order(_ lhs: DecimalParts, _ rhs: DecimalParts) -> ComparisonResult? {
        // NaN has no length and the negative flag, so it is left out with the negative values.
        guard !lhs.isNegative, !rhs.isNegative, lhs.high == 0, rhs.high == 0 else { return nil }
        if lhs.low == 0 || rhs.low == 0 {
            return lhs.low == rhs.low ? .orderedSame : lhs.low == 0 ? .orderedAscending : .orderedDescending
        }
        // Both are positive: bring the one with the larger exponent to the other's. When that overflows, it is
        // above 2⁶⁴ while the other is below, so it is the larger.
        var (left, right) = (lhs.low, rhs.low)
        if lhs.exponent > rhs.exponent {
            guard let scaled = scale(left, by: lhs.exponent - rhs.exponent) else { return .orderedDescending }
            left = scaled
        } else if rhs.exponent > lhs.exponent {
            guard let scaled = scale(right, by: rhs.exponent - lhs.exponent) else { return .orderedAscending }
            right = scaled
        }
        return left < right ? .orderedAscending : left == right ? .orderedSame : .orderedDescending
    }

    /// `value`·10^`power`, or `nil` when that does not fit in 64 bits; `value` is not zero.
    private static func scale(_ value: UInt64, by power: Int) -> UInt64? {
        guard power < powersOfTen.count else { return nil }
        let (scaled, overflow) = value.multipliedReportingOverflow(by: powersOfTen[power])
        return overflow ? nil : scaled
    }
}

extension Decimal {
    /// This value rounded half away from zero to `scale` decimal places: exactly what `NSDecimalRound` with
    /// `.plain` gives, the same value written the same way, without its general arithmetic when the value is
    /// positive with a significand of at most 128 bits and the rounded one fits in 64, as prices do.
    /// Converting prices is mostly rounding them.
    func roundedPlain(scale: Int) -> Decimal {
        if DecimalParts.roundsLikeFoundation, let parts = DecimalParts(self),
            let rounded = DecimalParts.roundedPlain(parts, scale: scale)
        {
            return rounded ?? self
        }
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, scale, .plain)
        return result
    }
}

extension DecimalParts {
    /// The rounding of `parts` to `scale` places: `.some(nil)` when the value has no more places than that
    /// and is returned as it is, `nil` when this shortcut does not apply.
    fileprivate static func roundedPlain(_ parts: DecimalParts, scale: Int) -> Decimal?? {
        guard !parts.isNegative, parts.length > 0 else { return nil }
        guard parts.exponent < -scale else { return .some(nil) }
        // Drop all but one of the places beyond `scale`, then round on that last digit: half away from zero
        // depends on the first dropped digit alone.
        var (high, low) = (parts.high, parts.low)
        var dropped = -parts.exponent - scale - 1
        while dropped > 0 {
            let step = min(dropped, powersOfTen.count - 1)
            (high, low) = divide(high: high, low: low, by: powersOfTen[step])
            dropped -= step
        }
        guard high == 0 else { return nil }
        let (kept, digit) = low.quotientAndRemainder(dividingBy: 10)
        let rounded = digit >= 5 ? kept + 1 : kept
        // Foundation gives a zero its own exponent; zero is no price, so it is left to Foundation.
        guard rounded > 0 else { return nil }
        // The initialiser writes the result as Foundation does, without trailing zeros.
        return .some(Decimal(sign: .plus, exponent: -scale, significand: Decimal(rounded)))
    }

    /// The 128-bit number `high`·2⁶⁴ + `low` divided by `divisor`, rounded down.
    private static func divide(high: UInt64, low: UInt64, by divisor: UInt64) -> (high: UInt64, low: UInt64) {
        let (quotientHigh, remainder) = high.quotientAndRemainder(dividingBy: divisor)
        let (quotientLow, _) = divisor.dividingFullWidth((high: remainder, low: low))
        return (quotientHigh, quotientLow)
    }

    /// Whether ``roundedPlain(_:scale:)`` writes results as this platform's `NSDecimalRound` does, checked
    /// once on values that exercise every part of it; if not, every value is rounded by Foundation.
    static let roundsLikeFoundation: Bool = {
        guard layout != nil else { return false }
        var samples: [Decimal] = [
            1, 7, 1200, Decimal(UInt64.max), Decimal(sign: .plus, exponent: -3, significand: 12_300),
            Decimal(5000) / Decimal(sign: .plus, exponent: -4, significand: 1_012_345), Decimal(1) / Decimal(3),
            Decimal(2) / Decimal(3), Decimal(sign: .plus, exponent: -40, significand: 5),
        ]
        for text in ["12.345", "12.3449999", "99.995", "0.005", "0.004", "5.0049", "12.301", "0.0999", "1e-7"] {
            if let value = Decimal(string: text) { samples.append(value) }
        }
        return samples.allSatisfy { sample in
            (0...4).allSatisfy { scale in
                guard let parts = DecimalParts(sample), let rounded = roundedPlain(parts, scale: scale) else {
                    return true
                }
                var value = sample
                var expected = Decimal()
                NSDecimalRound(&expected, &value, scale, .plain)
                let result = rounded ?? sample
                return result.exponent == expected.exponent && result.description == expected.description
            }
        }
    }()
}
