import AggregatorCore
import Foundation

/// A flight that can be sold: both airports known, a positive price.
struct SunWebSellableFlight: Sendable, Hashable {
    /// SunWeb's id, unique across both lists.
    var id: Int
    /// The airline's key into the airlines list, trimmed.
    var airline: String
    /// The departure airport, upper case.
    var origin: String
    /// The arrival airport, upper case.
    var destination: String
    /// One seat's price in EUR.
    var price: Decimal

    /// Checks a decoded record.
    /// - Parameter flight: the record as SunWeb sent it.
    /// - Returns: `nil` for a record that decoded but cannot be an honest offer: an airport missing or
    ///   blank, or a price that is missing, zero or negative.
    init?(_ flight: SunWebFlight) {
        guard let origin = flight.departureAirportCode.trimmedNonEmpty,
            let destination = flight.arrivalAirportCode.trimmedNonEmpty,
            let price = flight.price?.value, price > 0
        else { return nil }
        id = flight.id
        airline = flight.airline.trimmingCharacters(in: .whitespaces)
        self.origin = origin.uppercased()
        self.destination = destination.uppercased()
        self.price = price
    }

    /// Whether `inbound` flies this flight's route the other way, so that the two make a round trip.
    func isReturned(by inbound: SunWebSellableFlight) -> Bool {
        inbound.origin == destination && inbound.destination == origin
    }
}

/// Both directions of a flights answer after every unusable record has been left out and counted.
struct SunWebTimetable: Sendable {
    /// Sellable outbound flights, in SunWeb's order.
    var outbound: [SunWebSellableFlight]
    /// Sellable inbound flights, in SunWeb's order.
    var inbound: [SunWebSellableFlight]
    /// Records that did not decode, could not be sold, or repeated an earlier flight's id.
    var skipped: Int

    /// Sorts a decoded answer into what can be sold and what is skipped.
    ///
    /// Ids are documented as unique across both lists and offer ids derive from them, so a repeated id
    /// would make two offers indistinguishable: the later record is skipped.
    /// - Parameter lists: the decoded answer.
    init(_ lists: SunWebFlightLists) {
        var seen = Set<Int>()
        var skipped = lists.outboundFlights.skipped + lists.inboundFlights.skipped
        func sellable(_ records: [SunWebFlight]) -> [SunWebSellableFlight] {
            records.compactMap { record in
                guard let flight = SunWebSellableFlight(record), seen.insert(flight.id).inserted else {
                    skipped += 1
                    return nil
                }
                return flight
            }
        }
        outbound = sellable(lists.outboundFlights.elements)
        inbound = sellable(lists.inboundFlights.elements)
        self.skipped = skipped
    }

    /// Every one-way flight: the outbound ones, then the inbound ones, which are one-way flights too.
    var singles: [SunWebSellableFlight] { outbound + inbound }

    /// The most round trips one answer becomes: pairing is quadratic, and 3,000 flights each way on one
    /// route would otherwise make nine million offers.
    static let maxRoundTrips = 10_000

    /// Every outbound flight with every inbound flight on its reverse route, as the app paired them, up
    /// to `limit` pairs.
    ///
    /// Each outbound flight's partners come with the same airline first, the way the app proposed
    /// them, and otherwise in SunWeb's order; an outbound flight with no reverse inbound has no pair.
    /// When there are more pairs than `limit`, the `limit` cheapest are kept (ties in SunWeb's order), so
    /// the cap never hides a cheaper trip than one it shows; they keep the order above.
    /// - Parameter limit: the most pairs made.
    /// - Returns: the pairs, and how many more there were.
    /// - Throws: `CancellationError` when the search is cancelled, which is checked as pairs are made.
    func roundTrips(
        limit: Int = maxRoundTrips
    ) throws -> (
        pairs: [(outbound: SunWebSellableFlight, inbound: SunWebSellableFlight)], leftOut: Int
    ) {
        var returns: [SunWebRoute: [Int]] = [:]
        for (index, flight) in inbound.enumerated() {
            returns[SunWebRoute(from: flight.origin, to: flight.destination), default: []].append(index)
        }
        func partners(of flight: SunWebSellableFlight) -> [Int] {
            returns[SunWebRoute(from: flight.destination, to: flight.origin)] ?? []
        }
        let total = outbound.reduce(0) { $0 + partners(of: $1).count }
        var kept: Set<SunWebPairIndex>?
        if total > limit { kept = try cheapestPairs(limit: limit, partners: partners) }

        var pairs: [(outbound: SunWebSellableFlight, inbound: SunWebSellableFlight)] = []
        pairs.reserveCapacity(min(total, limit))
        for (outboundIndex, flight) in outbound.enumerated() {
            try Task.checkCancellation()
            let candidates = partners(of: flight)
            let ordered =
                candidates.filter { inbound[$0].airline == flight.airline }
                + candidates.filter { inbound[$0].airline != flight.airline }
            for inboundIndex in ordered
            where kept?.contains(SunWebPairIndex(outbound: outboundIndex, inbound: inboundIndex)) ?? true {
                pairs.append((outbound: flight, inbound: inbound[inboundIndex]))
            }
        }
        return (pairs, total - pairs.count)
    }

