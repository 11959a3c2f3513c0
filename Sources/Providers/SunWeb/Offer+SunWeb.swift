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

    /// Every outbound flight with every inbound flight on its reverse route, as the app paired them.
    ///
    /// Each outbound flight's partners come with the same airline first, the way the app proposed
    /// them, and otherwise in SunWeb's order; an outbound flight with no reverse inbound has no pair.
    var roundTrips: [(outbound: SunWebSellableFlight, inbound: SunWebSellableFlight)] {
        outbound.flatMap { outbound in
            let partners = inbound.filter(outbound.isReturned(by:))
            let sameAirline = partners.filter { $0.airline == outbound.airline }
            let otherAirlines = partners.filter { $0.airline != outbound.airline }
            return (sameAirline + otherAirlines).map { (outbound: outbound, inbound: $0) }
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
    ///   - retrievedAt: when the answer arrived.
    init(sunWeb flight: SunWebSellableFlight, airlines: SunWebAirlineDirectory, retrievedAt: Date) {
        let reference = String(flight.id)
        self.init(
            id: StableIdentifier.make(prefix: SunWebProvider.id.rawValue, [reference]),
            product: .flight(Itinerary(legs: [Self.leg(of: flight, airlines: airlines)])),
            // SunWeb priced one seat, as the app showed it.
            priceBasis: .perPerson,
            source: Self.sunWebSource(reference: reference, price: flight.price, retrievedAt: retrievedAt),
            imageURL: airlines.image(forKey: flight.airline))
    }

    /// Maps an outbound flight and an inbound flight on the reverse route to a round-trip offer priced
    /// at the sum of the two seats.
    /// - Parameters:
    ///   - outbound: the flight out.
    ///   - inbound: the flight back.
    ///   - airlines: the directory that names the carriers.
    ///   - retrievedAt: when the answers arrived.
    init(
        sunWebOutbound outbound: SunWebSellableFlight, inbound: SunWebSellableFlight,
        airlines: SunWebAirlineDirectory, retrievedAt: Date
    ) {
        let legs = [Self.leg(of: outbound, airlines: airlines), Self.leg(of: inbound, airlines: airlines)]
        self.init(
            id: StableIdentifier.make(prefix: SunWebProvider.id.rawValue, [String(outbound.id), String(inbound.id)]),
            product: .flight(Itinerary(legs: legs)), priceBasis: .perPerson,
            source: Self.sunWebSource(
                reference: "\(outbound.id)+\(inbound.id)", price: outbound.price + inbound.price,
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
    private static func sunWebSource(reference: String, price: Decimal, retrievedAt: Date) -> OfferSource {
        OfferSource(
            provider: SunWebProvider.id, reference: reference, price: Money(price, .eur), deepLink: nil,
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
