import AggregatorCore
import Foundation
import ProviderKit

/// Reads one offer line of an outside program, written in the documented shape of the search output's
/// offers (`aggregate.search.v1`), into an ``Offer``.
///
/// What is read: `id` (one word, at most 200 characters), `kind` (`flight`, `trip` or `car`), `price_basis`
/// (`total` by default for a flight, `per_day` for a car), `image`, the provider's own `tags`
/// (`hidden_city`, `self_transfer`, `cached_price`), exactly one of `sources` (`provider`, which must be
/// the program's id, `reference`, `price` `{amount, currency}`, `party` `{adults, children, infants}` (the
/// passengers the price is for, when the program says), `deep_link`, `retrieved_at`, `seats_left`); for a flight its `legs`, each with `duration_minutes` and `segments` (`carrier` and/or
/// `carrier_name`, `flight_number`, `origin`, `origin_city`, `destination`, `destination_city`,
/// `departure`, `departure_utc`, `arrival`, `arrival_utc`); for a car `brand`, `model`, `plate_number`
/// and `color`. A `trip` (a journey with a train, bus or ferry in it) has legs as a flight does, and each segment
/// also `mode` (`flight`, `train`, `bus`, `ferry`; `flight` when absent), `service_number` (as the operator
/// writes it, such as `RJX 61`), `origin_name` and `destination_name` (the station or airport); a segment that
/// is not a flight takes any operator code (`ÖBB`) and a seller's own station id as `origin`/`destination`,
/// and a station the tool knows (``KnownCities``) serves its city when `origin_city` is not given. A flight
/// offer's segments must all be flights. What the tool derives itself is ignored: the top-level `price`, `origin`, `departure`,
/// `stops`, `carriers`, `converted`, the pipeline's tags.
///
/// Strict on structure, so that a broken line is skipped rather than half-read: a wrong type, a code that
/// is not a code, a time outside the years the tool believes in, a second source, or a source naming
/// another provider is an error naming its field. Prices are read as written (any finite amount, any
/// three-letter currency): the runner's ``ResponseScreen`` drops the ones that are not positive, and
/// `aggregate provider check` names them.
package enum ExternalOfferReader {
    /// The tags a provider may set; the others are the pipeline's.
    package static let providerTags: Set<OfferTag> = [.hiddenCity, .selfTransfer, .throwAway, .cachedPrice]

    /// Reads an offer.
    /// - Parameters:
    ///   - root: the line's object.
    ///   - provider: the id its source gets (the client's).
    ///   - programID: the id the program must name as its source's provider.
    ///   - retrievedAt: when the answer arrived, for a source without `retrieved_at`.
    /// - Returns: the offer.
    /// - Throws: `JSONError` naming the field that is wrong.
    package static func offer(
        from root: JSONNode, provider: ProviderID, programID: ProviderID, retrievedAt: Date
    ) throws -> Offer {
        guard root.kind == .object else { throw root.error("is not an object") }
        let idNode = try root["id"]
        let id = try idNode.string
        guard !id.isEmpty, id.count <= 200, id.unicodeScalars.allSatisfy(isWordScalar) else {
            throw idNode.error("is not one word of at most 200 characters")
        }
        let kindNode = try root["kind"]
        let product: Product
        switch try kindNode.string {
        case "flight":
            let itinerary = try itinerary(try root["legs"])
            guard itinerary.isAllFlights else { throw kindNode.error("is flight, but a segment is not; write trip") }
            product = .flight(itinerary)
        case "trip": product = .flight(try itinerary(try root["legs"]))
        case "car": product = .car(try car(root))
        default: throw kindNode.error("is not flight, trip or car")
        }
        let sources = try root["sources"]
        var count = 0
        for _ in try sources.elements { count += 1 }
        guard count == 1 else { throw sources.error("holds \(count) sources, not one") }
        let source = try offerSource(try sources[0], provider: provider, programID: programID, retrievedAt: retrievedAt)
        var basis: PriceBasis = product.category == .cars ? .perDay : .total
        if let node = try root["price_basis"].ifPresent {
            guard let value = PriceBasis(rawValue: try node.string) else {
                throw node.error("is not total, per_person or per_day")
            }
            basis = value
        }
        var tags = Set<OfferTag>()
        if let list = try root["tags"].ifPresent {
            for element in try list.elements {
                let tag = OfferTag(rawValue: try element.string)
                if providerTags.contains(tag) { tags.insert(tag) }
            }
        }
        return Offer(
            id: id, product: product, priceBasis: basis, source: source, imageURL: try link(root["image"]), tags: tags)
    }

    private static func offerSource(
        _ node: JSONNode, provider: ProviderID, programID: ProviderID, retrievedAt: Date
    ) throws -> OfferSource {
        let named = try node["provider"]
        guard try named.string == programID.rawValue else {
            throw named.error("is '\(PrintableText.excerpt(try named.string, limit: 40))', not '\(programID)'")
        }
        let priceNode = try node["price"]
        let amountNode = try priceNode["amount"]
        let amount = try amountNode.decimal
        guard amount.isFinite else { throw amountNode.error("is not a finite amount") }
        let currencyNode = try priceNode["currency"]
        guard let currency = CurrencyCode(try currencyNode.string) else {
            throw currencyNode.error("is not a currency code")
        }
        var seats: Int?
        if let node = try node["seats_left"].ifPresent {
            let value = try node.int
            guard (0...100_000).contains(value) else { throw node.error("is not a number of seats") }
            seats = value
        }
        let reference = try node["reference"].lenientString ?? ""
        return OfferSource(
            provider: provider, reference: String(reference.prefix(200)), price: Money(amount, currency),
            deepLink: try link(node["deep_link"]), retrievedAt: try instant(node["retrieved_at"]) ?? retrievedAt,
            seatsLeft: seats, pricedFor: try party(node["party"]))
    }

    /// A source's `party` (`{"adults", "children", "infants"}`, the passengers its price is for), or `nil` when
    /// it is absent or `null`: the program does not say.
    private static func party(_ node: JSONNode) throws -> Passengers? {
        guard let node = node.ifPresent, node.kind != .null else { return nil }
        func count(_ member: JSONNode, required: Bool) throws -> Int {
            guard let present = member.ifPresent else {
                if required { throw node.error("has no adults") }
                return 0
            }
            let value = try present.int
            guard (0...Passengers.maximum).contains(value) else {
                throw present.error("is not a count of 0 to \(Passengers.maximum)")
            }
            return value
        }
        return Passengers(
            adults: try count(node["adults"], required: true), children: try count(node["children"], required: false),
            infants: try count(node["infants"], required: false))
    }

    private static func itinerary(_ node: JSONNode) throws -> Itinerary {
        var legs: [Leg] = []
        for legNode in try node.elements {
            var segments: [Segment] = []
            for segmentNode in try legNode["segments"].elements { segments.append(try segment(segmentNode)) }
            guard !segments.isEmpty else { throw try legNode["segments"].error("is empty") }
            var duration: Duration?
            if let minutesNode = try legNode["duration_minutes"].ifPresent {
                let minutes = try minutesNode.int
                // Checked before any arithmetic, so that no value can overflow it.
                guard (0...Int(Leg.longestPlausibleDuration.components.seconds / 60)).contains(minutes) else {
                    throw minutesNode.error("is not a duration of 0 to 20160 minutes")
                }
                duration = .seconds(Int64(minutes) * 60)
            }
            legs.append(Leg(segments: segments, duration: duration))
        }
        guard !legs.isEmpty, legs.count <= 2 else { throw node.error("holds \(legs.count) legs, not one or two") }
        return Itinerary(legs: legs)
    }

    private static func segment(_ node: JSONNode) throws -> Segment {
        var mode = TravelMode.flight
        if let modeNode = try node["mode"].ifPresent {
            guard let value = TravelMode(rawValue: try modeNode.string) else {
                throw modeNode.error("is not flight, train, bus or ferry")
            }
            mode = value
        }
        if mode != .flight { return try service(node, mode: mode) }
        let codeNode = try node["carrier"]
        let code = try codeNode.ifPresent?.string
        if let code, !(2...3).contains(code.count) || !code.allSatisfy(isCodeCharacter) {
            throw codeNode.error("is not an airline code")
        }
        let name = try node["carrier_name"].ifPresent?.string
        guard code != nil || name.map({ !$0.isEmpty }) == true else {
            throw codeNode.error("is missing, and so is carrier_name")
        }
        let numberNode = try node["flight_number"]
        let number = try numberNode.lenientString
        if let number, !(1...8).contains(number.count) || !number.allSatisfy(isCodeCharacter) {
            throw numberNode.error("is not a flight number")
        }
        return Segment(
            carrier: Carrier(code: code, name: name), flightNumber: number,
            origin: try place(node["origin"], city: node["origin_city"]),
            destination: try place(node["destination"], city: node["destination_city"]),
            departure: try time(node["departure"], utc: node["departure_utc"]),
            arrival: try time(node["arrival"], utc: node["arrival_utc"]))
    }

    /// A segment that is not a flight: an operator's code of up to 8 letters or digits, any name, a service number
    /// of printable text, and stations by their seller's id and name.
    private static func service(_ node: JSONNode, mode: TravelMode) throws -> Segment {
        let codeNode = try node["carrier"]
        let code = try codeNode.ifPresent?.string
        if let code, !(1...8).contains(code.count) || !code.allSatisfy({ $0.isLetter || $0.isNumber }) {
            throw codeNode.error("is not an operator code of 1 to 8 letters or digits")
        }
        let name = try node["carrier_name"].ifPresent?.string
        guard code != nil || name.map({ !$0.isEmpty && $0.count <= 100 }) == true else {
            throw codeNode.error("is missing, and so is carrier_name")
        }
        let number = try text(node["service_number"], limit: 20, what: "a service number")
        return Segment(
            carrier: Carrier(code: code, name: name),
            origin: try station(node["origin"], name: node["origin_name"], city: node["origin_city"]),
            destination: try station(
                node["destination"], name: node["destination_name"], city: node["destination_city"]),
            departure: try time(node["departure"], utc: node["departure_utc"]),
            arrival: try time(node["arrival"], utc: node["arrival_utc"]), mode: mode, serviceNumber: number)
    }

    /// A station, stop or port: the seller's id in `origin`, its name in `origin_name`, its city's IATA code in
    /// `origin_city`, or the city of a station the tool knows by name.
    private static func station(_ idNode: JSONNode, name nameNode: JSONNode, city cityNode: JSONNode) throws -> Place {
        let id = try text(idNode, limit: 60, what: "a station id")
        let name = try text(nameNode, limit: 100, what: "a station name")
        guard id != nil || name != nil else { throw idNode.error("is missing, and so is its name") }
        var city = try cityNode.ifPresent.map(code) ?? nil
        if city == nil { city = name.flatMap(KnownCities.code(ofStation:)) }
        return Place(city: city, cityName: city.flatMap(KnownCities.name(of:)), station: id, name: name)
    }

    /// Printable text of at most `limit` characters, when present.
    private static func text(_ node: JSONNode, limit: Int, what: String) throws -> String? {
        guard let node = node.ifPresent else { return nil }
        let value = try node.string
        guard !value.isEmpty, value.count <= limit,
            value.unicodeScalars.allSatisfy({
                $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
            })
        else {
            throw node.error("is not \(what) of 1 to \(limit) printable characters")
        }
        return value
    }

    private static func car(_ root: JSONNode) throws -> RentalCar {
        let brandNode = try root["brand"]
        let brand = try brandNode.string
        guard !brand.isEmpty else { throw brandNode.error("is empty") }
        let modelNode = try root["model"]
        guard let model = try modelNode.lenientString, !model.isEmpty else { throw modelNode.error("is missing") }
        return RentalCar(
            brand: brand, model: model, plateNumber: try root["plate_number"].lenientString,
            color: try root["color"].ifPresent?.string)
    }

    private static func place(_ airport: JSONNode, city: JSONNode) throws -> Place {
        Place(airport: try code(airport), city: try city.ifPresent.map(code) ?? nil)
    }

    /// A three-letter IATA code.
    private static func code(_ node: JSONNode) throws -> String? {
        let text = try node.string
        guard text.count == 3, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw node.error("is not a three-letter IATA code")
        }
        return text
    }

    private static func time(_ local: JSONNode, utc: JSONNode) throws -> FlightTime? {
        var wallClock: LocalDateTime?
        if let node = local.ifPresent {
            guard let value = LocalDateTime(parsing: try node.string), LocalDateTime.saneYears.contains(value.date.year)
            else { throw node.error("is not a local time YYYY-MM-DDTHH:MM between the years 1900 and 2200") }
            wallClock = value
        }
        let instant = try instant(utc)
        guard wallClock != nil || instant != nil else { return nil }
        return FlightTime(local: wallClock, utc: instant)
    }

    /// An instant written `YYYY-MM-DDTHH:MM:SSZ`, with optional fractional seconds and a `±HH:MM` offset
    /// in place of `Z`.
    package static func instant(_ node: JSONNode) throws -> Date? {
        guard let node = node.ifPresent else { return nil }
        guard let date = instant(parsing: try node.string) else {
            throw node.error("is not a UTC time YYYY-MM-DDTHH:MM:SSZ between the years 1900 and 2200")
        }
        return date
    }

    package static func instant(parsing text: String) -> Date? {
        let characters = Array(text)
        guard characters.count >= 20, characters[10] == "T", characters[16] == ":",
            let clock = LocalDateTime(parsing: String(characters[0..<16])),
            LocalDateTime.saneYears.contains(clock.date.year),
            let seconds = Int(String(characters[17..<19])), (0...59).contains(seconds)
        else { return nil }
        var rest = characters[19...]
        if rest.first == "." {
            rest = rest.dropFirst().drop(while: { $0.isASCII && $0.isNumber })
        }
        var offsetSeconds = 0
        switch rest.first {
        case "Z", "z":
            guard rest.count == 1 else { return nil }
        case "+", "-":
            let zone = String(rest.dropFirst())
            let parts = zone.split(separator: ":")
            guard rest.count == 6, parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
                (0...18).contains(hours), (0...59).contains(minutes)
            else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (rest.first == "-" ? -1 : 1)
        default:
            return nil
        }
        let epoch = clock.minutesSinceEpoch * 60 + Int64(seconds) - Int64(offsetSeconds)
        return Date(timeIntervalSince1970: TimeInterval(epoch))
    }

    private static func link(_ node: JSONNode) throws -> URL? {
        guard let node = node.ifPresent else { return nil }
        let text = try node.string
        guard text.count <= 2000, let url = URL(string: text) else { throw node.error("is not a URL") }
        return url
    }

    private static func isCodeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
            && !scalar.properties.isWhitespace
    }
}
