import Foundation
import ProviderKit

// The answers of Kiwi's public MCP server (the `search-flight` tool), in either of the two shapes public
// clients have seen, told apart by their shape and never by a date:
// - a list of itineraries, each with `flyFrom`, `flyTo`, `cityFrom`, `cityTo`, `departure` and `arrival` as
//   `{"utc": …, "local": …}`, `durationInSeconds`, `totalDurationInSeconds`, `price` (for the whole party),
//   `currency`, `deepLink`, `layovers` (`at`, `city`, `cityCode`, `arrival`, `departure`) and, for a round
//   trip, `return` (the same routing without a price). It names no carrier and no flight.
// - an object `{query, currency, passengers, resultsCount, itineraries, searchTimeMs, error}` whose
//   itineraries carry `id`, `price`, `totalDurationSeconds`, `bookingUrl`, `baggage` (`personalItem`,
//   `cabinBag`, `checkedBag`: counts across all travellers) and `outbound`/`inbound` legs (`from`, `to`,
//   `departureTime`, `arrivalTime`, `stops`, `route`, `cabinClass`, `segments` with `from`, `to`, `carrier`,
//   `flightNumber`, `departureTime`, `arrivalTime`).
// Local times are the airport's wall clock and are never read as instants; a `utc` time is an instant. Each
// itinerary is read into a `KiwiItinerary`, so that it maps into an offer the way Tequila's records do.
// What the mapping cannot do without (a positive price, the airports, a departure time) fails the
// itinerary, which is skipped and counted; informational fields that are broken read as unknown.

/// Which of the MCP tool's answer shapes a document is in.
enum KiwiMCPShape: Sendable, Hashable {
    /// The list of itineraries.
    case itineraryList
    /// The `{query, currency, passengers, resultsCount, itineraries, searchTimeMs, error}` object.
    case searchResult

    /// The shape of a document, or `nil` for one in neither: Tequila's (and the legacy) `{"currency",
    /// "data": […]}` and its `{"error": "…"}`.
    /// - Parameter root: the document's root.
    init?(_ root: JSONNode) {
        switch root.kind {
        case .array:
            self = .itineraryList
        case .object:
            var hasData = false
            var hasResultMember = false
            guard let members = try? root.members else { return nil }
            for member in members {
                if member.hasName("data") { hasData = true }
                if member.hasName("itineraries") || member.hasName("resultsCount") || member.hasName("searchTimeMs") {
                    hasResultMember = true
                }
            }
            guard hasResultMember, !hasData else { return nil }
            self = .searchResult
        default:
            return nil
        }
    }
}

/// One MCP answer, read: its itineraries with the currency each is priced in, the records that could not
/// be read, and the party its prices are for when it says.
struct KiwiMCPAnswer {
    /// An itinerary and the currency of its price.
    struct Priced {
        /// The trip.
        var itinerary: KiwiItinerary
        /// The currency of its price.
        var currency: CurrencyCode
    }

    /// The most connections a leg is read with; a longer list is a broken record's.
    static let maximumConnections = 8

    /// The itineraries, in the answer's order.
    var itineraries: [Priced] = []
    /// Records skipped because they could not be read.
    var skipped = 0
    /// The party the answer says its prices are for.
    var statedParty: Passengers?

    /// Reads an answer.
    /// - Parameters:
    ///   - root: the document's root.
    ///   - shape: its shape.
    ///   - party: the party that was asked for: the object shape's bag counts are shared among it unless the
    ///     answer states its own.
    ///   - provider: the provider, for errors.
    /// - Throws: ``ProviderError`` (`http_status`) quoting a non-null `error`; `JSONError` when the object's
    ///   currency is not a currency code or its itineraries are not a list, since nothing in it could be
    ///   trusted then.
    init(_ root: JSONNode, shape: KiwiMCPShape, party: Passengers, provider: ProviderID) throws {
        switch shape {
        case .itineraryList:
            var index = -1
            let records = try root.decodeRecords { record -> Priced in
                index += 1
                try Task.checkCancellation()
                return try Self.listed(record, index: index)
            }
            itineraries = records.records
            skipped = records.skipped
        case .searchResult:
            // A blank `error` is no error.
            if let error = try root["error"].ifPresent, (try? error.string)?.nonBlank != nil || error.kind != .string {
                throw KiwiAnswer.serviceError(error, provider: provider)
            }
            let currencyNode = try root["currency"]
            guard let currency = CurrencyCode(try currencyNode.string) else {
                throw currencyNode.error("is not a currency code")
            }
            statedParty = try? root["passengers"].ifPresent.flatMap { try KiwiAnswer.party(in: $0) }
            guard let list = try root["itineraries"].ifPresent else { return }
            let seats = (statedParty ?? party).seats
            var index = -1
            let records = try list.decodeRecords { record -> Priced in
                index += 1
                try Task.checkCancellation()
                return Priced(itinerary: try Self.resulting(record, index: index, seats: seats), currency: currency)
            }
            itineraries = records.records
            skipped = records.skipped
        }
    }

