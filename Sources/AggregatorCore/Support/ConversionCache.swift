import Foundation
import ProviderKit

/// Remembers each conversion a run makes, so that an amount met again in one currency is looked up, not
/// divided and rounded again: offers repeat prices, and decimal division is slow. Keyed on the amount's
/// exact representation, so that a remembered result is the one converting that very value gives.
struct ConversionCache {
    let converter: CurrencyConverter
    private var known: [Key: CurrencyConverter.Conversion] = [:]

    /// A cache that has remembered nothing yet.
    /// - Parameter converter: the converter whose conversions it remembers.
    init(converter: CurrencyConverter) { self.converter = converter }

    /// The currency's letters and the amount's representation, as plain numbers: hashed without hashing a
    /// string.
    private struct Key: Hashable {
        var currency: UInt32
        var amount: DecimalKey
    }

    /// Converts an amount as ``CurrencyConverter`` does, or gives what converting it gave before.
    /// - Parameter money: the amount in any currency.
    /// - Returns: the conversion.
    mutating func conversion(of money: Money) -> CurrencyConverter.Conversion {
        // Should a platform lay decimals out otherwise, nothing is kept. Codes are three ASCII letters.
        let letters = money.currency.rawValue.utf8
        guard letters.count <= 4, let amount = DecimalKey(money.amount) else { return converter.conversion(of: money) }
        var currency: UInt32 = 0
        for byte in letters { currency = currency << 8 | UInt32(byte) }
        let key = Key(currency: currency, amount: amount)
        if let conversion = known[key] { return conversion }
        let conversion = converter.conversion(of: money)
        known[key] = conversion
        return conversion
    }
}
