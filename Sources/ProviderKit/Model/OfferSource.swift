import Foundation

/// One seller of an offer: which provider, at what price in its own currency, and where to buy.
public struct OfferSource: Sendable, Hashable {
    /// The provider that returned the offer.
    public var provider: ProviderID
    /// The provider's own id for the offer, for tracing back to its response.
    public var reference: String
    /// The price as the provider stated it, in the provider's currency.
    public var price: Money
    /// The price in the search's currency, once converted; `nil` when it could not be.
    public var convertedPrice: Money?
    /// Where to book, when the provider gives a link.
    public var link: WebAddress?
    /// When the provider's answer was received; for a sample compiled into a provider, when it was recorded.
    public var retrievedAt: Date
    /// Seats or tickets left at this price, when the provider says.
    public var seatsLeft: Int?
    /// What the seller charges for checked bags, when it says.
    public var bagFees: BagFees?
    /// The party the price is for, as the seller's answer says; `nil` when it does not say. A provider whose
    /// answer gives one passenger's fare (``PriceBasis/perPerson``) states the party of that fare; the pipeline
    /// then scales the price to the party asked and sets this to the party it now covers.
    public var pricedFor: Passengers?
    /// Whether the tool multiplied the seller's one-passenger fare by the seats of the party: the price is an
    /// estimate for ``pricedFor`` made from per-person fares, not a total the seller quoted.
    public var scaled = false
    /// Whether the price is, as the seller states it, for another party than the one asked, and is shown as
    /// sent. Set by the pipeline's party stage; such a price never makes a trip's headline price while a seller
    /// prices the whole party.
    public var forAnotherParty = false
    /// Whether the price comes from sample data (the samples compiled into a provider, or a service's test
    /// mode), never a live answer; ``retrievedAt`` is then when the sample was recorded.
    public var sample = false
    /// The checked-bag fees for the whole party that ``convertedPrice`` includes, in the search's currency,
    /// once ``BagPricing`` has run for a search that asks for bags; `nil` when none are included.
    public var includedBagFees: Money?
    /// Whether the search asks for checked bags and this seller's fee for that many is unknown (or cannot
    /// be converted), so that ``convertedPrice`` is the ticket alone: a lower bound of the real total.
    public var bagFeesUnknown = false

    /// Creates a source.
    /// - Parameters:
    ///   - provider: the provider's id.
    ///   - reference: the provider's id for the offer.
    ///   - price: the price in the provider's currency.
    ///   - deepLink: the booking link.
    ///   - retrievedAt: when the answer arrived.
    ///   - seatsLeft: seats left, when known.
    ///   - bagFees: the checked-bag fees, when known.
    ///   - pricedFor: the party the price is for, when known.
    public init(
        provider: ProviderID, reference: String, price: Money, deepLink: URL? = nil, retrievedAt: Date,
        seatsLeft: Int? = nil, bagFees: BagFees? = nil, pricedFor: Passengers? = nil
    ) {
        self.provider = provider
        self.reference = reference
        self.price = price
        self.link = deepLink.map(WebAddress.init)
        self.retrievedAt = retrievedAt
        self.seatsLeft = seatsLeft
        self.bagFees = bagFees
        self.pricedFor = pricedFor
    }

    /// Where to book, as a `URL`: built from ``link`` each time it is asked for.
    public var deepLink: URL? {
        get { link?.url }
        set { link = newValue.map(WebAddress.init) }
    }

    /// The price used for comparison: the converted one, else the original.
    public var comparablePrice: Money { convertedPrice ?? price }

    /// The converted price without the bag fees it includes; `nil` when it includes none.
    public var convertedPriceWithoutBags: Money? {
        guard let fees = includedBagFees, let convertedPrice else { return nil }
        return Money(convertedPrice.amount - fees.amount, convertedPrice.currency)
    }
}
