import Foundation
import ProviderKit

// Kiwi's answers, read with the project's JSON reader only as far as the mapping needs, in either of the
// two shapes Kiwi has sent:
// - the legacy v3 shape of `api.skypicker.com/flights` (the embedded sample, old recordings): times are
//   numbers, `dTime`/`aTime` the airport's wall clock written as if it were epoch seconds and
//   `dTimeUTC`/`aTimeUTC` the instants;
// - the Tequila v2 shape of `GET /v2/search`: times are ISO-8601 text, `local_departure`/`local_arrival`
//   the wall clock (written with a `Z` although it is not UTC) and `utc_departure`/`utc_arrival` the
//   instants, with `fare`, `virtual_interlining`, `hidden_city_ticketing`, `throw_away_ticketing` and
//   per-segment `bags_recheck_required` besides.
// `bags_price` is in euros whatever the answer's currency: a Tequila answer in Colombian pesos prices a fare
// at 557705 COP (132.37 EUR by its own `conversion`) and its bags at 36.387 and 94.978, which are euros.
// A record says which shape it is by the time fields it carries. Everything else (`booking_token`,
// `conversion`, `quality`, `popularity`, whatever Kiwi adds next) is skipped unread, so new or oddly typed
// extras never fail a search. Fields the trip cannot do without (the id, the price, the route and its
// airports, a departure time) fail the record, which is skipped and counted; broken informational fields
// (seats, countries, durations, bag prices) read as unknown.

/// Which of Kiwi's two answer shapes a record is written in.
enum KiwiShape: Sendable, Hashable {
    /// The v3 `/flights` shape: times as epoch numbers.
    case legacy
    /// The Tequila v2 `/v2/search` shape: times as ISO-8601 text.
    case tequila
}

/// The top of an answer: its currency, the party its prices are for when it says, and its records.
///
/// A node points into the body being read, so an answer lives only inside `ProviderClient.read`.
struct KiwiAnswer {
    /// The currency every price and bag fee is in.
    var currency: CurrencyCode
    /// The party the answer was priced for, from `search_params.seats`, when it says.
    var statedParty: Passengers?
    /// The `data` array.
    var records: JSONNode

    /// Reads the top of an answer.
    /// - Parameters:
    ///   - root: the document's root.
    ///   - provider: the provider's id, for errors.
    /// - Throws: ``ProviderError`` (`http_status`) when the service answered with its own `error` and no
    ///   `data`, quoting its message; `JSONError` when the currency or the records cannot be read, since no
    ///   price could be trusted then.
    init(_ root: JSONNode, provider: ProviderID) throws {
        var currencyNode: JSONNode?
        var dataNode: JSONNode?
        var errorNode: JSONNode?
        var parametersNode: JSONNode?
        for member in try root.members {
            switch KiwiField(member) {
            case .data: dataNode = member.value
            case .currency: currencyNode = member.value
            case .error: errorNode = member.value
            case .searchParams: parametersNode = member.value
            default: continue
            }
        }
        if dataNode?.ifPresent == nil, let errorNode = errorNode?.ifPresent {
            throw Self.serviceError(errorNode, provider: provider)
        }
        guard let currencyNode else { throw try root["currency"].error("is missing") }
        guard let currency = CurrencyCode(try currencyNode.string) else {
            throw currencyNode.error("is not a currency code")
        }
        guard let dataNode else { throw try root["data"].error("is missing") }
        self.currency = currency
        self.records = dataNode
        self.statedParty = parametersNode.flatMap { parameters in try? Self.party(in: parameters["seats"]) }
    }

    /// The error for an answer that carries Tequila's `{"error": "…"}` instead of data: the service's own
    /// message, as a short printable excerpt.
    static func serviceError(_ node: JSONNode, provider: ProviderID) -> ProviderError {
        let message = (try? node.string) ?? (try? node["message"].string)
        let quoted = message.map { PrintableText.excerpt($0, limit: 120) }.flatMap { $0.isEmpty ? nil : $0 }
        return ProviderError(
            .httpStatus, provider: provider,
            "the service answered with an error" + (quoted.map { ": \($0)" } ?? " and no data"))
    }

    /// `{"passengers": 4, "adults": 2, "children": 1, "infants": 1}`, or `nil` when the adults are not
    /// stated or the party is not one that can book (a missing child or infant count is none).
    static func party(in seats: JSONNode) throws -> Passengers? {
        guard seats.ifPresent != nil, let adults = try seats["adults"].lenientInt else { return nil }
        let party = Passengers(
            adults: adults, children: try seats["children"].lenientInt ?? 0,
            infants: try seats["infants"].lenientInt ?? 0)
        return party.problem == nil ? party : nil
    }
}

