import Foundation
import ProviderKit

/// The two shapes an Aviasales answer comes in, told apart by their members.
///
/// - The Travelpayouts Data API (`GET /aviasales/v3/prices_for_dates`), the live service:
///   `{"success": true, "data": [...], "currency": "rub"}`, recognised by `success` or `data`.
/// - The test search the seed app used (`GET /api/search`), in which the embedded sample and older
///   recordings are written: `{"passengers_count", "origin", "destination", "results": [...]}`.
///
/// Either shape with `success: false`, or with an `error` member that says something, is the service
/// reporting a failure, not an answer.
enum AviasalesWireShape {
    /// The Travelpayouts Data API's `prices_for_dates` answer.
    case pricesForDates
    /// The test search's answer.
    case testSearch

    /// Which shape the root object is in, or the service's failure.
    /// - Parameters:
    ///   - root: the document's root.
    ///   - provider: the provider's id, for the failure.
    /// - Returns: the shape.
    /// - Throws: `JSONError` when the root is not an object; ``ProviderError`` when the service reports a
    ///   failure, quoting its message as a short printable excerpt.
    static func of(_ root: JSONNode, provider: ProviderID) throws -> AviasalesWireShape {
        let success = try root["success"]
        let reportsFailure = (try? success.lenientBool) == false
        let error = try root["error"]
        var message: String?
        var saysSomething = false
        switch error.kind {
        case .string?, .number?:
            message = (try? error.lenientString).map(\.trimmedText)
            saysSomething = message?.isEmpty == false
        case .object?:
            message = (try? error["message"].lenientString).map(\.trimmedText)
            saysSomething = true
        default:
            break
        }
        if reportsFailure || saysSomething {
            // The service's own verdict on the request, reported as a refusing status would be.
            let quoted = message.flatMap { $0.isEmpty ? nil : ": " + PrintableText.excerpt($0, limit: 120) }
            throw ProviderError(
                .httpStatus, provider: provider, "the service reported a failure\(quoted ?? " without a message")")
        }
        let data = try root["data"]
        if !success.isMissing || !data.isMissing { return .pricesForDates }
        return .testSearch
    }
}

// MARK: - The Travelpayouts Data API

/// The parts of a `prices_for_dates` answer that hold for every record.
struct PricesForDatesAnswer {
    /// The currency every price is in (`"rub"` on the wire; the service writes it in lower case).
    var currency: CurrencyCode

    /// Reads the answer's own members.
    /// - Parameter root: the document's root.
    /// - Throws: `JSONError` with the member's path when `currency` is missing or not a currency code.
    init(_ root: JSONNode) throws {
        let node = try root["currency"]
        guard let currency = CurrencyCode((try node.string).trimmedText) else {
            throw node.error("is not a currency code such as rub")
        }
        self.currency = currency
    }
}

/// One record of `data[]`: the cheapest price users' searches found for one flight or pair of flights.
///
/// Only the members the mapping reads are read. Checks that decide whether the record can be an offer
/// at all happen here, where the node can still name the member that failed (`data[3].departure_at is
/// not a time with its UTC offset`); the record is then skipped and counted.
struct PricesForDatesRecord {
    /// The IATA city code the trip starts in (`VIE`); `nil` when the record names only an airport.
    var originCity: String?
    /// The IATA city code the trip goes to.
    var destinationCity: String?
    /// The airport the outbound flight leaves from (`VIE`), when sent.
    var originAirport: String?
    /// The airport the outbound flight lands at, when sent.
    var destinationAirport: String?
    /// The price for one passenger, positive.
    var price: Decimal
    /// The airline as sent: an IATA code (`SU`), rarely a name.
    var airline: String
    /// The outbound flight's number, when sent and readable.
    var flightNumber: String?
    /// The outbound departure, on the wall clock with its UTC offset.
    var departure: AviasalesTime
    /// The return departure, for a round trip.
    var returnDeparture: AviasalesTime?
    /// Changes of plane on the way out.
    var transfers: Int
    /// Changes of plane on the way back.
    var returnTransfers: Int
    /// `duration`: the whole trip's minutes, every leg's span from departure to arrival summed, when
    /// plausible.
    var tripMinutes: Int?
    /// `duration_to`: minutes in the air on the way out, when plausible; the leg's span only when it is
    /// direct, since connections are not in it.
    var outboundAirMinutes: Int?
    /// `duration_back`: minutes in the air on the way back, when plausible; likewise.
    var returnAirMinutes: Int?
    /// The link as sent, relative to the Aviasales site.
    var link: String?

    /// The most changes of plane a leg is believed to have; more is a broken record. It also bounds
    /// the segments a record can make the mapping build.
    static let mostTransfers = 6
    /// The highest price believed to be a fare in any currency; above it a record is broken, and no
    /// arithmetic on it is attempted.
    static let highestPrice = Decimal(1_000_000_000_000)
    /// The longest a leg is believed to take, in minutes (the model's own limit); a longer, zero or
    /// negative duration is unknown.
    static let longestMinutes = Int(Leg.longestPlausibleDuration.components.seconds / 60)

