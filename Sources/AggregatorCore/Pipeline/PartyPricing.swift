import Foundation
import ProviderKit

/// Prices every seller's offer for the whole party before anything compares them, so that merged prices
/// compare like with like.
///
/// Rules, applied to each source as the provider sent it (before conversion):
/// - A flight offer priced per person (``PriceBasis/perPerson``) whose source does not state the party it
///   is priced for is multiplied by the seats the party needs (adults and children: a lap infant takes no
///   seat) and becomes a ``PriceBasis/total``; its source's price, still in the provider's currency, is the
///   party's total from then on. When the party has lap infants, such a price cannot cover them: one
///   ``SearchNote/lapInfantsNotPriced(_:seated:infants:)`` per provider says so.
/// - A source that states the party it is priced for keeps its price. When that party is not the one asked
///   for, one ``SearchNote/pricedForAnotherParty(_:party:offers:)`` per provider and party says how many of
///   its prices are so: a mismatch is never silent.
/// - A total whose source states no party is taken as the price for the party asked: the provider was
///   sent the query's party.
/// - Per-day prices (rentals) are not priced per passenger, and a party of one adult changes no amount.
///
/// Amounts are exact decimals multiplied by a count of at most ``Passengers/maximum``: nothing can trap.
public struct PartyPricing: Sendable {
    /// Who travels.
    public let party: Passengers

    /// Creates the stage.
    /// - Parameter party: the query's party.
    public init(party: Passengers) { self.party = party }

    /// Prices offers for the party.
    /// - Parameter offers: offers as providers returned them, one source each.
    /// - Returns: the offers priced for the party, and the notes about what could not be.
    public func price(_ offers: [Offer]) -> (offers: [Offer], notes: [SearchNote]) {
        var priced = offers
        let notes = price(&priced)
        return (priced, notes)
    }

    /// Prices offers for the party in place, as the returning `price(_:)` does; offers with nothing to
    /// change are not touched.
    /// - Parameter offers: offers as providers returned them, one source each.
    /// - Returns: the notes about what could not be priced.
    func price(_ offers: inout [Offer]) -> [SearchNote] {
        var perSeat: [ProviderID] = []
        var otherParties: [(provider: ProviderID, party: Passengers, offers: Int)] = []
        let seats = Decimal(max(party.seats, 1))
        // Indices rather than loops over values: reading a source's fields copies no whole offer.
        for index in offers.indices {
            var perSeatPrice = offers[index].priceBasis == .perPerson
            for sourceIndex in offers[index].sources.indices {
                guard let stated = offers[index].sources[sourceIndex].pricedFor else { continue }
                perSeatPrice = false
                guard stated != party else { continue }
                let provider = offers[index].sources[sourceIndex].provider
                if let known = otherParties.firstIndex(where: { $0.provider == provider && $0.party == stated }) {
                    otherParties[known].offers += 1
                } else {
                    otherParties.append((provider, stated, 1))
                }
            }
            guard perSeatPrice, offers[index].product.category == .flights else { continue }
            for sourceIndex in offers[index].sources.indices {
                let price = offers[index].sources[sourceIndex].price
                offers[index].sources[sourceIndex].price = Money(price.amount * seats, price.currency)
                let provider = offers[index].sources[sourceIndex].provider
                if !perSeat.contains(provider) { perSeat.append(provider) }
            }
            offers[index].price = Money(offers[index].price.amount * seats, offers[index].price.currency)
            offers[index].priceBasis = .total
        }
        var notes: [SearchNote] = []
        if party.infants > 0 {
            let seated = Passengers(adults: party.adults, children: party.children, infants: 0)
            notes += perSeat.map { .lapInfantsNotPriced($0, seated: seated, infants: party.infants) }
        }
        notes += otherParties.map { .pricedForAnotherParty($0.provider, party: $0.party, offers: $0.offers) }
        return notes
    }
}
