import Foundation
import ProviderKit

/// Turns the records of one answer into offers: what holds for the whole answer (its currency, the party
/// its prices are for, when it arrived) is set once, destination images are built once per key, and booking
/// links that are not web links are dropped and counted.
struct KiwiOfferMapper {
    /// Where Kiwi keeps its 600×330 destination photos, named after `mapIdto`.
    static let imageBase = "https://images.kiwi.com/photos/600x330/"

    /// The id offers are sold under: the client's, so the provider can run under another id.
    let provider: ProviderID
    /// The answer's currency.
    let currency: CurrencyCode
    /// The party every price in the answer is for.
    let pricedFor: Passengers
    /// When the answer arrived.
    let retrievedAt: Date
    /// Booking links dropped because they were not `http`/`https` links with a host.
    private(set) var droppedLinks = 0
    /// Destination images by `mapIdto`, built once each: many trips share a destination.
    private var images: [String: URL?] = [:]
    /// Bag fees by what the record states, built once each: fee tables repeat across thousands of trips, and
    /// each would otherwise keep a dictionary of its own. For records read without ``bagFeeTables``.
    private var bagFees: [[Int: Decimal]: BagFees] = [:]
    /// The answer's `bags_price` tables, read once each by their text, for ``offer(for:)-(JSONNode)``.
    private var bagFeeTables = KiwiBagFeeTables()

    /// Creates a mapper for one answer.
    /// - Parameters:
    ///   - provider: the id to sell under.
    ///   - currency: the answer's currency.
    ///   - pricedFor: the party the answer's prices are for.
    ///   - retrievedAt: when the answer arrived.
    init(provider: ProviderID, currency: CurrencyCode, pricedFor: Passengers, retrievedAt: Date) {
        self.provider = provider
        self.currency = currency
        self.pricedFor = pricedFor
        self.retrievedAt = retrievedAt
    }

    /// Reads and maps one record of `data`.
    /// - Parameter record: the record.
    /// - Returns: the offer, as ``offer(for:)-(KiwiItinerary)`` maps it.
    /// - Throws: `JSONError` for a record that cannot be a trip (see ``KiwiItinerary/init(_:bagFeeTables:)``).
    mutating func offer(for record: JSONNode) throws -> Offer {
        let itinerary = try KiwiItinerary(record, bagFeeTables: &bagFeeTables)
        return offer(for: itinerary)
    }

    /// Maps one itinerary.
    ///
    /// The id derives from the trip's content (each segment's carrier, number, airports, times and
    /// direction, the destination and the price), never from Kiwi's own `id`: Kiwi can send two different
    /// itineraries under one id (a hidden-city fare and its full-route twin), and its ids change between
    /// requests.
    /// - Parameter itinerary: a record that `KiwiItinerary` accepted.
    /// - Returns: the offer, priced for the answer's party in total.
    mutating func offer(for itinerary: KiwiItinerary) -> Offer {
        // Each leg reads its segments from the route where they lie, so that no segment is copied first.
        let roundTrip = itinerary.route.contains(where: \.isInbound)
        var legs: [Leg] = []
        legs.reserveCapacity(roundTrip ? 2 : 1)
        legs.append(itinerary.leg(inbound: false))
        if roundTrip { legs.append(itinerary.leg(inbound: true)) }

        var link: WebAddress?
        switch itinerary.link {
        case .web(let address): link = address
        case .dropped: droppedLinks += 1
        case .none: break
        }
        let fees = itinerary.bagFeeTable ?? (itinerary.bagFees.isEmpty ? nil : bagFees(itinerary.bagFees))
        var source = OfferSource(
            provider: provider, reference: itinerary.id, price: Money(itinerary.price, currency),
            retrievedAt: retrievedAt, seatsLeft: itinerary.seats, bagFees: fees, pricedFor: pricedFor)
        source.link = link
        var tags: Set<OfferTag> = []
        if itinerary.isHiddenCity { tags.insert(.hiddenCity) }
        if itinerary.isSelfTransfer { tags.insert(.selfTransfer) }
        if itinerary.isThrowAway { tags.insert(.throwAway) }
        return Offer(
            id: itinerary.contentIdentifier(prefix: provider.rawValue, currency: currency),
            product: .flight(Itinerary(legs: legs)), priceBasis: .total, source: source,
            imageURL: itinerary.mapIdto.flatMap { image(for: $0) }, tags: tags)
    }

    /// The currency of every `bags_price`: Tequila states bag fees in euros, whatever currency the answer's
    /// prices are in (`curr`), so they are converted like any price in euros.
    static let bagFeeCurrency = CurrencyCode.eur

    /// The bag fees a record states, in euros, built on first use.
    private mutating func bagFees(_ stated: [Int: Decimal]) -> BagFees {
        if let known = bagFees[stated] { return known }
        let fees = BagFees(stated, currency: Self.bagFeeCurrency)
        bagFees[stated] = fees
        return fees
    }

