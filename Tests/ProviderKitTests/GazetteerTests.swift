import Foundation
import ProviderKit
import Testing

/// The gazetteer answers for any city of the world by name, in English or its own language, and gives every
/// airport its time zone.
@Suite("Gazetteer: any city by name, every airport's zone")
struct GazetteerTests {
    @Test(
        "a city's name in English or its own language stands for its code",
        arguments: [
            ("Vienna", "VIE"), ("Wien", "VIE"), ("München", "MUC"), ("muenchen", "MUC"), ("Munich", "MUC"),
            ("New York", "NYC"), ("Bristol", "BRS"), ("Köln", "CGN"), ("Firenze", "FLR"), ("Praha", "PRG"),
            ("Sheffield", "SHEFFIELD.GB"), ("Piraeus", "PIRAEUS.GR"), ("Portland", "PDX"),
        ])
    func namesResolve(name: String, code: String) {
        guard case .city(let city) = Gazetteer.resolve(name) else {
            Issue.record("\(name) did not resolve to one city")
            return
        }
        #expect(city.code == code)
    }

    @Test("a name that cities of similar size bear is ambiguous, and lists them with their codes")
    func ambiguousNames() {
        guard case .ambiguous(let cities) = Gazetteer.resolve("Amesbury") else {
            Issue.record("Amesbury should be ambiguous")
            return
        }
        #expect(Set(cities.map(\.code)) == ["AMESBURY.US", "AMESBURY.GB"])
    }

    @Test("a typo gets the nearest names, the nearest first; nonsense gets none")
    func suggestions() {
        guard case .unknown(let suggestions) = Gazetteer.resolve("Barcelna") else {
            Issue.record("Barcelna should be unknown")
            return
        }
        #expect(suggestions.first == "Barcelona")
        #expect(Gazetteer.resolve("Xyzzyqwv") == .unknown(suggestions: []))
    }

    @Test("airports have their zones; a city's code, an airport's code and a key all find their city")
    func airportsAndCities() throws {
        #expect(Gazetteer.airport("vie")?.zoneName == "Europe/Vienna")
        #expect(Gazetteer.timeZone(of: "JFK")?.identifier == "America/New_York")
        #expect(Gazetteer.timeZone(of: "LON")?.identifier == "Europe/London")
        let london = try #require(Gazetteer.city(code: "LON"))
        #expect(london.airports.contains("LHR"))
        #expect(Gazetteer.city(servedBy: "LHR")?.code == "LON")
        let sheffield = try #require(Gazetteer.city(code: "sheffield.gb"))
        #expect(!sheffield.hasAirport)
        #expect(Gazetteer.airports(near: sheffield).map(\.airport.code).contains("MAN"))
        #expect(Gazetteer.airport("QQQ") == nil)
        #expect(Gazetteer.city(code: "NOWHERE.XX") == nil)
    }

    @Test("KnownCities answers for the gazetteer's cities too: FlixBus can ask for Bristol")
    func knownCitiesAskTheGazetteer() {
        #expect(KnownCities.code(named: "Bristol") == "BRS")
        #expect(KnownCities.name(of: "BRS") == "Bristol")
        #expect(KnownCities.name(of: "SHEFFIELD.GB") == "Sheffield")
        #expect(KnownCities.isName("Wien", of: "VIE"))
        #expect(KnownCities.isName("Bristol", of: "BRS"))
        #expect(!KnownCities.isName("Bath", of: "BRS"))
        // The table still answers first, with its English names.
        #expect(KnownCities.name(of: "VIE") == "Vienna")
    }
}

/// Wall-clock times become instants in their place's zone: a flight crossing zones or midnight gets its true
/// duration.
@Suite("LocalTimes: every time in UTC")
struct LocalTimesTests {
    static func time(_ text: String) -> FlightTime { FlightTime(local: LocalDateTime(parsing: text)) }

    static func offer(_ segments: [Segment], duration: Duration? = nil) -> Offer {
        Offer(
            id: "t", product: .flight(Itinerary(legs: [Leg(segments: segments, duration: duration)])),
            priceBasis: .total,
            source: OfferSource(
                provider: "test", reference: "t", price: Money(10, .eur),
                retrievedAt: Date(timeIntervalSince1970: 0)))
    }

    @Test("an overnight flight DUB 21:50 → BCN 01:20 lasts 2 h 30 min, not 3 h 30 min")
    func overnightAcrossZones() throws {
        let segment = Segment(
            carrier: Carrier(code: "FR"), flightNumber: "6396", origin: Place(airport: "DUB"),
            destination: Place(airport: "BCN"), departure: Self.time("2026-12-18 21:50"),
            arrival: Self.time("2026-12-19 01:20"))
        var offers = [Self.offer([segment])]
        LocalTimes.fill(&offers)
        let itinerary = try #require(offers[0].product.itinerary)
        #expect(itinerary.duration == .seconds(150 * 60))
        let departure = try #require(itinerary.legs[0].segments[0].departure?.utc)
        // 2026-12-18T21:50:00Z: Dublin keeps UTC in winter.
        #expect(departure == Date(timeIntervalSince1970: 1_797_630_600))
    }

    @Test("summer time is read in summer: Vienna 12:00 in July is 10:00 UTC, in December 11:00 UTC")
    func summerTime() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Vienna"))
        let july = try #require(LocalDateTime(parsing: "2026-07-01 12:00"))
        let december = try #require(LocalDateTime(parsing: "2026-12-01 12:00"))
        #expect(
            LocalTimes.instant(of: july, in: zone).timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 10
                * 3600)
        #expect(
            LocalTimes.instant(of: december, in: zone).timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
                == 11 * 3600)
    }

    @Test("a time that carries its instant keeps it, a stated duration stays, an unknown place keeps its wall clock")
    func keepsWhatItHas() throws {
        let kept = Date(timeIntervalSince1970: 1_000_000_000)
        let segment = Segment(
            carrier: Carrier(code: "OS"), origin: Place(airport: "VIE"),
            destination: Place(station: "x", name: "Nowhere Halt"),
            departure: FlightTime(local: LocalDateTime(parsing: "2026-12-18 10:00"), utc: kept),
            arrival: Self.time("2026-12-18 12:00"))
        var offers = [Self.offer([segment], duration: .seconds(7_200))]
        LocalTimes.fill(&offers)
        let itinerary = try #require(offers[0].product.itinerary)
        #expect(itinerary.legs[0].segments[0].departure?.utc == kept)
        #expect(itinerary.legs[0].segments[0].arrival?.utc == nil)
        #expect(itinerary.duration == .seconds(7_200))
    }

    @Test("a station the tool knows gives its city's zone")
    func stations() {
        let place = Place(city: nil, station: "s1", name: "Wien Hbf")
        #expect(LocalTimes.zone(of: place)?.identifier == "Europe/Vienna")
    }
}
