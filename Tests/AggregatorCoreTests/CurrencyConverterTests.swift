import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
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

    @Test func manyOffersConvertInPartsAsEachDoesAlone() {
        // Enough offers to be converted in parts on several cores: the result, the order and the prices left
        // out are those of converting each offer on its own, in order.
        let converter = CurrencyConverter(rates: rates, target: .eur)
        let offers = (0..<9_000).map { index -> Offer in
            // Every 997th price rounds to nothing in euros and is left out with its offer.
            let price: Decimal = index % 997 == 5 ? decimal("0.0001") : Decimal(1000 + index % 5000)
            let currency: CurrencyCode = index % 3 == 0 ? .eur : .rub
            return OfferFactory.flight(
                provider: "a", carrier: "OS", flightNumber: "\(index)", from: "VIE", to: "BCN",
                departure: "2026-12-18 07:05", price: price, currency: currency, reference: "r\(index)")
        }
        let (converted, outOfRange) = converter.convertReportingOutOfRange(offers)
        let alone = offers.map { converter.convertReportingOutOfRange([$0]) }
        #expect(converted == alone.flatMap { $0.offers })
        #expect(outOfRange == alone.flatMap { $0.outOfRange })
        #expect(outOfRange.count == 10 && converted.count == offers.count - 10)
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
            (
                #"{"base": "EUR", "date": "2026-11-20", "rates": {"USD": 1.06, "JPY": 1e-120}}"#,
                "the rate for JPY is outside 0.000001 to 1000000000 units per EUR"
            ),
            (
                #"{"base": "EUR", "date": "2026-11-20", "rates": {"RUB": "1e12"}}"#,
                "the rate for RUB is outside 0.000001 to 1000000000 units per EUR"
            ),
            (#"{"base": "EUR", "date": "2026-11-20", "rates": {"RUB": 1e300}}"#, "the rate for RUB is"),
            (#"{"base": "EUR", "date": "2026-11-20", "rates": {"RUB": "NaN"}}"#, "is not a rates table"),
            (#"{"base": "EUR", "date": "2026-11-20", "rates": {"RUB": -94.25}}"#, "the rate for RUB is not positive"),
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

    /// A price of `10^exponent` in `currency`, as a provider could send it.
    static func price(exponent: Int, _ currency: CurrencyCode, provider: ProviderID = "a") -> Offer {
        OfferFactory.flight(
            provider: provider, carrier: "OS", from: "VIE", to: "BCN", departure: "2026-12-18 07:05",
            price: Decimal(sign: .plus, exponent: exponent, significand: 1), currency: currency,
            reference: "\(provider)-\(exponent)")
    }

    @Test(arguments: ["JPY", "RUB", "EUR"])
    func aPriceThatConvertsToNothingOrOverflowsIsLeftOutNeverNaN(target: String) throws {
        let converter = CurrencyConverter(rates: .embedded, target: try #require(CurrencyCode(target)))
        let tiny = Self.price(exponent: -120, .eur)
        let huge = Self.price(exponent: 160, .usd)
        let normal = Self.price(exponent: 2, .eur)
        let (offers, outOfRange) = converter.convertReportingOutOfRange([tiny, huge, normal])
        #expect(offers.map(\.sources[0].reference) == ["a-2"])
        for offer in offers {
            #expect(!offer.price.amount.isNaN && offer.price.amount > 0)
        }
        // A price already in the target currency is judged as shown: 1e-120 euros is 0.00 euros, left out too.
        #expect(outOfRange.count == 2)
        #expect(Set(outOfRange.map(\.currency)) == [.eur, .usd])
        #expect(converter.convert(tiny.price) == nil)
        #expect(converter.convert(normal.price).map { $0.amount > 0 } == true)
    }

    @Test func aMergedOfferLosesOnlyTheSellerWhosePriceIsOutOfRange() throws {
        let yen = try #require(CurrencyCode("JPY"))
        let converter = CurrencyConverter(rates: .embedded, target: yen)
        var offer = Self.price(exponent: 2, .eur)
        offer.sources.append(Self.price(exponent: -120, .eur, provider: "b").sources[0])
        let (offers, outOfRange) = converter.convertReportingOutOfRange([offer])
        let kept = try #require(offers.first)
        #expect(kept.sources.map(\.provider) == ["a"])
        #expect(kept.price == Money(16_342, yen))
        #expect(outOfRange == [Money(Decimal(sign: .plus, exponent: -120, significand: 1), .eur)])
    }

    @Test func theSearchSaysHowManyPricesWereLeftOut() throws {
        let runs = [
            ProviderRun(
                outcome: ProviderOutcome(provider: "a", status: .ok, offerCount: 2),
                response: ProviderResponse(offers: [Self.price(exponent: -120, .eur), Self.price(exponent: 2, .eur)]))
        ]
        let query = SearchQuery(currency: .rub)
        let result = SearchPipeline().run(runs, query: query)
        #expect(result.offers.count == 1)
        #expect(result.notes == [.pricesOutOfRange(1, currencies: [.eur], target: .rub)])
    }

    @Test func aTableDropsRatesNoCurrencyHas() throws {
        let yen = try #require(CurrencyCode("JPY"))
        let table = ExchangeRates(
            base: .eur, date: day("2026-11-20"),
            rates: [.usd: decimal("1.06"), yen: Decimal(sign: .plus, exponent: -120, significand: 1), .rub: .nan])
        #expect(table.rates.keys.sorted() == [.eur, .usd])
    }

    @Test func offersConvertedTogetherGetTheAmountsEachWouldAlone() throws {
        let converter = CurrencyConverter(rates: rates, target: .usd)
        // Equal amounts written differently, repeated amounts, amounts finer than cents, and one out of range.
        let amounts: [(String, CurrencyCode)] = [
            ("1000", .rub), ("1000.00", .rub), ("1000", .rub), ("12.345", .usd), ("12.345", .usd), ("12.5", .usd),
            ("12.50", .usd), ("0.001", .rub), ("33.333", .eur), ("33.333", .eur),
        ]
        let offers = amounts.enumerated().map { index, amount in
            OfferFactory.flight(
                provider: "a", carrier: "OS", flightNumber: "\(index + 1)", from: "VIE", to: "BCN",
                departure: "2026-12-18 07:05", price: decimal(amount.0), currency: amount.1)
        }
        let (together, outOfRange) = converter.convertReportingOutOfRange(offers)
        let alone = offers.flatMap { converter.convert([$0]) }
        #expect(outOfRange == [Money(decimal("0.001"), .rub)])
        #expect(together == alone)
        // The same decimal value, and the same digits when shown.
        #expect(together.map(\.price.description) == alone.map(\.price.description))
        #expect(together.map { "\($0.price.amount)" } == alone.map { "\($0.price.amount)" })
        #expect(together.map { $0.sources[0].convertedPrice } == offers.compactMap { converter.convert($0.price) })
    }
}
