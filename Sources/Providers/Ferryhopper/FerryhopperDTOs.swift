import Foundation
import ProviderKit

// The structured content of Ferryhopper's MCP tools, read with the project's JSON reader only as far as the
// mapping needs.
//
// `get_ports` answers a list of ports, `{"ports": [{"code", "name", "country", "location"}]}` (a bare list is
// read the same), each named as Ferryhopper writes it (`Santorini (Thira)`).
//
// `search_trips(departureLocation, arrivalLocation, date)` answers `{"foundDirectItinerariesForTrip":
// [itinerary]}`, each itinerary `{"segments": [segment], "deepLink", "hasVehicles", "hasPets", "hasETicket"}`
// and each segment `{"departurePort": {"name"}, "arrivalPort": {"name"}, "departureDateTime",
// "arrivalDateTime" (ISO-8601 with offsets), "ownerCompany": {"name"}, "marketingCompany": {"name"},
// "vessel": {"name"}, "accommodations": [{"type", "expectedPrice": {"totalPriceInCents"}}]}`. Prices are
// euro cents and, in Ferryhopper's own word, indicative. An earlier shape sent the same trips as JSON in the
// text content, under `itineraries`, naming the operator in `operator`, the vessel in `vesselName` and an
// accommodation's cents in `price`: those are read too when the current members are missing.
//
// What a sailing cannot do without (its ports, its departure, readable prices) fails its itinerary, which is
// skipped and counted; broken informational fields (the arrival, the companies, the vessel, the link) read as
// unknown.

/// One port of a `get_ports` answer.
struct FerryhopperPort: Sendable, Hashable {
    /// Ferryhopper's code for the port, which `search_trips` takes: `PIR`.
    var code: String
    /// Its name, as Ferryhopper writes it: `Santorini (Thira)`.
    var name: String
    /// The place the answer says it serves (`location`, `city`), when it says.
    var location: String?

    /// The most ports of one answer that are read.
    static let maximumCount = 5_000

    /// Reads the ports of an answer, in its order; an entry without a usable code or a name is left out.
    /// - Parameter root: the answer's root: an object with a `ports` list, or the list itself.
    /// - Returns: the ports.
    /// - Throws: `JSONError` when there is no list of ports.
    static func list(_ root: JSONNode) throws -> [FerryhopperPort] {
        var list = root
        if root.kind == .object { list = try root["ports"] }
        guard list.kind == .array else { throw list.error("is not a list of ports") }
        var ports: [FerryhopperPort] = []
        for element in try list.elements {
            guard element.kind == .object,
                let code = Self.code(element), let name = FerryhopperText.name(element, "name")
            else { continue }
            ports.append(
                FerryhopperPort(
                    code: code, name: name,
                    location: FerryhopperText.name(element, "location") ?? FerryhopperText.name(element, "city")))
            if ports.count == maximumCount { break }
        }
        return ports
    }

    /// The names the port goes by: its name, the parts of a name such as `Santorini (Thira)`, and the place
    /// it serves.
    var names: [String] {
        FerryhopperText.parts(of: name) + (location.map { [$0] } ?? [])
    }

    /// A port code: `code`, else `portCode` or `id`; 1 to 20 ASCII letters, digits, `-` or `_`.
    private static func code(_ node: JSONNode) -> String? {
        for key: StaticString in ["code", "portCode", "id"] {
            guard let text = ((try? node[key].lenientString) ?? nil)?.trimmedText, !text.isEmpty else { continue }
            guard text.utf8.count <= 20,
                text.utf8.allSatisfy({ byte in
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                        || byte == 0x2D || byte == 0x5F
                })
            else { return nil }
            return text.uppercasedCode
        }
        return nil
    }
}

/// The top of a `search_trips` answer: its list of itineraries.
///
/// A node points into the body being read, so an answer lives only inside `ProviderClient.read`.
struct FerryhopperAnswer {
    /// The `foundDirectItinerariesForTrip` array, or the earlier shape's `itineraries`.
    var itineraries: JSONNode