/// A departure or arrival as a record states it, already checked to fall within
/// ``LocalDateTime/saneYears``, so that no arithmetic on it can overflow.
struct KiwiTime: Sendable, Hashable {
    /// The airport's wall clock as seconds since 1970-01-01T00:00 on that clock, when stated.
    var localSeconds: Int64?
    /// The instant, in epoch seconds, when stated.
    var utcSeconds: Int64?

    /// Whether anything is known.
    var isKnown: Bool { localSeconds != nil || utcSeconds != nil }

    /// This time, with what it lacks taken from `other`.
    func filled(from other: KiwiTime?) -> KiwiTime {
        guard let other else { return self }
        return KiwiTime(localSeconds: localSeconds ?? other.localSeconds, utcSeconds: utcSeconds ?? other.utcSeconds)
    }
}

/// The time fields one object (an itinerary or a segment) carries in either shape, held until the record's
/// shape is known.
struct KiwiTimeFields {
    /// The v2 fields.
    var localDeparture: JSONNode?
    var utcDeparture: JSONNode?
    var localArrival: JSONNode?
    var utcArrival: JSONNode?
    /// The v3 fields.
    var dTime: JSONNode?
    var dTimeUTC: JSONNode?
    var aTime: JSONNode?
    var aTimeUTC: JSONNode?

    /// Keeps `value` when `field` is one of the time fields.
    /// - Returns: whether it was one.
    mutating func take(_ field: KiwiField, _ value: JSONNode) -> Bool {
        switch field {
        case .localDeparture: localDeparture = value
        case .utcDeparture: utcDeparture = value
        case .localArrival: localArrival = value
        case .utcArrival: utcArrival = value
        case .dTime: dTime = value
        case .dTimeUTC: dTimeUTC = value
        case .aTime: aTime = value
        case .aTimeUTC: aTimeUTC = value
        default: return false
        }
        return true
    }

    /// The shape these fields are written in, or `nil` when the object states no time at all.
    var shape: KiwiShape? {
        func present(_ node: JSONNode?) -> Bool { node?.ifPresent != nil }
        if present(localDeparture) || present(utcDeparture) || present(localArrival) || present(utcArrival) {
            return .tequila
        }
        if present(dTime) || present(dTimeUTC) || present(aTime) || present(aTimeUTC) { return .legacy }
        return nil
    }

    /// Reads the departure and the arrival in `shape`.
    /// - Throws: `JSONError` for a time that is not a time or falls outside the sane years.
    func read(as shape: KiwiShape) throws -> (departure: KiwiTime, arrival: KiwiTime) {
        switch shape {
        case .tequila:
            func wallClock(_ node: JSONNode?) throws -> Int64? {
                try node.flatMap { try KiwiTimeText.seconds($0, wallClock: true) }
            }
            func instant(_ node: JSONNode?) throws -> Int64? {
                try node.flatMap { try KiwiTimeText.seconds($0, wallClock: false) }
            }
            return (
                KiwiTime(localSeconds: try wallClock(localDeparture), utcSeconds: try instant(utcDeparture)),
                KiwiTime(localSeconds: try wallClock(localArrival), utcSeconds: try instant(utcArrival))
            )
        case .legacy:
            return (
                KiwiTime(
                    localSeconds: try dTime.flatMap(Self.epochSeconds),
                    utcSeconds: try dTimeUTC.flatMap(Self.epochSeconds)),
                KiwiTime(
                    localSeconds: try aTime.flatMap(Self.epochSeconds),
                    utcSeconds: try aTimeUTC.flatMap(Self.epochSeconds))
            )
        }
    }

    /// A v3 time: whole epoch seconds, as a number or a digit string, within the sane years.
    private static func epochSeconds(_ node: JSONNode) throws -> Int64? {
        guard let value = try node.lenientInt else { return nil }
        let seconds = Int64(value)
        guard LocalDateTime.saneEpochSeconds.contains(seconds) else { throw KiwiTimeText.outOfRange(node) }
        return seconds
    }
}