    // MARK: - The list of itineraries

    /// One itinerary of the list shape, with its own currency.
    private static func listed(_ record: JSONNode, index: Int) throws -> Priced {
        let price = try positivePrice(record["price"])
        let currencyNode = try record["currency"]
        guard let currency = CurrencyCode(try currencyNode.string) else {
            throw currencyNode.error("is not a currency code")
        }
        var route = try routing(record, inbound: false)
        var inboundSeconds: Int64?
        if let back = try record["return"].ifPresent {
            route += try routing(back, inbound: true)
            inboundSeconds = try back["durationInSeconds"].positiveSeconds
        }
        let roundTrip = route.contains(where: \.isInbound)
        let outboundSeconds =
            try record["durationInSeconds"].positiveSeconds
            ?? (roundTrip ? nil : try record["totalDurationInSeconds"].positiveSeconds)
        let first = route[0]
        let last = route.last(where: { !$0.isInbound }) ?? first
        let itinerary = KiwiItinerary(
            id: "itineraries[\(index)]", departure: first.departure, arrival: last.arrival, price: price,
            outboundSeconds: outboundSeconds, inboundSeconds: inboundSeconds, deepLink: try record["deepLink"].text,
            isSelfTransfer: false, route: route)
        return Priced(itinerary: itinerary, currency: currency)
    }

    /// A connection of the list shape: where, and when the traveller lands and leaves again.
    private struct Layover {
        var airport: String
        var cityCode: String?
        var cityName: String?
        var arrival: KiwiTime
        var departure: KiwiTime
    }

    /// The flights of one direction of the list shape: from `flyFrom` through each layover's airport to
    /// `flyTo`, each flight leaving when the previous layover ends and landing when the next begins. The
    /// answer names no carrier and no flight number, so the flights have none.
    private static func routing(_ node: JSONNode, inbound: Bool) throws -> [KiwiSegment] {
        let origin = try code(node["flyFrom"])
        let destination = try code(node["flyTo"])
        let departure = try time(node["departure"])
        guard departure.isKnown else { throw try node["departure"].error("is not a time") }
        let arrival = try time(node["arrival"])
        var stops: [Layover] = []
        if let layovers = try node["layovers"].ifPresent {
            for layover in try layovers.elements {
                guard stops.count < maximumConnections else { throw layovers.error("has too many connections") }
                stops.append(
                    Layover(
                        airport: try code(layover["at"]), cityCode: try layover["cityCode"].text,
                        cityName: try layover["city"].text, arrival: try time(layover["arrival"]),
                        departure: try time(layover["departure"])))
            }
        }
        var segments: [KiwiSegment] = []
        for position in 0...stops.count {
            let start = position == 0 ? nil : stops[position - 1]
            let end = position == stops.count ? nil : stops[position]
            segments.append(
                KiwiSegment(
                    flyFrom: start?.airport ?? origin, flyTo: end?.airport ?? destination,
                    cityFrom: start == nil ? try node["cityFrom"].text : start?.cityName,
                    cityTo: end == nil ? try node["cityTo"].text : end?.cityName,
                    cityCodeFrom: start?.cityCode, cityCodeTo: end?.cityCode,
                    departure: start?.departure ?? departure, arrival: end?.arrival ?? arrival, isInbound: inbound))
        }
        return segments
    }

    // MARK: - The search result object

