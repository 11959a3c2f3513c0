import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

@Suite("Currency conversion")
struct CurrencyConverterTests {
    let rates = ExchangeRates(
        base: .eur, date: day("2026-11-20"), rates: [.rub: 100, .usd: decimal("1.25")])

    @Test func convertsThroughTheBaseAndRoundsToMinorUnits() {
        let converter = CurrencyConverter(rates: rates, target: .usd)
        #expect(converter.convert(Money(1000, .rub)) == Money(decimal("12.50"), .usd))
        #expect(converter.convert(Money(10, .eur)) == Money(decimal("12.5"), .usd))
        #expect(converter.convert(Money(7, .usd)) == Money(7, .usd))
    }

    @Test func anUnknownCurrencyIsKeptFlaggedAndNeverRelabelled() throws {
        let converter = CurrencyConverter(rates: rates, target: .eur)
        let xyz = try #require(CurrencyCode("XYZ"))
        let offer = OfferFactory.flight(
            provider: "a", carrier: "OS", flightNumber: "1", from: "VIE", to: "BCN", departure: "2026-12-18 07:05",
            price: 50, currency: xyz)
        let converted = converter.convert([offer])[0]
        #expect(converted.price == Money(50, xyz))
        #expect(converted.tags.contains(.unconverted))
        #expect(converted.sources[0].convertedPrice == nil)
        #expect(!converted.isConverted)
    }

    @Test func headlinePriceIsTheConvertedCheapestSource() {
        let converter = CurrencyConverter(rates: rates, target: .eur)
        let offer = OfferFactory.flight(
            provider: "a", carrier: "OS", from: "VIE", to: "BCN", departure: "2026-12-18 07:05", price: 9000,
            currency: .rub)
        let converted = converter.convert([offer])[0]
        #expect(converted.price == Money(90, .eur))
        #expect(converted.sources[0].price == Money(9000, .rub))
    }

    @Test func ratesFilesAreValidated() throws {
        let good = #"{"base": "EUR", "date": "2026-11-20", "rates": {"RUB": 94.25, "USD": "1.06"}}"#
        let table = try ExchangeRates(json: Data(good.utf8))
        #expect(table.rate(for: .rub) == Decimal(string: "94.25"))
        #expect(table.rate(for: .eur) == 1)
        #expect(table.date.description == "2026-11-20")
        let bad: [(String, String)] = [
            ("not json", "is not a rates table"),
            (#"{"base": "EURO", "date": "2026-11-20", "rates": {"USD": 1}}"#, "is not a currency code"),
            (#"{"base": "EUR", "date": "20.11.2026", "rates": {"USD": 1}}"#, "is not YYYY-MM-DD"),
            (#"{"base": "EUR", "date": "2026-11-20", "rates": {"USD": 0}}"#, "is not positive"),
            (#"{"base": "EUR", "date": "2026-11-20", "rates": {}}"#, "has no rates"),
        ]
        for (text, reason) in bad {
            #expect {
                _ = try ExchangeRates(json: Data(text.utf8))
            } throws: { error in
                (error as? RatesError)?.reason.contains(reason) ?? false
            }
        }
    }

    @Test func theEmbeddedTableIsDatedAndKnowsTheProvidersCurrencies() {
        let table = ExchangeRates.embedded
        #expect(table.base == .eur)
        #expect(table.date.description == "2026-11-20")
        for code in ["RUB", "USD", "EGP", "GBP"] {
            #expect(CurrencyCode(code).flatMap(table.rate(for:)) != nil, "\(code)")
        }
    }
}