    /// The `limit` cheapest pairs, found without making every pair: per outbound flight its partners
    /// are taken cheapest first, and a heap of each outbound flight's next partner yields the pairs in
    /// price order (the k smallest sums of sorted lists).
    private func cheapestPairs(
        limit: Int, partners: (SunWebSellableFlight) -> [Int]
    ) throws -> Set<SunWebPairIndex> {
        let sortedPartners = outbound.map { flight in
            partners(flight).sorted { (inbound[$0].price, $0) < (inbound[$1].price, $1) }
        }
        var heap = SunWebPairHeap()
        for (index, list) in sortedPartners.enumerated() where !list.isEmpty {
            heap.push(
                SunWebPairHeap.Entry(price: outbound[index].price + inbound[list[0]].price, outbound: index, rank: 0))
        }
        var kept = Set<SunWebPairIndex>()
        while kept.count < limit, let next = heap.pop() {
            if kept.count % 1024 == 0 { try Task.checkCancellation() }
            let list = sortedPartners[next.outbound]
            kept.insert(SunWebPairIndex(outbound: next.outbound, inbound: list[next.rank]))
            if next.rank + 1 < list.count {
                heap.push(
                    SunWebPairHeap.Entry(
                        price: outbound[next.outbound].price + inbound[list[next.rank + 1]].price,
                        outbound: next.outbound, rank: next.rank + 1))
            }
        }
        return kept
    }
}

/// A one-way route, for finding the flights back.
struct SunWebRoute: Hashable {
    var from: String
    var to: String
}

/// A pair of flights by their positions in the two lists.
struct SunWebPairIndex: Hashable {
    var outbound: Int
    var inbound: Int
}

/// A binary min-heap of candidate pairs by price, then outbound position, then partner rank: the order
/// in which the cheapest pairs are taken, ties in SunWeb's order.
struct SunWebPairHeap {
    struct Entry {
        var price: Decimal
        var outbound: Int
        var rank: Int

        func precedes(_ other: Entry) -> Bool {
            (price, outbound, rank) < (other.price, other.outbound, other.rank)
        }
    }

    private var entries: [Entry] = []

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Entry? {
        guard let first = entries.first else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].precedes(entries[smallest]) { smallest = left }
            if right < entries.count, entries[right].precedes(entries[smallest]) { smallest = right }
            guard smallest != parent else { return first }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

/// The airlines list by key: what turns a flight's airline key into a carrier people recognise.
struct SunWebAirlineDirectory: Sendable {
    /// Usable records by their key.
    var airlines: [String: SunWebAirline]
    /// Records that did not decode, had a blank key or name, or repeated an earlier key.
    var skipped: Int

    /// No airlines: every carrier is named by its key. Used when the list could not be fetched.
    static let unavailable = SunWebAirlineDirectory(airlines: [:], skipped: 0)

    private init(airlines: [String: SunWebAirline], skipped: Int) {
        self.airlines = airlines
        self.skipped = skipped
    }

    /// Indexes a decoded airlines answer; the first record for a key wins.
    /// - Parameter response: the decoded answer.
    init(_ response: SunWebAirlinesResponse) {
        var airlines: [String: SunWebAirline] = [:]
        var skipped = response.airlines.skipped
        for record in response.airlines.elements {
            let key = record.id.trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, Optional(record.name).trimmedNonEmpty != nil, airlines[key] == nil else {
                skipped += 1
                continue
            }
            airlines[key] = record
        }
        self.airlines = airlines
        self.skipped = skipped
    }

