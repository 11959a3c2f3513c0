import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Ryanair
import Testing

@Suite("RyanairProvider")
struct RyanairProviderTests {
    @Test("passes the provider conformance kit")
    func conformance() async throws {
        try await ProviderConformance.check(RyanairProvider())
    }

    @Test("describes itself as a keyless public seller of flights that needs an origin and days")
    func descriptor() {
        let descriptor = RyanairProvider().descriptor
        #expect(descriptor.id == "ryanair")
        #expect(descriptor.displayName == "Ryanair")
        #expect(descriptor.modes == [.flight])
        #expect(descriptor.requiredFields == [.origin, .departureDate], "no destination: anywhere is a search")
        #expect(descriptor.capabilities.contains(.dates) && descriptor.capabilities.contains(.roundTrips))
        let live = descriptor.live.first
        #expect(live?.url.absoluteString == "https://services-api.ryanair.com/farfnd/v4")
        #expect(live?.isPublic == true)
        #expect(live?.requestInterval == .seconds(1), "one request a second")
        #expect(live?.freshFor == .seconds(3600), "fares kept for an hour")
        #expect(descriptor.credentials.isEmpty, "no key")
    }

    @Test("maps the day's cheapest fare: FR's flight number, local times only, the cheapest-of-day tag")
    func sample() async throws {
        let response = try await RyanairProvider().search(RyanairFixtures.query(), using: RyanairFixtures.client())
        #expect(response.skipped == 0 && response.notes.isEmpty)
        let offer = try #require(response.offers.first)
        #expect(response.offers.count == 1)
        #expect(offer.flights == ["FR 1017 VIE→BCN"])
        #expect(offer.tags == [.cheapestOfDay])
        #expect(offer.price == Money(Decimal(string: "39.99") ?? 0, .eur) && offer.priceBasis == .perPerson)
        let segment = try #require(offer.product.itinerary?.segments.first)
        #expect(segment.carrier.code == "FR" && segment.carrier.name == "Ryanair" && segment.flightNumber == "1017")
        #expect(segment.departure?.local?.description == "2026-12-18T10:15")
        #expect(segment.departure?.utc == nil && segment.arrival?.utc == nil, "the answer names no zone")
        #expect(segment.origin.city == "VIE" && segment.origin.name == "Vienna")
        #expect(segment.destination.city == "BCN" && segment.destination.name == "Barcelona El Prat")
        let source = try #require(offer.sources.first)
        #expect(source.reference == "FR1017" && source.retrievedAt == RyanairFixtures.retrievedAt)
        let link = try #require(source.link?.text)
        #expect(link.hasPrefix("https://www.ryanair.com/gb/en/trip/flights/select?adults=1&dateOut=2026-12-18"))
        #expect(link.contains("originIata=VIE&destinationIata=BCN&isReturn=false"))
        #expect(offer.id.hasPrefix("ryanair"))
    }

    @Test("an overnight flight arrives on the next day's wall clock, with no instant made up")
    func overnight() async throws {
        let response = try await RyanairProvider().search(
            RyanairFixtures.query(from: "DUB"), using: RyanairFixtures.client())
        let segment = try #require(response.offers.first?.product.itinerary?.segments.first)
        #expect(response.offers.first?.flights == ["FR 504 DUB→BCN"])
        #expect(segment.departure == FlightTime(local: LocalDateTime(parsing: "2026-12-18T21:50")))
        #expect(segment.arrival == FlightTime(local: LocalDateTime(parsing: "2026-12-19T01:20")))
        #expect(response.offers.first?.product.itinerary?.legs.first?.duration == nil, "no zone, no length")
    }

    @Test("prices in the currency the answer states, never the one asked for")
    func answerCurrency() async throws {
        var query = RyanairFixtures.query(from: "STN", to: "BGY")
        query.currency = .eur
        let response = try await RyanairProvider().search(query, using: RyanairFixtures.client())
        let offer = try #require(response.offers.first)
        #expect(offer.price == Money(Decimal(string: "19.99") ?? 0, try #require(CurrencyCode("GBP"))))
        #expect(offer.product.itinerary?.segments.first?.destination.city == "MIL", "Milan's airport")
    }