    /// Reads the top of an answer.
    /// - Parameter root: the document's root.
    /// - Throws: `JSONError` when it is not an object with a list of itineraries.
    init(_ root: JSONNode) throws {
        guard root.kind == .object else { throw root.error("is not an answer of search_trips") }
        var list = try root["foundDirectItinerariesForTrip"]
        if list.ifPresent == nil, let earlier = try root["itineraries"].ifPresent { list = earlier }
        guard list.kind == .array else {
            throw list.error(list.isMissing ? "is missing" : "is not a list of itineraries")
        }
        itineraries = list
    }
}

/// One sailing: a ship from one port to another.
struct FerryhopperSegment: Sendable, Hashable {
    /// The port it leaves from, by name.
    var departurePort: String
    /// Ferryhopper's code for that port, when the answer gives one.
    var departureCode: String?
    /// The port it arrives at, by name.
    var arrivalPort: String
    /// Ferryhopper's code for that port, when the answer gives one.
    var arrivalCode: String?
    /// When it leaves, with its instant when the offset is given.
    var departure: FlightTime
    /// When it arrives, when stated.
    var arrival: FlightTime?
    /// The company that owns and runs the ship, when named.
    var owner: String?
    /// The company that sells the sailing under its name, when named.
    var marketing: String?
    /// The ship's name, when given.
    var vessel: String?
    /// The cheapest accommodation on sale; `nil` when none is on sale.
    var cheapest: FerryhopperFare?

    /// The most accommodations a sailing is read with; a longer list is a broken sailing's.
    static let maximumAccommodations = 64
    /// The largest price in cents read as a price: a hundred thousand euros.
    static let maximumCents: Decimal = 10_000_000

    /// Reads one sailing.
    /// - Parameter node: an element of `segments`.
    /// - Throws: `JSONError` for a sailing without named ports or a readable departure, with too many
    ///   accommodations, or with a price that is there and is not a positive number of cents.
    init(_ node: JSONNode) throws {
        guard node.kind == .object else { throw node.error("is not a sailing") }
        let from = try Self.port(node["departurePort"])
        let to = try Self.port(node["arrivalPort"])
        departurePort = from.name
        departureCode = from.code
        arrivalPort = to.name
        arrivalCode = to.code
        let departureNode = try node["departureDateTime"]
        guard let departure = FlightTime(zoned: try departureNode.ifPresent?.string) else {
            throw departureNode.error("is not a date and time")
        }
        self.departure = departure
        arrival = FlightTime(zoned: (try? node["arrivalDateTime"].ifPresent?.string) ?? nil)
        owner = FerryhopperText.name(node, "ownerCompany") ?? FerryhopperText.name(node, "operator")
        marketing = FerryhopperText.name(node, "marketingCompany")
        vessel = FerryhopperText.name(node, "vessel") ?? FerryhopperText.name(node, "vesselName")
        cheapest = try Self.cheapest(node["accommodations"])
    }

    /// A port's name and code: `{"name", "code"}` (or `id`), or a plain name.
    private static func port(_ node: JSONNode) throws -> (name: String, code: String?) {
        if let name = ((try? node.lenientString) ?? nil)?.nonBlank {
            return (PrintableText.excerpt(name, limit: 80), nil)
        }
        guard node.kind == .object, let name = FerryhopperText.name(node, "name") else {
            throw node.error("is not a named port")
        }
        var code: String?
        for key: StaticString in ["code", "id"] {
            if let text = ((try? node[key].lenientString) ?? nil)?.trimmedText, (1...20).contains(text.utf8.count) {
                code = text.uppercasedCode
                break
            }
        }
        return (name, code)
    }

