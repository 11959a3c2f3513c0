import Foundation
import ProviderKit

// FlixBus's public search service, read with the project's JSON reader only as far as the mapping needs.
//
// `GET search/autocomplete/cities?q=NAME&locale=en` answers a list of cities:
// `[{"id": uuid, "name", "country", "score", "location": {"lat", "lon"}, "is_flixbus_city"}]`.
//
// `GET search/service/v4/search?from_city_id&to_city_id&departure_date=DD.MM.YYYY&products={"adult":1}&…`
// answers `{"trips": [{"departure_city_id", "arrival_city_id", "results": {UID: ride}}], "cities": {id:
// {"name"}}, "stations": {id: {"name"}}, "operators": {id: {"label"}}, "platform_fee_in_price_required"}`,
// each ride `{"uid", "status" ("available"), "transfer_type", "provider", "departure": {"date" (ISO-8601 with
// offset), "city_id", "station_id"}, "arrival": {…}, "duration": {"hours", "minutes"}, "price": {"total",
// "original", "total_with_platform_fee"}, "available": {"seats"}, "legs": [{"departure", "arrival",
// "means_of_transport" ("bus", "train"), "operator_id"}]}`.
//
// What a ride cannot do without (its times, a leg's mode, a positive price) fails it, and it is skipped and
// counted; broken informational fields (a station's name, the seats, the duration) read as unknown.

/// One city of an autocomplete answer.
struct FlixBusCity: Sendable, Hashable {
    /// FlixBus's id for the city, which the search takes.
    var id: String
    /// Its name, as FlixBus writes it.
    var name: String
    /// Whether FlixBus serves it itself rather than through a partner.
    var isFlixBusCity: Bool

    /// The most cities of one answer that are read.
    static let maximumCount = 50

    /// Reads the cities of an autocomplete answer, in its order; an entry without an id or a name is left out.
    /// - Parameter root: the answer's root.
    /// - Returns: the cities.
    /// - Throws: `JSONError` when the answer is not a list.
    static func list(_ root: JSONNode) throws -> [FlixBusCity] {
        guard root.kind == .array else { throw root.error("is not a list of cities") }
        var cities: [FlixBusCity] = []
        for element in try root.elements {
            guard element.kind == .object,
                let id = ((try? element["id"].lenientString) ?? nil)?.nonBlank, id.utf8.count <= 80,
                let name = ((try? element["name"].lenientString) ?? nil)?.nonBlank
            else { continue }
            let flixBus = ((try? element["is_flixbus_city"].lenientBool) ?? nil) ?? true
            cities.append(
                FlixBusCity(id: id, name: PrintableText.excerpt(name, limit: 80), isFlixBusCity: flixBus))
            if cities.count == maximumCount { break }
        }
        return cities
    }
}

/// The names a search answer gives for the ids its rides use: cities, stations and operators.
struct FlixBusNames: Sendable {
    /// City names by id.
    var cities: [String: String] = [:]
    /// Station names by id.
    var stations: [String: String] = [:]
    /// Operator names by id.
    var operators: [String: String] = [:]

    /// The most names of one kind that are read.
    static let maximumCount = 5_000

    /// Reads the `cities`, `stations` and `operators` maps; a missing or broken map, or entry, is unknown.
    /// - Parameter root: the answer's root.
    init(_ root: JSONNode) {
        cities = Self.names(root, "cities", field: "name")
        stations = Self.names(root, "stations", field: "name")
        operators = Self.names(root, "operators", field: "label")
    }

    init() {}

    private static func names(_ root: JSONNode, _ key: StaticString, field: StaticString) -> [String: String] {
        guard let map = try? root[key].ifPresent, map.kind == .object, let members = try? map.members else {
            return [:]
        }
        var names: [String: String] = [:]
        for member in members {
            guard member.value.kind == .object,
                let name = ((try? member.value[field].lenientString) ?? nil)?.nonBlank
            else { continue }
            let id = member.name
            guard id.utf8.count <= 80 else { continue }
            names[id] = PrintableText.excerpt(name, limit: 80)
            if names.count == maximumCount { break }
        }
        return names
    }
}

/// One end of a ride or of a leg: when, and at which station of which city.
struct FlixBusStop: Sendable, Hashable {
    /// The time, with its instant when the offset is given.
    var time: FlightTime
    /// FlixBus's id for the city.
    var cityID: String?
    /// FlixBus's id for the station.
    var stationID: String?

    /// Reads one end.
    /// - Parameter node: a `departure` or `arrival` object.
    /// - Throws: `JSONError` when it has no readable time.
    init(_ node: JSONNode) throws {
        guard node.kind == .object else { throw node.error("is not a departure or an arrival") }
        let date = try node["date"]
        guard let time = FlightTime(zoned: try date.ifPresent?.string) else {
            throw date.error("is not a date and time")
        }
        self.time = time
        cityID = Self.id(node, "city_id")
        stationID = Self.id(node, "station_id")
    }

    private static func id(_ node: JSONNode, _ key: StaticString) -> String? {
        guard let text = ((try? node[key].lenientString) ?? nil)?.nonBlank, text.utf8.count <= 80 else { return nil }
        return text
    }
}

/// One leg of a ride: a coach or a train from one station to the next change.
struct FlixBusLeg: Sendable, Hashable {
    /// Where and when it leaves.
    var departure: FlixBusStop
    /// Where and when it arrives.
    var arrival: FlixBusStop
    /// How it travels.
    var mode: TravelMode
    /// FlixBus's id for the operator, when given.
    var operatorID: String?

