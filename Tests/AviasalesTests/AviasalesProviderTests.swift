import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import Aviasales

@Suite("Aviasales provider")
struct AviasalesProviderTests {
    static let viennaBarcelona = SearchQuery(origin: "VIE", destination: "BCN")

    @Test("Passes the provider conformance kit")
    func conformance() async throws {
        try await ProviderConformance.check(AviasalesProvider(), query: Self.viennaBarcelona)
    }

    @Test("Passes the conformance kit with its own sample query")
    func conformanceWithSampleQuery() async throws {
        try await ProviderConformance.check(AviasalesProvider())
    }

    @Test("Describes itself as the Travelpayouts Data API: dated round trips, a token header, a sample per path")
    func descriptor() {
        let descriptor = AviasalesProvider().descriptor
        #expect(descriptor.id == "aviasales")
        #expect(descriptor.displayName == "Aviasales")
        #expect(descriptor.categories == [.flights])
        #expect(descriptor.nativeCurrency == .rub)
        #expect(descriptor.capabilities == [.dates, .roundTrips, .serverSideFilters])
        #expect(descriptor.live.first?.url.absoluteString == "https://api.travelpayouts.com")
        #expect(descriptor.live.first?.signIn == .header("X-Access-Token"))
        #expect(Array(descriptor.samples.responses.bodies.keys) == ["prices_for_dates"])
        #expect(descriptor.samples.query == SearchQuery(origin: "VIE", destination: "BCN"))
        #expect(descriptor.samples.perRequestKeys == ["id", "link"])
        #expect(descriptor.samples.priceKeys == ["value", "price"])
    }

    // MARK: - The embedded sample

