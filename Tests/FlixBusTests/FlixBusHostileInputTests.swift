import AggregatorCore
import AggregatorTestSupport
import FlixBus
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("FlixBus hostile input")
struct FlixBusHostileInputTests {
    /// A ride of one coach leg, with its parts replaceable.
    static func ride(
        departure: String = "\"2026-12-18T06:00:00+01:00\"", means: String = "\"bus\"",
        price: String = "{\"total\": 14.99}", legs: String? = nil
    ) -> String {
        let vienna = FlixBusFixtures.vienna
        let budapest = FlixBusFixtures.budapest
        let leg = """
            {"departure": {"date": \(departure), "city_id": "\(vienna)", "station_id": "s1"},
             "arrival": {"date": "2026-12-18T08:55:00+01:00", "city_id": "\(budapest)", "station_id": "s2"},
             "means_of_transport": \(means)}
            """
        return """
            {"uid": "x", "status": "available",
             "departure": {"date": \(departure), "city_id": "\(vienna)", "station_id": "s1"},
             "arrival": {"date": "2026-12-18T08:55:00+01:00", "city_id": "\(budapest)", "station_id": "s2"},
             "duration": {"hours": 2, "minutes": 55}, "price": \(price), "legs": \(legs ?? "[\(leg)]")}
            """
    }

    /// Searches the sample with its first ride replaced.
    static func search(with ride: String) async throws -> ProviderResponse {
        let body = try FlixBusFixtures.search(with: ride)
        return try await FlixBusProvider().search(FlixBusFixtures.query(), using: FlixBusFixtures.client(search: body))
    }

    @Test(
        "skips and counts a ride it cannot sell, and maps the rest",
        arguments: [
            ride(departure: "\"18.12.2026 06:00\""),
            ride(departure: "null"),
            ride(means: "\"hovercraft\""),
            ride(means: "42"),
            ride(price: "{\"total\": 0}"),
            ride(price: "{\"total\": -5}"),
            ride(price: "{\"total\": 1e400}"),
            ride(price: "{\"total\": \"fourteen\"}"),
            ride(price: "14.99"),
            ride(price: "{\"total\": 14.99, \"total_with_platform_fee\": 9.99}"),
            ride(legs: "[]"),
            ride(legs: "{}"),
            ride(legs: "[" + Array(repeating: "{}", count: 9).joined(separator: ",") + "]"),
            "[]", "\"ride\"", "null",
        ])
    func brokenRide(_ ride: String) async throws {
        let response = try await Self.search(with: ride)
        #expect(response.skipped == 1)
        #expect(response.offers.count == 4)
    }

    /// Real answers say how many seats are left at the price shown (`remaining.seats_left_at_price`) beside all
    /// seats left (`available.seats`): two rides seen with 3 at the price and 21 and 10 in all.
    @Test("seats left are those at the price shown where the answer gives them, else all seats left")
    func seatsLeftAtPrice() async throws {
        let atPrice = Self.ride().replacingOccurrences(
            of: "\"uid\": \"x\"",
            with: "\"uid\": \"x\", \"available\": {\"seats\": 21}, \"remaining\": {\"seats_left_at_price\": 3}")
        let offer = try #require(try await Self.search(with: atPrice).offers.first { "\($0.price.amount)" == "14.99" })
        #expect(offer.sources.first?.seatsLeft == 3, "not the 21 seats left at any price")
        #expect(offer.sources.first?.pricedFor == .one, "the products sent: one adult")

        let allSeats = Self.ride().replacingOccurrences(
            of: "\"uid\": \"x\"",
            with: "\"uid\": \"x\", \"available\": {\"seats\": 10}, \"remaining\": {\"seats_left_at_price\": null}")
        let other = try #require(try await Self.search(with: allSeats).offers.first { "\($0.price.amount)" == "14.99" })
        #expect(other.sources.first?.seatsLeft == 10)
    }