/// One bookable trip: a one-way flight or a round trip, possibly with connections, read from either shape.
struct KiwiItinerary: Sendable {
    /// Kiwi's id for the trip; not unique (a hidden-city fare and its full-route twin can share one) and
    /// not stable between requests, so it is only the source's reference.
    var id: String
    /// The IATA city code of the origin; used when a segment leaves its own out.
    var cityCodeFrom: String?
    /// The IATA city code of the destination, which may differ from the airport (`IST` for `SAW`).
    var cityCodeTo: String?
    /// The origin country's code.
    var countryFrom: String?
    /// The destination country's code.
    var countryTo: String?
    /// The first departure, as the itinerary states it.
    var departure: KiwiTime
    /// The outbound leg's last arrival, as the itinerary states it.
    var arrival: KiwiTime
    /// The price for the whole party, in the answer's currency; positive.
    var price: Decimal
    /// Kiwi's door-to-door seconds of the outbound leg, when positive.
    var outboundSeconds: Int64?
    /// Kiwi's door-to-door seconds of the way back, when positive.
    var inboundSeconds: Int64?
    /// The booking link, checked when read.
    var link: KiwiLink
    /// The destination's image key, such as `dubai_ae`.
    var mapIdto: String?
    /// Seats left at this price.
    var seats: Int?
    /// Checked-bag fees per passenger by number of bags (`bags_price`).
    var bagFees: [Int: Decimal]
    /// The same fees as offers carry them, when a ``KiwiBagFeeTables`` read the record and made them once
    /// for every record that states the same table; `nil` otherwise, or when no fee is stated.
    var bagFeeTable: BagFees?
    /// `virtual_interlining`: separate tickets joined by Kiwi.
    var isSelfTransfer: Bool
    /// `hidden_city_ticketing`: the ticket goes on beyond where the traveller gets off.
    var isHiddenCity: Bool
    /// `throw_away_ticketing`: a round-trip ticket sold for its way out, whose return is never flown.
    var isThrowAway: Bool
    /// The flights, outbound then inbound, as Kiwi lists them.
    var route: [KiwiSegment]

    /// Reads one record of `data`, its bag fees through `bagFeeTables`, which reads each distinct table once.
    /// - Parameters:
    ///   - record: the record.
    ///   - bagFeeTables: the tables read from earlier records of the answer.
    /// - Throws: `JSONError` with the record's path for a record that cannot be a trip: no id, no positive
    ///   price, no route or no outbound flight in it, no departure time, or a time outside the sane years.
    init(_ record: JSONNode, bagFeeTables: inout KiwiBagFeeTables) throws {
        var fields = Fields()
        // The loop stays small, so that stepping through the members inlines into it and a member the mapping
        // does not read costs no call: each member it reads costs one.
        for member in try record.members {
            guard let field = KiwiField(member) else { continue }
            try fields.take(field, member.value, bagFeeTables: &bagFeeTables)
        }
        let (times, idNode, priceNode, routeNode) = (fields.times, fields.idNode, fields.priceNode, fields.routeNode)
        guard let id = fields.id else { throw try idNode?.error("is not an id") ?? record["id"].error("is missing") }
        guard let price = fields.price else { throw try (priceNode ?? record["price"]).error("is missing") }
        guard price > 0 else { throw (priceNode ?? record).error("is not a positive amount") }
        guard let routeNode else { throw try record["route"].error("is missing") }

        let shape = times.shape
        let (departure, arrival) = try times.read(as: shape ?? .legacy)
        var route: [KiwiSegment] = []
        // Most routes have one to four flights: room for them at once, rather than grown flight by flight.
        route.reserveCapacity(4)
        for segment in try routeNode.elements {
            route.append(try KiwiSegment(segment, shape: shape))
        }
        // An index, not the segment: taking the segment out of the array to ask it would copy it whole.
        guard let firstOutbound = route.firstIndex(where: { !$0.isInbound }) else {
            throw routeNode.error("has no outbound flight")
        }
        // Without a departure the trip can be neither dated, ranked by departure nor merged.
        guard departure.isKnown || route[firstOutbound].departure.isKnown else {
            throw record.error("has no departure time")
        }

        self.id = id
        self.cityCodeFrom = fields.cityCodeFrom
        self.cityCodeTo = fields.cityCodeTo
        self.countryFrom = fields.countryFrom
        self.countryTo = fields.countryTo
        self.departure = departure
        self.arrival = arrival
        self.price = price
        self.outboundSeconds = fields.outboundSeconds
        self.inboundSeconds = fields.inboundSeconds
        self.link = fields.link
        self.mapIdto = fields.mapIdto
        self.seats = fields.seats
        self.bagFees = fields.bagFees
        self.bagFeeTable = fields.bagFeeTable
        self.isSelfTransfer = fields.isSelfTransfer
        self.isHiddenCity = fields.isHiddenCity
        self.isThrowAway = fields.isThrowAway
        self.route = route
    }