    /// One itinerary of the object shape; the currency is the answer's.
    private static func resulting(_ record: JSONNode, index: Int, seats: Int) throws -> KiwiItinerary {
        let priceNode = try record["price"]
        let price = try positivePrice(priceNode.kind == .object ? priceNode["amount"] : priceNode)
        let id = try record["id"].lenientString.flatMap(\.nonBlank) ?? "itineraries[\(index)]"
        var route = try leg(record["outbound"], inbound: false)
        var selfTransfer = Self.joinsCarriers(route)
        if let back = try record["inbound"].ifPresent {
            let inbound = try leg(back, inbound: true)
            selfTransfer = selfTransfer || Self.joinsCarriers(inbound)
            route += inbound
        }
        let roundTrip = route.contains(where: \.isInbound)
        let first = route[0]
        let last = route.last(where: { !$0.isInbound }) ?? first
        return KiwiItinerary(
            id: id, departure: first.departure, arrival: last.arrival, price: price,
            outboundSeconds: roundTrip ? nil : try record["totalDurationSeconds"].positiveSeconds, inboundSeconds: nil,
            deepLink: try record["bookingUrl"].text,
            bagFees: includedBags((try? record["baggage"]["checkedBag"].lenientInt) ?? nil, seats: seats),
            isSelfTransfer: selfTransfer, route: route)
    }

    /// The flights of one leg of the object shape, in the leg's cabin. A leg that lists no segments is one
    /// flight from `from` to `to` when it states no stops; one with stops and no segments cannot be shown.
    private static func leg(_ node: JSONNode, inbound: Bool) throws -> [KiwiSegment] {
        guard node.kind == .object else { throw node.error("is not a leg") }
        let cabin = try node["cabinClass"].text.flatMap(Self.cabin(_:))
        var segments: [KiwiSegment] = []
        if let list = try node["segments"].ifPresent {
            for segment in try list.elements {
                guard segments.count <= maximumConnections else { throw list.error("has too many flights") }
                let (airline, name) = carrier(try segment["carrier"].text)
                segments.append(
                    KiwiSegment(
                        flyFrom: try code(place(segment["from"])), flyTo: try code(place(segment["to"])),
                        departure: try time(segment["departureTime"]), arrival: try time(segment["arrivalTime"]),
                        airline: airline, airlineName: name,
                        flightNumber: flightNumber(try segment["flightNumber"].flightNumber, carrier: airline),
                        cabin: cabin, isInbound: inbound))
            }
        }
        if segments.isEmpty {
            guard (try? node["stops"].lenientInt ?? 0) == 0 else { throw node.error("has stops but no segments") }
            segments.append(
                KiwiSegment(
                    flyFrom: try code(place(node["from"])), flyTo: try code(place(node["to"])),
                    departure: try time(node["departureTime"]), arrival: try time(node["arrivalTime"]), cabin: cabin,
                    isInbound: inbound))
        }
        // The leg's own times stand in for its ends' when the segments leave them out.
        let legDeparture = try time(node["departureTime"])
        let legArrival = try time(node["arrivalTime"])
        segments[0].departure = segments[0].departure.filled(from: legDeparture)
        segments[segments.count - 1].arrival = segments[segments.count - 1].arrival.filled(from: legArrival)
        guard segments[0].departure.isKnown else { throw node.error("has no departure time") }
        return segments
    }

    /// Whether a leg flies more than one carrier: Kiwi joins airlines that do not sell together, and the
    /// answer does not say when a leg is one ticket, so such a leg is a self-transfer as far as it can say.
    private static func joinsCarriers(_ segments: [KiwiSegment]) -> Bool {
        var carriers = Set<String>()
        for segment in segments {
            if !segment.airline.isEmpty {
                carriers.insert("code:" + segment.airline)
            } else if let name = segment.airlineName {
                carriers.insert("name:" + AirlineNames.fold(name))
            }
        }
        return carriers.count > 1
    }

    /// The checked bags the fare includes per traveller, as fees of zero: `checkedBag` counts them across
    /// every traveller with a seat, so each has their share when it divides evenly into at least one bag.
    private static func includedBags(_ checkedBags: Int?, seats: Int) -> [Int: Decimal] {
        guard let checkedBags, seats > 0, checkedBags >= seats else { return [:] }
        let each = min(checkedBags / seats, 10)
        return Dictionary(uniqueKeysWithValues: (1...each).map { ($0, Decimal(0)) })
    }

    // MARK: - Values