    /// The cheapest accommodation with a price; one without a price (`expectedPrice` missing or `null`) is
    /// not on sale and left aside.
    private static func cheapest(_ list: JSONNode) throws -> FerryhopperFare? {
        guard let list = list.ifPresent else { return nil }
        guard list.kind == .array else { throw list.error("is not a list of accommodations") }
        var best: FerryhopperFare?
        var count = 0
        for element in try list.elements {
            count += 1
            guard count <= maximumAccommodations else { throw list.error("lists too many accommodations") }
            guard element.kind == .object else { throw element.error("is not an accommodation") }
            // The current shape's `expectedPrice`, else the earlier shape's `price`.
            let expected = try element["expectedPrice"]
            let priceNode = try expected.ifPresent?["totalPriceInCents"] ?? element["price"]
            guard let cents = try priceNode.lenientDecimal else { continue }
            guard cents > 0, cents <= maximumCents, cents.isFinite else {
                throw priceNode.error("is not a positive number of cents")
            }
            let type = FerryhopperText.name(element, "type") ?? FerryhopperText.name(element, "name")
            if best.map({ cents < $0.cents }) ?? true { best = FerryhopperFare(type: type, cents: cents) }
        }
        return best
    }
}

/// An accommodation on sale: a deck place, a seat or a cabin, and what it costs.
struct FerryhopperFare: Sendable, Hashable {
    /// Its type as Ferryhopper writes it (`DECK`, `CABIN`), when given.
    var type: String?
    /// Its price for one passenger in euro cents, positive.
    var cents: Decimal
}

/// One itinerary: the sailings Ferryhopper sells as one trip, usually one.
struct FerryhopperItinerary: Sendable, Hashable {
    /// The sailings, at least one.
    var segments: [FerryhopperSegment]
    /// The booking link as sent; checked when mapped.
    var deepLink: String?

    /// The most sailings an itinerary is read with; more is a broken itinerary's.
    static let maximumSegments = 6

    /// Reads one itinerary.
    /// - Parameter node: an element of `foundDirectItinerariesForTrip`.
    /// - Throws: `JSONError` for an itinerary without readable sailings.
    init(_ node: JSONNode) throws {
        guard node.kind == .object else { throw node.error("is not an itinerary") }
        let list = try node["segments"]
        guard list.kind == .array else { throw list.error("is not a list of sailings") }
        var segments: [FerryhopperSegment] = []
        for element in try list.elements {
            guard segments.count < Self.maximumSegments else { throw list.error("lists too many sailings") }
            segments.append(try FerryhopperSegment(element))
        }
        guard !segments.isEmpty else { throw list.error("lists no sailing") }
        self.segments = segments
        deepLink = ((try? node["deepLink"].ifPresent?.string) ?? nil)?.trimmedText
    }

    /// What the trip costs one passenger in euro cents, each sailing's cheapest accommodation; `nil` when a
    /// sailing has none on sale.
    var cents: Decimal? {
        var total: Decimal = 0
        for segment in segments {
            guard let cheapest = segment.cheapest else { return nil }
            total += cheapest.cents
        }
        return total
    }
}

/// Names as the answers write them, read without trusting them.
enum FerryhopperText {
    /// A name: a member that is a string, or an object with a string `name`; trimmed, at most 80 characters
    /// kept; `nil` when missing, blank or of another kind.
    static func name(_ node: JSONNode, _ key: StaticString) -> String? {
        guard let value = (try? node[key].ifPresent) ?? nil else { return nil }
        let text: String?
        switch value.kind {
        case .string: text = try? value.string
        case .object: text = (try? value["name"].ifPresent?.string) ?? nil
        default: text = nil
        }
        guard let text = text?.nonBlank, text.utf8.count <= 1_000 else { return nil }
        return PrintableText.excerpt(text, limit: 80)
    }

    /// A name and the names in it: `Santorini (Thira)` is also `Santorini` and `Thira`.
    static func parts(of name: String) -> [String] {
        var parts = [name]
        if let open = name.firstIndex(of: "("), let close = name[open...].firstIndex(of: ")") {
            let before = String(name[..<open]).trimmedText
            let inside = String(name[name.index(after: open)..<close]).trimmedText
            for part in [before, inside] where !part.isEmpty && !parts.contains(part) { parts.append(part) }
        }
        return parts
    }
}
