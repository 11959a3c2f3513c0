import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import RegioJet
import Testing

@Suite("RegioJet hostile input")
struct RegioJetHostileInputTests {
    /// A direct train route, with its parts replaceable.
    static func route(
        departure: String = "\"2026-12-18T06:07:00.000+01:00\"", vehicles: String = "[\"TRAIN\"]",
        transfers: String = "0", price: String = "19.9", extra: String = ""
    ) -> String {
        """
        {"id": "x", "departureStationId": 372825000, "departureTime": \(departure),
         "arrivalStationId": 1313142001, "arrivalTime": "2026-12-18T10:12:00.000+01:00", "vehicleTypes": \(vehicles),
         "transfersCount": \(transfers), "freeSeatsCount": 146, "priceFrom": \(price), "priceTo": 34.9,
         "bookable": true, "travelTime": "04:05 h"\(extra)}
        """
    }

    /// Searches the sample with its first route replaced.
    static func search(with route: String) async throws -> ProviderResponse {
        let body = try RegioJetFixtures.search(with: route)
        return try await RegioJetProvider().search(
            RegioJetFixtures.query(), using: RegioJetFixtures.client(search: body))
    }

    @Test(
        "skips and counts a route it cannot sell, and maps the rest",
        arguments: [
            route(departure: "\"18.12.2026 06:07\""),
            route(departure: "\"2026-12-18T06:07:00\""),
            route(departure: "null"),
            route(vehicles: "[\"HOVERCRAFT\"]"),
            route(vehicles: "[]"),
            route(vehicles: "\"TRAIN\""),
            route(vehicles: "[" + Array(repeating: "\"BUS\"", count: 9).joined(separator: ",") + "]"),
            route(transfers: "-1"),
            route(transfers: "99"),
            route(price: "0"),
            route(price: "-5"),
            route(price: "1e400"),
            route(price: "\"nineteen\""),
            route(price: "null"),
            "[]", "\"route\"", "null",
        ])
    func brokenRoute(_ route: String) async throws {
        let response = try await Self.search(with: route)
        #expect(response.skipped == 1)
        #expect(response.offers.count == 4)
    }

    @Test("reads broken informational fields as unknown")
    func brokenExtras() async throws {
        var text = Self.route().replacingOccurrences(
            of: "\"travelTime\": \"04:05 h\"", with: "\"travelTime\": \"99999:99 h\"")
        text = text.replacingOccurrences(of: "\"freeSeatsCount\": 146", with: "\"freeSeatsCount\": \"many\"")
        text = text.replacingOccurrences(
            of: "\"departureStationId\": 372825000", with: "\"departureStationId\": \"x;y\"")
        text = text.replacingOccurrences(of: "\"id\": \"x\"", with: "\"id\": [1]")
        let response = try await Self.search(with: text)
        #expect(response.skipped == 0)
        let offer = try #require(response.offers.first { "\($0.price.amount)" == "19.9" })
        #expect(offer.product.itinerary?.legs.first?.duration == .seconds(14_700), "from the instants")
        #expect(offer.sources.first?.seatsLeft == nil)
        #expect(offer.sources.first?.reference == "route")
        // A station the list does not hold keeps no id and no name, and its city the code asked for.
        let origin = try #require(offer.product.itinerary?.segments.first?.origin)
        #expect(origin.name == nil && origin.station == nil && origin.city == "PRG")
    }

    @Test("a route with changes but one vehicle named travels by it on every leg; a count the ids give")
    func legsAndModes() async throws {
        let change = Self.route(vehicles: "[\"BUS\"]", transfers: "2")
        let response = try await Self.search(with: change)
        let offer = try #require(response.offers.first { "\($0.price.amount)" == "19.9" })
        #expect(offer.services == ["bus RegioJet", "bus RegioJet", "bus RegioJet"])
        let byIDs = Self.route(transfers: "null").replacingOccurrences(of: "\"id\": \"x\"", with: "\"id\": \"1,2\"")
        let counted = try await Self.search(with: byIDs)
        #expect(counted.offers.first { "\($0.price.amount)" == "19.9" }?.product.itinerary?.stops == 1)
    }

