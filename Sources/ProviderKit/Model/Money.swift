import Foundation

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
        Money(amount.roundedPlain(scale: currency.minorUnits), currency)
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
        lhs.currency != rhs.currency
            ? lhs.currency < rhs.currency : Decimal.order(lhs.amount, rhs.amount) == .orderedAscending
    }

    /// Equal amounts in one currency: `1.5` and `1.50` are the same money.
    public static func == (lhs: Money, rhs: Money) -> Bool {
        lhs.currency == rhs.currency && Decimal.order(lhs.amount, rhs.amount) == .orderedSame
    }
}