    /// The destination image for a `mapIdto`, built on first use.
    private mutating func image(for key: String) -> URL? {
        if let known = images[key] { return known }
        let url = KiwiLinks.imageURL(base: Self.imageBase, key: key)
        images[key] = url
        return url
    }
}

extension KiwiItinerary {
    /// The offer id: a digest of what identifies the trip itself, every segment's carrier, flight number,
    /// airports, times and direction, then the destination and the price. Kiwi's per-request ids are left
    /// out. Times are seconds in both shapes, so a trip reads to the same id from either. The parts are fed
    /// to the digest as they are read, `carrier/number/from/to/utc/local/direction` per segment, never
    /// built as text.
    /// - Parameters:
    ///   - prefix: the id's prefix, the provider's id.
    ///   - currency: the answer's currency, part of the price.
    /// - Returns: the id, such as `kiwi-3a9c0b17d2e4f601`.
    func contentIdentifier(prefix: String, currency: CurrencyCode) -> String {
        var digest = StableDigest()
        // Indices, not `for segment in`: iterating would copy every segment to read a few fields.
        for index in route.indices {
            if index > 0 { digest.appendSeparator() }
            digest.append(route[index].airline)
            // A carrier known by name alone (an MCP answer's) is part of the trip too.
            if let name = route[index].airlineName {
                digest.append("~")
                digest.append(name)
            }
            digest.append("/")
            digest.append(route[index].flightNumber ?? "")
            digest.append("/")
            digest.append(route[index].flyFrom)
            digest.append("/")
            digest.append(route[index].flyTo)
            digest.append("/")
            if let seconds = route[index].departure.utcSeconds { digest.append(seconds) }
            digest.append("/")
            if let seconds = route[index].departure.localSeconds { digest.append(seconds) }
            digest.append(route[index].isInbound ? "/1" : "/0")
        }
        if !route.isEmpty { digest.appendSeparator() }
        digest.append(cityCodeTo ?? "")
        digest.appendSeparator()
        digest.append(price)
        digest.append(" ")
        digest.append(currency.rawValue)
        return digest.identifier(prefix: prefix)
    }

    /// Builds one direction of the trip from the route's segments of that direction, in the route's order.
    ///
    /// Kiwi states the trip's two ends (city codes, countries and, for the outbound leg, times) once on
    /// the itinerary and not always on the segments, so a leg's first and last segments fall back on
    /// them. The inbound leg runs the other way: it starts where the itinerary's destination is.
    /// - Parameter inbound: whether this is the way back.
    /// - Returns: the leg, with Kiwi's stated duration when positive, else one derived from UTC times; no
    ///   segments when the route has none in that direction.
    func leg(inbound: Bool) -> Leg {
        let startCity = inbound ? cityCodeTo : cityCodeFrom
        let endCity = inbound ? cityCodeFrom : cityCodeTo
        let startCountry = inbound ? countryTo : countryFrom
        let endCountry = inbound ? countryFrom : countryTo
        var mapped: [Segment] = []
        // Through the array's buffer: each segment is read where it lies, where reading one out of the array
        // to ask it for its operating flight copied the whole segment.
        route.withUnsafeBufferPointer { route in
            guard let firstIndex = route.firstIndex(where: { $0.isInbound == inbound }),
                let lastIndex = route.lastIndex(where: { $0.isInbound == inbound })
            else { return }
            mapped.reserveCapacity(lastIndex - firstIndex + 1)
            for index in firstIndex...lastIndex where route[index].isInbound == inbound {
                let first = index == firstIndex
                let last = index == lastIndex
                // The itinerary's own times describe the outbound leg only.
                let departure = route[index].departure.filled(from: first && !inbound ? self.departure : nil)
                let arrival = route[index].arrival.filled(from: last && !inbound ? self.arrival : nil)
                let (operatingCarrier, operatingNumber) = KiwiSegment.operatingFlight(
                    carrier: route[index].operatingCarrier, number: route[index].operatingFlightNumber,
                    marketing: route[index].airline)
                let airline = route[index].airline
                mapped.append(
                    Segment(
                        carrier: Carrier(code: airline.isEmpty ? nil : airline, name: route[index].airlineName),
                        flightNumber: route[index].flightNumber,
                        origin: Place(
                            airport: route[index].flyFrom, city: route[index].cityCodeFrom ?? (first ? startCity : nil),
                            cityName: route[index].cityFrom, country: first ? startCountry : nil),
                        destination: Place(
                            airport: route[index].flyTo, city: route[index].cityCodeTo ?? (last ? endCity : nil),
                            cityName: route[index].cityTo, country: last ? endCountry : nil),
                        departure: departure.flightTime, arrival: arrival.flightTime,
                        operatingCarrier: operatingCarrier.map { Carrier(code: $0) },
                        operatingFlightNumber: operatingNumber, cabin: route[index].cabin,
                        bagsRecheckRequired: route[index].bagsRecheckRequired))
            }
        }
        let seconds = inbound ? inboundSeconds : outboundSeconds
        return Leg(segments: mapped, duration: seconds.map { .seconds($0) })
    }
}

