import Foundation

/// A place a segment starts or ends at. Providers know different things: Kiwi knows airports and
/// city codes, Aviasales only city codes (`MOW` for all Moscow airports).
public struct Place: Sendable, Hashable {
    /// The IATA airport code, such as `SVO`, when known.
    public var airport: String?
    /// The IATA city code, such as `MOW`, when known. For single-airport cities it equals the airport.
    public var city: String?
    /// The city's name in the provider's language, for display.
    public var cityName: String?
    /// The ISO 3166 country code, when known.
    public var country: String?

    /// Creates a place.
    /// - Parameters:
    ///   - airport: the IATA airport code.
    ///   - city: the IATA city code.
    ///   - cityName: the city's display name.
    ///   - country: the ISO country code.
    public init(airport: String? = nil, city: String? = nil, cityName: String? = nil, country: String? = nil) {
        self.airport = airport?.uppercased()
        self.city = city?.uppercased()
        self.cityName = cityName
        self.country = country?.uppercased()
    }

    /// The most precise code known: the airport, else the city.
    public var code: String? { airport ?? city }

    /// Whether a code typed by a user names this place, as its airport or its city.
    /// - Parameter code: an IATA airport or city code, any case.
    /// - Returns: `true` when it is this place's airport or city code.
    public func matches(code: String) -> Bool {
        let upper = code.uppercased()
        return airport == upper || city == upper
    }
}

/// When a segment departs or arrives: the wall clock at the airport, the UTC instant, or both.
public struct FlightTime: Sendable, Hashable {
    /// The time on the airport's wall clock.
    public var local: LocalDateTime?
    /// The real instant, when the provider sends one.
    public var utc: Date?

    /// Creates a time from what the provider knows.
    /// - Parameters:
    ///   - local: the wall-clock time at the airport.
    ///   - utc: the instant.
    public init(local: LocalDateTime?, utc: Date? = nil) {
        self.local = local
        self.utc = utc
    }

    /// A value for ordering departures: the UTC instant where known, else the wall clock read as
    /// UTC. Mixing the two is off by at most the airports' UTC offsets; callers that need better
    /// order by `utc` first.
    public var orderingMinutes: Int64? {
        if let utc { return Int64((utc.timeIntervalSince1970 / 60).rounded(.down)) }
        return local?.minutesSinceEpoch
    }
}

/// An airline as an offer names it: by IATA code where the provider gives one or the name could be
/// resolved, otherwise by name alone. A name-only carrier never matches a coded one.
public struct Carrier: Sendable, Hashable {
    /// The two-character IATA code, such as `SU`.
    public var code: String?
    /// The display name, such as `Аэрофлот` or `Aeroflot`.
    public var name: String?
    /// A line the airline advertises itself with, when a provider or directory has one.
    public var headline: String?
    /// The airline's country, as its directory names it.
    public var country: String?
    /// The airline's logo.
    public var logoURL: URL?
    /// Whether the airline still flies, when a directory knows; `false` marks an offer on a carrier
    /// that has ceased operating.
    public var isActive: Bool?

    /// Creates a carrier.
    /// - Parameters:
    ///   - code: the IATA code.
    ///   - name: the display name.
    ///   - headline: the airline's advertising line.
    ///   - country: the airline's country.
    ///   - logoURL: the airline's logo.
    ///   - isActive: whether the airline still flies.
    public init(
        code: String?, name: String? = nil, headline: String? = nil, country: String? = nil, logoURL: URL? = nil,
        isActive: Bool? = nil
    ) {
        self.code = code?.uppercased()
        self.name = name
        self.headline = headline
        self.country = country
        self.logoURL = logoURL
        self.isActive = isActive
    }

    /// The code if known, else the name, else `?`: what a table shows.
    public var displayCode: String { code ?? name ?? "?" }