    @Test("a route not bookable or without seats is sold out whatever its price; another day's is left out")
    func soldOutAndOtherDays() async throws {
        let notBookable = Self.route().replacingOccurrences(of: "\"bookable\": true", with: "\"bookable\": false")
        let response = try await Self.search(with: notBookable)
        #expect(response.offers.count == 4 && response.skipped == 0)
        #expect(response.notes == ["2 connections not on sale (sold out) were left out"])
        let noSeat = Self.route().replacingOccurrences(of: "\"freeSeatsCount\": 146", with: "\"freeSeatsCount\": 0")
        #expect(try await Self.search(with: noSeat).notes == ["2 connections not on sale (sold out) were left out"])
        let dayBefore = Self.route(departure: "\"2026-12-17T23:59:00.000+01:00\"")
        let earlier = try await Self.search(with: dayBefore)
        #expect(earlier.offers.count == 4 && earlier.skipped == 0)
    }

    @Test(
        "refuses an answer that is not a search answer, saying where it went wrong",
        arguments: ["[]", "{}", "{\"routes\": {}}", "{\"routes\": null}", "<html>busy</html>"])
    func malformed(_ body: String) async throws {
        let error = await #expect(throws: ProviderError.self) {
            try await RegioJetProvider().search(
                RegioJetFixtures.query(), using: RegioJetFixtures.client(search: body))
        }
        #expect(error?.code == .malformedResponse)
        #expect(!(error?.message.contains("busy") ?? true), "raw bytes never reach the message")
    }

    @Test("reads hostile names without trusting them: long, controls, wrong types")
    func hostileNames() async throws {
        let long = String(repeating: "Ö", count: 5_000)
        let locations = RegioJetFixtures.locations
            .replacingOccurrences(of: "\"name\": \"Praha hl.n.\"", with: "\"name\": \"\(long)\"")
            .replacingOccurrences(of: "\"name\": \"Wien Hbf\"", with: "\"name\": \"Wien\\u001b[31m\"")
            .replacingOccurrences(of: "\"name\": \"Wien Meidling\"", with: "\"name\": {\"en\": \"Meidling\"}")
            .replacingOccurrences(of: "\"id\": 1313142003", with: "\"id\": \"../../etc\"")
        let response = try await RegioJetProvider().search(
            RegioJetFixtures.query(), using: RegioJetFixtures.client(locations: locations))
        #expect(response.offers.count == 5)
        let places = response.offers.flatMap { $0.product.itinerary?.segments ?? [] }.flatMap {
            [$0.origin, $0.destination]
        }
        let names = places.flatMap { [$0.name, $0.cityName, $0.station].compactMap { $0 } }
        #expect(names.allSatisfy { $0.count <= 80 && !$0.unicodeScalars.contains { $0.value == 0x1B } })
        #expect(!places.contains { $0.station?.contains("/") == true })
    }

    @Test("a locations answer that is not a list fails the search, saying so")
    func brokenLocations() async throws {
        let error = await #expect(throws: ProviderError.self) {
            try await RegioJetProvider().search(
                RegioJetFixtures.query(), using: RegioJetFixtures.client(locations: "{\"countries\": []}"))
        }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("is not a list of countries") == true)
    }
}

@Suite("RegioJet from a recording folder")
struct RegioJetRecordingTests {
    @Test("a folder of recorded answers replays, every broken route skipped or left out with its reason")
    func recording() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recording", isDirectory: true)
        let client = ProviderClient(testing: "regiojet", on: .file(folder), now: { RegioJetFixtures.retrievedAt })
        let response = try await RegioJetProvider().search(RegioJetFixtures.query(), using: client)
        #expect(response.offers.count == 2)
        #expect(response.skipped == 2, "a ferry, a time without its offset")
        #expect(
            response.notes == [
                "1 connection not on sale (sold out) was left out",
                "asked for Prague→Vienna, the service answered for Brno→Vienna; that connection was left out",
            ])
        let offer = try #require(response.offers.first)
        #expect("\(offer.price.amount)" == "21.5", "a price sent as text")
        #expect(offer.services == ["train RegioJet"], "TRAIN in lower case")
        #expect(offer.product.itinerary?.segments.first?.origin.name == "Praha hl.n.")
        #expect(response.offers.last?.product.itinerary?.segments.first?.origin.station == "99999", "not in the list")
    }
}
