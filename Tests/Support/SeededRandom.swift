import Foundation

/// A small seeded generator, so that randomised tests are repeatable.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator.
    /// - Parameter seed: the first state; the same seed gives the same numbers.
    public init(seed: UInt64) { state = seed }

    /// The next number.
    /// - Returns: 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// A random non-negative decimal: a significand in `significand` with a number of decimal places in `places`.
/// - Parameters:
///   - significand: the range of the significand.
///   - places: the range of the number of decimal places.
///   - generator: the source of randomness.
/// - Returns: the decimal.
public func randomDecimal(
    significand: ClosedRange<UInt64>, places: ClosedRange<Int>, using generator: inout some RandomNumberGenerator
) -> Decimal {
    Decimal(
        sign: .plus, exponent: -Int.random(in: places, using: &generator),
        significand: Decimal(UInt64.random(in: significand, using: &generator)))
}
