import Foundation
import ProviderKit

extension Offer {
    /// Maps one flight card: a one-way trip or a round trip, priced for one traveller (the tool is asked for
    /// one adult), which the pipeline prices for the party.
    ///
    /// - **Flights.** A leg with `layovers` connections is that many flights plus one. The card says where
    ///   the leg starts and ends and when, and not where it connects: the airports between, and the times of
    ///   the connecting flights, are unknown, so such a trip shows its stops, never claims a connection it
    ///   cannot name, and never merges with another seller's. A nonstop leg is one flight, known in full but
    ///   for its number, and merges with the same flight sold elsewhere (same carrier, route and departure
    ///   minute).
    /// - **Carriers.** The card names its airlines, not which flies which flight. With one airline, every
    ///   flight is that airline's. With several, each leg's flights take them in order, the last repeated;
    ///   a leg with fewer flights than names shows the names together as one carrier, which merges with
    ///   nothing, since which of them flies it is unknown. Carriers keep their names: the pipeline knows
    ///   which code a name stands for.
    /// - **Times** are wall clocks at the airports, never instants: no arrival or duration is derived from
    ///   them. The stated duration is the leg's.
    /// - **Marks.** `hidden_city` is tagged ``OfferTag/hiddenCity`` (the ticket goes on beyond where the
    ///   traveller gets off) and `virtual_interlining` ``OfferTag/selfTransfer`` (separate tickets joined by
    ///   Skiplagged). Other attributes that read as a mark (lower-case letters, digits and underscores) are
    ///   kept as tags as given, except the marks the tool sets itself (`cheapest`, `best`, …), which a
    ///   provider does not decide.
    /// - **Identity.** The id comes from the trip's content (airports, times, connections, airlines, marks and
    ///   price), never from the card's `id`, which is only the source's reference.
    /// - Parameters:
    ///   - card: the checked card.
    ///   - index: its position in `flights`, the reference when the card has no id.
    ///   - provider: the provider's id, for the source and the id.
    ///   - retrievedAt: when the answer arrived.
    ///   - link: the booking link, already checked.
    init(
        skiplagged card: SkiplaggedCard, index: Int, provider: ProviderID, retrievedAt: Date, link: WebAddress?
    ) {
        var legs = [Self.skiplaggedLeg(card.outbound, airlines: card.airlines)]
        if let inbound = card.inbound { legs.append(Self.skiplaggedLeg(inbound, airlines: card.airlines)) }
        var source = OfferSource(
            provider: provider, reference: card.id ?? "flights[\(index)]", price: Money(card.price, card.currency),
            retrievedAt: retrievedAt, pricedFor: .one)
        source.link = link
        let tags = Self.skiplaggedTags(card.attributes)
        var parts: [String] = []
        for flight in [card.outbound] + (card.inbound.map { [$0] } ?? []) {
            parts += [
                flight.origin, flight.destination, flight.departure.description, flight.arrival?.description ?? "",
                String(flight.layovers),
            ]
        }
        parts.append(card.airlines.map(AirlineNames.fold).joined(separator: ","))
        parts.append(tags.map(\.rawValue).sorted().joined(separator: ","))
        parts.append("\(card.price) \(card.currency)")
        self.init(
            id: StableIdentifier.make(prefix: provider.rawValue, parts), product: .flight(Itinerary(legs: legs)),
            priceBasis: .perPerson, source: source, tags: tags)
    }

    /// One leg of a card; see ``init(skiplagged:index:provider:retrievedAt:link:)``.
    private static func skiplaggedLeg(_ flight: SkiplaggedFlight, airlines: [String]) -> Leg {
        let count = flight.layovers + 1
        let carriers: [Carrier]
        if airlines.count <= 1 || airlines.count <= count {
            carriers = (0..<count).map { position in
                let name = airlines.isEmpty ? nil : airlines[min(position, airlines.count - 1)]
                return Carrier(code: nil, name: name)
            }
        } else {
            carriers = Array(repeating: Carrier(code: nil, name: airlines.joined(separator: ", ")), count: count)
        }
        var segments: [Segment] = []
        segments.reserveCapacity(count)
        for position in 0..<count {
            let first = position == 0
            let last = position == count - 1
            segments.append(
                Segment(
                    carrier: carriers[position], origin: first ? Place(airport: flight.origin) : Place(),
                    destination: last ? Place(airport: flight.destination) : Place(),
                    departure: first ? FlightTime(local: flight.departure) : nil,
                    arrival: last ? flight.arrival.map { FlightTime(local: $0) } : nil))
        }
        return Leg(segments: segments, duration: flight.duration)
    }

    /// The tags a card's attributes stand for.
    private static func skiplaggedTags(_ attributes: [String]) -> Set<OfferTag> {
        var tags: Set<OfferTag> = []
        for attribute in attributes {
            switch attribute.lowercased() {
            case "hidden_city": tags.insert(.hiddenCity)
            case "virtual_interlining": tags.insert(.selfTransfer)
            case let other where isMark(other) && !toolsOwnTags.contains(OfferTag(rawValue: other)):
                tags.insert(OfferTag(rawValue: other))
            default: continue
            }
        }
        return tags
    }

    /// The tags the tool itself sets from what it knows of every seller: a provider's answer cannot claim them.
    private static let toolsOwnTags: Set<OfferTag> = [
        .cheapest, .fastest, .best, .multipleSources, .fewSeatsLeft, .unconverted, .favorite, .inactiveCarrier,
        .bagFeesUnknown, .otherParty, .testMode,
    ]

    /// Whether an attribute reads as a mark: 1 to 40 lower-case ASCII letters, digits and underscores.
    private static func isMark(_ text: String) -> Bool {
        (1...40).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }
}