    /// Reads one leg.
    /// - Parameter node: an element of `legs`.
    /// - Throws: `JSONError` for a leg without readable ends, or a `means_of_transport` that is neither a bus,
    ///   a train nor a ferry.
    init(_ node: JSONNode) throws {
        guard node.kind == .object else { throw node.error("is not a leg") }
        departure = try FlixBusStop(node["departure"])
        arrival = try FlixBusStop(node["arrival"])
        let means = try node["means_of_transport"]
        guard let text = try means.ifPresent?.string, let mode = Self.mode(text) else {
            throw means.error("is not bus, train or ferry")
        }
        self.mode = mode
        operatorID = ((try? node["operator_id"].lenientString) ?? nil)?.nonBlank
    }

    /// The mode a `means_of_transport` names.
    static func mode(_ text: String) -> TravelMode? {
        switch text.trimmedText.lowercased() {
        case "bus", "coach": .bus
        case "train": .train
        case "ferry", "boat": .ferry
        default: nil
        }
    }
}

/// One ride: the trip FlixBus sells, from the city asked for to the other, with its legs and price.
struct FlixBusRide: Sendable, Hashable {
    /// FlixBus's id for the ride: the source's reference, never the offer's id.
    var uid: String?
    /// Where and when it leaves.
    var departure: FlixBusStop
    /// Where and when it arrives.
    var arrival: FlixBusStop
    /// Door to door, when stated.
    var duration: Duration?
    /// What it costs one adult, the platform fee included where FlixBus says it must be paid
    /// (`total_with_platform_fee`, never less than `total`).
    var price: Decimal
    /// Seats left at the price shown, when stated.
    var seats: Int?
    /// The legs, at least one.
    var legs: [FlixBusLeg]

    /// The most legs a ride is read with; more is a broken ride's.
    static let maximumLegs = 8
    /// The largest price read as a price.
    static let maximumPrice: Decimal = 100_000

    /// Reads one ride.
    /// - Parameters:
    ///   - node: a value of a trip's `results`.
    ///   - feeRequired: whether the answer says the platform fee must be paid
    ///     (`platform_fee_in_price_required`), so that `total_with_platform_fee` is the price.
    /// - Throws: `JSONError` for a ride without readable ends, legs or a positive price.
    init(_ node: JSONNode, feeRequired: Bool) throws {
        guard node.kind == .object else { throw node.error("is not a ride") }
        uid = ((try? node["uid"].lenientString) ?? nil)?.nonBlank.map { PrintableText.excerpt($0, limit: 120) }
        departure = try FlixBusStop(node["departure"])
        arrival = try FlixBusStop(node["arrival"])
        let priceNode = try node["price"]
        guard priceNode.kind == .object else { throw priceNode.error("is not a price") }
        // The total must be a price whichever is charged: a ride whose total is broken is a broken ride.
        let totalNode = try priceNode["total"]
        guard let total = try totalNode.lenientDecimal else { throw totalNode.error("is missing") }
        guard total > 0, total <= Self.maximumPrice else { throw totalNode.error("is not a positive amount") }
        price = total
        if feeRequired, let withFeeNode = try priceNode["total_with_platform_fee"].ifPresent {
            guard let withFee = try withFeeNode.lenientDecimal, withFee >= total, withFee <= Self.maximumPrice else {
                throw withFeeNode.error("is not an amount at least the total")
            }
            price = withFee
        }
        duration = Self.duration(node)
        seats = Self.seats(node)
        let legsNode = try node["legs"]
        guard legsNode.kind == .array else { throw legsNode.error("is not a list of legs") }
        var legs: [FlixBusLeg] = []
        for element in try legsNode.elements {
            guard legs.count < Self.maximumLegs else { throw legsNode.error("has more than \(Self.maximumLegs) legs") }
            legs.append(try FlixBusLeg(element))
        }
        guard !legs.isEmpty else { throw legsNode.error("names no leg") }
        self.legs = legs
    }

    /// `duration{hours, minutes}`, or `nil` when it is missing, broken, zero or past
    /// `Leg.longestPlausibleDuration`.
    private static func duration(_ node: JSONNode) -> Duration? {
        guard let object = try? node["duration"].ifPresent, object.kind == .object else { return nil }
        let hours = ((try? object["hours"].lenientInt) ?? nil) ?? 0
        let minutes = ((try? object["minutes"].lenientInt) ?? nil) ?? 0
        guard (0...24 * 14).contains(hours), (0...59).contains(minutes) else { return nil }
        let seconds = Int64(hours * 3600 + minutes * 60)
        guard seconds > 0, seconds <= Leg.longestPlausibleDuration.components.seconds else { return nil }
        return .seconds(seconds)
    }

    /// The seats left at the price shown: `remaining{seats_left_at_price}` where the answer gives it (a larger
    /// party pays more than that price), else `available{seats}` (all seats left); `nil` when neither is a
    /// count from 0 to 999.
    private static func seats(_ node: JSONNode) -> Int? {
        count(node, "remaining", "seats_left_at_price") ?? count(node, "available", "seats")
    }

    /// `node[container][key]` as a count from 0 to 999, or `nil` when it is missing, broken or out of range.
    private static func count(_ node: JSONNode, _ containerName: StaticString, _ key: StaticString) -> Int? {
        guard let container = try? node[containerName].ifPresent, container.kind == .object,
            let seats = (try? container[key].lenientInt) ?? nil, (0...999).contains(seats)
        else { return nil }
        return seats
    }
}
