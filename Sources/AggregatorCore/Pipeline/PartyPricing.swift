import Foundation
import ProviderKit

/// Prices every seller's offer for the whole party before anything compares them, and marks each price with
/// the party it is for, so that merged prices compare like with like and no price passes for the party asked
/// when it is not.
///
/// Rules, applied to each source as the provider sent it (before conversion):
/// - A flight offer priced per person (``PriceBasis/perPerson``: the seller's answer gives one passenger's
///   fare, whatever party its source states for that fare) is multiplied by the seats the party needs (adults
///   and children: a lap infant takes no seat) and becomes a ``PriceBasis/total``; each source's price, still in
///   the provider's currency, is the seated party's total from then on, its ``OfferSource/pricedFor`` that
///   party and ``OfferSource/scaled`` set. When the party has lap infants, such a price cannot cover them: it
///   is for another party than the one asked, and one ``SearchNote/lapInfantsNotPriced(_:seated:infants:)``
///   per provider says so.
/// - A source that states the party its total is for keeps its price, as sent. When that party is not the
///   one asked for, the source is marked ``OfferSource/forAnotherParty`` and one
///   ``SearchNote/pricedForAnotherParty(_:party:offers:)`` per provider and party says how many of its prices
///   are so: a mismatch is never silent.
/// - A total whose source states no party is taken as the price for the party asked (the provider was sent
///   the query's party); its ``OfferSource/pricedFor`` stays `nil`, so that output says the seller did not say.
/// - Per-day prices (rentals) are not priced per passenger, and a party of one adult changes no amount.
///
/// A source marked for another party never makes its trip's headline price while another seller prices the
/// whole party (``OfferSource/cheaperFirst(_:_:)`` orders sellers so), and a trip no seller prices for the whole
/// party is ranked after those that one does (``OfferRanker``).
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
        let seated = Passengers(adults: party.adults, children: party.children, infants: 0)
        let seats = Decimal(max(party.seats, 1))
        // Indices rather than loops over values: reading a source's fields copies no whole offer.
        for index in offers.indices {
            let category = offers[index].product.category
            if offers[index].priceBasis == .perPerson, category == .flights {
                for sourceIndex in offers[index].sources.indices {
                    let price = offers[index].sources[sourceIndex].price
                    offers[index].sources[sourceIndex].price = Money(price.amount * seats, price.currency)
                    offers[index].sources[sourceIndex].pricedFor = seated
                    offers[index].sources[sourceIndex].scaled = true
                    offers[index].sources[sourceIndex].forAnotherParty = seated != party
                    let provider = offers[index].sources[sourceIndex].provider
                    if !perSeat.contains(provider) { perSeat.append(provider) }
                }
                offers[index].price = Money(offers[index].price.amount * seats, offers[index].price.currency)
                offers[index].priceBasis = .total
                continue
            }
            for sourceIndex in offers[index].sources.indices {
                guard let stated = offers[index].sources[sourceIndex].pricedFor, stated != party else { continue }
                offers[index].sources[sourceIndex].forAnotherParty = true
                let provider = offers[index].sources[sourceIndex].provider
                if let known = otherParties.firstIndex(where: { $0.provider == provider && $0.party == stated }) {
                    otherParties[known].offers += 1
                } else {
                    otherParties.append((provider, stated, 1))
                }
            }
        }
        var notes: [SearchNote] = []
        if party.infants > 0 {
            notes += perSeat.map { .lapInfantsNotPriced($0, seated: seated, infants: party.infants) }
        }
        notes += otherParties.map { .pricedForAnotherParty($0.provider, party: $0.party, offers: $0.offers) }
        return notes
    }
}