    @Test("reads broken informational fields as unknown")
    func brokenExtras() async throws {
        var text = Self.ride().replacingOccurrences(
            of: "\"duration\": {\"hours\": 2, \"minutes\": 55}",
            with: "\"duration\": {\"hours\": 99999999999, \"minutes\": -1}")
        text = text.replacingOccurrences(
            of: "\"uid\": \"x\"", with: "\"uid\": [1], \"available\": {\"seats\": \"many\"}")
        let response = try await Self.search(with: text)
        #expect(response.skipped == 0)
        let offer = try #require(response.offers.first { "\($0.price.amount)" == "14.99" })
        #expect(
            offer.product.itinerary?.legs.first?.duration == .seconds(10_500), "from the instants, not the broken field"
        )
        #expect(offer.sources.first?.seatsLeft == nil)
        // Stations the answer does not name keep FlixBus's id, and their cities the code asked for.
        #expect(offer.product.itinerary?.segments.first?.origin.name == nil)
        #expect(offer.product.itinerary?.segments.first?.origin.station == "s1")
        #expect(offer.product.itinerary?.segments.first?.origin.city == "VIE")
    }

    @Test(
        "refuses an answer that is not a search answer, saying where it went wrong",
        arguments: ["[]", "{}", "{\"trips\": {}}", "{\"trips\": null}", "<html>busy</html>"])
    func malformed(_ body: String) async throws {
        let error = await #expect(throws: ProviderError.self) {
            try await FlixBusProvider().search(FlixBusFixtures.query(), using: FlixBusFixtures.client(search: body))
        }
        #expect(error?.code == .malformedResponse)
        #expect(!(error?.message.contains("busy") ?? true), "raw bytes never reach the message")
    }

    @Test("reads hostile names without trusting them: long, controls, wrong types")
    func hostileNames() async throws {
        let long = String(repeating: "Ö", count: 5_000)
        let body = FlixBusFixtures.search
            .replacingOccurrences(of: "\"name\": \"Vienna Erdberg\"", with: "\"name\": \"\(long)\"")
            .replacingOccurrences(of: "\"label\": \"MÁV-START\"", with: "\"label\": \"MÁV\\u001b[31m\"")
            .replacingOccurrences(of: "\"name\": \"Győr\"", with: "\"name\": {\"en\": \"Győr\"}")
        let response = try await FlixBusProvider().search(
            FlixBusFixtures.query(), using: FlixBusFixtures.client(search: body))
        #expect(response.offers.count == 5)
        let names = response.offers.flatMap { $0.product.itinerary?.segments ?? [] }.flatMap {
            [$0.origin.name, $0.carrier.name, $0.destination.cityName].compactMap { $0 }
        }
        #expect(names.allSatisfy { $0.count <= 80 && !$0.unicodeScalars.contains { $0.value == 0x1B } })
    }

    @Test("an autocomplete answer that is not a list fails the search, saying so")
    func brokenCities() async throws {
        let error = await #expect(throws: ProviderError.self) {
            try await FlixBusProvider().search(
                FlixBusFixtures.query(), using: FlixBusFixtures.client(cities: "{\"cities\": []}"))
        }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("is not a list of cities") == true)
    }
}

@Suite("FlixBus from a recording folder")
struct FlixBusRecordingTests {
    @Test("a folder of recorded answers replays, every broken ride skipped or left out with its reason")
    func recording() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recording", isDirectory: true)
        let client = ProviderClient(
            testing: "flixbus", on: .file(folder), now: { FlixBusFixtures.retrievedAt })
        let response = try await FlixBusProvider().search(FlixBusFixtures.query(), using: client)
        #expect(response.offers.count == 1)
        #expect(response.skipped == 3, "a leg by hovercraft, a free ride, a trip that is not an object")
        #expect(
            response.notes == [
                "1 ride not on sale (sold out) was left out",
                "asked for Vienna→Budapest, the service answered for another city→Prague; that ride was left out",
            ])
        let offer = try #require(response.offers.first)
        #expect("\(offer.price.amount)" == "16.99", "a total sent as text; no fee stated, so the total")
        let segment = try #require(offer.product.itinerary?.segments.first)
        #expect(segment.mode == .bus, "BUS, in capitals")
        #expect(segment.carrier.name == "FlixBus", "an operator the answer does not name")
        #expect(segment.origin.station == "s1" && segment.origin.name == nil, "stations that are not a map")
    }
}
