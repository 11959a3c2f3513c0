import AggregatorCore
import AggregatorTestSupport
import FlixBus
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("FlixBusProvider")
struct FlixBusProviderTests {
    @Test("passes the provider conformance kit")
    func conformance() async throws {
        try await ProviderConformance.check(FlixBusProvider())
    }

    @Test("describes itself as a keyless public seller of coaches and trains on a route and day")
    func descriptor() {
        let descriptor = FlixBusProvider().descriptor
        #expect(descriptor.id == "flixbus")
        #expect(descriptor.displayName == "FlixBus")
        #expect(descriptor.modes == [.bus, .train])
        #expect(descriptor.offersText == "trips (train, bus)")
        #expect(descriptor.requiredFields == [.origin, .destination, .departureDate])
        #expect(descriptor.live.map(\.url.absoluteString) == ["https://global.api.flixbus.com"])
        #expect(descriptor.live.first?.isPublic == true, "a guest's server: paced and retried politely")
        #expect(descriptor.credentials.isEmpty, "no key")
        #expect(
            descriptor.samples.responses.bodies.keys.sorted() == [
                "cities", "search",
                "search?from_city_id=\(FlixBusFixtures.vienna)&to_city_id=\(FlixBusFixtures.budapest)"
                    + "&departure_date=18.12.2026",
            ])
    }

    @Test("maps the sample's rides: each leg's mode and operator, stations by name in the cities asked for")
    func sample() async throws {
        let response = try await FlixBusProvider().search(FlixBusFixtures.query(), using: FlixBusFixtures.client())
        #expect(response.skipped == 0)
        #expect(response.notes == ["1 ride not on sale (sold out) was left out"])
        let offers = response.offers
        #expect(
            offers.map { "\($0.price.amount)" } == ["15.98", "20.98", "13.98", "18.48", "10.98"], "the fee is required")
        #expect(offers.allSatisfy { $0.price.currency == .eur && $0.priceBasis == .perPerson })
        #expect(
            offers.map(\.services) == [
                ["bus FlixBus"], ["bus FlixBus"], ["bus FlixBus"], ["bus FlixBus", "train MÁV-START"], ["bus FlixBus"],
            ])
        let first = try #require(offers.first)
        let segment = try #require(first.product.itinerary?.segments.first)
        #expect(segment.origin.city == "VIE" && segment.origin.name == "Vienna Erdberg")
        #expect(segment.origin.station == "dcbabf3b-9603-11e6-9066-549f350fcb0c")
        #expect(segment.destination.city == "BUD" && segment.destination.name == "Budapest Népliget")
        #expect(segment.departure?.local?.description == "2026-12-18T06:00")
        #expect(segment.departure?.utc == Date(timeIntervalSince1970: 1_797_570_000), "06:00 at +01:00 is 05:00 UTC")
        #expect(first.product.itinerary?.legs.first?.duration == .seconds(2 * 3600 + 55 * 60))
        #expect(first.sources.first?.seatsLeft == 23)
        #expect(first.sources.first?.reference == "direct:271828:101:202")
        #expect(first.sources.first?.retrievedAt == FlixBusFixtures.retrievedAt)
        let link = try #require(first.sources.first?.link?.text)
        #expect(link.hasPrefix("https://shop.flixbus.com/search?departureCity=\(FlixBusFixtures.vienna)"))
        #expect(link.contains("rideDate=18.12.2026"))
        // The change at Győr: a city the gazetteer knows, by its airport's code.
        let transfer = try #require(offers.first { $0.services.count == 2 }?.product.itinerary?.segments)
        #expect(transfer[0].destination.cityName == "Győr" && transfer[0].destination.city == "QGY")
        #expect(transfer[1].origin.name == "Győr vasútállomás")
        #expect(transfer[1].destination.name == "Budapest-Keleti" && transfer[1].destination.city == "BUD")
        // The night coach arrives the next day.
        #expect(offers.last?.product.itinerary?.segments.last?.arrival?.local?.description == "2026-12-19T01:20")
        #expect(Set(offers.map(\.id)).count == offers.count)
        #expect(offers.allSatisfy { $0.id.hasPrefix("flixbus") && !$0.id.contains("271828") })
    }

    @Test("prices a ride at its total when the platform fee is not required")
    func totalWithoutFee() async throws {
        let search = FlixBusFixtures.search.replacingOccurrences(
            of: "\"platform_fee_in_price_required\": true", with: "\"platform_fee_in_price_required\": false")
        let response = try await FlixBusProvider().search(
            FlixBusFixtures.query(), using: FlixBusFixtures.client(search: search))
        #expect(response.offers.map { "\($0.price.amount)" } == ["14.99", "19.99", "12.99", "17.49", "9.99"])
    }

    @Test("takes the city named as asked, never a loose match such as Vienne for Vienna")
    func cityByName() async throws {
        let onlyVienne = """
            [{"id": "b7c1d2e3-8646-11e6-9066-549f350fcb0c", "name": "Vienne", "country": "FR", "is_flixbus_city": true},
             {"id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c", "name": "Budapest", "is_flixbus_city": true}]
            """
        let response = try await FlixBusProvider().search(
            FlixBusFixtures.query(), using: FlixBusFixtures.client(cities: onlyVienne))
        #expect(response.offers.isEmpty)
        #expect(response.notes == ["FlixBus knows no city named Vienna, so it was not searched"])
        // A city FlixBus serves itself comes before a partner's of the same name.
        let twice = """
            [{"id": "partner-vienna", "name": "Wien", "is_flixbus_city": false},
             {"id": "\(FlixBusFixtures.vienna)", "name": "Vienna", "is_flixbus_city": true},
             {"id": "\(FlixBusFixtures.budapest)", "name": "Budapest"}]
            """
        let served = try await FlixBusProvider().search(
            FlixBusFixtures.query(), using: FlixBusFixtures.client(cities: twice))
        #expect(served.offers.count == 5)
    }

    @Test("says why a place is not searched: no city name known for its code")
    func placeWithoutName() async throws {
        let response = try await FlixBusProvider().search(
            FlixBusFixtures.query(from: "QQZ"), using: FlixBusFixtures.client())
        #expect(response.offers.isEmpty)
        #expect(
            response.notes == [
                "FlixBus finds cities by name, and the tool knows no city name for QQZ, so it was not searched"
            ])
    }

    @Test("the embedded samples hold rides from Vienna to Budapest on one day only, and no ride elsewhere")
    func samplesByRoute() async throws {
        let client = ProviderClient.embedded(for: FlixBusProvider())
        let budapest = try await FlixBusProvider().search(FlixBusFixtures.query(), using: client)
        #expect(budapest.offers.count == 5)
        let prague = try await FlixBusProvider().search(FlixBusFixtures.query(to: "PRG"), using: client)
        #expect(prague.offers.isEmpty && prague.notes.isEmpty)
        let nextDay = try await FlixBusProvider().search(FlixBusFixtures.query(on: "2026-12-19"), using: client)
        #expect(nextDay.offers.isEmpty && nextDay.notes.isEmpty)
    }

    @Test("leaves out rides between other cities than those asked for, and says so")
    func otherRoute() async throws {
        let response = try await FlixBusProvider().search(
            FlixBusFixtures.query(to: "PRG"), using: FlixBusFixtures.client())
        #expect(response.offers.isEmpty)
        #expect(
            response.notes.contains(
                "asked for Vienna→Prague, the service answered for Vienna→Budapest; those 5 rides were left out"))
    }

    @Test("sells no round trip, and says to search each way")
    func roundTrip() async throws {
        var query = FlixBusFixtures.query()
        query.roundTrip = true
        let response = try await FlixBusProvider().search(query, using: FlixBusFixtures.client())
        #expect(response.offers.isEmpty)
        #expect(response.notes == ["FlixBus sells each way on its own: search the way back as a one-way trip"])
    }

    @Test("is not asked without a route and a day")
    func notAsked() async throws {
        let error = await #expect(throws: ProviderError.self) {
            try await FlixBusProvider().search(SearchQuery(origin: "VIE"), using: FlixBusFixtures.client())
        }
        #expect(error?.code == .notAsked)
    }
}
