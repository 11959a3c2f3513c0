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
    public var deepLink: URL?
    /// When the provider's answer was received.
    public var retrievedAt: Date
    /// Seats or tickets left at this price, when the provider says.
    public var seatsLeft: Int?

    /// Creates a source.
    /// - Parameters:
    ///   - provider: the provider's id.
    ///   - reference: the provider's id for the offer.
    ///   - price: the price in the provider's currency.
    ///   - deepLink: the booking link.
    ///   - retrievedAt: when the answer arrived.
    ///   - seatsLeft: seats left, when known.
    public init(
        provider: ProviderID, reference: String, price: Money, deepLink: URL? = nil, retrievedAt: Date,
        seatsLeft: Int? = nil
    ) {
        self.provider = provider
        self.reference = reference
        self.price = price
        self.deepLink = deepLink
        self.retrievedAt = retrievedAt
        self.seatsLeft = seatsLeft
    }

    /// The price used for comparison: the converted one, else the original.
    public var comparablePrice: Money { convertedPrice ?? price }
}
