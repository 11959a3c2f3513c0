import Foundation

/// Writes Kiwi v3 (`/flights`) responses of any size that look like real ones: about 4.3 KB per
/// itinerary, every field a real record carries, not only those the tool reads.
///
/// The shape follows the embedded sample and the wire format the Kiwi module decodes: varied routes
/// among ``EuropeanAirport/all`` (airport and city codes differ where a city has several airports), one
/// to three segments each way, three in ten trips round trips (`return: 1` segments), December 2026
/// departures with `dTime`/`aTime` as local pseudo-epochs and `dTimeUTC`/`aTimeUTC` as instants, prices
/// mostly whole and sometimes fractional, seats sometimes null, ~600-character booking tokens and
/// ~500-character deep links. About one trip in sixteen is sold again later in the response at another
/// price, as Kiwi does with other fare combinations, so that merging has work to do.
///
/// The output depends only on the seed and the count: the same arguments give the same bytes.
struct KiwiResponseGenerator {
    /// One flight of a generated trip; ids are drawn when it is written, so a trip sold twice gets new ones.
    private struct Flight {
        var from: EuropeanAirport
        var to: EuropeanAirport
        var departureUTC: Int
        var arrivalUTC: Int
        var airline: String
        var flightNumber: Int
        var operatingCarrier: String
        var operatingFlightNumber: String
        var fareBasis: String
        var fareCategory: String
        var fareClass: String
        var inbound: Bool
        var bagsRecheckRequired: Bool
    }

    /// One trip: the flights of each direction and what the itinerary says about them.
    private struct Trip {
        var outbound: [Flight]
        var inbound: [Flight]
        var hasAirportChange: Bool
        var technicalStops: Int
        /// Euro cents.
        var priceCents: Int
        var wholePrice: Bool
    }

    /// The seed a benchmark uses unless told otherwise.
    static let defaultSeed: UInt64 = 0x4B49_5749_2026

    /// 2026-12-01T00:00:00Z: the generated trips leave during December 2026.
    private static let firstDay = 1_796_083_200

    private static let carriers = [
        "FR", "U2", "W6", "VY", "LH", "OS", "KL", "AF", "BA", "IB", "AZ", "LX", "SK", "TP", "TK", "PC", "A3", "LO",
        "EW", "EI", "AY", "DY", "HV", "SN", "OK", "RO", "FB",
    ]
    private static let lowCostCarriers: Set = ["FR", "U2", "W6", "VY", "PC", "EW", "DY", "HV"]
    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let tokenAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let upperAlphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    private var random: SeededRandom
    private var recentTrips: [Trip] = []
    private let airports = EuropeanAirport.all
    /// For each airport, the other airports of its city, where a connection can change airport.
    private let siblings: [String: [EuropeanAirport]]

    /// Creates a generator.
    /// - Parameter seed: the random seed; the same seed and count give the same response.
    init(seed: UInt64 = defaultSeed) {
        random = SeededRandom(seed: seed)
        let airports = EuropeanAirport.all
        siblings = Dictionary(
            uniqueKeysWithValues: airports.map { airport in
                (airport.code, airports.filter { $0.cityCode == airport.cityCode && $0.code != airport.code })
            })
    }

    /// Writes a whole response to a file, streaming it in chunks.
    /// - Parameters:
    ///   - itineraries: how many records `data` holds.
    ///   - url: the file, created or replaced.
    /// - Returns: the number of bytes written.
    /// - Throws: the file system's error when the file cannot be written.
    mutating func write(itineraries: Int, to url: URL) throws -> Int {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        let chunkSize = 4 << 20
        var text = JSONTextBuffer(capacity: chunkSize + 16_384)
        var written = 0
        func flush() throws {
            try file.write(contentsOf: text.bytes)
            written += text.bytes.count
            text.removeAll()
        }
        writeHeader(itineraries: itineraries, into: &text)
        for index in 0..<itineraries {
            if index > 0 { text.raw(",") }
            writeItinerary(nextTrip(), into: &text)
            if text.bytes.count >= chunkSize { try flush() }
        }
        text.raw("]}")
        try flush()
        return written
    }

    // MARK: - Trips

    /// The next trip: usually a new one, sometimes one sold earlier at another price.
    private mutating func nextTrip() -> Trip {
        if !recentTrips.isEmpty, random.below(16) == 0 {
            var again = random.pick(recentTrips)
            let percent = random.within(85...130)
            again.priceCents = max(1_000, again.priceCents * percent / 100)
            again.wholePrice = random.chance(80)
            if again.wholePrice { again.priceCents = again.priceCents / 100 * 100 }
            return again
        }
        let trip = newTrip()
        if recentTrips.count < 64 {
            recentTrips.append(trip)
        } else {
            recentTrips[random.below(64)] = trip
        }
        return trip
    }