    /// A positive price sent as a number or a digit string.
    private static func positivePrice(_ node: JSONNode) throws -> Decimal {
        guard let price = try node.lenientDecimal else { throw node.error("is missing") }
        guard price > 0 else { throw node.error("is not a positive amount") }
        return price
    }

    /// An airport code the trip cannot do without.
    private static func code(_ node: JSONNode) throws -> String {
        guard let code = try node.lenientString?.nonBlank else { throw node.error("is not an airport code") }
        return code.uppercasedCode
    }

    /// A place written as a code, or as an object holding one in `code`.
    private static func place(_ node: JSONNode) throws -> JSONNode {
        node.kind == .object ? try node["code"] : node
    }

    /// A time written as `{"utc": …, "local": …}`, or as the local wall clock alone.
    /// - Throws: `JSONError` for text that is not a time, or a year outside the sane years.
    static func time(_ node: JSONNode) throws -> KiwiTime {
        guard let node = node.ifPresent else { return KiwiTime() }
        if node.kind == .object {
            return KiwiTime(
                localSeconds: try KiwiTimeText.seconds(node["local"], wallClock: true),
                utcSeconds: try KiwiTimeText.seconds(node["utc"], wallClock: false))
        }
        return KiwiTime(localSeconds: try KiwiTimeText.seconds(node, wallClock: true))
    }

    /// A segment's `carrier`: a two-character IATA code, or else the carrier's name.
    static func carrier(_ text: String?) -> (code: String, name: String?) {
        guard let text else { return ("", nil) }
        let upper = text.uppercasedCode
        if KiwiProvider.isAirlineCode(upper) { return (upper, nil) }
        return ("", text)
    }

    /// A flight number without the carrier's code before it: `VY1815` and `VY 1815` are `1815`.
    static func flightNumber(_ text: String?, carrier: String) -> String? {
        guard var number = text?.uppercasedCode else { return nil }
        if !carrier.isEmpty, number.hasPrefix(carrier), number.count > carrier.count {
            number = String(number.dropFirst(carrier.count)).trimmedText
        }
        guard (1...8).contains(number.utf8.count),
            number.utf8.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
            })
        else { return nil }
        return number
    }

    /// The cabin a `cabinClass` names: Kiwi's letters (`M`, `W`, `C`, `F`) or the cabin's name.
    static func cabin(_ text: String) -> Cabin? {
        switch text.lowercased() {
        case "m", "economy": .economy
        case "w", "premium", "premium_economy", "premium economy": .premium
        case "c", "business": .business
        case "f", "first": .first
        default: nil
        }
    }
}

extension KiwiItinerary {
    /// An itinerary read from an MCP answer: what the list and object shapes state, and nothing of what
    /// only Tequila sends (countries, seats, images, hidden-city and throw-away marks).
    init(
        id: String, departure: KiwiTime, arrival: KiwiTime, price: Decimal, outboundSeconds: Int64?,
        inboundSeconds: Int64?, deepLink: String?, bagFees: [Int: Decimal] = [:], isSelfTransfer: Bool,
        route: [KiwiSegment]
    ) {
        self.id = id
        self.departure = departure
        self.arrival = arrival
        self.price = price
        self.outboundSeconds = outboundSeconds
        self.inboundSeconds = inboundSeconds
        self.link = KiwiLink(text: deepLink)
        self.bagFees = bagFees
        self.isSelfTransfer = isSelfTransfer
        self.isHiddenCity = false
        self.isThrowAway = false
        self.route = route
    }
}

extension KiwiSegment {
    /// A flight read from an MCP answer.
    init(
        flyFrom: String, flyTo: String, cityFrom: String? = nil, cityTo: String? = nil, cityCodeFrom: String? = nil,
        cityCodeTo: String? = nil, departure: KiwiTime, arrival: KiwiTime, airline: String = "",
        airlineName: String? = nil, flightNumber: String? = nil, cabin: Cabin? = nil, isInbound: Bool
    ) {
        self.flyFrom = flyFrom
        self.flyTo = flyTo
        self.cityFrom = cityFrom
        self.cityTo = cityTo
        self.cityCodeFrom = cityCodeFrom
        self.cityCodeTo = cityCodeTo
        self.departure = departure
        self.arrival = arrival
        self.airline = airline
        self.airlineName = airlineName
        self.flightNumber = flightNumber
        self.cabin = cabin
        self.isInbound = isInbound
    }
}
