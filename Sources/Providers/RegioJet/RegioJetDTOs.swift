import Foundation
import ProviderKit

// RegioJet's public REST service, read with the project's JSON reader only as far as the mapping needs.
//
// `GET consts/locations` answers the countries it serves, each with its cities and their stations:
// `[{"country", "code", "cities": [{"id", "name", "aliases": […], "stations": [{"id", "name", "fullname",
// "aliases", "stationsTypes"}]}]}]`, names in the language `X-Lang` asks for.
//
// `GET routes/search/simple?tariffs=REGULAR&fromLocationType=CITY&fromLocationId&toLocationType=CITY&
// toLocationId&departureDate=YYYY-MM-DD` answers `{"routes": [route]}`, each route `{"id" (two legs' ids
// joined by a comma for a change), "departureStationId", "arrivalStationId", "departureTime", "arrivalTime"
// (ISO-8601 with offsets), "vehicleTypes" (["TRAIN"], ["BUS"], ["TRAIN", "BUS"]), "transfersCount",
// "freeSeatsCount", "priceFrom", "priceTo", "bookable", "travelTime" ("08:15 h")}`. The answer names no
// currency: prices are in the one the request's `X-Currency` header asked for.
//
// What a route cannot do without (its times with their offsets, a known vehicle, a positive price) fails it,
// and it is skipped and counted; broken informational fields (a station, the seats, the travel time) read as
// unknown.

/// One station of the locations list, with its city.
struct RegioJetStation: Sendable, Hashable {
    /// The station's name, as RegioJet writes it.
    var name: String
    /// RegioJet's id for the station's city.
    var cityID: String
    /// The city's name.
    var cityName: String
}

/// One city of the locations list: its id, the names it goes by, and its country's code.
struct RegioJetCity: Sendable, Hashable {
    /// RegioJet's id for the city, which the search takes as `fromLocationId`/`toLocationId`.
    var id: String
    /// Its name, as RegioJet writes it.
    var name: String
    /// Its other names (`Praha`, `Prag` for Prague), as RegioJet lists them.
    var aliases: [String]
}

/// The locations list read: every city, and every station by id.
struct RegioJetLocations: Sendable {
    /// The cities, in the list's order.
    var cities: [RegioJetCity] = []
    /// The stations by RegioJet's id, with their cities.
    var stations: [String: RegioJetStation] = [:]

    /// The most countries, cities and stations read; more is a broken list's.
    static let maximumCountries = 100
    static let maximumCities = 5_000
    static let maximumStations = 20_000
    /// The most aliases of one city read.
    static let maximumAliases = 20

    /// Reads the locations list; a country, city or station without an id or a name is left out.
    /// - Parameter root: the answer's root.
    /// - Throws: `JSONError` when the answer is not a list of countries; `CancellationError` when cancelled.
    init(_ root: JSONNode) throws {
        guard root.kind == .array else { throw root.error("is not a list of countries") }
        var countries = 0
        for country in try root.elements {
            try Task.checkCancellation()
            guard countries < Self.maximumCountries else { break }
            countries += 1
            guard country.kind == .object, let list = try? country["cities"].ifPresent, list.kind == .array else {
                continue
            }
            for city in try list.elements {
                guard cities.count < Self.maximumCities else { break }
                guard city.kind == .object, let id = Self.id(city), let name = Self.text(city, "name") else { continue }
                cities.append(RegioJetCity(id: id, name: name, aliases: Self.aliases(city)))
                guard let stationList = try? city["stations"].ifPresent, stationList.kind == .array else { continue }
                for station in try stationList.elements {
                    guard stations.count < Self.maximumStations else { break }
                    guard station.kind == .object, let stationID = Self.id(station),
                        let stationName = Self.text(station, "name")
                    else { continue }
                    stations[stationID] = RegioJetStation(name: stationName, cityID: id, cityName: name)
                }
            }
        }
    }

    /// The city a code stands for: one named by one of the city's names, by its own name or an alias.
    /// - Parameter code: the city's IATA code.
    /// - Returns: the city, or `nil` when no city bears one of its names.
    func city(for code: String) -> RegioJetCity? {
        cities.first { KnownCities.isName($0.name, of: code) }
            ?? cities.first { city in city.aliases.contains { KnownCities.isName($0, of: code) } }
    }

    /// An id as RegioJet writes it, a number or a string: `10202003`.
    static func id(_ node: JSONNode, _ key: StaticString = "id") -> String? {
        guard let text = ((try? node[key].lenientString) ?? nil)?.trimmedText, !text.isEmpty, text.utf8.count <= 40,
            text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") })
        else { return nil }
        return text
    }

    /// A name, sanitised and cut short.
    private static func text(_ node: JSONNode, _ key: StaticString) -> String? {
        guard let text = ((try? node[key].lenientString) ?? nil)?.nonBlank else { return nil }
        return PrintableText.excerpt(text, limit: 80)
    }

