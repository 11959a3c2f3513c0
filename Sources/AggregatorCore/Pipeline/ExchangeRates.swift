import Foundation
import ProviderKit

/// A dated table of exchange rates against one base currency.
///
/// The table compiled into the package lets the tool compare prices offline; `--rates FILE`
/// replaces it with a file in the same JSON shape:
/// `{"base": "EUR", "date": "2026-11-20", "rates": {"USD": 1.0612, "RUB": 94.25}}`,
/// where each rate is how many units of that currency one unit of the base buys.
///
/// Every rate lies in ``plausibleRates``: real currencies trade within a few orders of magnitude of one
/// another, and a rate far outside them is a broken file whose conversions would only produce amounts too
/// small or too large to show.
public struct ExchangeRates: Sendable, Hashable {
    /// The currency every rate is quoted against.
    public var base: CurrencyCode
    /// The day the rates were taken.
    public var date: LocalDate
    /// Units of each currency per one unit of `base`.
    public var rates: [CurrencyCode: Decimal]

    /// The rates a table may hold: from a millionth to a billion units per base unit. The widest real
    /// spreads (a strong currency against one with many zeros, such as the Iranian rial) are well inside.
    public static let plausibleRates: ClosedRange<Decimal> =
        Decimal(sign: .plus, exponent: -6, significand: 1)...1_000_000_000

    /// Creates a table; the base is added with rate 1.
    /// - Parameters:
    ///   - base: the base currency.
    ///   - date: the rates' date.
    ///   - rates: units per base unit; rates outside ``plausibleRates`` (zero, negative, not a number,
    ///     absurdly small or large) are dropped.
    public init(base: CurrencyCode, date: LocalDate, rates: [CurrencyCode: Decimal]) {
        self.base = base
        self.date = date
        self.rates = rates.filter { !$0.value.isNaN && Self.plausibleRates.contains($0.value) }
        self.rates[base] = 1
    }

    /// Units of `currency` per base unit, or `nil` when the table does not know it.
    /// - Parameter currency: the currency.
    /// - Returns: its rate.
    public func rate(for currency: CurrencyCode) -> Decimal? { rates[currency] }

    /// Reads a table from JSON.
    /// - Parameter data: the file's contents.
    /// - Throws: ``RatesError`` saying what is wrong with the file, naming the currency whose rate is not
    ///   positive or lies outside ``plausibleRates``.
    public init(json data: Data) throws(RatesError) {
        let file: RatesFile
        do {
            file = try JSONDecoder().decode(RatesFile.self, from: data)
        } catch {
            throw RatesError(
                "it is not a rates table like {\"base\": \"EUR\", \"date\": \"2026-11-20\", \"rates\": {\"USD\": 1.06}}"
            )
        }
        guard let base = CurrencyCode(file.base) else {
            throw RatesError("its base '\(file.base)' is not a currency code")
        }
        guard let date = LocalDate(iso: file.date) else {
            throw RatesError("its date '\(file.date)' is not YYYY-MM-DD")
        }
        var rates: [CurrencyCode: Decimal] = [:]
        for (key, number) in file.rates {
            guard let code = CurrencyCode(key) else { throw RatesError("'\(key)' is not a currency code") }
            let rate = number.value
            // A number too large for a decimal reads as "not a number": out of range, not negative.
            guard rate.isNaN || rate > 0 else { throw RatesError("the rate for \(key) is not positive") }
            guard !rate.isNaN, Self.plausibleRates.contains(rate) else {
                throw RatesError(
                    "the rate for \(key) is outside \(Self.plausibleRates.lowerBound) to "
                        + "\(Self.plausibleRates.upperBound) units per \(file.base), so it cannot be a real rate")
            }
            rates[code] = rate
        }
        guard !rates.isEmpty else { throw RatesError("it has no rates") }
        self.init(base: base, date: date, rates: rates)
    }

    private struct RatesFile: Decodable {
        var base: String
        var date: String
        var rates: [String: LenientNumber]
    }

    /// The table compiled into the package: reference rates for offline use, dated, to be replaced
    /// with `--rates` when exact figures matter.
    public static let embedded: ExchangeRates = {
        let table: [(String, String)] = [
            ("USD", "1.0612"), ("GBP", "0.8391"), ("CHF", "0.9364"), ("RUB", "94.25"), ("EGP", "52.48"),
            ("CZK", "25.08"), ("PLN", "4.2270"), ("HUF", "404.15"), ("SEK", "11.012"), ("NOK", "11.783"),
            ("DKK", "7.4600"), ("TRY", "36.61"), ("AED", "3.8975"), ("JPY", "163.42"), ("CNY", "7.6895"),
            ("INR", "89.63"), ("CAD", "1.4822"), ("AUD", "1.6307"), ("KZT", "531.20"), ("GEL", "2.8950"),
            ("AMD", "411.30"), ("UAH", "43.95"), ("RON", "4.9767"), ("BGN", "1.9558"), ("ISK", "145.90"),
            ("THB", "36.42"), ("ILS", "3.9410"), ("MAD", "10.56"), ("ZAR", "19.12"), ("BRL", "6.1230"),
        ]
        var rates: [CurrencyCode: Decimal] = [:]
        for (code, rate) in table {
            if let currency = CurrencyCode(code), let value = Decimal(string: rate) { rates[currency] = value }
        }
        return ExchangeRates(base: .eur, date: LocalDate(validYear: 2026, month: 11, day: 20), rates: rates)
    }()
}