    private mutating func newTrip() -> Trip {
        let origin = random.pick(airports)
        var destination = random.pick(airports)
        while destination.cityCode == origin.cityCode { destination = random.pick(airports) }
        let day = random.below(31)
        let singleCarrier = random.chance(70)
        var hasAirportChange = false
        let outbound = newLeg(
            from: origin, to: destination, day: day, singleCarrier: singleCarrier, inbound: false,
            airportChange: &hasAirportChange)
        var inbound: [Flight] = []
        if random.chance(30) {
            inbound = newLeg(
                from: destination, to: origin, day: day + random.within(2...10), singleCarrier: singleCarrier,
                inbound: true, airportChange: &hasAirportChange)
        }
        let kilometres = origin.kilometres(to: destination)
        let factor = Double(random.within(60...250)) / 100
        var euros = (19 + kilometres * 0.07) * factor + Double(outbound.count - 1) * 15
        if !inbound.isEmpty { euros += (19 + kilometres * 0.07) * factor * 0.8 + Double(inbound.count - 1) * 15 }
        let wholePrice = random.chance(85)
        var cents = Int(euros * 100)
        if wholePrice { cents = cents / 100 * 100 }
        return Trip(
            outbound: outbound, inbound: inbound, hasAirportChange: hasAirportChange,
            technicalStops: random.chance(2) ? 1 : 0, priceCents: max(cents, 1_000), wholePrice: wholePrice)
    }

    /// One direction: one to three flights with connections of 45 minutes to five hours.
    private mutating func newLeg(
        from origin: EuropeanAirport, to destination: EuropeanAirport, day: Int, singleCarrier: Bool,
        inbound: Bool, airportChange: inout Bool
    ) -> [Flight] {
        let roll = random.below(100)
        let count = roll < 55 ? 1 : roll < 90 ? 2 : 3
        var stops: [EuropeanAirport] = [origin]
        while stops.count < count {
            let hub = random.pick(airports)
            if hub.cityCode != origin.cityCode, hub.cityCode != destination.cityCode,
                !stops.contains(where: { $0.cityCode == hub.cityCode })
            {
                stops.append(hub)
            }
        }
        stops.append(destination)

        let carrier = random.pick(Self.carriers)
        let localMinutes = 6 * 60 + random.below(192) * 5
        var departure = Self.firstDay + day * 86_400 + localMinutes * 60 - origin.utcOffsetHours * 3_600
        var from = origin
        var flights: [Flight] = []
        for index in 1..<stops.count {
            let to = stops[index]
            let minutes = (Int(from.kilometres(to: to) / 13) + 30 + 4) / 5 * 5
            let airline = singleCarrier ? carrier : random.pick(Self.carriers)
            let flightNumber = random.within(100...9_899)
            var operatingCarrier = airline
            var operatingFlightNumber = String(flightNumber)
            let codeshare = random.below(100)
            if codeshare < 8 {
                operatingCarrier = random.pick(Self.carriers)
                operatingFlightNumber = String(random.within(100...9_899))
            } else if codeshare < 11 {
                operatingCarrier = ""
                operatingFlightNumber = ""
            }
            let fareClass = String(UnicodeScalar(random.pick(Array("YBMHKLQTVWSO".utf8))))
            flights.append(
                Flight(
                    from: from, to: to, departureUTC: departure, arrivalUTC: departure + minutes * 60,
                    airline: airline, flightNumber: flightNumber, operatingCarrier: operatingCarrier,
                    operatingFlightNumber: operatingFlightNumber,
                    fareBasis: fareClass + randomText(Self.upperAlphanumerics, count: random.within(4...7)),
                    fareCategory: random.chance(90) ? "M" : random.pick(["W", "C"]), fareClass: fareClass,
                    inbound: inbound, bagsRecheckRequired: false))
            departure += (minutes + 45 + random.below(52) * 5) * 60
            from = to
            // Now and then a connection means crossing town: land at one airport, leave from another.
            if index < stops.count - 1, let other = siblings[to.code], !other.isEmpty, random.chance(15) {
                from = random.pick(other)
                airportChange = true
            }
        }
        for index in flights.indices.dropLast() where flights[index].airline != flights[index + 1].airline {
            flights[index].bagsRecheckRequired = true
        }
        return flights
    }

