import Foundation
import ProviderKit

/// Adds each seller's checked-bag fees to its comparable price when the search asks for bags, so that
/// trips are ranked and capped on what the traveller would pay with their bags.
///
/// Rules, for `bags` checked bags per passenger (nothing changes for none):
/// - A source's fee is what its ``OfferSource/bagFees`` state for that many bags per passenger
///   (``BagFees/fee(forBags:)``: the fee for carrying `bags` bags, not a fee per bag), times the passengers
///   with a seat (adults and children; a lap infant has no bag allowance), converted from the fees' own
///   currency into the search's like any price. A fee of zero — bags the fare includes — is a known fee of
///   zero, not an unknown one. It is added to the source's converted price and kept in
///   ``OfferSource/includedBagFees``; the price as the provider sent it stays as sent.
/// - A source whose fee for that many bags is unknown (no fees stated, or none for that count), or whose
///   fee or price cannot be converted, keeps its price and is marked ``OfferSource/bagFeesUnknown``: its
///   price is a lower bound of the real total.
/// - Sources are then ordered cheapest first on those prices, the offer's price is its cheapest source's,
///   and an offer whose cheapest source is marked is tagged ``OfferTag/bagFeesUnknown``. Since a marked
///   price can only grow, a trip whose cheapest seller has a known total has a known cheapest total.
/// - The ranker puts tagged trips after the trips whose total is known (see ``OfferRanker``), and the
///   price cap does not pass them (see ``OfferFilter``).
public struct BagPricing: Sendable {
    /// Checked bags per passenger.
    public let bags: Int
    /// Who travels.
    public let party: Passengers
    /// Converts fees into the search's currency.
    public let converter: CurrencyConverter

    /// Creates the stage.
    /// - Parameters:
    ///   - bags: checked bags per passenger.
    ///   - party: who travels.
    ///   - converter: the search's currency converter.
    public init(bags: Int, party: Passengers, converter: CurrencyConverter) {
        self.bags = bags
        self.party = party
        self.converter = converter
    }

    /// Prices the bags.
    /// - Parameter offers: converted offers.
    /// - Returns: the offers with bag fees in their comparable prices, or marked where the fees are unknown.
    public func price(_ offers: [Offer]) -> [Offer] {
        var priced = offers
        price(&priced)
        return priced
    }

    /// Prices the bags in place, as the returning `price(_:)` does; without bags asked for, nothing is
    /// touched.
    /// - Parameter offers: converted offers.
    func price(_ offers: inout [Offer]) {
        guard bags > 0 else { return }
        let seats = Decimal(max(party.seats, 1))
        for index in offers.indices where offers[index].product.category == .flights {
            price(&offers[index], seats: seats)
        }
    }

    private func price(_ offer: inout Offer, seats: Decimal) {
        for index in offer.sources.indices {
            var source = offer.sources[index]
            if let fee = source.bagFees?.fee(forBags: bags), let converted = convertedFee(fee, seats: seats),
                let ticket = source.convertedPrice, converted.amount.isFinite
            {
                source.convertedPrice = Money(ticket.amount + converted.amount, ticket.currency)
                source.includedBagFees = converted
                source.bagFeesUnknown = false
            } else {
                source.bagFeesUnknown = true
            }
            offer.sources[index] = source
        }
        offer.sources.sortFew(by: OfferSource.cheaperFirst)
        if let cheapest = offer.sources.first {
            offer.price = cheapest.comparablePrice
            if cheapest.bagFeesUnknown {
                offer.tags.insert(.bagFeesUnknown)
            } else {
                offer.tags.remove(.bagFeesUnknown)
            }
        }
    }

    /// The fee for the party's bags in the search's currency. A fee of zero (bags the fare includes) is a
    /// known fee, zero in any currency, so it needs no rate; any other fee converts like a price, and one that
    /// cannot be converted is unknown.
    private func convertedFee(_ fee: Money, seats: Decimal) -> Money? {
        let amount = fee.amount * seats
        guard !amount.isNaN, amount.isFinite else { return nil }
        if amount.isZero { return Money(0, converter.target) }
        return converter.convert(Money(amount, fee.currency))
    }
}