    @Test("The embedded sample maps to the six Vienna → Barcelona flights in the service's order")
    func embeddedSample() async throws {
        let provider = AviasalesProvider()
        let response = try await provider.search(Self.viennaBarcelona, using: .embedded(for: provider))
        #expect(response.skipped == 0)
        #expect(response.notes.isEmpty)
        #expect(
            response.offers.compactMap { $0.onlySegment?.carrier.displayCode } == [
                "OS", "W6", "OS", "VY", "V7", "VY",
            ])
        for offer in response.offers {
            #expect(offer.priceBasis == .total)
            #expect(offer.product.itinerary?.legs.first?.duration == nil)
            #expect(offer.sources.first?.retrievedAt == OfferFactory.retrievedAt)
            let reference = try #require(offer.sources.first?.reference)
            #expect(offer.id.hasPrefix("aviasales-") && !offer.id.contains(reference), "the id comes from the flight")
        }
        #expect(Set(response.offers.map(\.id)).count == 6)
    }

    @Test("Row 1 of the scenario: Austrian by its Russian name, local time only, roubles, seats, search link")
    func scenarioRowOne() async throws {
        let provider = AviasalesProvider()
        let response = try await provider.search(Self.viennaBarcelona, using: .embedded(for: provider))
        let offer = try #require(response.offer(reference: "1f9d6a3e-8c2b-4b7f-a0d4-5e3c9b1a7f62"))
        let segment = try #require(offer.onlySegment)
        #expect(segment.carrier == Carrier(code: "OS", name: "Австрийские авиалинии"))
        #expect(segment.flightNumber == nil)
        #expect(segment.origin == Place(city: "VIE", cityName: "Вена"))
        #expect(segment.origin.airport == nil)
        #expect(segment.destination == Place(city: "BCN", cityName: "Барселона"))
        #expect(segment.departure?.local?.description == "2026-12-18T07:05")
        #expect(segment.departure?.utc == nil)
        #expect(segment.arrival?.local?.description == "2026-12-18T09:45")
        #expect(segment.arrival?.utc == nil)
        #expect(offer.price == Money(16450, .rub))
        #expect(offer.seatsLeft == 9)
        #expect(offer.sources.first?.deepLink?.absoluteString == "https://www.aviasales.ru/search/VIE1812BCN1")
    }

    @Test(
        "Every scenario row keeps its carrier, local times, price and tickets",
        arguments: [
            ("1f9d6a3e-8c2b-4b7f-a0d4-5e3c9b1a7f62", "OS", "2026-12-18T07:05", "2026-12-18T09:45", 16450, 9),
            ("93b6f1d8-6e4a-4c2d-8a9f-0b7d3e5c1a26", "VY", "2026-12-18T12:30", "2026-12-18T15:05", 8900, 24),
            ("7b3f2c1a-5d4e-4f8a-9b61-2c7e0d9a4f13", "OS", "2026-12-19T18:20", "2026-12-19T21:00", 13990, 12),
            ("e8a2d5c9-3b6f-4e1a-9c07-4d8f2b6e0a35", "VY", "2026-12-20T16:10", "2026-12-20T18:45", 7650, 31),
            ("5a0c7e4b-9d1f-4a6e-b3c8-8f2e1d5a9b74", "V7", "2026-12-19T10:15", "2026-12-19T12:55", 6200, 3),
            ("c41e8b07-2f9a-4d3c-8e15-6a0b7f2d9c48", "W6", "2026-12-20T06:40", "2026-12-20T09:15", 5490, 7),
        ] as [(String, String?, String, String, Int, Int)])
    func scenarioRow(
        reference: String, code: String?, departure: String, arrival: String, rubles: Int, tickets: Int
    ) async throws {
        let provider = AviasalesProvider()
        let response = try await provider.search(Self.viennaBarcelona, using: .embedded(for: provider))
        let offer = try #require(response.offer(reference: reference))
        let segment = try #require(offer.onlySegment)
        #expect(segment.carrier.code == code)
        #expect(segment.departure?.local?.description == departure)
        #expect(segment.arrival?.local?.description == arrival)
        #expect(offer.price == Money(Decimal(rubles), .rub))
        #expect(offer.seatsLeft == tickets)
    }

    @Test("Volotea, sent by its Russian name, is known by its code and keeps the name")
    func voloteaByItsRussianName() async throws {
        let provider = AviasalesProvider()
        let response = try await provider.search(Self.viennaBarcelona, using: .embedded(for: provider))
        let offer = try #require(response.offer(reference: "5a0c7e4b-9d1f-4a6e-b3c8-8f2e1d5a9b74"))
        let carrier = try #require(offer.onlySegment?.carrier)
        #expect(carrier.code == "V7")
        #expect(carrier.name == "Вольотеа")
        #expect(carrier.identity == "code:V7")
    }

    // MARK: - Recorded responses

    @Test("The real service's Moscow → St Petersburg answer maps to SU, DP, S7 and 5N between city codes")
    func moscowPetersburg() async throws {
        let response = try await AviasalesHarness.search(
            fixture: "mow-led.json", query: SearchQuery(origin: "MOW", destination: "LED"))
        #expect(response.skipped == 0)
        #expect(response.notes.isEmpty)
        let segments = response.offers.compactMap(\.onlySegment)
        #expect(segments.count == 4)
        #expect(segments.map(\.carrier.code) == ["DP", "SU", "S7", "5N"])
        #expect(segments.map(\.carrier.name) == ["Победа", "Аэрофлот", "S7", "Smartavia"])
        for segment in segments {
            #expect(segment.origin == Place(city: "MOW", cityName: "Москва"))
            #expect(segment.destination == Place(city: "LED", cityName: "Санкт-Петербург"))
        }
        // The night flight lands the next day: the link carries the departure's day.
        let pobeda = try #require(response.offers.first)
        #expect(pobeda.onlySegment?.arrival?.local?.description == "2026-12-02T01:20")
        #expect(pobeda.sources.first?.deepLink?.absoluteString == "https://www.aviasales.ru/search/MOW0112LED1")
        #expect(pobeda.seatsLeft == 4)
    }

    @Test("Prices come as integers or fractions and keep their exact value")
    func integerOrFractionPrices() async throws {
        let response = try await AviasalesHarness.search(
            fixture: "price-forms.json",
            query: SearchQuery(origin: "VIE", destination: "BCN", passengers: Passengers(adults: 2)))
        #expect(response.skipped == 0)
        #expect(response.offer(reference: "price-int")?.price == Money(32900, .rub))
        #expect(response.offer(reference: "price-double-whole")?.price == Money(17800, .rub))
        let fraction = try #require(Decimal(string: "15300.5"))
        #expect(response.offer(reference: "price-double-fraction")?.price == Money(fraction, .rub))
    }

    @Test("The booking link and each source carry the passenger count the prices are for")
    func passengerCountInLink() async throws {
        let response = try await AviasalesHarness.search(
            fixture: "price-forms.json",
            query: SearchQuery(origin: "VIE", destination: "BCN", passengers: Passengers(adults: 2)))
        let link = response.offer(reference: "price-int")?.sources.first?.deepLink
        #expect(link?.absoluteString == "https://www.aviasales.ru/search/VIE1812BCN2")
        #expect(response.notes.isEmpty, "the service answered for the two passengers asked for")

        #expect(response.offers.allSatisfy { $0.sources.first?.pricedFor == Passengers(adults: 2) })

        // The source states the party it is for whatever was asked; the pipeline compares it with the party.
        let family = try await AviasalesHarness.search(
            fixture: "price-forms.json",
            query: SearchQuery(
                origin: "VIE", destination: "BCN", passengers: Passengers(adults: 2, children: 1, infants: 1)))
        #expect(family.notes.isEmpty, "the party the prices are for is on each source, not in a note")
        #expect(family.offers.allSatisfy { $0.sources.first?.pricedFor == Passengers(adults: 2) })
        #expect(family.offers.allSatisfy { $0.priceBasis == .total })
    }

    @Test("A result whose date cannot be read is skipped and counted; the rest map")
    func badDateSkipped() async throws {
        let response = try await AviasalesHarness.search(fixture: "bad-date.json")
        #expect(response.skipped == 2)
        #expect(response.offers.compactMap { $0.sources.first?.reference } == ["good-morning", "good-evening"])
    }

    @Test("One bad record is skipped and counted while the rest of the sample maps")
    func oneBadRecordSkipped() async throws {
        let broken = AviasalesSamples.testSearch.replacingOccurrences(of: #""value": 5490"#, with: #""value": "free""#)
        #expect(broken != AviasalesSamples.testSearch)
        let response = try await AviasalesHarness.search(body: broken, query: Self.viennaBarcelona)
        #expect(response.skipped == 1)
        #expect(response.offers.count == 5)
        #expect(response.offer(reference: "c41e8b07-2f9a-4d3c-8e15-6a0b7f2d9c48") == nil)
    }

    @Test("Records that decode but cannot be mapped are skipped and counted with those that do not decode")
    func unmappableRecordsSkipped() async throws {
        let response = try await AviasalesHarness.search(fixture: "bad-records.json")
        // No price, zero, negative, a currency that is not ISO, an empty id, a number.
        #expect(response.skipped == 6)
        // The service's id is per search, not per flight: two results under one id at two prices are two
        // offers (the merge keeps the cheaper one as the provider's price), never one silently dropped.
        #expect(
            response.offers.compactMap { $0.sources.first?.reference } == ["good-1", "good-2", "good-1", "good-3"])
        #expect(
            response.offers.filter { $0.sources.first?.reference == "good-1" }.map(\.price) == [
                Money(5630, .rub), Money(5490, .rub),
            ])
        let quoted = try #require(response.offer(reference: "good-2"))
        #expect(quoted.onlySegment?.carrier == Carrier(code: "S7", name: "«S7 Airlines»"))
        #expect(quoted.seatsLeft == nil, "a ticket count that is not a number is dropped, not the flight")
        #expect(response.offer(reference: "good-3")?.seatsLeft == nil, "a negative ticket count is dropped")
    }

    @Test("An answer for another route than asked says so")
    func otherRouteNote() async throws {
        let response = try await AviasalesHarness.search(
            fixture: "mow-led.json", query: SearchQuery(origin: "VIE", destination: "BCN"))
        #expect(response.offers.count == 4)
        #expect(response.notes == ["asked for VIE→BCN, the service answered for MOW→LED"])
    }

    // MARK: - Malformed responses

    @Test("A test-search body with an error instead of results is the service's failure, quoting it")
    func errorInsteadOfResults() async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesHarness.search(fixture: "missing-results.json")
        }
        #expect(error.code == .httpStatus)
        #expect(error.provider == "aviasales")
        #expect(error.message == "the service reported a failure: search expired")
    }

    @Test("A test-search body without results or an error is a malformed response with a readable message")
    func missingResults() async throws {
        let body = #"{"passengers_count": 1, "origin": {"iata": "MOW"}, "destination": {"iata": "LED"}, "error": null}"#
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesHarness.search(body: body)
        }
        #expect(error.code == .malformedResponse)
        #expect(error.message == "the response is not in the expected format: results is missing")
    }

    @Test(
        "Bodies that are not a search answer are malformed responses",
        arguments: [
            ("<html><body>502 Bad Gateway</body></html>", "not JSON"),
            (#"{"results": []}"#, "origin is missing"),
            (#"{"origin": {"iata": "VIE"}, "destination": {"iata": "BCN"}, "results": {}}"#, "results is not an array"),
            (#"{"origin": {"name": "Вена"}, "destination": {"iata": "BCN"}, "results": []}"#, "origin.iata is missing"),
        ])
    func malformedBodies(body: String, explanation: String) async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesHarness.search(body: body)
        }
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains(explanation), "\(error.message)")
        #expect(!error.message.contains("\n"))
    }

    @Test("A route code that is not a city code is a malformed response, since no result can be placed")
    func badRouteCode() async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesHarness.search(fixture: "bad-origin.json")
        }
        #expect(error.code == .malformedResponse)
        #expect(error.message == "the response's origin 'Москва' is not an IATA city code such as MOW")
    }

    // MARK: - The live request

    @Test("The live request asks prices_for_dates for the query's route as Travelpayouts documents it")
    func liveRequest() async throws {
        let provider = AviasalesProvider()
        let transport = SampleTransport(samples: provider.descriptor.samples.responses)
        let base = try #require(URL(string: "https://api.travelpayouts.com"))
        let client = ProviderClient(
            testing: provider.descriptor.id, on: .remote(base),
            samples: provider.descriptor.samples.responses, transport: transport)
        let response = try await provider.search(SearchQuery(origin: "vie", destination: "bcn"), using: client)

        #expect(response.offers.count == 6)
        #expect(transport.requests.count == 1)
        let request = try #require(transport.requests.first)
        #expect(request.method == .get)
        let components = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        #expect(components.scheme == "https")
        #expect(components.host == "api.travelpayouts.com")
        #expect(components.path == "/aviasales/v3/prices_for_dates")
        #expect(
            components.queryItems == [
                URLQueryItem(name: "origin", value: "VIE"), URLQueryItem(name: "destination", value: "BCN"),
                URLQueryItem(name: "one_way", value: "true"), URLQueryItem(name: "direct", value: "false"),
                URLQueryItem(name: "currency", value: "eur"), URLQueryItem(name: "sorting", value: "price"),
                URLQueryItem(name: "limit", value: "1000"), URLQueryItem(name: "page", value: "1"),
            ])
        #expect(request.headers["X-Access-Token"] == nil, "the token is the transport's to add, never the provider's")
    }

    @Test("A live request leaves out the side of the route the query does not name")
    func liveRequestWithoutRoute() async throws {
        let provider = AviasalesProvider()
        let transport = SampleTransport(samples: provider.descriptor.samples.responses)
        let base = try #require(URL(string: "https://api.travelpayouts.com/v1"))
        let client = ProviderClient(
            testing: provider.descriptor.id, on: .remote(base),
            samples: provider.descriptor.samples.responses, transport: transport)

        _ = try await provider.search(SearchQuery(), using: client)
        _ = try await provider.search(SearchQuery(destination: "LED"), using: client)

        let sent = transport.requests.compactMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false) }
        #expect(sent.map(\.path) == ["/v1/aviasales/v3/prices_for_dates", "/v1/aviasales/v3/prices_for_dates"])
        #expect(sent.first?.queryItems?.contains { $0.name == "origin" || $0.name == "destination" } == false)
        #expect(sent.last?.queryItems?.first == URLQueryItem(name: "destination", value: "LED"))
        #expect(sent.last?.queryItems?.contains { $0.name == "origin" } == false)
    }

    @Test("From a recording, one request answers the whole query, however many routes it has")
    func recordingAnswersOnce() async throws {
        let query = SearchQuery(origins: ["VIE", "BRQ"], destinations: ["BCN", "GRO"])
        let response = try await AviasalesHarness.search(fixture: "tp-vie-bcn.json", query: query)
        #expect(response.offers.count == 4)
        #expect(response.notes.isEmpty)
        let embedded = try await AviasalesProvider().search(query, using: .embedded(for: AviasalesProvider()))
        #expect(embedded.offers.count == 6, "the sample once, not once per route")
    }

    @Test("Served over a live endpoint through the test helper, the samples give the same offers")
    func liveThroughHelper() async throws {
        let provider = AviasalesProvider()
        let base = try #require(URL(string: "https://api.aviasales.ru"))
        let live = try await provider.search(
            Self.viennaBarcelona, using: .embedded(for: provider, servedOver: base))
        let embedded = try await provider.search(Self.viennaBarcelona, using: .embedded(for: provider))
        #expect(live.offers == embedded.offers)
        #expect(live.offers.count == 6)
    }
}
