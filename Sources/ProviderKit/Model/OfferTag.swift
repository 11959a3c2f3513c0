import Foundation

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
    /// A hidden-city fare: the ticket is for a journey beyond where the traveller gets off, which the
    /// airline may penalise, and which allows no checked bags.
    public static let hiddenCity = OfferTag(rawValue: "hidden_city")
    /// A self-transfer: separate tickets joined by the seller, so a missed connection is the traveller's
    /// risk and bags may have to be collected and checked in again.
    public static let selfTransfer = OfferTag(rawValue: "self_transfer")
    /// A throw-away fare: a round-trip ticket sold as a one-way trip, whose return flight the traveller is
    /// meant never to take. Like a hidden-city fare it goes against the airline's rules: the airline may
    /// cancel the ticket or charge the fare difference, and it must be the last flight of the booking.
    public static let throwAway = OfferTag(rawValue: "throw_away")
    /// The price comes from the seller's cache of earlier searches (hours to days old), not from a live
    /// search; it may have changed.
    public static let cachedPrice = OfferTag(rawValue: "cached_price")
    /// The search asks for checked bags and the cheapest seller does not state its fee for that many, so the
    /// price is the ticket alone; such trips are ranked after those whose total is known.
    public static let bagFeesUnknown = OfferTag(rawValue: "bag_fees_unknown")
    /// No seller prices the trip for the whole party asked: its price is another party's, shown as the seller
    /// sent it, and it is ranked after the trips priced for the whole party.
    public static let otherParty = OfferTag(rawValue: "other_party")
    /// The offer is a service's test data (Duffel's test airline, `ZZ` "Duffel Airways"), which nobody can fly:
    /// it is ranked after every real offer and takes none of the ranking tags.
    public static let testMode = OfferTag(rawValue: "test_mode")
    /// The seller lists only the cheapest fare of each day on each route, not every flight: other flights of
    /// that day may exist, at higher prices, and a day without a fare may still have flights.
    public static let cheapestOfDay = OfferTag(rawValue: "cheapest_of_day")
}

extension Set<OfferTag> {
    /// Whether the set holds `tag`. Nearly every offer has no tags, and an empty set answers without hashing the
    /// tag's name, which `contains` does before it looks: the pipeline asks this of every offer several times.
    @inlinable public func includes(_ tag: OfferTag) -> Bool { !isEmpty && contains(tag) }
}
