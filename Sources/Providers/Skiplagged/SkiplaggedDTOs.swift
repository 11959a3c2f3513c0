import Foundation
import ProviderKit

// The `structuredContent` of Skiplagged's `sk_flights_search` tool, read with the project's JSON reader only
// as far as the mapping needs: `{"searchUrl": …, "flights": [card, …]}`, each card
// `{"type": "FlightCard", "id", "airlines", "departure": {"airport", "dateTime"}, "arrival": {…}, "duration",
// "layovers", "price": {"amount", "currency"}, "deepLink", "attributes": […], "returnFlight": {"departure",
// "arrival", "duration", "layovers"}}`. A card names its airlines in one string and no flight numbers, and
// says how many connections a leg has but not where: the mapping shows what it says and nothing more.
// Times are the airports' wall clocks. Fields the trip cannot do without (the airports, the departure, a
// positive price in a currency, a sane number of connections) fail the card, which is skipped and counted;
// broken informational fields (the arrival, the duration, the link, the attributes) read as unknown.

/// The top of an answer: its list of cards.
///
/// A node points into the body being read, so an answer lives only inside `ProviderClient.read`.
struct SkiplaggedAnswer {
    /// The `flights` array.
    var flights: JSONNode

    /// Reads the top of an answer.
    /// - Parameter root: the document's root.
    /// - Throws: `JSONError` when it is not an object with a `flights` list.
    init(_ root: JSONNode) throws {
        let flights = try root["flights"]
        guard flights.kind == .array else { throw flights.error("is not a list of flights") }
        self.flights = flights
    }
}

/// One direction of a card: where it leaves from and arrives at, when, and through how many connections.
struct SkiplaggedFlight: Sendable, Hashable {
    /// The departure airport's IATA code.
    var origin: String
    /// The arrival airport's IATA code.
    var destination: String
    /// Take-off, on the origin's wall clock.
    var departure: LocalDateTime
    /// Landing, on the destination's wall clock, when stated.
    var arrival: LocalDateTime?
    /// Door to door, when stated.
    var duration: Duration?
    /// How many connections; the flights are one more.
    var layovers: Int

    /// The most connections a leg is read with; more is a broken card's.
    static let maximumLayovers = 6

    /// Reads one direction.
    /// - Parameter node: the card, or its `returnFlight`.
    /// - Throws: `JSONError` for a missing or malformed airport, a missing or unreadable departure time, or a
    ///   number of connections that is not a whole number from 0 to ``maximumLayovers``.
    init(_ node: JSONNode) throws {
        let departure = try node["departure"]
        let arrival = try node["arrival"]
        origin = try Self.airport(departure["airport"])
        destination = try Self.airport(arrival["airport"])
        let departureTime = try departure["dateTime"]
        guard let time = LocalDateTime(wallClockOf: try departureTime.ifPresent?.string) else {
            throw departureTime.error("is not a local date and time")
        }
        self.departure = time
        self.arrival = LocalDateTime(wallClockOf: (try? arrival["dateTime"].ifPresent?.string) ?? nil)
        duration = SkiplaggedTime.duration((try? node["duration"].ifPresent?.string) ?? nil)
        let layoversNode = try node["layovers"]
        let layovers = try layoversNode.lenientInt ?? 0
        guard (0...Self.maximumLayovers).contains(layovers) else {
            throw layoversNode.error("is not a number of connections from 0 to \(Self.maximumLayovers)")
        }
        self.layovers = layovers
    }

    /// An IATA airport code: three ASCII letters or digits, any case.
    private static func airport(_ node: JSONNode) throws -> String {
        guard let text = try node.lenientString?.trimmedText, text.utf8.count == 3,
            text.utf8.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            })
        else { throw node.error("is not an airport code") }
        return text.uppercasedCode
    }
}

/// One card: a one-way trip or a round trip, as Skiplagged sells it.
struct SkiplaggedCard: Sendable, Hashable {
    /// Skiplagged's id for the card, when it sends one: the source's reference, never the offer's id.
    var id: String?
    /// The airlines the card names, in its order, each once.
    var airlines: [String]
    /// The way out.
    var outbound: SkiplaggedFlight
    /// The way back, for a round trip.
    var inbound: SkiplaggedFlight?
    /// The price, positive.
    var price: Decimal
    /// Its currency.
    var currency: CurrencyCode
    /// The booking link as sent; checked when mapped.
    var deepLink: String?
    /// The attributes as sent (`hidden_city`, `virtual_interlining`, …), each once.
    var attributes: [String]

