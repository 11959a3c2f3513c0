import Foundation
import ProviderKit

// Ryanair's public fare finder (`https://services-api.ryanair.com/farfnd/v4`), read with the project's JSON
// reader only as far as the mapping needs.
//
// `GET oneWayFares?departureAirportIataCode&arrivalAirportIataCode&outboundDepartureDateFrom&
// outboundDepartureDateTo&currency&adultPaxCount` (and `roundTripFares`, which adds `inboundDepartureDateFrom`
// and `…To`) answers `{"total", "arrivalAirportCategories", "fares": [{"outbound": flight, "inbound": flight
// (round trips), "summary": {"price": {"value", "currencyCode"}}}], "nextPage", "size"}`, each flight
// `{"departureAirport": {"iataCode", "name", "city": {"name", "code"}, "countryName"}, "arrivalAirport": {…},
// "departureDate", "arrivalDate" (local wall clocks, no zone), "price": {"value", "currencyCode"},
// "flightKey", "flightNumber" ("FR504")}`: the cheapest fare of each route in the days asked for.
//
// `GET oneWayFares/{FROM}/{TO}/cheapestPerDay?outboundMonthOfDate=YYYY-MM-DD&currency=…` answers
// `{"outbound": {"fares": [{"day", "departureDate", "arrivalDate", "price": {…} | null, "soldOut",
// "unavailable"}]}}`: one fare for each day of the month, without a flight number.
//
// A refusal is `{"code": "SHIELD_BLOCK", …}` or an HTML page, with 403, 409 or 429.
//
// What a fare cannot do without (its airports, times and a positive price in a known currency) fails it,
// and it is skipped and counted; broken informational fields (a name, a flight number) read as unknown.

/// An airport of a fare: its code, name and city.
struct RyanairAirport: Sendable, Hashable {
    /// The IATA airport code, such as `DUB`.
    var code: String
    /// Its name, as Ryanair writes it.
    var name: String?
    /// Its city's name.
    var cityName: String?

    /// Reads a `departureAirport` or `arrivalAirport`.
    /// - Parameter node: the airport object.
    /// - Throws: `JSONError` when it has no three-letter code.
    init(_ node: JSONNode) throws {
        guard node.kind == .object else { throw node.error("is not an airport") }
        let codeNode = try node["iataCode"]
        guard let code = try codeNode.ifPresent?.lenientString?.trimmedText.uppercased(), Self.isCode(code) else {
            throw codeNode.error("is not an IATA airport code")
        }
        self.code = code
        name = RyanairText.short(node, "name")
        if let city = try? node["city"].ifPresent, city.kind == .object {
            cityName = RyanairText.short(city, "name")
        }
    }

    /// Creates an airport known only by the code it was asked by.
    init(code: String) { self.code = code }

    /// Whether a text is three letters, as an IATA airport code is.
    static func isCode(_ text: String) -> Bool {
        text.utf8.count == 3 && text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    /// The IATA city code the tool knows the airport's city by, when it knows it.
    var cityCode: String? { cityName.flatMap(KnownCities.code(named:)) }

    /// Whether the airport is the place a search named: the airport itself, or its city.
    func isPlace(_ code: String) -> Bool { self.code == code || cityCode == code }
}

/// A price as the fare finder writes it: `{"value": 29.99, "currencyCode": "EUR"}`.
enum RyanairPrice {
    /// The largest amount read as a price.
    static let maximum: Decimal = 100_000

    /// Reads a price.
    /// - Parameter node: the price object.
    /// - Returns: the amount in the currency the answer states.
    /// - Throws: `JSONError` for a price that is not a positive amount in a known currency.
    static func read(_ node: JSONNode) throws -> Money {
        guard node.kind == .object else { throw node.error("is not a price") }
        let valueNode = try node["value"]
        guard let value = try valueNode.ifPresent?.lenientDecimal else { throw valueNode.error("is missing") }
        guard value > 0, value <= maximum else { throw valueNode.error("is not a positive amount") }
        let currencyNode = try node["currencyCode"]
        guard let text = try currencyNode.ifPresent?.lenientString, let currency = CurrencyCode(text.trimmedText)
        else { throw currencyNode.error("is not a currency code") }
        return Money(value, currency)
    }
}

/// Short texts of an answer, sanitised.
enum RyanairText {
    /// A member's text, cut to a short printable excerpt; `nil` when missing, blank or not text.
    static func short(_ node: JSONNode, _ key: StaticString, limit: Int = 80) -> String? {
        guard let text = ((try? node[key].lenientString) ?? nil)?.nonBlank else { return nil }
        return PrintableText.excerpt(text, limit: limit).nonBlank
    }
}

/// A flight number as the fare finder writes it, `FR504`: the carrier's code and the number.
struct RyanairFlightNumber: Sendable, Hashable {
    /// The carrier's IATA code, `FR`.
    var carrier: String
    /// The number, `504`, without leading zeros.
    var number: String

    /// Splits a flight number; `nil` unless it is a two-character code (letters and digits, at least one
    /// letter) followed by one to four digits, spaces allowed between.
    init?(_ text: String?) {
        guard let text else { return nil }
        let compact = text.trimmedText.uppercased().filter { $0 != " " }
        let bytes = Array(compact.utf8)
        guard (3...6).contains(bytes.count) else { return nil }
        let code = bytes.prefix(2)
        let digits = bytes.dropFirst(2)
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        guard code.allSatisfy({ isDigit($0) || isLetter($0) }), code.contains(where: isLetter),
            digits.allSatisfy(isDigit), let value = Int(String(decoding: digits, as: UTF8.self))
        else { return nil }
        carrier = String(decoding: code, as: UTF8.self)
        number = String(value)
    }
}

/// One way of a fare: a flight from one airport to another at local times, at a price.
struct RyanairFlight: Sendable, Hashable {
    /// Where it leaves from.
    var departureAirport: RyanairAirport
    /// Where it arrives.
    var arrivalAirport: RyanairAirport
    /// When it leaves, on the departure airport's wall clock.
    var departure: LocalDateTime
    /// When it arrives, on the arrival airport's wall clock.
    var arrival: LocalDateTime
    /// What this way costs one adult.
    var price: Money
    /// The flight number, when it can be read.
    var flightNumber: RyanairFlightNumber?

