import Foundation

/// Converts prices into the search's currency before anything compares them.
///
/// Rule: `amount / rate(from) * rate(to)`, rounded half-up to the target's minor units. A price whose
/// currency the table does not know is never relabelled: it keeps its own currency and the offer is
/// tagged ``OfferTag/unconverted``, which keeps it out of cross-currency ranking.
public struct CurrencyConverter: Sendable {
    /// The table in use.
    public let rates: ExchangeRates
    /// The currency prices are converted into.
    public let target: CurrencyCode

    /// Creates a converter.
    /// - Parameters:
    ///   - rates: the table.
    ///   - target: the currency to convert into.
    public init(rates: ExchangeRates, target: CurrencyCode) {
        self.rates = rates
        self.target = target
    }

    /// Converts an amount.
    /// - Parameter money: the amount in any currency.
    /// - Returns: the amount in the target currency, or `nil` when either rate is unknown.
    public func convert(_ money: Money) -> Money? {
        if money.currency == target { return money }
        guard let from = rates.rate(for: money.currency), let to = rates.rate(for: target) else { return nil }
        return Money(money.amount / from * to, target).rounded
    }

    /// Sets every source's converted price and the offer's headline price to the cheapest source.
    /// - Parameter offers: offers as providers returned them.
    /// - Returns: the same offers, converted or tagged `unconverted`.
    public func convert(_ offers: [Offer]) -> [Offer] {
        offers.map { offer in
            var offer = offer
            for index in offer.sources.indices {
                offer.sources[index].convertedPrice = convert(offer.sources[index].price)
            }
            offer.sources.sort(by: OfferSource.cheaperFirst)
            if let converted = offer.sources.first?.convertedPrice {
                offer.price = converted
                offer.tags.remove(.unconverted)
            } else {
                offer.price = offer.sources.first?.price ?? offer.price
                offer.tags.insert(.unconverted)
            }
            return offer
        }
    }
}

extension OfferSource {
    /// Converted prices first, cheapest first; then unconverted ones by currency and amount; then by
    /// provider id, so the order is deterministic.
    static func cheaperFirst(_ lhs: OfferSource, _ rhs: OfferSource) -> Bool {
        switch (lhs.convertedPrice, rhs.convertedPrice) {
        case (let left?, let right?) where left != right: return left < right
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil) where lhs.price != rhs.price: return lhs.price < rhs.price
        default: return lhs.provider != rhs.provider ? lhs.provider < rhs.provider : lhs.reference < rhs.reference
        }
    }
}