    /// The most airlines a card is read with; a longer list is a broken card's.
    static let maximumAirlines = 8

    /// Reads one card.
    /// - Parameter node: an element of `flights`.
    /// - Throws: `JSONError` for a card without a readable way out, a positive price or a currency code, or a
    ///   `returnFlight` that is there and unreadable.
    init(_ node: JSONNode) throws {
        guard node.kind == .object else { throw node.error("is not a flight card") }
        outbound = try SkiplaggedFlight(node)
        inbound = try node["returnFlight"].ifPresent.map(SkiplaggedFlight.init)
        let priceNode = try node["price"]
        guard priceNode.kind == .object else { throw priceNode.error("is not a price") }
        let amount = try priceNode["amount"]
        guard let price = try amount.lenientDecimal else { throw amount.error("is missing") }
        guard price > 0, price.isFinite else { throw amount.error("is not a positive amount") }
        self.price = price
        let currencyNode = try priceNode["currency"]
        guard let currency = CurrencyCode(try currencyNode.string) else {
            throw currencyNode.error("is not a currency code")
        }
        self.currency = currency
        id = ((try? node["id"].lenientString) ?? nil)?.nonBlank.map { PrintableText.excerpt($0, limit: 120) }
        deepLink = ((try? node["deepLink"].ifPresent?.string) ?? nil)?.trimmedText
        airlines = Self.airlines((try? node["airlines"].ifPresent?.string) ?? nil)
        attributes = Self.attributes(node)
    }

    /// The names in `airlines`: comma-separated, trimmed, each once, blanks left out.
    static func airlines(_ text: String?) -> [String] {
        guard let text, text.utf8.count <= 1_000 else { return [] }
        var names: [String] = []
        for part in text.split(separator: ",") {
            guard let name = String(part).nonBlank, !names.contains(name) else { continue }
            names.append(name)
            if names.count == maximumAirlines { break }
        }
        return names
    }

    /// The strings of `attributes`, each once; anything else in the list is left out.
    private static func attributes(_ node: JSONNode) -> [String] {
        guard let list = try? node["attributes"].ifPresent, list.kind == .array, let elements = try? list.elements
        else { return [] }
        var attributes: [String] = []
        for element in elements {
            guard let text = (try? element.string)?.nonBlank, !attributes.contains(text) else { continue }
            attributes.append(text)
            if attributes.count == 16 { break }
        }
        return attributes
    }
}

/// Skiplagged's durations, read without trusting them: anything odd reads as unknown, never as a trap or a
/// guess. Its times are wall-clock times (``LocalDateTime/init(wallClockOf:)``).
enum SkiplaggedTime {
    /// Reads a duration written for people, `2h 35m` (also `2h`, `35m`, `1d 2h 5m`, without spaces), or in
    /// ISO-8601, `PT2H35M` (also `P1DT2H`).
    /// - Parameter text: the duration as sent.
    /// - Returns: the duration, or `nil` for anything else, for zero, and for more than
    ///   `Leg.longestPlausibleDuration`, so that no sum of durations can overflow.
    static func duration(_ text: String?) -> Duration? {
        guard let text, text.utf8.count <= 40 else { return nil }
        let bytes = text.utf8.filter { $0 != 0x20 }.map { $0 | 0x20 }
        // ISO-8601, in either case, is the kit's to read.
        if bytes.first == UInt8(ascii: "p") {
            return ServiceTime.duration(String(decoding: bytes, as: UTF8.self).uppercased())
        }
        var seconds: Int64 = 0
        var number: Int64?
        var digits = 0
        var lastRank = 0
        var components = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= 6 else { return nil }
                number = (number ?? 0) * 10 + Int64(byte - UInt8(ascii: "0"))
            default:
                guard let value = number, let (unit, rank) = unit(byte), rank > lastRank else { return nil }
                lastRank = rank
                seconds += value * unit
                components += 1
                number = nil
                digits = 0
            }
        }
        let longest = Leg.longestPlausibleDuration.components.seconds
        guard number == nil, components > 0, seconds > 0, seconds <= longest else { return nil }
        return .seconds(seconds)
    }

    /// The seconds in one unit written for people, and its place in the order units are written in.
    private static func unit(_ letter: UInt8) -> (seconds: Int64, rank: Int)? {
        switch letter {
        case UInt8(ascii: "d"): (86_400, 1)
        case UInt8(ascii: "h"): (3600, 2)
        case UInt8(ascii: "m"): (60, 3)
        case UInt8(ascii: "s"): (1, 4)
        default: nil
        }
    }
}