    /// Reads and checks one record.
    /// - Parameter node: an element of `data`.
    /// - Throws: `JSONError` naming the member when the record cannot be an offer: no usable place, no
    ///   positive price, no airline, a time that does not parse or falls outside the sane years, or an
    ///   implausible count of transfers.
    init(_ node: JSONNode) throws {
        let members = try PricesForDatesMembers(node)
        originCity = AviasalesText.letterCode(members.origin.flatMap { try? $0.lenientString })
        destinationCity = AviasalesText.letterCode(members.destination.flatMap { try? $0.lenientString })
        originAirport = AviasalesText.letterCode(members.originAirport.flatMap { try? $0.lenientString })
        destinationAirport = AviasalesText.letterCode(members.destinationAirport.flatMap { try? $0.lenientString })
        guard originCity != nil || originAirport != nil else {
            throw try (members.origin ?? node["origin"]).error("is not an IATA city code such as VIE")
        }
        guard destinationCity != nil || destinationAirport != nil else {
            throw try (members.destination ?? node["destination"]).error("is not an IATA city code such as BCN")
        }

        let priceNode = try members.price ?? node["price"]
        guard let price = try priceNode.lenientDecimal else { throw priceNode.error("is missing") }
        guard price > 0, price <= Self.highestPrice else { throw priceNode.error("is not a plausible price") }
        self.price = price

        let airlineNode = try members.airline ?? node["airline"]
        guard let airline = try airlineNode.lenientString.map(\.trimmedText), !airline.isEmpty else {
            throw airlineNode.error("is not an airline")
        }
        self.airline = airline
        flightNumber = AviasalesText.flightNumber(members.flightNumber.flatMap { try? $0.lenientString })

        let departureNode = try members.departureAt ?? node["departure_at"]
        guard let departure = AviasalesTime(parsing: try departureNode.string) else {
            throw departureNode.error("is not a time such as 2026-12-18T12:30:00+01:00")
        }
        self.departure = departure
        if let returnNode = members.returnAt, let text = try returnNode.ifPresent?.string,
            !text.trimmedText.isEmpty
        {
            guard let returnDeparture = AviasalesTime(parsing: text) else {
                throw returnNode.error("is not a time such as 2026-12-22T18:05:00+01:00")
            }
            self.returnDeparture = returnDeparture
        }

        transfers = try Self.transfers(members.transfers)
        returnTransfers = try Self.transfers(members.returnTransfers)
        tripMinutes = Self.minutes(members.duration)
        outboundAirMinutes = Self.minutes(members.durationTo)
        returnAirMinutes = returnDeparture == nil ? nil : Self.minutes(members.durationBack)
        link = members.link.flatMap { try? $0.ifPresent?.string }
    }

    /// A count of transfers: absent means none, as the service leaves it out only for direct flights.
    private static func transfers(_ node: JSONNode?) throws -> Int {
        guard let node, let count = try node.lenientInt else { return 0 }
        guard (0...mostTransfers).contains(count) else { throw node.error("is not a plausible number of transfers") }
        return count
    }

    /// Whole minutes within the plausible range, or `nil`: a wrong duration loses the duration, not the
    /// flight.
    private static func minutes(_ node: JSONNode?) -> Int? {
        guard let value = try? node?.lenientInt, value > 0, value <= longestMinutes else { return nil }
        return value
    }
}

/// The members of a `prices_for_dates` record that the mapping reads, found in one pass over the record.
///
/// Looking each up by name would scan the record from its start fifteen times; one pass visits every
/// member once, and a name that repeats keeps its first value, as a lookup by name would.
private struct PricesForDatesMembers {
    var origin: JSONNode?
    var destination: JSONNode?
    var originAirport: JSONNode?
    var destinationAirport: JSONNode?
    var price: JSONNode?
    var airline: JSONNode?
    var flightNumber: JSONNode?
    var departureAt: JSONNode?
    var returnAt: JSONNode?
    var transfers: JSONNode?
    var returnTransfers: JSONNode?
    var duration: JSONNode?
    var durationTo: JSONNode?
    var durationBack: JSONNode?
    var link: JSONNode?

