import Foundation

/// An ISO 4217 currency code: three upper-case ASCII letters such as `EUR` or `RUB`.
public struct CurrencyCode: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The three upper-case letters.
    public let rawValue: String

    /// Creates a code from text, accepting any letter case.
    /// - Parameter text: three ASCII letters, for example `eur`.
    /// - Returns: `nil` when the text is not three ASCII letters.
    public init?(_ text: String) {
        let upper = text.uppercased()
        guard upper.count == 3, upper.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        rawValue = upper
    }

    /// Decodes a code from a JSON string, rejecting text that is not three letters.
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` for anything but three ASCII letters.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let code = CurrencyCode(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an ISO 4217 currency code")
        }
        self = code
    }

    /// Encodes the code as its three letters.
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The three letters.
    public var description: String { rawValue }

    /// Orders codes alphabetically.
    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// How many digits follow the decimal point in this currency (ISO 4217 minor units).
    public var minorUnits: Int {
        switch rawValue {
        case "JPY", "KRW", "ISK", "CLP", "VND", "HUF", "XAF", "XOF", "UGX", "PYG": 0
        case "BHD", "KWD", "OMR", "JOD", "TND", "LYD", "IQD": 3
        default: 2
        }
    }

    /// The euro.
    public static let eur = CurrencyCode(unchecked: "EUR")
    /// The Russian rouble.
    public static let rub = CurrencyCode(unchecked: "RUB")
    /// The US dollar.
    public static let usd = CurrencyCode(unchecked: "USD")

    private init(unchecked: String) { rawValue = unchecked }
}

/// An amount of money in one currency. Amounts are `Decimal`, never `Double`, so that sums and
/// comparisons of prices are exact.
public struct Money: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The amount, in major units (euros, not cents).
    public var amount: Decimal
    /// The currency the amount is in.
    public var currency: CurrencyCode

    /// Creates an amount of money.
    /// - Parameters:
    ///   - amount: the amount in major units.
    ///   - currency: its currency.
    public init(_ amount: Decimal, _ currency: CurrencyCode) {
        self.amount = amount
        self.currency = currency
    }

    /// The amount rounded half-up to the currency's minor units.
    public var rounded: Money {
        var value = amount
        var result = Decimal()
        NSDecimalRound(&result, &value, currency.minorUnits, .plain)
        return Money(result, currency)
    }

    /// The amount with its minor units and code, for people: `169.00 EUR`.
    public var description: String { "\(formattedAmount) \(currency)" }

    /// The rounded amount with exactly the currency's minor units and no grouping: `1234.50`.
    public var formattedAmount: String {
        let rounded = rounded.amount
        let digits = currency.minorUnits
        var text = "\(rounded)"
        if digits == 0 { return text }
        if let dot = text.firstIndex(of: ".") {
            let fraction = text.distance(from: dot, to: text.endIndex) - 1
            if fraction < digits { text += String(repeating: "0", count: digits - fraction) }
        } else {
            text += "." + String(repeating: "0", count: digits)
        }
        return text
    }

    /// Orders by amount within one currency. Amounts in different currencies cannot be compared, so
    /// they order by currency code: a total order that never pretends one is cheaper.
    public static func < (lhs: Money, rhs: Money) -> Bool {
        lhs.currency != rhs.currency ? lhs.currency < rhs.currency : lhs.amount < rhs.amount
    }
}

/// What a price covers.
public enum PriceBasis: String, Sendable, Hashable, Codable, CaseIterable {
    /// The whole booking, all passengers included.
    case total
    /// One passenger.
    case perPerson = "per_person"
    /// One day of a rental.
    case perDay = "per_day"
}
