import Foundation
import ProviderKit

/// Remembers each conversion a run makes, so that an amount met again in one currency is looked up, not
/// divided and rounded again: offers repeat prices, and decimal division is slow. Keyed on the amount's
/// exact representation, so that a remembered result is the one converting that very value gives.
struct ConversionCache<Conversion> {
    private let convert: (Money) -> Conversion
    private var known: [Key: Conversion] = [:]

    /// A cache that has remembered nothing yet.
    /// - Parameter convert: the conversion it remembers, such as ``CurrencyConverter/conversion(of:)``; the
    ///   same amount must always convert the same way.
    init(_ convert: @escaping (Money) -> Conversion) { self.convert = convert }

    /// The currency's letters and the amount's representation, as plain numbers: hashed without hashing a
    /// string.
    private struct Key: Hashable {
        var currency: UInt32
        var amount: DecimalKey
    }

    /// Converts an amount, or gives what converting it gave before.
    /// - Parameter money: the amount in any currency.
    /// - Returns: the conversion.
    mutating func conversion(of money: Money) -> Conversion {
        // Should a platform lay decimals out otherwise, nothing is kept. Codes are three ASCII letters.
        let letters = money.currency.rawValue.utf8
        guard letters.count <= 4, let amount = DecimalKey(money.amount) else { return convert(money) }
        var currency: UInt32 = 0
        for byte in letters { currency = currency << 8 | UInt32(byte) }
        let key = Key(currency: currency, amount: amount)
        if let conversion = known[key] { return conversion }
        let conversion = convert(money)
        known[key] = conversion
        return conversion
    }
}