    /// The carrier a flight names. SunWeb gives no IATA codes and none is invented, so the carrier is
    /// known by name only; an airline missing from the list is named by its key, which is still what
    /// the service calls it.
    /// - Parameter key: the flight's airline key.
    /// - Returns: the carrier with the directory's name, headline and logo where known.
    func carrier(forKey key: String) -> Carrier {
        guard let airline = airlines[key] else {
            return Carrier(code: nil, name: key.isEmpty ? nil : key)
        }
        return Carrier(
            code: nil, name: Optional(airline.name).trimmedNonEmpty ?? key,
            headline: airline.headline?.value.trimmedNonEmpty, logoURL: Self.url(airline.logoImg?.value))
    }

    /// The airline's large picture, which the app showed with its flights.
    /// - Parameter key: the flight's airline key.
    /// - Returns: the picture's URL, when the directory has a usable one.
    func image(forKey key: String) -> URL? {
        Self.url(airlines[key]?.mainImg?.value)
    }

    /// A URL from a record's text, only when it is absolute: a bare file name cannot be shown.
    private static func url(_ text: String?) -> URL? {
        guard let text = text.trimmedNonEmpty, let url = URL(string: text), url.scheme != nil else { return nil }
        return url
    }
}

extension Offer {
    /// Maps one flight to a one-way offer.
    /// - Parameters:
    ///   - flight: a sellable flight from either list.
    ///   - airlines: the directory that names its carrier.
    ///   - provider: the id the provider runs under, for the source.
    ///   - retrievedAt: when the answer arrived.
    init(
        sunWeb flight: SunWebSellableFlight, airlines: SunWebAirlineDirectory, provider: ProviderID, retrievedAt: Date
    ) {
        let reference = String(flight.id)
        self.init(
            id: StableIdentifier.make(prefix: provider.rawValue, [reference]),
            product: .flight(Itinerary(legs: [Self.leg(of: flight, airlines: airlines)])),
            // SunWeb priced one seat, as the app showed it.
            priceBasis: .perPerson,
            source: Self.sunWebSource(
                provider: provider, reference: reference, price: flight.price, retrievedAt: retrievedAt),
            imageURL: airlines.image(forKey: flight.airline))
    }

    /// Maps an outbound flight and an inbound flight on the reverse route to a round-trip offer priced
    /// at the sum of the two seats.
    /// - Parameters:
    ///   - outbound: the flight out.
    ///   - inbound: the flight back.
    ///   - airlines: the directory that names the carriers.
    ///   - provider: the id the provider runs under, for the source.
    ///   - retrievedAt: when the answers arrived.
    init(
        sunWebOutbound outbound: SunWebSellableFlight, inbound: SunWebSellableFlight,
        airlines: SunWebAirlineDirectory, provider: ProviderID, retrievedAt: Date
    ) {
        let legs = [Self.leg(of: outbound, airlines: airlines), Self.leg(of: inbound, airlines: airlines)]
        self.init(
            id: StableIdentifier.make(prefix: provider.rawValue, [String(outbound.id), String(inbound.id)]),
            product: .flight(Itinerary(legs: legs)), priceBasis: .perPerson,
            source: Self.sunWebSource(
                provider: provider, reference: "\(outbound.id)+\(inbound.id)", price: outbound.price + inbound.price,
                retrievedAt: retrievedAt),
            imageURL: airlines.image(forKey: outbound.airline) ?? airlines.image(forKey: inbound.airline))
    }

    /// One direct flight with no times: SunWeb publishes routes and prices, not schedules, so offers
    /// from it are never merged with other providers' (merging needs a departure time).
    private static func leg(of flight: SunWebSellableFlight, airlines: SunWebAirlineDirectory) -> Leg {
        Leg(segments: [
            Segment(
                carrier: airlines.carrier(forKey: flight.airline), flightNumber: nil,
                origin: Place(airport: flight.origin), destination: Place(airport: flight.destination),
                departure: nil, arrival: nil)
        ])
    }

    /// SunWeb has no booking links and does not say how many seats are left.
    private static func sunWebSource(
        provider: ProviderID, reference: String, price: Decimal, retrievedAt: Date
    ) -> OfferSource {
        OfferSource(
            provider: provider, reference: reference, price: Money(price, .eur), deepLink: nil,
            retrievedAt: retrievedAt, seatsLeft: nil)
    }
}

extension Optional where Wrapped == String {
    /// The text without surrounding white space, or `nil` when it is missing or blank.
    fileprivate var trimmedNonEmpty: String? {
        guard let text = self?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
