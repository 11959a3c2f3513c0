import Foundation

/// Converts prices into the search's currency before anything compares them.
///
/// Rules:
/// - `amount / rate(from) * rate(to)`, rounded half-up to the target's minor units.
/// - A price whose currency the table does not know is never relabelled: it keeps its own currency and
///   the offer is tagged ``OfferTag/unconverted``, which keeps it out of cross-currency ranking.
/// - A price whose conversion is not a finite, positive amount (one so small it rounds to nothing in the
///   target currency's minor units, or so large that decimal arithmetic overflows into "not a number";
///   a price already in the target currency is judged the same way) is no price a
///   traveller can pay: its source is dropped from the offer, and an offer left without sources is
///   dropped. The prices dropped are returned so that the search can say so. Arithmetic never traps, and
///   no "not a number" leaves the converter.
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

    /// What converting one amount gave.
    enum Conversion {
        /// The amount in the target currency: finite and positive.
        case converted(Money)
        /// A rate is unknown: the amount stays as it is.
        case unknownRate
        /// The result is not a finite, positive amount.
        case outOfRange
    }

    /// Converts an amount.
    /// - Parameter money: the amount in any currency.
    /// - Returns: the amount in the target currency; `nil` when either rate is unknown, or when the result
    ///   would not be a finite, positive amount.
    public func convert(_ money: Money) -> Money? {
        guard case .converted(let converted) = conversion(of: money) else { return nil }
        return converted
    }

    func conversion(of money: Money) -> Conversion {
        let amount: Decimal
        if money.currency == target {
            amount = money.amount
        } else {
            guard let from = rates.rate(for: money.currency), let to = rates.rate(for: target) else {
                return .unknownRate
            }
            // Decimal arithmetic answers "not a number" on overflow and underflow instead of trapping.
            amount = Money(money.amount / from * to, target).rounded.amount
        }
        // A price already in the target currency is kept as sent, but judged as it would be shown.
        return Self.isPayable(Money(amount, target).rounded.amount) ? .converted(Money(amount, target)) : .outOfRange
    }

    private static func isPayable(_ amount: Decimal) -> Bool {
        !amount.isNaN && amount.isFinite && amount > 0
    }

    /// Sets every source's converted price and the offer's headline price to the cheapest source,
    /// dropping sources whose price has no sensible amount in the target currency (see
    /// ``convertReportingOutOfRange(_:)`` to learn which).
    /// - Parameter offers: offers as providers returned them.
    /// - Returns: the offers, converted or tagged `unconverted`.
    public func convert(_ offers: [Offer]) -> [Offer] {
        convertReportingOutOfRange(offers).offers
    }

    /// Sets every source's converted price and the offer's headline price to the cheapest source,
    /// dropping sources whose price has no sensible amount in the target currency, and says which.
    /// - Parameter offers: offers as providers returned them.
    /// - Returns: the offers, converted or tagged `unconverted`, and the original prices of the sources
    ///   that were dropped, in the order met.
    public func convertReportingOutOfRange(_ offers: [Offer]) -> (offers: [Offer], outOfRange: [Money]) {
        var outOfRange: [Money] = []
        let converted = offers.compactMap { offer -> Offer? in
            var offer = offer
            offer.sources = offer.sources.compactMap { source in
                var source = source
                switch conversion(of: source.price) {
                case .converted(let money): source.convertedPrice = money
                case .unknownRate: source.convertedPrice = nil
                case .outOfRange:
                    outOfRange.append(source.price)
                    return nil
                }
                return source
            }
            guard !offer.sources.isEmpty else { return nil }
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
        return (converted, outOfRange)
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
