import AggregatorTestSupport
import Foundation
import Testing

@testable import ProviderKit

@Suite("Decimals and money compared without decimal arithmetic")
struct DecimalOrderTests {
    /// Values on both sides of every shortcut: zeros and equal values with other exponents, exponents far
    /// apart, significands at and past 64 bits, negative values and NaN.
    static let values: [Decimal] = {
        var values: [Decimal] = [
            0, Decimal(sign: .plus, exponent: -2, significand: 0), Decimal(sign: .plus, exponent: 5, significand: 0),
            1, 10, 100, Decimal(sign: .plus, exponent: 1, significand: 10),
            Decimal(sign: .plus, exponent: 2, significand: 1),
            Decimal(sign: .plus, exponent: -1, significand: 15), Decimal(sign: .plus, exponent: -2, significand: 150),
            Decimal(sign: .plus, exponent: -2, significand: 151), Decimal(sign: .plus, exponent: -2, significand: 149),
            Decimal(UInt64.max), Decimal(UInt64.max) - 1, Decimal(UInt64.max) + 1, Decimal(UInt64.max) * 1000,
            Decimal(sign: .plus, exponent: 19, significand: 1), Decimal(sign: .plus, exponent: 20, significand: 1),
            Decimal(sign: .plus, exponent: 18, significand: 18),
            Decimal(sign: .plus, exponent: -19, significand: 1), Decimal(sign: .plus, exponent: -60, significand: 7),
            Decimal(sign: .plus, exponent: 60, significand: 7), Decimal(sign: .plus, exponent: -127, significand: 3),
            Decimal(sign: .plus, exponent: 126, significand: 3),
            -1, -10, Decimal(sign: .minus, exponent: -2, significand: 150), Decimal(Int64.min),
            Decimal(1) / Decimal(3), Decimal(2) / Decimal(3), Decimal.nan,
        ]
        for text in ["94.43", "94.430", "94.4300001", "0.000123", "12345678901234567890.5", "1e30", "99999999999.99"] {
            if let value = Decimal(string: text) { values.append(value) }
        }
        return values
    }()

    @Test func ordersEveryPairAsTheDecimalOperatorsDo() {
        for lhs in Self.values {
            for rhs in Self.values {
                let expected: ComparisonResult =
                    lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
                #expect(Decimal.order(lhs, rhs) == expected, "\(lhs) against \(rhs)")
            }
        }
    }

    @Test func ordersPricesAsTheDecimalOperatorsDo() {
        // Amounts as providers send them: up to four decimal places, cents to millions.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let lhs = randomDecimal(significand: 0...100_000_000, places: 0...4, using: &generator)
            let rhs = randomDecimal(significand: 0...100_000_000, places: 0...4, using: &generator)
            #expect((Decimal.order(lhs, rhs) == .orderedAscending) == (lhs < rhs), "\(lhs) < \(rhs)")
            #expect((Decimal.order(lhs, rhs) == .orderedSame) == (lhs == rhs), "\(lhs) == \(rhs)")
        }
    }

    @Test func moneyIsEqualWhateverTheAmountsExponentAndOrdersByCurrencyFirst() {
        let oneFifty = Money(Decimal(sign: .plus, exponent: -2, significand: 150), .eur)
        #expect(oneFifty == Money(Decimal(sign: .plus, exponent: -1, significand: 15), .eur))
        #expect(oneFifty.hashValue == Money(Decimal(sign: .plus, exponent: -1, significand: 15), .eur).hashValue)
        #expect(oneFifty != Money(Decimal(sign: .plus, exponent: -1, significand: 15), .usd))
        #expect(Money(1000, .eur) < Money(1, .rub))
        #expect(Money(Decimal(string: "94.43")!, .eur) < Money(Decimal(string: "94.431")!, .eur))
        #expect(!(Money(Decimal(string: "94.430")!, .eur) < Money(Decimal(string: "94.43")!, .eur)))
    }
}

@Suite("Decimals rounded without decimal arithmetic")
struct DecimalRoundingTests {
    /// What Foundation's rounding gives.
    static func foundationRounded(_ value: Decimal, scale: Int) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, scale, .plain)
        return result
    }

    static func expectSame(_ value: Decimal, scale: Int) {
        let expected = foundationRounded(value, scale: scale)
        let rounded = value.roundedPlain(scale: scale)
        #expect(rounded == expected, "\(value) to \(scale) places")
        #expect(rounded.exponent == expected.exponent, "\(value) to \(scale) places")
        #expect(rounded.description == expected.description, "\(value) to \(scale) places")
    }

    @Test func takesTheShortcutOnThisPlatform() {
        #expect(DecimalParts.roundsLikeFoundation)
    }

    @Test func roundsHalfAwayFromZeroAsFoundationWritesIt() {
        let texts = [
            "12.345", "12.344", "12.3449999", "99.995", "99.994", "0.005", "0.004", "0.0049", "5.0049", "12.301",
            "0.0999", "1e-7", "1e-40", "123456789012345678901234567890.12345", "-12.345", "-0.005", "0", "12", "1200",
            "12.3", "18446744073709551615.5", "1844674407370955161.55", "94.43", "169",
        ]
        for text in texts {
            guard let value = Decimal(string: text) else { continue }
            for scale in 0...4 { Self.expectSame(value, scale: scale) }
        }
    }

    @Test func roundsConvertedPricesAsFoundationDoes() {
        // Prices divided and multiplied by exchange rates: significands of up to 38 digits.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let amount = randomDecimal(significand: 1...50_000_000, places: 0...2, using: &generator)
            let from = randomDecimal(significand: 1...200_000_000, places: 0...6, using: &generator)
            let to = randomDecimal(significand: 1...200_000_000, places: 0...6, using: &generator)
            Self.expectSame(amount / from * to, scale: Int.random(in: 0...3, using: &generator))
        }
    }
}
