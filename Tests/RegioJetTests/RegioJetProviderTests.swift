import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import RegioJet
import Testing

@Suite("RegioJetProvider")
struct RegioJetProviderTests {
    @Test("passes the provider conformance kit")
    func conformance() async throws {
        try await ProviderConformance.check(RegioJetProvider())
    }

    @Test("describes itself as a keyless public seller of trains and coaches, one request a second")
    func descriptor() {
        let descriptor = RegioJetProvider().descriptor
        #expect(descriptor.id == "regiojet")
        #expect(descriptor.displayName == "RegioJet")
        #expect(descriptor.modes == [.train, .bus])
        #expect(descriptor.offersText == "trips (train, bus)")
        #expect(descriptor.requiredFields == [.origin, .destination, .departureDate])
        #expect(descriptor.live.map(\.url.absoluteString) == ["https://brn-ybus-pubapi.sa.cz/restapi"])
        #expect(descriptor.live.first?.isPublic == true, "a guest's server: paced and retried politely")
        #expect(descriptor.live.first?.requestInterval == .seconds(1), "at most one request a second")
        #expect(descriptor.live.first?.fixedHeaders == ["X-Lang": "en"], "no Origin among them")
        #expect(descriptor.credentials.isEmpty, "no key")
        #expect(
            descriptor.samples.responses.bodies.keys.sorted() == [
                "locations", "simple",
                "simple?fromLocationId=10202003&toLocationId=10202052&departureDate=2026-12-18",
                "simple?fromLocationId=10202052&toLocationId=10202091&departureDate=2026-12-18",
            ])
    }

    @Test("maps a day with a change and a sold-out train: stations by name, each leg's mode, the day asked only")
    func sample() async throws {
        let response = try await RegioJetProvider().search(RegioJetFixtures.query(), using: RegioJetFixtures.client())
        #expect(response.skipped == 0)
        #expect(response.notes == ["1 connection not on sale (sold out) was left out"])
        let offers = response.offers
        #expect(offers.map { "\($0.price.amount)" } == ["19.9", "14.9", "22.4", "24.9", "11.9"], "not the next day's")
        #expect(offers.allSatisfy { $0.price.currency == .eur && $0.priceBasis == .perPerson })
        #expect(
            offers.map(\.services) == [
                ["train RegioJet"], ["bus RegioJet"], ["train RegioJet", "bus RegioJet"], ["train RegioJet"],
                ["bus RegioJet"],
            ])
        let first = try #require(offers.first)
        let segment = try #require(first.product.itinerary?.segments.first)
        #expect(segment.origin.city == "PRG" && segment.origin.name == "Praha hl.n.")
        #expect(segment.origin.station == "372825000" && segment.origin.cityName == "Prague")
        #expect(segment.destination.city == "VIE" && segment.destination.name == "Wien Hbf")
        #expect(segment.departure?.local?.description == "2026-12-18T06:07")
        #expect(segment.departure?.utc == Date(timeIntervalSince1970: 1_797_570_420), "06:07 at +01:00 is 05:07 UTC")
        #expect(first.product.itinerary?.legs.first?.duration == .seconds(4 * 3600 + 5 * 60))
        #expect(first.sources.first?.seatsLeft == 146)
        #expect(first.sources.first?.reference == "5990055004")
        #expect(first.sources.first?.retrievedAt == RegioJetFixtures.retrievedAt)
        let link = try #require(first.sources.first?.link?.text)
        #expect(link.hasPrefix("https://regiojet.com/?departureDate=2026-12-18&fromLocationId=10202003"))
        #expect(link.contains("toLocationId=10202052"))
        // The change: two legs, train then coach, the ends known and where it changes not.
        let change = try #require(offers.first { $0.services.count == 2 })
        let legs = try #require(change.product.itinerary?.segments)
        #expect(change.product.itinerary?.stops == 1)
        #expect(legs[0].origin.name == "Praha hl.n." && legs[0].departure?.local?.description == "2026-12-18T08:07")
        #expect(legs[0].destination.label == nil && legs[1].origin.label == nil)
        #expect(legs[1].destination.name == "Wien Hbf" && legs[1].arrival?.local?.description == "2026-12-18T13:05")
        #expect(change.product.itinerary?.legs.first?.duration == .seconds(4 * 3600 + 58 * 60))
        #expect(change.sources.first?.reference == "5990055101,5990061202")
        // The night coach arrives the next day.
        #expect(offers.last?.product.itinerary?.segments.last?.arrival?.local?.description == "2026-12-19T03:50")
        #expect(Set(offers.map(\.id)).count == offers.count)
        #expect(offers.allSatisfy { $0.id.hasPrefix("regiojet") && !$0.id.contains("5990") })
    }

    @Test("finds a city by an alias, and says why a place is not searched")
    func places() async throws {
        let byAlias = RegioJetFixtures.locations.replacingOccurrences(
            of: "\"name\": \"Vienna\", \"aliases\": [\"Wien\", \"Vídeň\"]", with: "\"name\": \"Wien\", \"aliases\": []")
        let found = try await RegioJetProvider().search(
            RegioJetFixtures.query(), using: RegioJetFixtures.client(locations: byAlias))
        #expect(found.offers.count == 5)
        let unserved = try await RegioJetProvider().search(
            RegioJetFixtures.query(to: "BCN"), using: RegioJetFixtures.client())
        #expect(unserved.offers.isEmpty)
        #expect(unserved.notes == ["RegioJet serves no city named Barcelona, so it was not searched"])
        let unnamed = try await RegioJetProvider().search(
            RegioJetFixtures.query(from: "QQZ"), using: RegioJetFixtures.client())
        #expect(unnamed.offers.isEmpty)
        #expect(
            unnamed.notes == [
                "RegioJet finds cities by name, and the tool knows no city name for QQZ, so it was not searched"
            ])
    }

    @Test("the embedded samples hold Prague to Vienna and Vienna to Budapest on one day only")
    func samplesByRoute() async throws {
        let client = ProviderClient.embedded(for: RegioJetProvider())
        let vienna = try await RegioJetProvider().search(RegioJetFixtures.query(), using: client)
        #expect(vienna.offers.count == 5)
        let budapest = try await RegioJetProvider().search(
            RegioJetFixtures.query(from: "VIE", to: "BUD"), using: client)
        #expect(budapest.offers.map { "\($0.price.amount)" } == ["12.9", "9.9", "15.9", "11.9"])
        #expect(budapest.notes.isEmpty && budapest.skipped == 0)
        #expect(budapest.offers.first?.product.itinerary?.segments.first?.destination.name == "Budapest-Keleti")
        let bratislava = try await RegioJetProvider().search(RegioJetFixtures.query(to: "BTS"), using: client)
        #expect(bratislava.offers.isEmpty && bratislava.notes.isEmpty)
        let nextDay = try await RegioJetProvider().search(RegioJetFixtures.query(on: "2026-12-19"), using: client)
        #expect(nextDay.offers.isEmpty && nextDay.notes.isEmpty)
    }

    @Test("leaves out routes between other cities than those asked for, and says so")
    func otherRoute() async throws {
        let response = try await RegioJetProvider().search(
            RegioJetFixtures.query(to: "BUD"), using: RegioJetFixtures.client())
        #expect(response.offers.isEmpty)
        #expect(
            response.notes.contains(
                "asked for Prague→Budapest, the service answered for Prague→Vienna; those 5 connections were left out"))
    }

    @Test("sells no round trip, and says to search each way")
    func roundTrip() async throws {
        var query = RegioJetFixtures.query()
        query.roundTrip = true
        let response = try await RegioJetProvider().search(query, using: RegioJetFixtures.client())
        #expect(response.offers.isEmpty)
        #expect(response.notes == ["RegioJet is searched one way at a time: search the way back as a one-way trip"])
    }

    @Test("is not asked without a route and a day")
    func notAsked() async throws {
        let error = await #expect(throws: ProviderError.self) {
            try await RegioJetProvider().search(SearchQuery(origin: "PRG"), using: RegioJetFixtures.client())
        }
        #expect(error?.code == .notAsked)
    }
}
