import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import Ferryhopper

@Suite("FerryhopperProvider")
struct FerryhopperProviderTests {
    @Test("passes the provider conformance kit")
    func conformance() async throws {
        try await ProviderConformance.check(FerryhopperProvider())
    }

    @Test("describes itself as Ferryhopper's ferries on a route and day, live at its MCP server without a key")
    func descriptor() throws {
        let descriptor = FerryhopperProvider().descriptor
        #expect(descriptor.id == "ferryhopper")
        #expect(descriptor.displayName == "Ferryhopper")
        #expect(descriptor.categories == [.flights])
        #expect(descriptor.modes == [.ferry])
        #expect(descriptor.nativeCurrency == .eur)
        #expect(descriptor.capabilities == [.dates])
        #expect(descriptor.requiredFields == [.origin, .destination, .departureDate])
        #expect(descriptor.live.map(\.url.absoluteString) == ["mcp+https://mcp.ferryhopper.com/mcp"])
        #expect(descriptor.live.first?.isPublic == true, "paced to two requests a second, retried once")
        #expect(descriptor.live.first?.signIn == SignIn.none)
        #expect(descriptor.credentials.isEmpty, "no key")
        #expect(
            descriptor.samples.responses.bodies.keys.sorted() == [
                "get_ports", "search_trips", "search_trips?departureLocation=PIR&arrivalLocation=JTR&date=2026-12-18",
            ])
        #expect(descriptor.samples.priceKeys == ["totalPriceInCents"])
    }

    /// One sailing of the sample as the table shows it.
    struct Sailing {
        var departs: String
        var arrives: String
        var services: [String]
        var minutes: Int
        var price: String
        var operating: String?
    }

    /// The sample's sailings, Piraeus to Santorini, in Ferryhopper's order; the sold-out one left out.
    static let scenario: [Sailing] = [
        Sailing(
            departs: "2026-12-18T07:25", arrives: "2026-12-18T15:05",
            services: ["ferry Blue Star Ferries Blue Star Delos"],
            minutes: 460, price: "40.5"),
        Sailing(
            departs: "2026-12-18T07:00", arrives: "2026-12-18T11:45", services: ["ferry SeaJets WorldChampion Jet"],
            minutes: 285, price: "98.9"),
        Sailing(
            departs: "2026-12-18T17:30", arrives: "2026-12-19T01:20",
            services: ["ferry Blue Star Ferries Blue Star Naxos"],
            minutes: 470, price: "39.5"),
        Sailing(
            departs: "2026-12-18T07:15", arrives: "2026-12-18T12:20", services: ["ferry SeaJets Superrunner Jet"],
            minutes: 305, price: "87.9", operating: "Golden Star Ferries"),
        Sailing(
            departs: "2026-12-18T15:30", arrives: "2026-12-19T00:55",
            services: ["ferry Zante Ferries Dionisios Solomos"],
            minutes: 565, price: "35"),
    ]

    @Test("maps every sailing of the sample: ports, times with offsets, operators, ships, indicative prices")
    func embeddedScenario() async throws {
        let provider = FerryhopperProvider()
        let response = try await provider.search(FerryhopperFixtures.query(), using: .embedded(for: provider))
        #expect(response.skipped == 0)
        #expect(
            response.notes == [
                "Ferryhopper's prices are indicative, in its own word: each sailing's cheapest accommodation (deck, "
                    + "seat or cabin) for one passenger, confirmed only when booking",
                "1 sailing with no accommodation on sale (sold out) was left out",
            ])
        try #require(response.offers.count == Self.scenario.count)
        for (offer, expected) in zip(response.offers, Self.scenario) {
            let itinerary = try #require(offer.product.itinerary)
            let segment = try #require(itinerary.segments.first)
            #expect(itinerary.segments.count == 1)
            #expect(segment.mode == .ferry)
            #expect(itinerary.isAllFlights == false, "a trip, not a flight")
            #expect(segment.origin == Place(city: "ATH", cityName: "Athens", station: "PIR", name: "Piraeus"))
            #expect(
                segment.destination
                    == Place(city: "JTR", cityName: "Santorini", station: "JTR", name: "Santorini (Thira)"))
            #expect(segment.departure?.local?.description == expected.departs)
            #expect(segment.arrival?.local?.description == expected.arrives)
            #expect(segment.departure?.utc != nil && segment.arrival?.utc != nil, "times carry their offsets")
            #expect(offer.services == expected.services)
            #expect(segment.operatingCarrier?.name == expected.operating)
            #expect(itinerary.duration == .seconds(expected.minutes * 60))
            #expect(offer.price == Money(decimal(expected.price), .eur))
            #expect(offer.priceBasis == .perPerson)
            #expect(offer.tags == [OfferTag(rawValue: "indicative_price")])
        }
        #expect(Set(response.offers.map(\.id)).count == 5)
    }

    @Test("a sailing's source: its place in the answer and its cheapest accommodation, its booking link")
    func source() async throws {
        let provider = FerryhopperProvider()
        let response = try await provider.search(FerryhopperFixtures.query(), using: .embedded(for: provider))
        let source = try #require(response.offers.first?.onlySource)
        #expect(source.provider == "ferryhopper")
        #expect(source.reference == "foundDirectItinerariesForTrip[0] DECK")
        #expect(
            source.deepLink?.absoluteString
                == "https://www.ferryhopper.com/en/booking/results?itinerary=PIR,JTR&dates=20261218&trip=BSF-0725")
        #expect(source.retrievedAt == response.offers.first?.onlySource?.retrievedAt)
        #expect(response.offers.first?.id.hasPrefix("ferryhopper-") == true)
    }

    @Test("a city's ports are those the answer names as it, as one of its ports, or as serving it")
    func choosingPorts() throws {
        func codes(_ city: String) throws -> [String] {
            try JSONDocument.read(Data(FerryhopperFixtures.ports.utf8)) { root in
                FerryhopperProvider.choose(try FerryhopperPort.list(root), for: city).map(\.code)
            }
        }
        #expect(try codes("ATH") == ["PIR", "RAF", "LAV"])
        #expect(try codes("JTR") == ["JTR"], "Santorini (Thira) is Santorini")
        #expect(try codes("HER") == ["HER"], "Agios Nikolaos is in Crete, not Heraklion")
        #expect(try codes("VIE").isEmpty)
        let many =
            #"[{"code": "pir", "name": "Piraeus"}, {"code": "PIR", "name": "Piraeus"}, "#
            + #"{"id": "RAF", "name": "Rafina"}, {"code": "LAV", "name": "Lavrio"}, {"code": "X1", "name": "Athens"}, "#
            + #"{"code": "X2", "name": "Athens"}, {"code": "bad code!", "name": "Athens"}, {"name": "Athens"}]"#
        let chosen = try JSONDocument.read(Data(many.utf8)) { root in
            FerryhopperProvider.choose(try FerryhopperPort.list(root), for: "ATH").map(\.code)
        }
        #expect(chosen == ["PIR", "RAF", "LAV", "X1"], "each code once, at most four, codes upper-cased")
    }

    @Test("--from Piraeus and --to Thira are Athens and Santorini; the islands are cities of their own")
    func greekPlaces() {
        #expect(KnownCities.code(ofStation: "Piraeus") == "ATH")
        #expect(KnownCities.code(ofStation: "Rafina") == "ATH")
        #expect(KnownCities.code(named: "Athens") == "ATH")
        #expect(KnownCities.code(named: "Thira") == "JTR")
        #expect(KnownCities.code(named: "santorini") == "JTR")
        #expect(KnownCities.code(named: "Mykonos") == "JMK")
        #expect(KnownCities.code(named: "Naxos") == "JNX")
        #expect(KnownCities.code(named: "Iraklion") == "HER")
        #expect(KnownCities.name(of: "JTR") == "Santorini")
    }

    @Test("a recording folder answers every call alike: the other ports' calls are left out with a note")
    func recording() async throws {
        let response = try await FerryhopperProvider().search(
            FerryhopperFixtures.query(), using: FerryhopperFixtures.client(folder: "recording"))
        #expect(response.offers.count == 5)
        #expect(response.notes.contains("1 sailing with no accommodation on sale (sold out) was left out"))
        #expect(
            response.notes.contains(
                "asked for Rafina→Santorini (Thira), the server answered for Piraeus→Santorini (Thira); those 12 "
                    + "sailings were left out"))
    }

    @Test("a round trip is not sold as one; a search for other places than ports says so only when asked for ferries")
    func notSearched() async throws {
        let provider = FerryhopperProvider()
        var roundTrip = FerryhopperFixtures.query()
        roundTrip.roundTrip = true
        roundTrip.returnDates = DateRange(parsing: "2026-12-20")
        let round = try await provider.search(roundTrip, using: .embedded(for: provider))
        #expect(round.offers.isEmpty)
        #expect(round.notes == ["Ferryhopper sells each way on its own: search the way back as a one-way trip"])
        let vienna = try await provider.search(
            FerryhopperFixtures.query(from: "VIE", to: "BUD"), using: .embedded(for: provider))
        #expect(vienna.offers.isEmpty && vienna.notes.isEmpty, "a flight search hears nothing of ferries")
        var ferries = FerryhopperFixtures.query(from: "VIE", to: "JTR")
        ferries.modes = [.ferry]
        let asked = try await provider.search(ferries, using: .embedded(for: provider))
        #expect(asked.notes == ["Ferryhopper lists no port of Vienna, so it was not searched"])
        ferries.origins = ["QQZ"]
        let unknown = try await provider.search(ferries, using: .embedded(for: provider))
        #expect(
            unknown.notes == [
                "Ferryhopper finds ports by name, and the tool knows no city name for QQZ, so it was not searched"
            ])
    }

    @Test("a range of days past the limit searches the earliest and says how many were left out")
    func limit() async throws {
        let provider = FerryhopperProvider()
        let response = try await provider.search(
            FerryhopperFixtures.query(on: "2026-12-18..2026-12-27"),
            using: FerryhopperFixtures.client(ports: FerryhopperFixtures.ports))
        #expect(
            response.notes.contains(
                "Ferryhopper takes one pair of ports and day per call: the first 20 of 30 combinations were "
                    + "searched, earliest days first"))
    }
}