    /// A city's aliases; a broken list or entry is left out.
    private static func aliases(_ node: JSONNode) -> [String] {
        guard let list = try? node["aliases"].ifPresent, list.kind == .array, let elements = try? list.elements else {
            return []
        }
        var names: [String] = []
        for element in elements {
            guard names.count < maximumAliases else { break }
            if let name = ((try? element.lenientString) ?? nil)?.nonBlank {
                names.append(PrintableText.excerpt(name, limit: 80))
            }
        }
        return names
    }
}

/// One route of a search answer: a connection RegioJet sells from the city asked for to the other, direct or
/// with changes.
struct RegioJetRoute: Sendable, Hashable {
    /// RegioJet's id for the route (the legs' ids joined by commas): the source's reference, never the offer's id.
    var id: String?
    /// The station it leaves from, by RegioJet's id.
    var departureStationID: String?
    /// The station it arrives at, by RegioJet's id.
    var arrivalStationID: String?
    /// When it leaves, with its instant.
    var departure: FlightTime
    /// When it arrives, with its instant.
    var arrival: FlightTime
    /// How each leg travels, in order: as many as the legs, or one for all of them.
    var modes: [TravelMode]
    /// Changes on the way.
    var transfers: Int
    /// Seats left, when stated.
    var seats: Int?
    /// The lowest price, for one adult in the currency asked for.
    var price: Decimal?
    /// Whether it can be booked.
    var bookable: Bool
    /// Door to door, when stated.
    var duration: Duration?

    /// The most changes a route is read with; more is a broken route's.
    static let maximumTransfers = 5
    /// The largest price read as a price (forints and crowns included).
    static let maximumPrice: Decimal = 10_000_000

    /// Whether it is sold out or not on sale: not bookable, or no seat left.
    var isSoldOut: Bool { !bookable || seats == 0 }

    /// Reads one route.
    /// - Parameter node: an element of `routes`.
    /// - Throws: `JSONError` for a route without readable times (with their offsets), vehicles or changes, or
    ///   with a price that is not an amount; a sold-out route may have a price of zero, which reads as none.
    init(_ node: JSONNode) throws {
        guard node.kind == .object else { throw node.error("is not a route") }
        id = ((try? node["id"].lenientString) ?? nil)?.nonBlank.map { PrintableText.excerpt($0, limit: 120) }
        departureStationID = RegioJetLocations.id(node, "departureStationId")
        arrivalStationID = RegioJetLocations.id(node, "arrivalStationId")
        departure = try Self.time(node, "departureTime")
        arrival = try Self.time(node, "arrivalTime")
        let types = try node["vehicleTypes"]
        guard types.kind == .array else { throw types.error("is not a list of vehicles") }
        var modes: [TravelMode] = []
        for element in try types.elements {
            guard modes.count <= Self.maximumTransfers else { throw types.error("names too many vehicles") }
            guard let text = try? element.string, let mode = Self.mode(text) else {
                throw element.error("is not TRAIN or BUS")
            }
            modes.append(mode)
        }
        guard !modes.isEmpty else { throw types.error("names no vehicle") }
        self.modes = modes
        let transfersNode = try node["transfersCount"]
        if let count = try transfersNode.ifPresent?.lenientInt {
            guard (0...Self.maximumTransfers).contains(count) else { throw transfersNode.error("is not a count") }
            transfers = count
        } else {
            // Without a count, the legs' ids say it.
            transfers = min(max((id?.split(separator: ",").count ?? 1) - 1, 0), Self.maximumTransfers)
        }
        bookable = ((try? node["bookable"].lenientBool) ?? nil) ?? true
        seats = ((try? node["freeSeatsCount"].lenientInt) ?? nil).flatMap { (0...9_999).contains($0) ? $0 : nil }
        let priceNode = try node["priceFrom"]
        guard let amount = try priceNode.ifPresent?.lenientDecimal else { throw priceNode.error("is missing") }
        guard amount <= Self.maximumPrice else { throw priceNode.error("is not an amount") }
        price = amount > 0 ? amount : nil
        duration = Self.duration(try? node["travelTime"].lenientString)
    }

    /// A time with its offset.
    private static func time(_ node: JSONNode, _ key: StaticString) throws -> FlightTime {
        let field = try node[key]
        guard let time = FlightTime(zoned: try field.ifPresent?.string), time.utc != nil else {
            throw field.error("is not a date and time with its offset")
        }
        return time
    }

    /// The mode a vehicle type names.
    static func mode(_ text: String) -> TravelMode? {
        switch text.trimmedText.uppercased() {
        case "TRAIN": .train
        case "BUS": .bus
        default: nil
        }
    }

    /// `"08:15 h"` as a duration, or `nil` when it is missing, broken, zero or past
    /// `Leg.longestPlausibleDuration`.
    static func duration(_ text: String??) -> Duration? {
        guard let text = text ?? nil else { return nil }
        var body = Substring(text.trimmedText)
        if body.hasSuffix("h") { body = body.dropLast() }
        let parts = body.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (0...24 * 14).contains(hours),
            (0...59).contains(minutes)
        else { return nil }
        let seconds = Int64(hours * 3600 + minutes * 60)
        guard seconds > 0, seconds <= Leg.longestPlausibleDuration.components.seconds else { return nil }
        return .seconds(seconds)
    }
}
