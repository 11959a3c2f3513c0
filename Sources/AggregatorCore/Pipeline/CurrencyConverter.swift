import Foundation
import ProviderKit

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
            // A price already in the target currency is kept as sent, but judged as it would be shown. One
            // with no more decimal places than the currency's minor units shows as it is.
            let shown = amount.exponent >= -target.minorUnits ? amount : Money(amount, target).rounded.amount
            return Self.isPayable(shown) ? .converted(Money(amount, target)) : .outOfRange
        }
        guard let from = rates.rate(for: money.currency), let to = rates.rate(for: target) else {
            return .unknownRate
        }
        // Decimal arithmetic answers "not a number" on overflow and underflow instead of trapping. The amount
        // is rounded once: rounding it again changes nothing.
        amount = Money(money.amount / from * to, target).rounded.amount
        return Self.isPayable(amount) ? .converted(Money(amount, target)) : .outOfRange
    }

    private static func isPayable(_ amount: Decimal) -> Bool {
        !amount.isNaN && amount.isFinite && Decimal.order(amount, .zero) == .orderedDescending
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
        var converted = offers
        let outOfRange = convert(&converted)
        return (converted, outOfRange)
    }

    /// Converts offers in place, as ``convertReportingOutOfRange(_:)`` does: the offers kept stay in their
    /// order, and those left without sources are removed.
    /// - Parameter offers: offers as providers returned them.
    /// - Returns: the original prices of the sources that were dropped, in the order met.
    func convert(_ offers: inout [Offer]) -> [Money] {
        // Offers convert independently, so parts of them convert on every core, each part with a cache of its
        // own; a part's prices out of range and offers left without sources are listed in order.
        let parts = offers.updateParts { offers in
            var cache = ConversionCache(conversion(of:))
            var outOfRange: [Money] = []
            var emptied: [Int] = []
            for index in offers.indices
            where !convertSources(of: &offers[index], cache: &cache, outOfRange: &outOfRange) {
                emptied.append(index)
            }
            return ConvertedPart(outOfRange: outOfRange, emptied: emptied)
        }
        let emptied = Set(parts.flatMap(\.emptied))
        if !emptied.isEmpty { offers.keep(inOrder: offers.indices.filter { !emptied.contains($0) }) }
        return parts.flatMap(\.outOfRange)
    }

    /// What converting one part of the offers found: the prices out of range and the offers left without
    /// sources, in order.
    private struct ConvertedPart: Sendable {
        var outOfRange: [Money]
        var emptied: [Int]
    }

    /// Converts one offer's sources, drops those out of range, orders the rest and sets the headline price.
    /// - Returns: `false` when no source is left, so the offer is to be dropped.
    private func convertSources(
        of offer: inout Offer, cache: inout ConversionCache<Conversion>, outOfRange: inout [Money]
    ) -> Bool {
        var kept = 0
        for index in offer.sources.indices {
            let price = offer.sources[index].price
            switch cache.conversion(of: price) {
            case .converted(let money): offer.sources[index].convertedPrice = money
            case .unknownRate: offer.sources[index].convertedPrice = nil
            case .outOfRange:
                outOfRange.append(price)
                continue
            }
            if kept != index { offer.sources[kept] = offer.sources[index] }
            kept += 1
        }
        guard kept > 0 else { return false }
        if kept < offer.sources.count { offer.sources.removeSubrange(kept...) }
        offer.sources.sortFew(by: OfferSource.cheaperFirst)
        if let converted = offer.sources[0].convertedPrice {
            offer.price = converted
            // Most offers have no tags: an empty set is not searched.
            if offer.tags.includes(.unconverted) { offer.tags.remove(.unconverted) }
        } else {
            offer.price = offer.sources[0].price
            offer.tags.insert(.unconverted)
        }
        return true
    }
}

extension OfferSource {
    /// The order of a trip's sellers, whose first gives the headline price: prices for the whole party asked
    /// first (a price for another party is shown, never the headline while one for the party exists); then
    /// converted prices, cheapest first; then unconverted ones by currency and amount; then by provider id, so
    /// the order is deterministic.
    static func cheaperFirst(_ lhs: OfferSource, _ rhs: OfferSource) -> Bool {
        if lhs.forAnotherParty != rhs.forAnotherParty { return rhs.forAnotherParty }
        switch (lhs.convertedPrice, rhs.convertedPrice) {
        case (let left?, let right?) where left != right: return left < right
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil) where lhs.price != rhs.price: return lhs.price < rhs.price
        default: return lhs.provider != rhs.provider ? lhs.provider < rhs.provider : lhs.reference < rhs.reference
        }
    }
}
