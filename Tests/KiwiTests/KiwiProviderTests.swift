import AggregatorCore
import AggregatorTestSupport
import Foundation
import Kiwi
import ProviderKit
import ProviderTestKit
import Testing

@Suite("KiwiProvider")
struct KiwiProviderTests {
    @Test("passes the provider conformance kit on its embedded v3 sample")
    func conformance() async throws {
        try await ProviderConformance.check(KiwiProvider())
    }

    @Test(
        "passes the provider conformance kit on Tequila v2 recordings",
        arguments: ["tequila-capture.json", "tequila-self-transfer.json", "tequila-hidden-city-twins.json"])
    func conformanceOnTequilaRecordings(fixture: String) async throws {
        try await ProviderConformance.check(KiwiServingRecording(try KiwiFixtures.text(fixture)))
    }

    @Test("describes itself as Kiwi.com flights in EUR on Tequila, keyed by an apikey header")
    func descriptor() throws {
        let descriptor = KiwiProvider().descriptor
        #expect(descriptor.id == "kiwi")
        #expect(descriptor.displayName == "Kiwi.com")
        #expect(descriptor.categories == [.flights])
        #expect(descriptor.nativeCurrency == .eur)
        #expect(descriptor.capabilities == [.dates, .roundTrips, .serverSideFilters, .passengers, .cabins])
        #expect(descriptor.live.first?.url.absoluteString == "https://api.tequila.kiwi.com")
        #expect(descriptor.live.first?.signIn == .header("apikey"))
        #expect(descriptor.samples.responses.bodies.keys.sorted() == ["search"])
        #expect(
            descriptor.samples.perRequestKeys.isSuperset(of: ["id", "search_id", "booking_token", "combination_id"]))
        #expect(descriptor.samples.priceKeys == ["price"])
    }

    // MARK: The embedded sample

    @Test("maps the embedded sample's first itinerary field by field")
    func embeddedFirstItinerary() async throws {
        let provider = KiwiProvider()
        let response = try await provider.search(SearchQuery(), using: .embedded(for: provider))
        #expect(response.offers.count == 16, "twelve one-way flights and four round trips")
        #expect(response.skipped == 0)

        let offer = try #require(response.offers.first)
        let reference = "0f1e2d3c4b5a000059e0f7e0_0"
        #expect(offer.id.hasPrefix("kiwi-") && !offer.id.contains(reference), "the id comes from the trip")
        #expect(offer.price == Money(169, .eur))
        #expect(offer.priceBasis == .total)
        #expect(offer.imageURL?.absoluteString == "https://images.kiwi.com/photos/600x330/barcelona_es.jpg")

        let source = try #require(offer.sources.first)
        #expect(source.provider == "kiwi")
        #expect(source.reference == reference)
        #expect(source.price == Money(169, .eur))
        #expect(source.seatsLeft == 7)
        #expect(source.retrievedAt == Date(timeIntervalSince1970: 1_790_000_000))
        #expect(
            source.deepLink?.absoluteString
                == "https://www.kiwi.com/deep?from=VIE&to=BCN&departure=18-12-2026&flightsId=\(reference)"
                + "&price=169&passengers=1&affilid=picky&lang=en&currency=EUR")

        let itinerary = try #require(offer.product.itinerary)
        #expect(itinerary.legs.count == 1)
        let leg = try #require(itinerary.legs.first)
        #expect(leg.duration == .seconds(2 * 3600 + 40 * 60))
        let segment = try #require(leg.segments.first)
        #expect(leg.segments.count == 1)
        #expect(segment.carrier == Carrier(code: "OS"))
        #expect(segment.flightNumber == "395")
        #expect(segment.origin == Place(airport: "VIE", city: "VIE", cityName: "Vienna", country: "AT"))
        #expect(segment.destination == Place(airport: "BCN", city: "BCN", cityName: "Barcelona", country: "ES"))
        #expect(segment.departure?.local == (try local("2026-12-18 07:05")))
        #expect(segment.departure?.utc == (try utc("2026-12-18T06:05:00Z")))
        #expect(segment.arrival?.local == (try local("2026-12-18 09:45")))
        #expect(segment.arrival?.utc == (try utc("2026-12-18T08:45:00Z")))
        #expect(segment.cabin == .economy, "fare_category M")
        #expect(segment.operatingCarrier == nil, "OS operates its own OS 395")
        #expect(segment.operatingFlightNumber == nil)
        #expect(segment.bagsRecheckRequired == false)
        #expect(source.bagFees == BagFees([1: Decimal(string: "27.5") ?? 0], currency: .eur))
        #expect(source.pricedFor == .one, "the sample states one adult")
        #expect(offer.tags.isEmpty, "neither hidden-city nor self-transfer")
    }

    /// The Kiwi rows of the shared scenario, in the sample's popularity order: the merge with
    /// Aviasales depends on carrier, flight number and local departure minute matching exactly.
    static let scenario: [(flights: String, from: String, to: String, departs: String, arrives: String, price: Int)] = [
        ("OS 395", "VIE", "BCN", "2026-12-18T07:05", "2026-12-18T09:45", 169),
        ("VY 1815", "VIE", "BCN", "2026-12-18T12:30", "2026-12-18T15:05", 98),
        ("OS 371", "VIE", "AMS", "2026-12-18T08:15", "2026-12-18T10:20", 129),
        ("PC 1720", "VIE", "SAW", "2026-12-19T13:10", "2026-12-19T16:50", 89),
        ("KL 1844", "VIE", "AMS", "2026-12-18T17:40", "2026-12-18T19:45", 115),
        ("VY 1817", "VIE", "BCN", "2026-12-20T16:10", "2026-12-20T18:45", 84),
        ("EK 126", "VIE", "DXB", "2026-12-20T14:35", "2026-12-20T23:00", 389),
        ("LX 1577, LX 1952", "VIE", "BCN", "2026-12-18T06:50", "2026-12-18T11:30", 121),
        ("OS 397", "VIE", "BCN", "2026-12-19T18:20", "2026-12-19T21:00", 142),
        ("VY 8302", "AMS", "BCN", "2026-12-19T09:35", "2026-12-19T11:50", 76),
        ("VY 1816", "BCN", "VIE", "2026-12-20T19:35", "2026-12-20T22:05", 91),
        ("KL 1665", "AMS", "BCN", "2026-12-19T15:20", "2026-12-19T17:40", 132),
    ]

    /// The scenario's dated round trips, after the one-way flights: out and back, and the price of both.
    static let roundTrips: [(out: String, back: String, departs: String, returns: String, price: Int)] = [
        ("VY 1815", "VY 1816", "2026-12-18T12:30", "2026-12-20T19:35", 189),
        ("OS 395", "OS 396", "2026-12-18T07:05", "2026-12-21T10:35", 300),
        ("OS 395", "OS 396", "2026-12-18T07:05", "2026-12-22T10:35", 260),
        ("OS 395", "OS 396", "2026-12-19T07:05", "2026-12-22T10:35", 280),
    ]

    @Test("the embedded sample is the scenario's twelve Kiwi flights, in popularity order, not price order")
    func embeddedScenario() async throws {
        let provider = KiwiProvider()
        let all = try await provider.search(SearchQuery(), using: .embedded(for: provider)).offers
        try #require(all.count == Self.scenario.count + Self.roundTrips.count)
        let offers = Array(all.prefix(Self.scenario.count))
        for (offer, row) in zip(offers, Self.scenario) {
            let itinerary = try #require(offer.product.itinerary)
            #expect(itinerary.segments.map(\.flightDesignator).joined(separator: ", ") == row.flights)
            #expect(itinerary.legs.first?.origin?.airport == row.from)
            #expect(itinerary.legs.first?.destination?.airport == row.to)
            #expect(itinerary.legs.first?.departure?.local?.description == row.departs)
            #expect(itinerary.legs.first?.arrival?.local?.description == row.arrives)
            #expect(offer.price == Money(Decimal(row.price), .eur))
        }
        let prices = offers.map(\.price.amount)
        #expect(prices != prices.sorted(), "Kiwi's order is kept; ranking is the pipeline's job")
    }

    @Test("the embedded sample ends with the scenario's dated round trips, Vienna to Barcelona and back")
    func embeddedRoundTrips() async throws {
        let provider = KiwiProvider()
        let offers = try await provider.search(SearchQuery(), using: .embedded(for: provider)).offers
        let trips = offers.suffix(Self.roundTrips.count)
        try #require(trips.count == Self.roundTrips.count)
        for (offer, row) in zip(trips, Self.roundTrips) {
            let legs = try #require(offer.product.itinerary?.legs)
            try #require(legs.count == 2)
            #expect(legs.map { $0.segments.map(\.flightDesignator).joined(separator: ", ") } == [row.out, row.back])
            #expect(legs.map { $0.origin?.airport } == ["VIE", "BCN"])
            #expect(legs[0].departure?.local?.description == row.departs)
            #expect(legs[1].departure?.local?.description == row.returns)
            #expect(offer.price == Money(Decimal(row.price), .eur))
        }
    }

    @Test("every time in the embedded sample is consistent: local minus UTC is the airport's offset")
    func embeddedTimesAreConsistent() async throws {
        let offsetHours = ["VIE": 1, "BCN": 1, "AMS": 1, "ZRH": 1, "SAW": 3, "DXB": 4]
        let provider = KiwiProvider()
        let offers = try await provider.search(SearchQuery(), using: .embedded(for: provider)).offers
        for offer in offers {
            let leg = try #require(offer.product.itinerary?.legs.first)
            for segment in leg.segments {
                for (time, airport) in [(segment.departure, segment.origin), (segment.arrival, segment.destination)] {
                    let wallClock = try #require(time?.local)
                    let instant = try #require(time?.utc)
                    let offset = try #require(offsetHours[airport.airport ?? ""])
                    #expect(
                        wallClock.minutesSinceEpoch * 60 - Int64(instant.timeIntervalSince1970)
                            == Int64(offset * 3600), "\(segment.flightDesignator) at \(airport.airport ?? "?")")
                }
            }
            let start = try #require(leg.departure?.utc)
            let end = try #require(leg.arrival?.utc)
            #expect(leg.duration == .seconds(Int64(end.timeIntervalSince(start))), "\(offer.id)")
        }
    }

    @Test("the one-stop sample itinerary keeps both segments and the connection airport")
    func embeddedConnection() async throws {
        let provider = KiwiProvider()
        let offers = try await provider.search(SearchQuery(), using: .embedded(for: provider)).offers
        let offer = try #require(offers.first { $0.sources.first?.reference.contains("|") == true })
        let itinerary = try #require(offer.product.itinerary)
        #expect(itinerary.stops == 1)
        let segments = itinerary.segments
        try #require(segments.count == 2)
        #expect(segments[0].destination.airport == "ZRH")
        #expect(segments[0].destination.country == nil, "only the trip's two ends carry Kiwi's countries")
        #expect(segments[1].origin.airport == "ZRH")
        #expect(segments[1].destination == Place(airport: "BCN", city: "BCN", cityName: "Barcelona", country: "ES"))
        #expect(itinerary.duration == .seconds(4 * 3600 + 40 * 60))
    }

    // MARK: The live request

    @Test("a live search asks GET /v2/search with Tequila's parameters in order, and no key of its own")
    func liveRequest() async throws {
        let provider = KiwiProvider()
        let transport = SampleTransport(samples: provider.descriptor.samples.responses)
        let client = ProviderClient(
            testing: "kiwi", on: .remote(try #require(provider.descriptor.live.first?.url)),
            samples: EmbeddedResponses([:]), transport: transport)
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDate: LocalDate(year: 2026, month: 12, day: 18),
            currency: .eur, sort: .duration)

        let response = try await provider.search(query, using: client)

        #expect(response.offers.count == 16)
        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.method == .get)
        #expect(request.url.host == "api.tequila.kiwi.com")
        #expect(request.url.path == "/v2/search")
        #expect(request.headers["apikey"] == nil, "the key is the core's to add")
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(
            items.map { "\($0.name)=\($0.value ?? "")" } == [
                "fly_from=VIE", "fly_to=BCN", "date_from=18/12/2026", "date_to=18/12/2026", "flight_type=oneway",
                "adults=1", "children=0", "infants=0", "curr=EUR", "limit=200", "sort=duration",
            ])
    }

    @Test("a round trip to anywhere sends return dates, no destination, the party, the larger limit and the sort")
    func liveRoundTripRequest() async throws {
        let provider = KiwiProvider()
        let transport = SampleTransport(samples: provider.descriptor.samples.responses)
        let client = ProviderClient(
            testing: "kiwi", on: .remote(try #require(URL(string: "https://proxy.example/kiwi"))),
            samples: EmbeddedResponses([:]), transport: transport)
        let query = SearchQuery(
            departureDate: LocalDate(year: 2026, month: 12, day: 5),
            returnDate: LocalDate(year: 2027, month: 1, day: 9),
            passengers: Passengers(adults: 2), currency: .usd, sort: .best, limit: 500)

        _ = try await provider.search(query, using: client)

        let request = try #require(transport.requests.first)
        #expect(request.url.path == "/kiwi/v2/search")
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(
            items.map { "\($0.name)=\($0.value ?? "")" } == [
                "date_from=05/12/2026", "date_to=05/12/2026", "return_from=09/01/2027", "return_to=09/01/2027",
                "flight_type=round", "adults=2", "children=0", "infants=0", "curr=USD", "limit=500", "sort=quality",
            ])
    }

    @Test(
        "each sort key maps to Tequila's sort",
        arguments: [(SortKey.price, "price"), (.duration, "duration"), (.departure, "date"), (.best, "quality")])
    func sortMapping(key: SortKey, expected: String) async throws {
        let provider = KiwiProvider()
        let transport = SampleTransport(samples: provider.descriptor.samples.responses)
        let client = ProviderClient(
            testing: "kiwi", on: .remote(try #require(provider.descriptor.live.first?.url)),
            samples: EmbeddedResponses([:]), transport: transport)
        _ = try await provider.search(SearchQuery(sort: key), using: client)
        let url = try #require(transport.requests.first?.url)
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.first { $0.name == "sort" }?.value == expected)
    }

    // MARK: Endpoints and failures

    @Test("a file:// endpoint pointing at a recorded response reads it")
    func fileEndpoint() async throws {
        let response = try await KiwiProvider().search(
            SearchQuery(), using: KiwiFixtures.client(fixture: "saw-istanbul.json"))
        #expect(response.offers.map(\.sources.first?.reference) == ["9a8b7c6d5e4f40000dd4e5f6_0"])
        #expect(response.offers.first?.sources.first?.retrievedAt == KiwiFixtures.retrievedAt)
    }

    @Test(
        "a body that is not a Kiwi answer is a malformed response with a readable message",
        arguments: [
            ("<html><body><h1>502 Bad Gateway</h1></body></html>", "not JSON"),
            (#"{"currency": "EUR", "data": [{"id": "x", "price": 1"#, "not in the expected format"),
            (#"{"currency": "euros", "data": []}"#, "currency"),
            (#"{"currency": "EUR", "search_id": "x"}"#, "data is missing"),
            (#"{"currency": "EUR", "data": {"id": "x"}}"#, "data"),
        ])
    func malformedBody(body: String, hint: String) async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await KiwiProvider().search(SearchQuery(), using: KiwiFixtures.client(body: body))
        }
        #expect(error.code == .malformedResponse)
        #expect(error.provider == "kiwi")
        #expect(error.message.contains(hint), "\(error.message)")
        #expect(!error.message.contains("\n"))
    }

    @Test("the embedded sample cut in half is a malformed response")
    func truncatedSample() async throws {
        let sample = try KiwiFixtures.embeddedSample()
        let error = try await #require(throws: ProviderError.self) {
            try await KiwiProvider().search(
                SearchQuery(), using: KiwiFixtures.client(body: String(sample.prefix(sample.count / 2))))
        }
        #expect(error.code == .malformedResponse)
        #expect(error.description.hasPrefix("kiwi: the response"))
    }

    @Test("bad records are skipped and counted while the good ones map")
    func badRecords() async throws {
        let response = try await KiwiFixtures.search("bad-records.json")
        // Two records fail to decode (route not a list, id missing) and four decode but cannot be
        // offers (price "free", price null, empty route, no departure time).
        #expect(response.skipped == 6)
        #expect(
            response.offers.map(\.sources.first?.reference) == [
                "4e5f6a7b8c9d40000b18c9d0_0", "5f6a7b8c9d0e40000c29d0e1_0",
            ])
        #expect(response.offers.map(\.price) == [Money(76, .eur), Money(132, .eur)])
    }

    @Test("an itinerary Kiwi repeats becomes one offer once screened, the repeat counted as a repeat, not skipped")
    func duplicateItinerary() async throws {
        let response = ResponseScreen().screen(try await KiwiFixtures.search("duplicates.json")).response
        #expect(response.offers.count == 1)
        #expect(response.repeats == 1)
        #expect(response.skipped == 0, "the repeat was read: nothing is wrong with it")
    }

    @Test("repeats among many records are dropped once screened: the others keep Kiwi's order, each repeat counts")
    func repeatsAmongManyRecordsKeepTheOrder() async throws {
        let sample = try KiwiFixtures.embeddedSample()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(sample.utf8)) as? [String: Any])
        let records = try #require(root["data"] as? [Any])
        let once = try await KiwiProvider().search(SearchQuery(), using: KiwiFixtures.client(body: sample)).offers
        // Enough records to be read on several threads, with every record repeated right after its first copy
        // and the first one repeated at the end.
        let count = 300 / records.count + 1
        var repeated: [Any] = []
        for _ in 0..<count { repeated += records.flatMap { [$0, $0] } }
        repeated.append(records[0])
        var answer = root
        answer["data"] = repeated
        let body = String(decoding: try JSONSerialization.data(withJSONObject: answer), as: UTF8.self)
        let sent = try await KiwiProvider().search(SearchQuery(), using: KiwiFixtures.client(body: body))
        #expect(sent.offers.count == repeated.count, "the provider maps every record; the runner's screen drops")
        let response = ResponseScreen().screen(sent).response
        #expect(response.offers.map(\.id) == once.map(\.id))
        #expect(response.repeats == repeated.count - once.count)
        #expect(response.skipped == 0)
    }
}