    /// What the members of one record state, gathered member by member.
    private struct Fields {
        var times = KiwiTimeFields()
        var idNode: JSONNode?
        var priceNode: JSONNode?
        var routeNode: JSONNode?
        var id: String?
        var price: Decimal?
        var cityCodeFrom: String?
        var cityCodeTo: String?
        var countryFrom: String?
        var countryTo: String?
        var outboundSeconds: Int64?
        var inboundSeconds: Int64?
        var link = KiwiLink.none
        var mapIdto: String?
        var seats: Int?
        var bagFees: [Int: Decimal] = [:]
        var bagFeeTable: BagFees?
        var isSelfTransfer = false
        var isHiddenCity = false
        var isThrowAway = false

        /// Reads one member the mapping uses.
        /// - Throws: `JSONError` for an id or a price of the wrong kind.
        @inline(never)
        mutating func take(_ field: KiwiField, _ value: JSONNode, bagFeeTables: inout KiwiBagFeeTables) throws {
            if times.take(field, value) { return }
            switch field {
            case .id:
                idNode = value
                id = try value.lenientString.flatMap(\.nonBlank)
            case .price:
                priceNode = value
                price = try value.lenientDecimal
            case .route: routeNode = value
            case .cityCodeFrom: cityCodeFrom = value.text
            case .cityCodeTo: cityCodeTo = value.text
            case .countryFrom: countryFrom = (try? value["code"])?.text
            case .countryTo: countryTo = (try? value["code"])?.text
            case .duration:
                outboundSeconds = (try? value["departure"])?.positiveSeconds
                inboundSeconds = (try? value["return"])?.positiveSeconds
            case .deepLink: link = KiwiLink(value)
            case .mapIdto: mapIdto = value.text
            case .availability: seats = (try? value["seats"])?.count
            case .bagsPrice: (bagFees, bagFeeTable) = bagFeeTables.table(value)
            case .virtualInterlining: isSelfTransfer = value.flag ?? false
            case .hiddenCityTicketing: isHiddenCity = value.flag ?? false
            case .throwAwayTicketing: isThrowAway = value.flag ?? false
            default: return
            }
        }
    }

    /// `{"1": 27.5, "2": 60}`: the fee per passenger for one and for two checked bags. Entries that are not
    /// a positive count with a readable fee are left out; they say nothing about the others.
    static func bagFees(_ node: JSONNode) -> [Int: Decimal] {
        guard node.ifPresent != nil, let members = try? node.members else { return [:] }
        var fees: [Int: Decimal] = [:]
        for member in members {
            guard let count = bagCount(member), let fee = (try? member.value.lenientDecimal) ?? nil, fee >= 0
            else { continue }
            fees[count] = fee
        }
        return fees
    }

    /// A `bags_price` member's name as a count of bags from 1 to 10, read from its bytes without building a
    /// string: what `Int(name)` reads there, a sign and leading zeros included.
    private static func bagCount(_ member: JSONMember) -> Int? {
        var count: Int?
        member.withNameBytes { name in
            var digits = name[...]
            if digits.first == UInt8(ascii: "+") || digits.first == UInt8(ascii: "-") {
                guard digits.first == UInt8(ascii: "+") else { return }
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty else { return }
            var value = 0
            for byte in digits {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return }
                value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 11)
            }
            count = value
        }
        guard let count, count > 0, count <= 10 else { return nil }
        return count
    }
}

/// The `bags_price` tables of one answer, each read once: fee tables repeat across thousands of records, so
/// a table is read, and made into the offers' ``BagFees``, the first time its text is met, and found by its
/// text after that, without building a string of it. Tables longer than ``longestKept`` bytes, which no real
/// answer sends, are read each time and not kept, so that a hostile answer cannot make the tables larger than a
/// few hundred bytes each.
struct KiwiBagFeeTables {
    /// The longest table text kept: `{"1": 27.5, "2": 60}` and the like are far shorter.
    static let longestKept = 128
    /// The most tables kept; past them, a new table is read but not kept.
    static let mostKept = 4_096

    /// A table read, with its text.
    private struct Known {
        var text: [UInt8]
        var stated: [Int: Decimal]
        var fees: BagFees?
    }

    /// The tables read, by the hash of their text. A second text of the same hash is read each time.
    private var tables: [Int: Known] = [:]

    /// How many tables are kept, for tests.
    var count: Int { tables.count }

