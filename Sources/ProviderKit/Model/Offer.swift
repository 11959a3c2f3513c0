import Foundation

/// One thing to buy, with every provider that sells it.
///
/// A provider returns offers with one source each; the ``OfferMerger`` folds offers for the same
/// physical trip into one whose `sources` lists every seller.
public struct Offer: Sendable, Hashable, Identifiable {
    /// Stable across runs: derived from the offer's content, never random.
    public var id: String
    /// What is sold.
    public var product: Product
    /// The headline price: the cheapest source, in the search currency when it could be converted.
    public var price: Money
    /// What the price covers.
    public var priceBasis: PriceBasis
    /// Every seller, cheapest first once the pipeline has run.
    public var sources: [OfferSource]
    /// A picture of the destination or the car.
    public var imageURL: URL?
    /// Labels such as `cheapest`.
    public var tags: Set<OfferTag>

    /// Creates an offer with one source, as a provider does.
    /// - Parameters:
    ///   - id: a stable id.
    ///   - product: what is sold.
    ///   - priceBasis: what the price covers.
    ///   - source: the provider's price and link.
    ///   - imageURL: a picture.
    ///   - tags: initial labels.
    @inlinable public init(
        id: String, product: Product, priceBasis: PriceBasis, source: OfferSource, imageURL: URL? = nil,
        tags: Set<OfferTag> = []
    ) {
        self.id = id
        self.product = product
        self.price = source.price
        self.priceBasis = priceBasis
        self.sources = [source]
        self.imageURL = imageURL
        self.tags = tags
    }

    /// Seats left at the headline price, when its source says.
    public var seatsLeft: Int? { Self.seatsLeft(of: sources, headline: price) }

    /// ``seatsLeft`` for an offer with these sources at this headline price: the seats of the first source at
    /// that price, or the fewest any source has. Sources are read in place, where taking one out of the
    /// array to look at it would copy it.
    package static func seatsLeft(of sources: [OfferSource], headline price: Money) -> Int? {
        var fewest: Int?
        var headlineSeen = false
        for index in sources.indices {
            let seats = sources[index].seatsLeft
            if !headlineSeen, (sources[index].convertedPrice ?? sources[index].price) == price {
                if let seats { return seats }
                headlineSeen = true
            }
            if let seats, seats < fewest ?? .max { fewest = seats }
        }
        return fewest
    }

    /// Whether the headline price is in the search's currency. Inlinable, so that a stage reading it of an offer
    /// where it lies reads the tags alone rather than copying the offer.
    @inlinable public var isConverted: Bool { !tags.includes(.unconverted) }

    /// The headline price without the checked-bag fees it includes; `nil` when it includes none.
    public var priceWithoutBags: Money? {
        sources.first(where: { $0.comparablePrice == price })?.convertedPriceWithoutBags
    }
}

extension Offer {
    /// Where the trip starts: the first leg's origin, or the car's pick-up place.
    public var origin: Place? {
        switch product {
        case .flight(let itinerary): itinerary.legs.first?.origin
        case .car(let car): car.pickup
        }
    }

    /// Where the trip goes: the first leg's destination.
    public var destination: Place? {
        product.itinerary?.legs.first?.destination
    }
}