    @Test("without a destination, lists the cheapest fare to every destination")
    func anywhere() async throws {
        let response = try await RyanairProvider().search(
            RyanairFixtures.query(to: nil), using: RyanairFixtures.client())
        #expect(
            response.offers.map(\.flights) == [
                ["FR 8302 VIE→BGY"], ["FR 3401 VIE→STN"], ["FR 1017 VIE→BCN"], ["FR 7071 VIE→DUB"],
            ])
        #expect(response.offers.allSatisfy { $0.tags.contains(.cheapestOfDay) })
    }

    @Test("over several days to a destination, reads each day's fare of the month and counts days without one")
    func perDay() async throws {
        let response = try await RyanairProvider().search(
            RyanairFixtures.query(on: "2026-12-16..2026-12-23"), using: RyanairFixtures.client())
        // Flown Mondays, Wednesdays, Fridays and Sundays; the 23rd (a Wednesday) is sold out.
        #expect(
            response.offers.compactMap { $0.product.itinerary?.segments.first?.departure?.local?.description } == [
                "2026-12-16T10:15", "2026-12-18T10:15", "2026-12-20T10:15", "2026-12-21T07:15",
            ])
        #expect(response.notes == ["4 days asked for have no fare (sold out or not flown)"])
        let day = try #require(response.offers.dropFirst().first)
        #expect(day.price.amount == Decimal(string: "39.99"), "the same fare as the day's own search")
        #expect(day.flights == ["FR VIE→BCN"], "a day's fare names no flight number")
        #expect(day.tags == [.cheapestOfDay])
    }

    @Test("a round trip is priced by its summary, both ways mapped")
    func roundTrip() async throws {
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18"),
            returnDates: DateRange(parsing: "2026-12-20"))
        let response = try await RyanairProvider().search(query, using: RyanairFixtures.client())
        let offer = try #require(response.offers.first)
        #expect(offer.flights == ["FR 1017 VIE→BCN", "FR 1018 BCN→VIE"])
        #expect(offer.price.amount == Decimal(string: "89.98"))
        #expect(try #require(offer.sources.first?.link?.text).contains("isReturn=true&dateIn=2026-12-20"))
    }

    @Test("a round trip without return days, or a search without days, is not asked")
    func notAsked() async throws {
        var query = RyanairFixtures.query()
        query.roundTrip = true
        let error = await #expect(throws: ProviderError.self) {
            try await RyanairProvider().search(query, using: RyanairFixtures.client())
        }
        #expect(error?.code == .notAsked)
        let undated = await #expect(throws: ProviderError.self) {
            try await RyanairProvider().search(
                SearchQuery(origin: "VIE", destination: "BCN"), using: RyanairFixtures.client())
        }
        #expect(undated?.code == .notAsked)
    }

    @Test("merges with another seller's same flight, whose number it states as carrier and digits")
    func mergesOnFlightNumber() async throws {
        let ryanair = try #require(
            try await RyanairProvider().search(
                RyanairFixtures.query(from: "DUB"), using: RyanairFixtures.client()
            ).offers.first)
        let other = Offer(
            id: "other-1",
            product: .flight(
                Itinerary(legs: [
                    Leg(segments: [
                        Segment(
                            carrier: Carrier(code: "FR"), flightNumber: "0504", origin: Place(airport: "DUB"),
                            destination: Place(airport: "BCN"),
                            departure: FlightTime(local: LocalDateTime(parsing: "2026-12-18T21:50")),
                            arrival: FlightTime(local: LocalDateTime(parsing: "2026-12-19T01:20")))
                    ])
                ])), priceBasis: .perPerson,
            source: OfferSource(provider: "other", reference: "x", price: Money(60, .eur), retrievedAt: Date()))
        let merged = OfferMerger().merge([ryanair, other])
        #expect(merged.count == 1)
        #expect(merged.first?.sources.map(\.provider).sorted() == ["other", "ryanair"])
    }
}

@Suite("Ryanair recordings")
struct RyanairRecordingTests {
    /// The recorded folder: `oneWayFares.json`, every fare from Dublin on 2026-12-18.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recording", isDirectory: true)

    @Test("a file:// folder answers oneWayFares, and fares to other places than asked are left out with a note")
    func recording() async throws {
        let client = ProviderClient(testing: "ryanair", on: .file(Self.folder))
        let anywhere = try await RyanairProvider().search(RyanairFixtures.query(from: "DUB", to: nil), using: client)
        #expect(anywhere.offers.count == 4)
        #expect(anywhere.offers.contains { $0.flights == ["FR 504 DUB→BCN"] })
        let barcelona = try await RyanairProvider().search(RyanairFixtures.query(from: "DUB"), using: client)
        #expect(barcelona.offers.map(\.flights) == [["FR 504 DUB→BCN"]])
        #expect(barcelona.notes == ["asked for DUB→BCN, it answered DUB→STN; those 3 fares were left out"])
    }
}