    /// The fees a `bags_price` node states (``KiwiItinerary/bagFees(_:)``) and, when there is any, the
    /// offers' form of them in ``KiwiOfferMapper/bagFeeCurrency``.
    mutating func table(_ node: JSONNode) -> (stated: [Int: Decimal], fees: BagFees?) {
        var found: Known?
        var unknown: (hash: Int, text: [UInt8])?
        try? node.withJSONText { text in
            guard text.count <= Self.longestKept, let start = text.baseAddress else { return }
            // The kit's digest, far quicker on a few bytes than a seeded hasher; the dictionary hashes the result
            // again. Texts that collide are told apart by their bytes.
            var digest = StableDigest()
            digest.append(bytes: text)
            let key = Int(truncatingIfNeeded: digest.value)
            if let known = tables[key] {
                let same = known.text.withUnsafeBufferPointer { kept in
                    guard let kept = kept.baseAddress, known.text.count == text.count else { return false }
                    return memcmp(kept, start, text.count) == 0
                }
                if same { found = known }
                return
            }
            unknown = (key, Array(text))
        }
        if let found { return (found.stated, found.fees) }
        let stated = KiwiItinerary.bagFees(node)
        let fees = stated.isEmpty ? nil : BagFees(stated, currency: KiwiOfferMapper.bagFeeCurrency)
        if let unknown, tables.count < Self.mostKept {
            tables[unknown.hash] = Known(text: unknown.text, stated: stated, fees: fees)
        }
        return (stated, fees)
    }
}

/// One flight of an itinerary.
struct KiwiSegment: Sendable {
    /// The departure airport.
    var flyFrom: String
    /// The arrival airport.
    var flyTo: String
    /// The departure city's name, as sent: it stays in the model, and the renderers sanitise it.
    var cityFrom: String?
    /// The arrival city's name.
    var cityTo: String?
    /// The departure city's code; not every answer carries it per segment.
    var cityCodeFrom: String?
    /// The arrival city's code.
    var cityCodeTo: String?
    /// Take-off, as the segment states it.
    var departure: KiwiTime
    /// Landing, as the segment states it.
    var arrival: KiwiTime
    /// The marketing carrier's IATA code; empty when Kiwi does not know it.
    var airline: String
    /// The marketing carrier's name, when an answer names it rather than giving its code.
    var airlineName: String?
    /// The flight number without the carrier: an Int, in some answers a string.
    var flightNumber: String?
    /// The operating carrier's code; `nil` when Kiwi sends `""`, which means the marketing carrier.
    var operatingCarrier: String?
    /// The operating carrier's flight number.
    var operatingFlightNumber: String?
    /// The class of travel, from `fare_category` (`M`, `W`, `C`, `F`).
    var cabin: Cabin?
    /// Whether bags must be collected and checked in again before this flight.
    var bagsRecheckRequired: Bool?
    /// Whether the segment belongs to the way back (`return` is 1). A missing or unreadable flag means
    /// outbound, which is what every one-way answer is.
    var isInbound: Bool

    /// Reads one segment of `route`.
    /// - Parameters:
    ///   - node: the segment.
    ///   - shape: the record's shape, or `nil` when its itinerary states no time, in which case the
    ///     segment's own fields decide.
    /// - Throws: `JSONError` for a segment without airports or carrier, or with a broken time.
    init(_ node: JSONNode, shape: KiwiShape?) throws {
        var fields = Fields()
        // The loop stays small, so that stepping through the members inlines into it (see KiwiItinerary).
        for member in try node.members {
            guard let field = KiwiField(member) else { continue }
            fields.take(field, member.value)
        }
        self.flyFrom = try Self.code(fields.flyFromNode, named: "flyFrom", in: node)
        self.flyTo = try Self.code(fields.flyToNode, named: "flyTo", in: node)
        guard let airlineNode = fields.airlineNode else { throw try node["airline"].error("is missing") }
        self.airline = (try airlineNode.string).nonBlank ?? ""
        (self.departure, self.arrival) = try fields.times.read(as: shape ?? fields.times.shape ?? .legacy)
        self.cityFrom = fields.cityFrom
        self.cityTo = fields.cityTo
        self.cityCodeFrom = fields.cityCodeFrom
        self.cityCodeTo = fields.cityCodeTo
        self.flightNumber = fields.flightNumber
        self.operatingCarrier = fields.operatingCarrier
        self.operatingFlightNumber = fields.operatingFlightNumber
        self.cabin = fields.cabin
        self.bagsRecheckRequired = fields.bagsRecheckRequired
        self.isInbound = fields.isInbound
    }