    private mutating func randomText(_ alphabet: [UInt8], count: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for _ in 0..<count { bytes.append(random.pick(alphabet)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func hexIdentifier() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        var bits = random.next()
        for index in 0..<24 {
            if index == 16 { bits = random.next() }
            bytes.append(Self.hexDigits[Int(bits & 0xF)])
            bits >>= 4
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Text

    private func writeHeader(itineraries: Int, into text: inout JSONTextBuffer) {
        text.raw("{")
        text.key("search_id", first: true)
        text.string("6a1f3c2e-9b8d-4e71-a0c5-2d7f4b9e8c13")
        text.key("currency")
        text.string("EUR")
        text.key("fx_rate")
        text.integer(1)
        text.key("_results")
        text.integer(itineraries)
        text.key("time")
        text.integer(2)
        text.key("connections")
        text.raw("[],\"refresh\":[],\"ref_tasks\":[],\"del\":0,\"all_stopover_airports\":[],\"all_airlines\":[]")
        text.key("data")
        text.raw("[")
    }

    private mutating func writeItinerary(_ trip: Trip, into text: inout JSONTextBuffer) {
        let origin = trip.outbound[0].from
        let destination = trip.outbound[trip.outbound.count - 1].to
        let first = trip.outbound[0]
        let last = trip.outbound[trip.outbound.count - 1]
        let flights = trip.outbound + trip.inbound
        let combinations = flights.map { _ in hexIdentifier() }
        let id = combinations.map { "\($0)_0" }.joined(separator: "|")
        let outboundSeconds = last.arrivalUTC - first.departureUTC
        let inboundSeconds = trip.inbound.last.map { $0.arrivalUTC - trip.inbound[0].departureUTC } ?? 0
        let carriers = flights.reduce(into: [String]()) { list, flight in
            if !list.contains(flight.airline) { list.append(flight.airline) }
        }
        let virtualInterlining = carriers.count > 1

        text.raw("{")
        text.key("id", first: true)
        text.string(id)
        writePlaces(from: origin, to: destination, into: &text)
        for (key, airport) in [("countryFrom", origin), ("countryTo", destination)] {
            text.key(key)
            text.raw("{\"code\":")
            text.string(airport.countryCode)
            text.raw(",\"name\":")
            text.string(airport.country)
            text.raw("}")
        }
        text.key("dTime")
        text.integer(first.departureUTC + origin.utcOffsetHours * 3_600)
        text.key("dTimeUTC")
        text.integer(first.departureUTC)
        text.key("aTime")
        text.integer(last.arrivalUTC + destination.utcOffsetHours * 3_600)
        text.key("aTimeUTC")
        text.integer(last.arrivalUTC)
        text.key("nightsInDest")
        if let back = trip.inbound.first {
            text.integer((back.departureUTC - last.arrivalUTC) / 86_400)
        } else {
            text.raw("null")
        }
        text.key("quality")
        text.fixed(trip.priceCents * 10_000 + outboundSeconds * 700 + random.below(1_000_000), decimals: 6)
        text.key("distance")
        text.fixed(Int(origin.kilometres(to: destination) * 100), decimals: 2)
        text.key("duration")
        text.raw("{\"departure\":")
        text.integer(outboundSeconds)
        text.raw(",\"return\":")
        text.integer(inboundSeconds)
        text.raw(",\"total\":")
        text.integer(outboundSeconds + inboundSeconds)
        text.raw("}")
        text.key("fly_duration")
        text.string(Self.hoursAndMinutes(outboundSeconds))
        text.key("return_duration")
        text.string(Self.hoursAndMinutes(inboundSeconds))
        text.key("price")
        writePrice(trip, into: &text)
        text.key("conversion")
        text.raw("{\"EUR\":")
        writePrice(trip, into: &text)
        text.raw("}")
        text.key("fare")
        text.raw("{\"adults\":")
        writePrice(trip, into: &text)
        text.raw(",\"children\":")
        writePrice(trip, into: &text)
        text.raw(",\"infants\":")
        writePrice(trip, into: &text)
        text.raw("}")
        text.key("price_dropdown")
        text.raw("{\"base_fare\":")
        writePrice(trip, into: &text)
        text.raw(",\"fees\":0}")
        text.key("bags_price")
        let bag = 1_500 + random.below(40) * 125
        text.raw("{\"1\":")
        text.fixed(bag, decimals: 2)
        if random.chance(60) {
            text.raw(",\"2\":")
            text.fixed(bag * 2 + random.below(20) * 100, decimals: 2)
        }
        text.raw("}")
        text.key("baglimit")
        text.raw(
            "{\"hand_width\":40,\"hand_height\":55,\"hand_length\":20,\"hand_weight\":10,\"hold_width\":52,"
                + "\"hold_height\":78,\"hold_length\":28,\"hold_dimensions_sum\":158,\"hold_weight\":20,"
                + "\"personal_item_length\":30,\"personal_item_width\":15,\"personal_item_height\":40}")
        text.key("availability")
        text.raw("{\"seats\":")
        if random.chance(20) {
            text.raw("null")
        } else {
            text.integer(random.within(1...9))
        }
        text.raw("}")
        text.key("airlines")
        text.raw("[")
        for (index, carrier) in carriers.enumerated() {
            if index > 0 { text.raw(",") }
            text.string(carrier)
        }
        text.raw("]")
        text.key("route")
        text.raw("[")
        for (index, flight) in flights.enumerated() {
            if index > 0 { text.raw(",") }
            writeFlight(flight, combination: combinations[index], virtualInterlining: virtualInterlining, into: &text)
        }
        text.raw("]")
        let token = randomText(Self.tokenAlphabet, count: random.within(580...680))
        text.key("booking_token")
        text.string(token)
        text.key("deep_link")
        writeDeepLink(trip, id: id, token: token, into: &text)
        text.key("tracking_pixel")
        if random.chance(50) {
            text.string(
                "https://go.kiwi.com/p/picky?cid=\(combinations[0])&sid=6a1f3c2e-9b8d-4e71-a0c5-2d7f4b9e8c13&t=\(seenOffset())"
            )
        } else {
            text.raw("null")
        }
        text.key("hashtags")
        text.raw("[]")
        text.key("p1")
        text.integer(1)
        text.key("p2")
        text.integer(1)
        text.key("p3")
        text.integer(1)
        text.key("facilitated_booking_available")
        text.boolean(random.chance(85))
        text.key("pnr_count")
        text.integer(virtualInterlining ? carriers.count : 1)
        text.key("has_airport_change")
        text.boolean(trip.hasAirportChange)
        text.key("technical_stops")
        text.integer(trip.technicalStops)
        text.key("throw_away_ticketing")
        text.boolean(false)
        text.key("hidden_city_ticketing")
        text.boolean(false)
        text.key("virtual_interlining")
        text.boolean(virtualInterlining)
        text.key("type_flights")
        text.raw(carriers.allSatisfy(Self.lowCostCarriers.contains) ? "[\"lcc\"]" : "[\"regular\"]")
        text.key("transfers")
        text.raw("[]")
        text.key("mapIdfrom")
        text.string(origin.mapID)
        text.key("mapIdto")
        text.string(destination.mapID)
        text.key("routes")
        text.raw("[[")
        text.string(origin.code)
        text.raw(",")
        text.string(destination.code)
        text.raw("]")
        if !trip.inbound.isEmpty {
            text.raw(",[")
            text.string(destination.code)
            text.raw(",")
            text.string(origin.code)
            text.raw("]")
        }
        text.raw("]")
        text.key("popularity")
        if random.chance(10) {
            text.fixed(random.below(400_000), decimals: 1)
        } else {
            text.integer(random.below(40_000))
        }
        text.raw("}")
    }

    private mutating func writeFlight(
        _ flight: Flight, combination: String, virtualInterlining: Bool, into text: inout JSONTextBuffer
    ) {
        text.raw("{")
        text.key("id", first: true)
        text.string(combination + "_0")
        text.key("combination_id")
        text.string(combination)
        writePlaces(from: flight.from, to: flight.to, into: &text)
        text.key("dTime")
        text.integer(flight.departureUTC + flight.from.utcOffsetHours * 3_600)
        text.key("dTimeUTC")
        text.integer(flight.departureUTC)
        text.key("aTime")
        text.integer(flight.arrivalUTC + flight.to.utcOffsetHours * 3_600)
        text.key("aTimeUTC")
        text.integer(flight.arrivalUTC)
        text.key("airline")
        text.string(flight.airline)
        text.key("flight_no")
        text.integer(flight.flightNumber)
        text.key("operating_carrier")
        text.string(flight.operatingCarrier)
        text.key("operating_flight_no")
        text.string(flight.operatingFlightNumber)
        text.key("fare_basis")
        text.string(flight.fareBasis)
        text.key("fare_category")
        text.string(flight.fareCategory)
        text.key("fare_classes")
        text.string(flight.fareClass)
        text.key("fare_family")
        text.string(random.chance(70) ? "" : random.pick(["LIGHT", "CLASSIC", "FLEX", "BASIC", "STANDARD"]))
        text.key("return")
        text.integer(flight.inbound ? 1 : 0)
        text.key("original_return")
        text.integer(flight.inbound ? 1 : 0)
        text.key("bags_recheck_required")
        text.boolean(flight.bagsRecheckRequired)
        text.key("vi_connection")
        text.boolean(flight.bagsRecheckRequired)
        text.key("guarantee")
        text.boolean(virtualInterlining)
        text.key("vehicle_type")
        text.string("aircraft")
        text.key("equipment")
        if random.chance(60) {
            text.raw("null")
        } else {
            text.string(random.pick(["320", "321", "319", "32N", "73H", "7M8", "E95", "E90", "223", "DH4", "AT7"]))
        }
        text.key("latFrom")
        text.fixed(flight.from.latitude, decimals: 6)
        text.key("lngFrom")
        text.fixed(flight.from.longitude, decimals: 6)
        text.key("latTo")
        text.fixed(flight.to.latitude, decimals: 6)
        text.key("lngTo")
        text.fixed(flight.to.longitude, decimals: 6)
        text.key("mapIdfrom")
        text.string(flight.from.mapID)
        text.key("mapIdto")
        text.string(flight.to.mapID)
        text.key("source")
        text.string("deprecated")
        text.key("found_on")
        text.string("deprecated")
        text.key("price")
        text.integer(1)
        let seen = seenOffset()
        text.key("refresh_timestamp")
        text.integer(seen)
        text.key("last_seen")
        text.integer(seen + random.below(3_600))
        text.key("following_technical_stop")
        text.boolean(false)
        text.key("after_overnight")
        text.boolean(false)
        text.raw("}")
    }

    /// When Kiwi last saw a price: during the week before December.
    private mutating func seenOffset() -> Int {
        Self.firstDay - 86_400 * 7 + random.below(86_400 * 6)
    }

    /// The airports, city names and city codes of both ends, as itineraries and segments both state them.
    private func writePlaces(
        from origin: EuropeanAirport, to destination: EuropeanAirport, into text: inout JSONTextBuffer
    ) {
        text.key("flyFrom")
        text.string(origin.code)
        text.key("flyTo")
        text.string(destination.code)
        text.key("cityFrom")
        text.string(origin.city)
        text.key("cityTo")
        text.string(destination.city)
        text.key("cityCodeFrom")
        text.string(origin.cityCode)
        text.key("cityCodeTo")
        text.string(destination.cityCode)
    }

    private func writePrice(_ trip: Trip, into text: inout JSONTextBuffer) {
        if trip.wholePrice {
            text.integer(trip.priceCents / 100)
        } else {
            text.fixed(trip.priceCents, decimals: 2)
        }
    }

    /// A booking link of about 500 characters: the trip's parameters and part of the booking token.
    private mutating func writeDeepLink(_ trip: Trip, id: String, token: String, into text: inout JSONTextBuffer) {
        let first = trip.outbound[0]
        let destination = trip.outbound[trip.outbound.count - 1].to
        var link = "https://www.kiwi.com/deep?affilid=picky&currency=EUR&flightsId=\(id)&from=\(first.from.code)"
        link += "&to=\(destination.code)&departure=\(Self.kiwiDate(first.departureUTC))"
        if let back = trip.inbound.first { link += "&return=\(Self.kiwiDate(back.departureUTC))" }
        link += "&lang=en&passengers=1&price=\(trip.priceCents / 100)&utm_source=picky&utm_medium=api"
        link += "&utm_campaign=search&booking_token="
        let wanted = random.within(480...520)
        link += token.prefix(max(40, wanted - link.utf8.count))
        text.string(link)
    }

    /// `2h 40m`, as Kiwi writes durations for people.
    private static func hoursAndMinutes(_ seconds: Int) -> String {
        "\(seconds / 3_600)h \(seconds % 3_600 / 60)m"
    }

    /// `dd-MM-yyyy` of a December 2026 or early January 2027 instant, as Kiwi's links write dates.
    private static func kiwiDate(_ epoch: Int) -> String {
        let day = (epoch - firstDay) / 86_400 + 1
        if day <= 31 { return day < 10 ? "0\(day)-12-2026" : "\(day)-12-2026" }
        let january = day - 31
        return january < 10 ? "0\(january)-01-2027" : "\(january)-01-2027"
    }
}
