import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Ryanair
import Testing

@Suite("Ryanair: hostile answers and questions")
struct RyanairHostileInputTests {
    /// A fare from Vienna to Barcelona with its outbound fields edited.
    static func fare(
        departure: String = "\"2026-12-18T10:15:00\"", arrival: String = "\"2026-12-18T12:40:00\"",
        price: String = "{\"value\": 39.99, \"currencyCode\": \"EUR\"}", flightNumber: String = "\"FR1017\"",
        from origin: String = "{\"iataCode\": \"VIE\", \"name\": \"Vienna\", \"city\": {\"name\": \"Vienna\"}}"
    ) -> String {
        """
        {"outbound": {"departureAirport": \(origin),
          "arrivalAirport": {"iataCode": "BCN", "name": "Barcelona El Prat", "city": {"name": "Barcelona"}},
          "departureDate": \(departure), "arrivalDate": \(arrival), "price": \(price),
          "flightNumber": \(flightNumber)}}
        """
    }

    /// An answer holding these fares.
    static func answer(_ fares: [String]) -> String { "{\"fares\": [\(fares.joined(separator: ","))]}" }

    private func search(_ body: String, query: SearchQuery = RyanairFixtures.query()) async throws -> ProviderResponse {
        try await RyanairProvider().search(query, using: RyanairFixtures.client(fares: body))
    }

    @Test("a fare it cannot read is skipped and counted while the rest are used")
    func brokenFares() async throws {
        let broken = [
            Self.fare(departure: "\"tomorrow\""), Self.fare(departure: "\"1800-12-18T10:15:00\""),
            Self.fare(arrival: "\"2026-12-25T12:40:00\""),
            Self.fare(price: "{\"value\": -5, \"currencyCode\": \"EUR\"}"),
            Self.fare(price: "{\"value\": 0, \"currencyCode\": \"EUR\"}"),
            Self.fare(price: "{\"value\": 10, \"currencyCode\": \"€€\"}"), Self.fare(price: "null"),
            Self.fare(price: "{\"value\": 1e400, \"currencyCode\": \"EUR\"}"),
            Self.fare(from: "{\"iataCode\": \"BCN\"}"), Self.fare(from: "{\"iataCode\": \"../etc\"}"),
            Self.fare(from: "[]"), "\"a fare\"", "null", "{}",
        ]
        let response = try await search(Self.answer(broken + [Self.fare()]))
        #expect(response.offers.count == 1)
        #expect(response.skipped == broken.count)
    }

    @Test("an unreadable flight number leaves the carrier and no number, never a made-up one")
    func flightNumbers() async throws {
        for (text, expected) in [
            ("\"FR 504\"", "FR 504"), ("\"fr0504\"", "FR 504"), ("\"504\"", "FR"), ("\"FR\"", "FR"),
            ("null", "FR"), ("\"FR12345678\"", "FR"), ("\"\u{202E}FR1\"", "FR"), ("42", "FR"),
            ("\"W61234\"", "W6 1234"),
        ] {
            let response = try await search(Self.answer([Self.fare(flightNumber: text)]))
            let segment = try #require(response.offers.first?.product.itinerary?.segments.first, "\(text)")
            #expect(segment.flightDesignator == expected, "\(text)")
        }
    }

    @Test("a fare from another airport or on another day is left out with a note")
    func elsewhere() async throws {
        let other = Self.fare(from: "{\"iataCode\": \"DUB\", \"name\": \"Dublin\"}")
        let later = Self.fare(departure: "\"2026-12-19T10:15:00\"", arrival: "\"2026-12-19T12:40:00\"")
        let response = try await search(Self.answer([other, later, Self.fare()]))
        #expect(response.offers.count == 1)
        #expect(
            response.notes == [
                "asked for VIE→BCN, it answered DUB→BCN; that fare was left out",
                "1 fare on another day than asked for was left out",
            ])
    }

    @Test("an answer without fares is malformed, not no results")
    func malformed() async throws {
        for body in ["[]", "{\"fares\": {}}", "{\"total\": 0}", "\"fares\"", "{\"fares\": [", ""] {
            let error = await #expect(throws: ProviderError.self, "\(body)") { try await search(body) }
            #expect(error?.code == .malformedResponse, "\(body)")
        }
        let days = await #expect(throws: ProviderError.self) {
            try await RyanairProvider().search(
                RyanairFixtures.query(on: "2026-12-18..2026-12-19"),
                using: RyanairFixtures.client(days: "{\"outbound\": {\"fares\": 3}}"))
        }
        #expect(days?.code == .malformedResponse)
    }

    @Test("places that are not airport codes are not searched, and never reach a path")
    func hostilePlaces() async throws {
        let server = try RyanairFixtures.server()
        defer { server.stop() }
        let query = SearchQuery(
            origins: ["VIE", "../x", "V%2F"], destinations: ["BCN", "BCN/../..", "\u{202E}ABC"],
            departureDates: DateRange(parsing: "2026-12-18..2026-12-19"))
        let response = try await RyanairProvider().search(query, using: RyanairFixtures.client(server: server))
        #expect(server.requests.map(\.path) == ["/oneWayFares/VIE/BCN/cheapestPerDay"])
        #expect(response.notes.first?.hasPrefix("Ryanair's fare finder takes IATA airport codes, so '") == true)
        #expect(response.notes.first?.contains("\u{202E}") == false, "printable text only")
        let none = try await RyanairProvider().search(
            SearchQuery(origin: "Wien", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18")),
            using: RyanairFixtures.client(server: server))
        #expect(none.offers.isEmpty && server.requests.count == 1, "nothing asked")
    }

    @Test("a month's days that are broken are skipped; days outside the range are left out quietly")
    func brokenDays() async throws {
        let days = """
            {"outbound": {"fares": [
              {"day": "2026-12-18", "departureDate": "2026-12-18T10:15:00", "arrivalDate": "2026-12-18T12:40:00",
               "price": {"value": 39.99, "currencyCode": "EUR"}, "soldOut": false, "unavailable": false},
              {"day": "2026-12-19", "departureDate": "2026-12-20T10:15:00", "arrivalDate": "2026-12-20T12:40:00",
               "price": {"value": 39.99, "currencyCode": "EUR"}, "soldOut": false, "unavailable": false},
              {"day": "not a day", "price": null},
              {"day": "2026-12-01", "departureDate": "2026-12-01T10:15:00", "arrivalDate": "2026-12-01T12:40:00",
               "price": {"value": 9.99, "currencyCode": "EUR"}, "soldOut": false, "unavailable": false},
              {"day": "2026-12-20", "price": null, "soldOut": "yes", "unavailable": null}
            ]}}
            """
        let response = try await RyanairProvider().search(
            RyanairFixtures.query(on: "2026-12-18..2026-12-20"), using: RyanairFixtures.client(days: days))
        #expect(response.offers.count == 1)
        #expect(response.skipped == 2)
        #expect(response.notes == ["1 day asked for has no fare (sold out or not flown)"])
    }

    @Test("a query over many routes and months makes at most twelve calls and says how many it left out")
    func manyCalls() async throws {
        let query = SearchQuery(
            origins: ["VIE", "DUB", "STN"], destinations: ["BCN", "BGY", "MAD"],
            departureDates: DateRange(parsing: "2026-12-01..2027-01-31"))
        let response = try await RyanairProvider().search(query, using: RyanairFixtures.client())
        #expect(
            response.notes.contains(
                "Ryanair's fare finder is asked at most 12 times a search: the first 12 of 18 calls were made, "
                    + "earliest days first"))
    }
}