    /// What the members of one segment state, gathered member by member.
    private struct Fields {
        var times = KiwiTimeFields()
        var flyFromNode: JSONNode?
        var flyToNode: JSONNode?
        var airlineNode: JSONNode?
        var cityFrom: String?
        var cityTo: String?
        var cityCodeFrom: String?
        var cityCodeTo: String?
        var flightNumber: String?
        var operatingCarrier: String?
        var operatingFlightNumber: String?
        var cabin: Cabin?
        var bagsRecheckRequired: Bool?
        var isInbound = false

        /// Reads one member the mapping uses.
        @inline(never)
        mutating func take(_ field: KiwiField, _ value: JSONNode) {
            if times.take(field, value) { return }
            switch field {
            case .flyFrom: flyFromNode = value
            case .flyTo: flyToNode = value
            case .airline: airlineNode = value
            case .cityFrom: cityFrom = value.text
            case .cityTo: cityTo = value.text
            case .cityCodeFrom: cityCodeFrom = value.text
            case .cityCodeTo: cityCodeTo = value.text
            case .flightNumber: flightNumber = value.flightNumber
            case .operatingCarrier: operatingCarrier = value.text
            case .operatingFlightNumber: operatingFlightNumber = value.flightNumber
            case .fareCategory: cabin = value.text.flatMap(KiwiSegment.cabin)
            case .bagsRecheckRequired: bagsRecheckRequired = value.flag
            case .direction: isInbound = (try? value.lenientInt) == 1
            default: return
            }
        }
    }

    /// An airport code the segment cannot do without.
    private static func code(_ value: JSONNode?, named name: StaticString, in node: JSONNode) throws -> String {
        guard let value else { throw try node[name].error("is missing") }
        guard let code = (try value.string).nonBlank else { throw value.error("is empty") }
        return code
    }

    /// Kiwi's fare categories: M economy, W premium economy, C business, F first.
    fileprivate static func cabin(_ category: String) -> Cabin? {
        switch category {
        case "M", "m": .economy
        case "W", "w": .premium
        case "C", "c": .business
        case "F", "f": .first
        default: nil
        }
    }
}

extension JSONNode {
    /// A string or number as trimmed text; `nil` when missing, null, blank or of another kind, since the
    /// fields read this way inform and never decide whether a record is usable.
    var text: String? {
        var plain: String?
        if withUntrimmedStringBytes({ plain = String(decoding: $0, as: UTF8.self) }) { return plain }
        return (try? lenientString).flatMap { $0.flatMap(\.nonBlank) }
    }

    /// Calls `body` with the string's bytes, where they lie, when the value is a string that is its own trimmed
    /// text: one that starts and ends with a visible ASCII character, as nearly every field does. Such a field is
    /// read once, without a string built and then checked for white space.
    /// - Returns: whether `body` was called; when not, the value is read through ``text``.
    func withUntrimmedStringBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard kind == .string else { return false }
        var called = false
        try? withStringBytes { bytes in
            guard let first = bytes.first, let last = bytes.last, first > 0x20, first < 0x7F, last > 0x20,
                last < 0x7F
            else { return }
            body(bytes)
            called = true
        }
        return called
    }

    /// A flag sent as `true`/`false` (or a yes/no string); `nil` when missing or unreadable.
    fileprivate var flag: Bool? { (try? lenientBool) ?? nil }

    /// A count such as seats left: a whole number from 0 up; `nil` otherwise.
    fileprivate var count: Int? {
        guard let value = (try? lenientInt) ?? nil, value >= 0 else { return nil }
        return value
    }

    /// A duration in seconds sent as an Int, a Double or a digit string; `nil` unless positive and below
    /// a year, since Kiwi writes 0 for "unknown" and anything longer is a broken value.
    var positiveSeconds: Int64? {
        if kind == .number, let whole = try? int64 { return whole > 0 && whole < 31_536_000 ? whole : nil }
        guard let value = (try? lenientDecimal) ?? nil, value > 0, value < 31_536_000 else { return nil }
        return NSDecimalNumber(decimal: value).int64Value
    }

    /// A flight number sent as `395` or as `"395"`; a fraction, a negative number or anything else reads
    /// as unknown, since a segment is still worth showing without it.
    var flightNumber: String? {
        switch kind {
        case .number:
            guard let number = try? int64, number >= 0 else { return nil }
            return String(number)
        case .string: return (try? string).flatMap(\.nonBlank)
        default: return nil
        }
    }
}

