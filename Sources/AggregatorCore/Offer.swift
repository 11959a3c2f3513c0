import Foundation

/// A car from a rental provider.
public struct CarRental: Sendable, Hashable {
    /// The maker, such as `Toyota`.
    public var brand: String
    /// The model year, or the model's name when the provider gives one.
    public var model: String
    /// The registration plate.
    public var plateNumber: String?
    /// The colour as the provider names it, for display and filtering.
    public var color: String?
    /// Where the car is picked up, when known.
    public var pickup: Place?

    /// Creates a car.
    /// - Parameters:
    ///   - brand: the maker.
    ///   - model: the model or model year.
    ///   - plateNumber: the registration plate.
    ///   - color: the colour's name.
    ///   - pickup: the pick-up place.
    public init(brand: String, model: String, plateNumber: String? = nil, color: String? = nil, pickup: Place? = nil) {
        self.brand = brand
        self.model = model
        self.plateNumber = plateNumber
        self.color = color
        self.pickup = pickup
    }
}

/// What is being sold.
public enum Product: Sendable, Hashable {
    /// A flight trip.
    case flight(Itinerary)
    /// A car rental.
    case car(CarRental)

    /// The itinerary when this is a flight.
    public var itinerary: Itinerary? {
        if case .flight(let itinerary) = self { return itinerary }
        return nil
    }

    /// The car when this is a rental.
    public var car: CarRental? {
        if case .car(let car) = self { return car }
        return nil
    }

    /// The category this product belongs to.
    public var category: OfferCategory {
        switch self {
        case .flight: .flights
        case .car: .cars
        }
    }
}

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

/// A label the pipeline attaches to an offer.
public struct OfferTag: RawRepresentable, Sendable, Hashable, Comparable, Codable {
    /// The tag's name as it appears in output.
    public let rawValue: String

    /// Creates a tag from its name.
    /// - Parameter rawValue: the name, lower case with underscores.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Orders tags by name so that output is stable.
    public static func < (lhs: OfferTag, rhs: OfferTag) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The lowest price among the ranked offers.
    public static let cheapest = OfferTag(rawValue: "cheapest")
    /// The shortest duration among the ranked offers.
    public static let fastest = OfferTag(rawValue: "fastest")
    /// The best score (see ``OfferRanker``).
    public static let best = OfferTag(rawValue: "best")
    /// Sold by more than one provider.
    public static let multipleSources = OfferTag(rawValue: "multiple_sources")
    /// Fewer than ten seats left.
    public static let fewSeatsLeft = OfferTag(rawValue: "few_seats_left")
    /// The price could not be converted into the search's currency; it is shown as sent.
    public static let unconverted = OfferTag(rawValue: "unconverted")
    /// A carrier of the offer is one of the user's favourites.
    public static let favorite = OfferTag(rawValue: "favorite")
    /// A carrier of the offer is marked inactive in the airline directory.
    public static let inactiveCarrier = OfferTag(rawValue: "inactive_carrier")
}

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
    public init(
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
    public var seatsLeft: Int? {
        sources.first(where: { $0.comparablePrice == price })?.seatsLeft ?? sources.compactMap(\.seatsLeft).min()
    }

    /// Whether the headline price is in the search's currency.
    public var isConverted: Bool { !tags.contains(.unconverted) }
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