    /// Finds the members.
    /// - Parameter record: an element of `data`.
    /// - Throws: `JSONError` when the element is not an object.
    init(_ record: JSONNode) throws {
        for member in try record.members {
            let value = member.value
            if member.hasName("origin") {
                origin = origin ?? value
            } else if member.hasName("destination") {
                destination = destination ?? value
            } else if member.hasName("origin_airport") {
                originAirport = originAirport ?? value
            } else if member.hasName("destination_airport") {
                destinationAirport = destinationAirport ?? value
            } else if member.hasName("price") {
                price = price ?? value
            } else if member.hasName("airline") {
                airline = airline ?? value
            } else if member.hasName("flight_number") {
                flightNumber = flightNumber ?? value
            } else if member.hasName("departure_at") {
                departureAt = departureAt ?? value
            } else if member.hasName("return_at") {
                returnAt = returnAt ?? value
            } else if member.hasName("transfers") {
                transfers = transfers ?? value
            } else if member.hasName("return_transfers") {
                returnTransfers = returnTransfers ?? value
            } else if member.hasName("duration") {
                duration = duration ?? value
            } else if member.hasName("duration_to") {
                durationTo = durationTo ?? value
            } else if member.hasName("duration_back") {
                durationBack = durationBack ?? value
            } else if member.hasName("link") {
                link = link ?? value
            }
        }
    }
}

// MARK: - The test search

/// The route of a test-search answer: origin and destination cities, checked once for all its results.
struct TestSearchRoute: Sendable {
    /// The IATA city code flights leave from.
    var originCode: String
    /// The IATA city code flights go to.
    var destinationCode: String
    /// Where flights leave from, as a city: the test search's codes (`MOW`) name cities, not airports.
    var origin: Place
    /// Where flights go to.
    var destination: Place

    /// Reads the route.
    /// - Parameters:
    ///   - root: the document's root.
    ///   - provider: the provider's id, for errors.
    /// - Throws: `JSONError` when `origin` or `destination` or their `iata` is missing or not a string;
    ///   ``ProviderError`` `malformedResponse` when a code is not three letters, since then no result can
    ///   be placed.
    init(_ root: JSONNode, provider: ProviderID) throws {
        let originNode = try root["origin"]
        let destinationNode = try root["destination"]
        let originText = try originNode["iata"].string
        let destinationText = try destinationNode["iata"].string
        originCode = try Self.cityCode(originText, role: "origin", provider: provider)
        destinationCode = try Self.cityCode(destinationText, role: "destination", provider: provider)
        origin = Place(city: originCode, cityName: (try? originNode["name"].lenientString)?.nonBlank)
        destination = Place(
            city: destinationCode, cityName: (try? destinationNode["name"].lenientString)?.nonBlank)
    }

    private static func cityCode(_ text: String, role: String, provider: ProviderID) throws -> String {
        guard let code = AviasalesText.letterCode(text) else {
            throw ProviderError(
                .malformedResponse, provider: provider,
                "the response's \(role) '\(PrintableText.excerpt(text, limit: 40))' is not an IATA city code such as MOW"
            )
        }
        return code
    }
}

/// One flight of a test-search answer.
struct TestSearchResult {
    /// The service's id for the result, which it mints anew for every search.
    var reference: String
    /// The departure on the wall clock of the departure airport; no zone is sent.
    var departure: LocalDateTime
    /// The arrival on the wall clock of the arrival airport.
    var arrival: LocalDateTime
    /// The price of the whole booking, positive.
    var price: Decimal
    /// The price's currency.
    var currency: CurrencyCode
    /// The airline's display name as sent, often in Cyrillic; never a code, except for names such as `S7`.
    var airline: String
    /// Tickets left at this price; a wrong type or a negative count loses the count, not the flight.
    var seatsLeft: Int?

    /// Reads and checks one result.
    /// - Parameter node: an element of `results`.
    /// - Throws: `JSONError` naming the member when the result cannot be an offer: no id, a time that is
    ///   not `yyyy-MM-dd HH:mm` in the sane years, no positive price, a currency that is not a code.
    init(_ node: JSONNode) throws {
        let idNode = try node["id"]
        guard let reference = try idNode.lenientString.map(\.trimmedText), !reference.isEmpty else {
            throw idNode.error("is empty")
        }
        self.reference = reference
        departure = try Self.time(node["departure_date_time"])
        arrival = try Self.time(node["arrival_date_time"])
        let priceNode = try node["price"]
        let valueNode = try priceNode["value"]
        guard let price = try valueNode.lenientDecimal else { throw valueNode.error("is missing") }
        guard price > 0, price <= PricesForDatesRecord.highestPrice else {
            throw valueNode.error("is not a plausible price")
        }
        self.price = price
        let currencyNode = try priceNode["currency"]
        guard let currency = CurrencyCode((try currencyNode.string).trimmedText) else {
            throw currencyNode.error("is not a currency code such as RUB")
        }
        self.currency = currency
        airline = (try node["airline"].string).trimmedText
        seatsLeft = (try? node["available_tickets_count"].lenientInt).flatMap { $0 >= 0 ? $0 : nil }
    }

    private static func time(_ node: JSONNode) throws -> LocalDateTime {
        guard let time = AviasalesTime(parsing: try node.string) else {
            throw node.error("is not a time such as 2026-12-18 07:05")
        }
        return time.local
    }
}