/// The members the mapping reads, in an answer's top, its itineraries and their segments.
///
/// A record has some forty members and the mapping reads a third of them. Names are told apart by their
/// length and first byte before any comparison, so that a member nobody reads costs one string comparison
/// or none, rather than one per known name.
enum KiwiField {
    /// Members of the answer's top.
    case data, currency, error, searchParams
    /// Members of an itinerary.
    case id, price, route, countryFrom, countryTo, duration, deepLink, mapIdto, availability, bagsPrice
    case virtualInterlining, hiddenCityTicketing, throwAwayTicketing
    /// Members of a segment; the city codes are members of an itinerary as well.
    case flyFrom, flyTo, airline, cityFrom, cityTo, cityCodeFrom, cityCodeTo, flightNumber, operatingCarrier
    case operatingFlightNumber, fareCategory, bagsRecheckRequired, direction
    /// Times, in the v2 and the v3 shape, of itineraries and segments.
    case localDeparture, utcDeparture, localArrival, utcArrival, dTime, dTimeUTC, aTime, aTimeUTC

    /// The field a member stands for, or `nil` for a member the mapping does not read; its name is read
    /// in place, never built as a string.
    init?(_ member: JSONMember) {
        var field: KiwiField?
        member.withNameBytes { field = Self.field(named: $0) }
        guard let field else { return nil }
        self = field
    }

    /// The field whose name is `name`'s bytes: a jump on the length, then on the first byte, then one
    /// comparison (two where two names share both).
    static func field(named name: UnsafeBufferPointer<UInt8>) -> KiwiField? {
        guard let first = name.first, let start = name.baseAddress else { return nil }
        func match(_ candidate: StaticString, _ field: KiwiField) -> KiwiField? {
            let count = candidate.utf8CodeUnitCount
            return count == name.count && memcmp(start, candidate.utf8Start, count) == 0 ? field : nil
        }
        switch name.count {
        case 2: return match("id", .id)
        case 4: return match("data", .data)
        case 5:
            switch first {
            case UInt8(ascii: "p"): return match("price", .price)
            case UInt8(ascii: "r"): return match("route", .route)
            case UInt8(ascii: "d"): return match("dTime", .dTime)
            case UInt8(ascii: "a"): return match("aTime", .aTime)
            case UInt8(ascii: "f"): return match("flyTo", .flyTo)
            case UInt8(ascii: "e"): return match("error", .error)
            default: return nil
            }
        case 6:
            switch first {
            case UInt8(ascii: "c"): return match("cityTo", .cityTo)
            case UInt8(ascii: "r"): return match("return", .direction)
            default: return nil
            }
        case 7:
            switch first {
            case UInt8(ascii: "f"): return match("flyFrom", .flyFrom)
            case UInt8(ascii: "a"): return match("airline", .airline)
            case UInt8(ascii: "m"): return match("mapIdto", .mapIdto)
            default: return nil
            }
        case 8:
            switch first {
            case UInt8(ascii: "c"): return match("cityFrom", .cityFrom) ?? match("currency", .currency)
            case UInt8(ascii: "d"): return match("duration", .duration) ?? match("dTimeUTC", .dTimeUTC)
            case UInt8(ascii: "a"): return match("aTimeUTC", .aTimeUTC)
            default: return nil
            }
        case 9:
            switch first {
            case UInt8(ascii: "c"): return match("countryTo", .countryTo)
            case UInt8(ascii: "d"): return match("deep_link", .deepLink)
            case UInt8(ascii: "f"): return match("flight_no", .flightNumber)
            default: return nil
            }
        case 10:
            switch first {
            case UInt8(ascii: "b"): return match("bags_price", .bagsPrice)
            case UInt8(ascii: "c"): return match("cityCodeTo", .cityCodeTo)
            default: return nil
            }
        case 11:
            switch first {
            case UInt8(ascii: "c"): return match("countryFrom", .countryFrom)
            case UInt8(ascii: "u"): return match("utc_arrival", .utcArrival)
            default: return nil
            }
        case 12:
            switch first {
            case UInt8(ascii: "c"): return match("cityCodeFrom", .cityCodeFrom)
            case UInt8(ascii: "a"): return match("availability", .availability)
            default: return nil
            }
        case 13:
            switch first {
            case UInt8(ascii: "f"): return match("fare_category", .fareCategory)
            case UInt8(ascii: "u"): return match("utc_departure", .utcDeparture)
            case UInt8(ascii: "l"): return match("local_arrival", .localArrival)
            case UInt8(ascii: "s"): return match("search_params", .searchParams)
            default: return nil
            }
        case 15: return match("local_departure", .localDeparture)
        case 17: return match("operating_carrier", .operatingCarrier)
        case 19:
            switch first {
            case UInt8(ascii: "v"): return match("virtual_interlining", .virtualInterlining)
            case UInt8(ascii: "o"): return match("operating_flight_no", .operatingFlightNumber)
            default: return nil
            }
        case 20: return match("throw_away_ticketing", .throwAwayTicketing)
        case 21:
            switch first {
            case UInt8(ascii: "h"): return match("hidden_city_ticketing", .hiddenCityTicketing)
            case UInt8(ascii: "b"): return match("bags_recheck_required", .bagsRecheckRequired)
            default: return nil
            }
        default: return nil
        }
    }
}

