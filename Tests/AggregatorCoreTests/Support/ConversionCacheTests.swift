import AggregatorTestSupport
import Foundation
import Testing

@testable import AggregatorCore
@testable import ProviderKit

@Suite("Conversions remembered by the amount's exact representation")
struct ConversionCacheTests {
    @Test func aDecimalsKeyFollowsItsRepresentation() throws {
        let one = try #require(Decimal(string: "1.5"))
        #expect(DecimalKey(one) == DecimalKey(Decimal(3) / 2), "one value reached two ways")
        #expect(DecimalKey(one) != DecimalKey(Decimal(string: "2.5") ?? 0))
        #expect(DecimalKey(one) != DecimalKey(Decimal(string: "15") ?? 0), "the exponent counts")
        #expect(DecimalKey(one) != DecimalKey(-one), "the sign counts")
        #expect(DecimalKey(Decimal.nan) != DecimalKey(.zero))
    }

    @Test func aRememberedConversionIsTheOneConvertingGives() throws {
        let converter = CurrencyConverter(rates: .embedded, target: .eur)
        var cache = ConversionCache(converter.conversion(of:))
        var generator = SplitMix64(seed: 42)
        let currencies: [CurrencyCode] = [.eur, .rub, .usd, try #require(CurrencyCode("XXX"))]
        let prices = (0..<400).map { _ in
            Money(
                randomDecimal(significand: 0...2_000, places: 0...3, using: &generator),
                currencies[Int.random(in: 0..<currencies.count, using: &generator)])
        }
        // Every price twice: the second time it is looked up.
        for money in prices + prices {
            #expect(Self.describe(cache.conversion(of: money)) == Self.describe(converter.conversion(of: money)))
        }
    }

    private static func describe(_ conversion: CurrencyConverter.Conversion) -> String {
        switch conversion {
        case .converted(let money): "converted \(money.amount) \(money.currency)"
        case .unknownRate: "unknown rate"
        case .outOfRange: "out of range"
        }
    }
}