    /// Identity for merging: `code:SU`, or `name:<folded name>` when only a name is known.
    public var identity: String? {
        if let code, !code.isEmpty { return "code:" + code }
        if let name, !name.isEmpty {
            return "name:" + name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        return nil
    }
}

/// One flight from take-off to landing.
public struct Segment: Sendable, Hashable {
    /// The marketing carrier.
    public var carrier: Carrier
    /// The flight number without the carrier prefix, such as `1234`, when known.
    public var flightNumber: String?
    /// Where the flight takes off.
    public var origin: Place
    /// Where it lands.
    public var destination: Place
    /// Take-off time, when known.
    public var departure: FlightTime?
    /// Landing time, when known.
    public var arrival: FlightTime?

    /// Creates a segment.
    /// - Parameters:
    ///   - carrier: the marketing carrier.
    ///   - flightNumber: digits of the flight number.
    ///   - origin: departure place.
    ///   - destination: arrival place.
    ///   - departure: take-off time.
    ///   - arrival: landing time.
    public init(
        carrier: Carrier, flightNumber: String? = nil, origin: Place, destination: Place,
        departure: FlightTime? = nil, arrival: FlightTime? = nil
    ) {
        self.carrier = carrier
        self.flightNumber = flightNumber
        self.origin = origin
        self.destination = destination
        self.departure = departure
        self.arrival = arrival
    }

    /// `SU 1234`, or just the carrier when the number is unknown.
    public var flightDesignator: String {
        guard let flightNumber else { return carrier.displayCode }
        return "\(carrier.displayCode) \(flightNumber)"
    }
}

/// One direction of a trip: outbound or return, with its connections.
public struct Leg: Sendable, Hashable {
    /// The flights in order; never empty.
    public var segments: [Segment]
    /// Door-to-door time of the leg, when it can be known.
    public var duration: Duration?

    /// Creates a leg. Without a given duration it is derived from the first departure and last
    /// arrival, but only when both are UTC instants: local times in different zones cannot be
    /// subtracted.
    /// - Parameters:
    ///   - segments: the flights, in order.
    ///   - duration: the leg's duration as the provider states it.
    public init(segments: [Segment], duration: Duration? = nil) {
        self.segments = segments
        if let duration {
            self.duration = duration
        } else if let start = segments.first?.departure?.utc, let end = segments.last?.arrival?.utc, end >= start {
            self.duration = .seconds(Int64(end.timeIntervalSince(start)))
        } else {
            self.duration = nil
        }
    }

    /// Number of changes of plane.
    public var stops: Int { max(segments.count - 1, 0) }
    /// The first segment's origin.
    public var origin: Place? { segments.first?.origin }
    /// The last segment's destination.
    public var destination: Place? { segments.last?.destination }
    /// The first segment's departure.
    public var departure: FlightTime? { segments.first?.departure }
    /// The last segment's arrival.
    public var arrival: FlightTime? { segments.last?.arrival }
}

/// A flight trip: one leg one-way, two legs for a round trip.
public struct Itinerary: Sendable, Hashable {
    /// The legs in travel order; never empty.
    public var legs: [Leg]

    /// Creates an itinerary.
    /// - Parameter legs: outbound first, then the return leg if any.
    public init(legs: [Leg]) {
        self.legs = legs
    }

    /// Whether the trip comes back.
    public var isRoundTrip: Bool { legs.count > 1 }
    /// The most stops on any leg: what `--max-stops` limits.
    public var stops: Int { legs.map(\.stops).max() ?? 0 }
    /// Every segment of every leg, in order.
    public var segments: [Segment] { legs.flatMap(\.segments) }
    /// The sum of the legs' durations, or `nil` if any is unknown.
    public var duration: Duration? {
        var total = Duration.zero
        for leg in legs {
            guard let duration = leg.duration else { return nil }
            total += duration
        }
        return total
    }
    /// Distinct carrier display codes in order of appearance.
    public var carriers: [Carrier] {
        var seen = Set<Carrier>()
        return segments.map(\.carrier).filter { seen.insert($0).inserted }
    }
}