/// Reads the ISO-8601 times of the Tequila shape byte by byte: `2026-12-18T07:05:00.000Z`, with or without
/// seconds, fraction and zone.
enum KiwiTimeText {
    /// The seconds a time node states.
    /// - Parameters:
    ///   - node: a `local_*` or `utc_*` field.
    ///   - wallClock: `true` for a `local_*` field, whose zone designator (Kiwi writes `Z`) is ignored:
    ///     the digits are the airport's wall clock. `false` for a `utc_*` field, whose offset is applied.
    /// - Returns: seconds since 1970-01-01T00:00 on the wall clock, or epoch seconds; `nil` for null.
    /// - Throws: `JSONError` for text that is not such a time, or a year outside the sane years.
    static func seconds(_ node: JSONNode, wallClock: Bool) throws -> Int64? {
        guard node.ifPresent != nil else { return nil }
        var text = try node.string
        let parsed = text.withUTF8 { parse($0) }
        guard let parsed else { throw node.error("is not an ISO-8601 date and time") }
        guard LocalDateTime.saneYears.contains(parsed.date.year) else { throw outOfRange(node) }
        let clock = parsed.date.daysSinceEpoch * 86_400 + parsed.secondsOfDay
        return wallClock ? clock : clock - parsed.offsetSeconds
    }

    /// The error for a time outside ``LocalDateTime/saneYears``.
    static func outOfRange(_ node: JSONNode) -> JSONError {
        let years = LocalDateTime.saneYears
        return node.error("is outside the years \(years.lowerBound)–\(years.upperBound)")
    }

    /// The parts of `YYYY-MM-DDTHH:MM[:SS[.fff…]][Z|±HH[:]MM]`, surrounding spaces allowed.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) -> (date: LocalDate, secondsOfDay: Int64, offsetSeconds: Int64)? {
        var text = Cursor(bytes)
        guard let year = text.number(4), text.skip("-"), let month = text.number(2), text.skip("-"),
            let day = text.number(2), let date = LocalDate(year: year, month: month, day: day),
            text.skip("T") || text.skip("t") || text.skip(" "),
            let hour = text.number(2), hour < 24, text.skip(":"), let minute = text.number(2), minute < 60
        else { return nil }
        var second = 0
        if text.skip(":") {
            guard let value = text.number(2), value <= 60 else { return nil }
            // A leap second is the last second of its minute here.
            second = min(value, 59)
            if text.skip("."), !text.skipDigits() { return nil }
        }
        var offset = 0
        if text.skip("Z") || text.skip("z") {
            offset = 0
        } else if let sign = text.sign() {
            guard let hours = text.number(2), hours < 24 else { return nil }
            _ = text.skip(":")
            guard let minutes = text.number(2), minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard text.isAtEnd else { return nil }
        return (date, Int64(hour * 3600 + minute * 60 + second), Int64(offset))
    }

    /// A position in a time's bytes, between surrounding spaces.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        var end: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            index = 0
            end = bytes.count
            while index < end, bytes[index] == 0x20 { index += 1 }
            while end > index, bytes[end - 1] == 0x20 { end -= 1 }
        }

        var isAtEnd: Bool { index == end }

        /// Exactly `digits` decimal digits.
        mutating func number(_ digits: Int) -> Int? {
            guard end - index >= digits else { return nil }
            var value = 0
            for _ in 0..<digits {
                let digit = Int(bytes[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }

        /// Steps over `character` when it is next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < end, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Steps over a run of digits; whether there was one.
        mutating func skipDigits() -> Bool {
            let start = index
            while index < end, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index > start
        }

        /// Steps over `+` (1) or `-` (-1).
        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