extension KiwiSegment {
    /// The operating carrier and its flight number when another carrier flies the plane (a codeshare),
    /// else `nil`s: an empty `operating_carrier` means the marketing carrier, and so does one that names it.
    /// It takes the segment's fields rather than the segment, which a caller would copy whole to ask.
    static func operatingFlight(
        carrier operating: String?, number: String?, marketing airline: String
    ) -> (carrier: String?, number: String?) {
        // `uppercasedCode` returns a code without lower-case letters as it is, as codes nearly always come.
        guard let carrier = operating?.uppercasedCode, carrier != airline.uppercasedCode else {
            return (nil, nil)
        }
        return (carrier, number)
    }
}

extension KiwiTime {
    /// The model's time: the wall clock from the local seconds and the instant from the UTC ones, both
    /// already within the sane years.
    var flightTime: FlightTime? {
        let wallClock = localSeconds.flatMap(LocalDateTime.init(localEpochSeconds:))
        let instant = utcSeconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        guard wallClock != nil || instant != nil else { return nil }
        return FlightTime(local: wallClock, utc: instant)
    }
}

/// A booking link as a record states it, checked as it is read: nearly every record carries one, of some 500
/// bytes, and a search that shows 20 trips of 10,000 shows 20 of them.
enum KiwiLink: Sendable {
    /// No link: absent, null, blank or neither a string nor a number.
    case none
    /// A web link.
    case web(WebAddress)
    /// Text that is not a web link: dropped, and counted in a note.
    case dropped

    /// The link `text` is, as ``KiwiLinks/bookingLink(_:)-(String)`` judges it; no text is no link.
    init(text: String?) {
        guard let text else {
            self = .none
            return
        }
        self = KiwiLinks.bookingLink(text).map(KiwiLink.web) ?? .dropped
    }

    /// The link a record's field holds, judged as ``init(text:)`` judges the field's ``JSONNode/text``. A string
    /// that needs no trimming, as links do, is checked where it lies in the answer, and its text built once, as
    /// it is kept.
    init(_ node: JSONNode) {
        var link = KiwiLink.none
        let read = node.withUntrimmedStringBytes { bytes in
            link = KiwiLinks.bookingLink(bytes).map(KiwiLink.web) ?? .dropped
        }
        self = read ? link : KiwiLink(text: node.text)
    }
}

/// Links from Kiwi's answers, which are hostile until proven otherwise: only `http` and `https` links with
/// a host are kept, and path pieces built from its data are percent-encoded.
enum KiwiLinks {
    /// The link, when it is a web link.
    /// - Parameter text: the link as sent.
    /// - Returns: the URL, or `nil` for `javascript:`, `file:`, `data:`, relative or unparsable links.
    static func webURL(_ text: String) -> URL? {
        WebLink.url(text, maximumLength: maximumLength)
    }

    /// The booking link, when it is a web link, kept as text until it is shown.
    /// - Parameter text: the link as sent.
    /// - Returns: the address, or `nil` where ``webURL(_:)`` gives `nil`.
    static func bookingLink(_ text: String) -> WebAddress? {
        WebLink.address(text, maximumLength: maximumLength)
    }

    /// ``bookingLink(_:)`` for a link given as UTF-8 bytes, read in place from the answer.
    /// - Parameter bytes: the link as sent.
    /// - Returns: the address, or `nil` where ``webURL(_:)`` gives `nil`.
    static func bookingLink(_ bytes: UnsafeBufferPointer<UInt8>) -> WebAddress? {
        WebLink.address(bytes: bytes, maximumLength: maximumLength)
    }

    /// The longest link taken: Kiwi's booking links, tokens included, stay far below it.
    static let maximumLength = 16_384

    /// `{base}{key}.jpg`, with `key` percent-encoded as a single path component so that a key such as
    /// `../../x` cannot change the path.
    /// - Parameters:
    ///   - base: a web URL ending in `/`.
    ///   - key: the `mapIdto` as sent.
    /// - Returns: the image's URL, or `nil` when the key is empty.
    static func imageURL(base: String, key: String) -> URL? {
        guard !key.isEmpty else { return nil }
        return webURL(base + pathComponent(key) + ".jpg")
    }

    /// The text with every byte outside RFC 3986's unreserved set (letters, digits, `-._~`) percent-encoded.
    static func pathComponent(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E:
                bytes.append(byte)
            default:
                bytes.append(0x25)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
