import AggregatorCore
import AggregatorTestSupport
import Foundation
import Kiwi
import ProviderKit
import ProviderTestKit
import Testing

/// The live request against a real HTTP server on loopback, checked item by item as Tequila documents
/// `GET /v2/search`, with the key added by ``SignInTransport`` as the runner adds it, and answered in
/// Tequila's documented shapes: a v2 result and its errors.
@Suite("Kiwi's live request to Tequila, on loopback")
struct KiwiLiveRequestTests {
    static let key = "tequila-test-key-3f9a"

    /// A documented v2 answer for a family of four: one round trip, priced for the party.
    static let familyAnswer = #"""
        {
          "search_id": "b0c4e1d2-7a35-4f68-9e21-5c8d3a6f0b94",
          "currency": "EUR",
          "fx_rate": 1,
          "data": [{
            "id": "a1d6ba0f4f7d0000d1b0b99a_0|b2e7cb1f4f7d0000e2c1c0ab_0",
            "flyFrom": "VIE", "flyTo": "BCN", "cityFrom": "Vienna", "cityCodeFrom": "VIE",
            "cityTo": "Barcelona", "cityCodeTo": "BCN",
            "countryFrom": {"code": "AT", "name": "Austria"}, "countryTo": {"code": "ES", "name": "Spain"},
            "nightsInDest": 14, "quality": 812.3, "distance": 1357.06,
            "duration": {"departure": 9300, "return": 9000, "total": 18300},
            "price": 2412, "conversion": {"EUR": 2412},
            "fare": {"adults": 690, "children": 690, "infants": 342},
            "bags_price": {"1": 42.5, "2": 98}, "baglimit": {"hold_weight": 23},
            "availability": {"seats": 5}, "airlines": ["VY"],
            "route": [
              {"id": "a1d6ba0f4f7d0000d1b0b99a_0", "combination_id": "a1d6ba0f4f7d0000d1b0b99a",
               "flyFrom": "VIE", "flyTo": "BCN", "cityFrom": "Vienna", "cityCodeFrom": "VIE",
               "cityTo": "Barcelona", "cityCodeTo": "BCN", "airline": "VY", "flight_no": 1815,
               "operating_carrier": "", "operating_flight_no": "", "fare_basis": "CBUS", "fare_category": "C",
               "fare_classes": "C", "return": 0, "bags_recheck_required": false, "vi_connection": false,
               "guarantee": false, "equipment": null, "vehicle_type": "aircraft",
               "local_arrival": "2026-12-20T15:05:00.000Z", "utc_arrival": "2026-12-20T14:05:00.000Z",
               "local_departure": "2026-12-20T12:30:00.000Z", "utc_departure": "2026-12-20T11:30:00.000Z"},
              {"id": "b2e7cb1f4f7d0000e2c1c0ab_0", "combination_id": "b2e7cb1f4f7d0000e2c1c0ab",
               "flyFrom": "BCN", "flyTo": "VIE", "cityFrom": "Barcelona", "cityCodeFrom": "BCN",
               "cityTo": "Vienna", "cityCodeTo": "VIE", "airline": "VY", "flight_no": 1816,
               "operating_carrier": "", "operating_flight_no": "", "fare_basis": "CBUS", "fare_category": "C",
               "fare_classes": "C", "return": 1, "bags_recheck_required": false, "vi_connection": false,
               "guarantee": false, "equipment": null, "vehicle_type": "aircraft",
               "local_arrival": "2027-01-03T22:05:00.000Z", "utc_arrival": "2027-01-03T21:05:00.000Z",
               "local_departure": "2027-01-03T19:35:00.000Z", "utc_departure": "2027-01-03T18:35:00.000Z"}
            ],
            "booking_token": "Dk29sLw0Qp5Xn8Rt1Yv4Bc7Ne0Gh3Jk6Ls9Df2Sa5Zx8Cv1Bn4Mq7We0Rt3Yu6Io9Pa2Sd5Fg8Hj1Kl4",
            "deep_link": "https://www.kiwi.com/deep?affilid=picky&currency=EUR&flightsId=a1d6ba0f4f7d0000d1b0b99a_0%7Cb2e7cb1f4f7d0000e2c1c0ab_0&from=VIE&lang=en&passengers=4&to=BCN",
            "facilitated_booking_available": true, "pnr_count": 1, "has_airport_change": false,
            "technical_stops": 0, "throw_away_ticketing": false, "hidden_city_ticketing": false,
            "virtual_interlining": false,
            "local_arrival": "2026-12-20T15:05:00.000Z", "utc_arrival": "2026-12-20T14:05:00.000Z",
            "local_departure": "2026-12-20T12:30:00.000Z", "utc_departure": "2026-12-20T11:30:00.000Z",
            "mapIdto": "barcelona_es"
          }],
          "_results": 1,
          "search_params": {"flyFrom_type": "airport", "to_type": "airport",
                            "seats": {"passengers": 4, "adults": 2, "children": 1, "infants": 1}},
          "all_stopover_airports": [], "all_airlines": [], "sort_version": 0
        }
        """#

    static let family = Passengers(adults: 2, children: 1, infants: 1)

    /// A family's round trip in business class with every filter Tequila applies on its side.
    static func richQuery() throws -> SearchQuery {
        let departureDates: DateRange = try #require(DateRange(parsing: "2026-12-18..2026-12-22"))
        let returnDates: DateRange = try #require(DateRange(parsing: "2027-01-02..2027-01-05"))
        return SearchQuery(
            origins: ["VIE", "BRQ"], destinations: ["BCN", "GRO"], departureDates: departureDates,
            returnDates: returnDates, passengers: family,
            cabin: .business, currency: .eur, maxPrice: Decimal(string: "2450.5"), maxStops: 1, airlines: ["OS", "vy"],
            excludedAirlines: ["FR", "W6"], departAfter: ClockTime(hour: 6, minute: 0),
            departBefore: ClockTime(hour: 12, minute: 30), arriveAfter: ClockTime(hour: 8, minute: 0),
            arriveBefore: ClockTime(hour: 23, minute: 59), maxDuration: .seconds(7 * 3600 + 30 * 60), sort: .price)
    }

    /// A client that reaches the server as the runner's would: the key added by the credential stage.
    static func client(_ server: LoopbackHTTPServer) -> ProviderClient {
        let descriptor = KiwiProvider().descriptor
        return ProviderClient(
            testing: descriptor.id, on: .remote(server.baseURL), samples: EmbeddedResponses([:]),
            transport: SignInTransport(URLSessionTransport(), signIn: .header("apikey"), key: key),
            credentials: [.apiKey], requestTimeout: .seconds(120), now: { KiwiFixtures.retrievedAt })
    }

    @Test("a rich query is sent as Tequila documents it: method, path, every query item and the apikey header")
    func richRequest() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/v2/search" ? .json(Self.familyAnswer) : .json(#"{"error": "no such path"}"#, status: 404)
        }
        defer { server.stop() }

        let response = try await KiwiProvider().search(try Self.richQuery(), using: Self.client(server))

        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == "GET")
        #expect(request.path == "/v2/search")
        #expect(request.headers["apikey"] == Self.key)
        #expect(request.body.isEmpty)
        #expect(
            request.queryItems.map { "\($0.name)=\($0.value ?? "")" } == [
                "fly_from=VIE,BRQ", "fly_to=BCN,GRO", "date_from=18/12/2026", "date_to=22/12/2026",
                "return_from=02/01/2027", "return_to=05/01/2027", "max_fly_duration=8", "flight_type=round",
                "adults=2", "children=1", "infants=1", "selected_cabins=C", "curr=EUR", "price_to=2451",
                "dtime_from=06:00", "dtime_to=12:30", "atime_from=08:00", "atime_to=23:59", "max_stopovers=2",
                "max_sector_stopovers=1", "select_airlines=OS,VY", "limit=200", "sort=price",
            ], "Tequila takes one airline list: the ones to keep; the pipeline leaves out the excluded ones")

        let offer = try #require(response.offers.first)
        #expect(response.offers.count == 1)
        #expect(response.skipped == 0)
        #expect(offer.price == Money(2412, .eur))
        #expect(offer.priceBasis == .total)
        #expect(offer.onlySource?.pricedFor == Self.family)
        #expect(offer.onlySource?.retrievedAt == KiwiFixtures.retrievedAt)
        #expect(offer.onlySource?.bagFees?.fee(forBags: 2) == Money(98, .eur))
        let segments = try #require(offer.product.itinerary?.segments)
        #expect(segments.map(\.cabin) == [.business, .business])
        #expect(offer.product.itinerary?.legs.count == 2)
    }

    @Test(
        "airline lists go to Tequila only as IATA codes: names leave the keep-list to the pipeline",
        arguments: [
            (["OS", "VY"], [String](), ["select_airlines=OS,VY"]),
            ([String](), ["fr", "W6"], ["select_airlines=FR,W6", "select_airlines_exclude=true"]),
            (["Austrian Airlines", "VY"], ["FR", "Ryanair"], ["select_airlines=FR", "select_airlines_exclude=true"]),
            (["Austrian Airlines"], [String](), [String]()),
            ([String](), ["Wizz Air"], [String]()),
        ])
    func airlineLists(airlines: [String], excluded: [String], expected: [String]) async throws {
        let server = try LoopbackHTTPServer { _ in .json(Self.familyAnswer) }
        defer { server.stop() }
        let query = SearchQuery(origin: "VIE", airlines: airlines, excludedAirlines: excluded)
        _ = try await KiwiProvider().search(query, using: Self.client(server))
        let items = try #require(server.requests.first).queryItems.filter { $0.name.hasPrefix("select_airlines") }
        #expect(items.map { "\($0.name)=\($0.value ?? "")" } == expected)
    }

    @Test("a one-way trip sends max_stopovers alone; a cap and a duration are rounded up, never down")
    func boundsRoundUp() async throws {
        let server = try LoopbackHTTPServer { _ in .json(Self.familyAnswer) }
        defer { server.stop() }
        let query = SearchQuery(
            origin: "VIE", maxPrice: Decimal(string: "99.01"), maxStops: 0, maxDuration: .seconds(3 * 3600 + 1),
            limit: 5000)
        _ = try await KiwiProvider().search(query, using: Self.client(server))
        let items = Dictionary(
            (try #require(server.requests.first)).queryItems.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 }
        )
        #expect(items["max_stopovers"] == "0")
        #expect(items["max_sector_stopovers"] == nil)
        #expect(items["price_to"] == "100")
        #expect(items["max_fly_duration"] == "4")
        #expect(items["limit"] == "1000", "Tequila's most")
        #expect(items["fly_to"] == nil, "no destination is anywhere")
        #expect(items["selected_cabins"] == nil)
    }

    @Test("Tequila's 400 {\"error\": …} fails the search quoting the service's message, and only that")
    func badRequest() async throws {
        let server = try LoopbackHTTPServer { _ in
            .json(#"{"error": "date_from: Not a valid date. Use dd/mm/yyyy."}"#, status: 400)
        }
        defer { server.stop() }
        let error = try await #require(throws: ProviderError.self) {
            try await KiwiProvider().search(try Self.richQuery(), using: Self.client(server))
        }
        #expect(error.code == .httpStatus)
        #expect(error.provider == "kiwi")
        #expect(
            error.message == "the service answered HTTP 400 Bad Request: date_from: Not a valid date. Use dd/mm/yyyy.")
    }

    @Test("a hostile error message is quoted as a short printable excerpt")
    func hostileErrorMessage() async throws {
        let message = "\u{1B}]0;owned\u{07}\u{1B}[2J" + String(repeating: "flood ", count: 200)
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["error": message]), as: UTF8.self)
        let server = try LoopbackHTTPServer { _ in .json(body, status: 422) }
        defer { server.stop() }
        let error = try await #require(throws: ProviderError.self) {
            try await KiwiProvider().search(try Self.richQuery(), using: Self.client(server))
        }
        #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(error.message.count < 200)
        #expect(error.message.hasSuffix("…"))
    }

    @Test("Tequila's 403 for a bad key is unauthorized and says to check the key; the key is never quoted")
    func forbidden() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"error": "Invalid API key"}"#, status: 403) }
        defer { server.stop() }
        let error = try await #require(throws: ProviderError.self) {
            try await KiwiProvider().search(try Self.richQuery(), using: Self.client(server))
        }
        #expect(error.code == .unauthorized)
        #expect(error.remedy == .checkCredentials([.apiKey]))
        #expect(error.message.hasSuffix("Invalid API key"))
        #expect(!error.description.contains(Self.key))
    }

    @Test("Tequila's 429 is rate_limited and carries its Retry-After")
    func rateLimited() async throws {
        let server = try LoopbackHTTPServer { _ in
            .json(#"{"error": "Too many requests"}"#, status: 429, headers: ["Retry-After": "30"])
        }
        defer { server.stop() }
        let error = try await #require(throws: ProviderError.self) {
            try await KiwiProvider().search(try Self.richQuery(), using: Self.client(server))
        }
        #expect(error.code == .rateLimited)
        #expect(error.message == "the service is rate limiting requests (Retry-After: 30)")
        #expect(server.requests.first?.headers["apikey"] == Self.key)
    }
}