    /// Reads an `outbound` or `inbound` flight.
    /// - Parameter node: the flight object.
    /// - Throws: `JSONError` for a flight without its airports, times or price.
    init(_ node: JSONNode) throws {
        guard node.kind == .object else { throw node.error("is not a flight") }
        departureAirport = try RyanairAirport(node["departureAirport"])
        arrivalAirport = try RyanairAirport(node["arrivalAirport"])
        guard departureAirport.code != arrivalAirport.code else {
            throw try node["arrivalAirport"].error("is the departure airport")
        }
        departure = try RyanairTime.read(node["departureDate"])
        arrival = try RyanairTime.read(node["arrivalDate"])
        try RyanairTime.check(departure, arrival, at: node["arrivalDate"])
        price = try RyanairPrice.read(node["price"])
        flightNumber = RyanairFlightNumber((try? node["flightNumber"].lenientString) ?? nil)
    }
}

/// Times as the fare finder writes them: the local wall clock, `2026-12-18T21:50:00`, with no zone.
enum RyanairTime {
    /// Reads a wall clock; a zone, should one be written, is ignored, since the answer's digits are the
    /// airport's wall clock.
    /// - Parameter node: the time's node.
    /// - Returns: the wall clock.
    /// - Throws: `JSONError` when it is not a date and time in the years the tool accepts.
    static func read(_ node: JSONNode) throws -> LocalDateTime {
        guard let text = try node.ifPresent?.lenientString, let time = LocalDateTime(wallClockOf: text.trimmedText)
        else { throw node.error("is not a date and time") }
        return time
    }

    /// Checks that an arrival's wall clock is plausible after a departure's: zones differ by at most 26
    /// hours, so an arrival more than a day before the departure, or more than two days after it, is broken.
    /// - Throws: `JSONError` on `node` when it is not.
    static func check(_ departure: LocalDateTime, _ arrival: LocalDateTime, at node: JSONNode) throws {
        let minutes = arrival.minutesSinceEpoch - departure.minutesSinceEpoch
        guard (-26 * 60)...(48 * 60) ~= minutes else { throw node.error("is not a plausible arrival") }
    }
}

/// One fare of a `oneWayFares` or `roundTripFares` answer.
struct RyanairFare: Sendable, Hashable {
    /// The way out.
    var outbound: RyanairFlight
    /// The way back, for a round trip.
    var inbound: RyanairFlight?
    /// The price of the whole fare for one adult: `summary.price`, else the sum of its ways.
    var price: Money

    /// Reads one fare.
    /// - Parameters:
    ///   - node: an element of `fares`.
    ///   - roundTrip: whether the fare must have a way back.
    /// - Throws: `JSONError` for a fare without a readable way out (and back, for a round trip), or whose
    ///   ways are priced in two currencies with no summary.
    init(_ node: JSONNode, roundTrip: Bool) throws {
        guard node.kind == .object else { throw node.error("is not a fare") }
        outbound = try RyanairFlight(node["outbound"])
        if roundTrip {
            let back = try RyanairFlight(node["inbound"])
            guard back.departure > outbound.departure else {
                throw try node["inbound"].error("leaves before the way out")
            }
            inbound = back
        }
        if let summary = try node["summary"].ifPresent, summary.kind == .object,
            let total = try summary["price"].ifPresent
        {
            price = try RyanairPrice.read(total)
        } else if let inbound {
            guard inbound.price.currency == outbound.price.currency else {
                throw try node["inbound"].error("is priced in another currency than the way out")
            }
            price = Money(outbound.price.amount + inbound.price.amount, outbound.price.currency)
        } else {
            price = outbound.price
        }
    }
}

/// One day of a `cheapestPerDay` answer.
enum RyanairDay: Sendable, Hashable {
    /// The day's cheapest fare.
    case fare(day: LocalDate, departure: LocalDateTime, arrival: LocalDateTime, price: Money)
    /// No fare that day: sold out, not flown, or no price given.
    case none(day: LocalDate)

    /// Reads one day.
    /// - Parameter node: an element of `outbound.fares`.
    /// - Throws: `JSONError` for a day without a date, or with a price but no readable times.
    init(_ node: JSONNode) throws {
        guard node.kind == .object else { throw node.error("is not a day") }
        let dayNode = try node["day"]
        guard let text = try dayNode.ifPresent?.lenientString, let day = LocalDate(iso: text.trimmedText) else {
            throw dayNode.error("is not a day")
        }
        let soldOut = ((try? node["soldOut"].lenientBool) ?? nil) ?? false
        let unavailable = ((try? node["unavailable"].lenientBool) ?? nil) ?? false
        guard !soldOut, !unavailable, let priceNode = try node["price"].ifPresent else {
            self = .none(day: day)
            return
        }
        let price = try RyanairPrice.read(priceNode)
        let departure = try RyanairTime.read(node["departureDate"])
        let arrival = try RyanairTime.read(node["arrivalDate"])
        try RyanairTime.check(departure, arrival, at: node["arrivalDate"])
        guard departure.date == day else { throw try node["departureDate"].error("is not on its day") }
        self = .fare(day: day, departure: departure, arrival: arrival, price: price)
    }
}
