import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import SunWeb
import Testing

@Suite("SunWebProvider")
struct SunWebProviderTests {
    @Test("passes the provider conformance kit one-way")
    func conformanceOneWay() async throws {
        try await ProviderConformance.check(SunWebProvider())
    }

    @Test("passes the provider conformance kit for round trips")
    func conformanceRoundTrip() async throws {
        try await ProviderConformance.check(SunWebProvider(), query: SearchQuery(roundTrip: true))
    }

    @Test("describes itself as SunWeb flights in EUR that can pair round trips but has no dates")
    func descriptor() {
        let descriptor = SunWebProvider().descriptor
        #expect(descriptor.id == "sunweb")
        #expect(descriptor.displayName == "SunWeb")
        #expect(descriptor.categories == [.flights])
        #expect(descriptor.nativeCurrency == .eur)
        #expect(descriptor.capabilities == [.roundTrips])
        #expect(descriptor.live.first?.url.absoluteString == "https://api.sunweb.nl")
        #expect(descriptor.samples.responses.bodies.keys.sorted() == ["airlines", "flights"])
    }

    // MARK: The embedded sample

    @Test("one-way: every outbound and every inbound flight is an offer, in SunWeb's order")
    func embeddedOneWay() async throws {
        let response = try await SunWebFixtures.searchEmbedded()
        #expect(response.skipped == 0)
        #expect(response.notes.isEmpty)
        #expect(response.offers.map(\.reference) == ["101", "102", "103", "104", "105", "201", "202", "203"])
        #expect(
            response.offers.map(\.route) == [
                "VIE-BCN", "VIE-BCN", "AMS-BCN", "AMS-BCN", "VIE-AMS", "BCN-VIE", "BCN-VIE", "BCN-AMS",
            ])
        #expect(response.offers.map(\.price.amount) == [92, 155, 79, 88, 99, 87, 149, 81])
        #expect(response.offers.allSatisfy { $0.price.currency == .eur && $0.priceBasis == .perPerson })
        #expect(
            response.offers.map(\.carrierNames) == [
                ["Vueling (Vueling Airlines)"], ["Austrian Airlines"], ["Transavia"], ["Vueling (Vueling Airlines)"],
                ["Eurowings"], ["Vueling (Vueling Airlines)"], ["Austrian Airlines"], ["Transavia"],
            ])
        #expect(
            response.offers.allSatisfy { !$0.carrierNames.contains("Iberia") }, "an airline may have no flights")
    }

    @Test("maps the first flight field by field: no code, number, times, link or seats are invented")
    func embeddedFirstFlight() async throws {
        let offer = try #require(try await SunWebFixtures.searchEmbedded().offers.first)
        #expect(offer.id == sunWebID(101))
        #expect(offer.price == Money(92, .eur))
        #expect(offer.priceBasis == .perPerson)
        #expect(offer.imageURL?.absoluteString == "https://static.sunweb.nl/airlines/vueling/main.jpg")
        #expect(offer.tags.isEmpty)

        let source = try #require(offer.sources.first)
        #expect(source.provider == "sunweb")
        #expect(source.reference == "101")
        #expect(source.price == Money(92, .eur))
        #expect(source.deepLink == nil)
        #expect(source.seatsLeft == nil)
        #expect(source.retrievedAt == SunWebFixtures.retrievedAt)

        let itinerary = try #require(offer.product.itinerary)
        #expect(itinerary.legs.count == 1)
        #expect(itinerary.duration == nil)
        let segment = try #require(itinerary.segments.first)
        #expect(
            segment
                == Segment(
                    carrier: Carrier(
                        code: nil, name: "Vueling (Vueling Airlines)", headline: "Fly smart to Barcelona",
                        logoURL: URL(string: "https://static.sunweb.nl/airlines/vueling/logo.png")),
                    flightNumber: nil, origin: Place(airport: "VIE"), destination: Place(airport: "BCN"),
                    departure: nil, arrival: nil))
    }

    @Test("round trip: Vienna pairs 2×2, Amsterdam 2×1, and the Eurowings flight with no way back pairs with none")
    func embeddedRoundTrips() async throws {
        let response = try await SunWebFixtures.searchEmbedded(SearchQuery(roundTrip: true))
        #expect(response.skipped == 0)
        #expect(
            response.offers.map(\.reference) == ["101+201", "101+202", "102+202", "102+201", "103+203", "104+203"])
        #expect(response.offers.map(\.price.amount) == [179, 241, 304, 242, 160, 169])
        #expect(response.offers.filter { $0.origin?.airport == "VIE" }.count == 4)
        #expect(response.offers.filter { $0.origin?.airport == "AMS" }.count == 2)
        #expect(!response.offers.contains { $0.reference?.hasPrefix("105+") == true })
        #expect(
            response.offers.map(\.id) == [
                sunWebID(101, 201), sunWebID(101, 202), sunWebID(102, 202), sunWebID(102, 201), sunWebID(103, 203),
                sunWebID(104, 203),
            ])
    }

    @Test("a round-trip offer has the outbound leg then the reverse inbound leg, each with its own carrier")
    func embeddedRoundTripLegs() async throws {
        let offers = try await SunWebFixtures.searchEmbedded(SearchQuery(roundTrip: true)).offers
        let offer = try #require(offers.first { $0.reference == "101+202" })
        let itinerary = try #require(offer.product.itinerary)
        #expect(itinerary.isRoundTrip)
        #expect(offer.route == "VIE-BCN/BCN-VIE")
        #expect(offer.carrierNames == ["Vueling (Vueling Airlines)", "Austrian Airlines"])
        #expect(itinerary.legs.map(\.segments.count) == [1, 1])
        #expect(offer.price == Money(241, .eur))
        #expect(offer.priceBasis == .perPerson)
        #expect(offer.imageURL?.absoluteString == "https://static.sunweb.nl/airlines/vueling/main.jpg")
        #expect(itinerary.segments.allSatisfy { $0.departure == nil && $0.arrival == nil })
    }

    @Test("a return date makes the query a round trip, so pairs come back")
    func returnDateMeansRoundTrip() async throws {
        let response = try await SunWebFixtures.searchEmbedded(SearchQuery(returnDate: day("2026-12-20")))
        #expect(response.offers.count == 6)
        #expect(response.offers.allSatisfy { $0.product.itinerary?.legs.count == 2 })
    }

    @Test("one-way and round-trip ids never collide, and are the same on every run")
    func idsAreDistinctAndStable() async throws {
        let oneWay = try await SunWebFixtures.searchEmbedded().offers.map(\.id)
        let roundTrip = try await SunWebFixtures.searchEmbedded(SearchQuery(roundTrip: true)).offers.map(\.id)
        #expect(Set(oneWay).isDisjoint(with: roundTrip))
        #expect(Set(oneWay + roundTrip).count == oneWay.count + roundTrip.count)
        #expect(oneWay == (try await SunWebFixtures.searchEmbedded().offers.map(\.id)))
        #expect(oneWay.allSatisfy { $0.hasPrefix("sunweb-") })
    }

    // MARK: Through the pipeline

    @Test("through the aggregator: --from VIE --round-trip keeps Vienna's four pairs, unmerged and noted for nothing")
    func throughTheAggregator() async throws {
        let aggregator = try Aggregator(providers: [SunWebProvider()], transport: UnreachableTransport())
        let result = await aggregator.search(SearchQuery(origin: "VIE", roundTrip: true))
        #expect(result.offers.count == 4)
        #expect(result.offers.allSatisfy { $0.sources.count == 1 })
        #expect(result.outcomes.first?.status == .ok)
        #expect(result.outcomes.first?.notes == [])
        #expect(result.offers.first?.price == Money(179, .eur), "cheapest first")
    }

    @Test("through the aggregator: --date cannot be honoured, which the pipeline says by itself")
    func dateCannotBeHonoured() async throws {
        let aggregator = try Aggregator(providers: [SunWebProvider()], transport: UnreachableTransport())
        let result = await aggregator.search(SearchQuery(departureDate: day("2026-12-18")))
        #expect(result.outcomes.first?.notes == [.cannotHonour([.departureDate], lacking: .dates)])
        #expect(result.offers.isEmpty)
        #expect(result.hints.contains { $0.dropped == [.departureDate] && $0.offers == 8 })
    }

    // MARK: Requests

    @Test("a live search asks GET /flights and GET /airlines under the base path, with no query items")
    func liveRequests() async throws {
        let provider = SunWebProvider()
        let transport = SampleTransport(samples: provider.descriptor.samples.responses)
        let client = ProviderClient.embedded(
            for: provider, servedOver: URL(string: "https://api.sunweb.nl/v1"), transport: transport)

        let response = try await provider.search(SearchQuery(origin: "VIE", roundTrip: true), using: client)

        #expect(response.offers.count == 6, "the service takes no route: the pipeline filters")
        #expect(response.notes.isEmpty)
        let requests = transport.requests
        #expect(requests.count == 2)
        #expect(requests.map(\.url.path).sorted() == ["/v1/airlines", "/v1/flights"])
        for request in requests {
            #expect(request.method == .get)
            #expect(request.url.host == "api.sunweb.nl")
            #expect(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems == nil)
        }
    }

    @Test("both requests are in flight at once: each is held until the other arrives")
    func requestsAreConcurrent() async throws {
        let transport = RendezvousTransport(expected: 2)
        let response = try await SunWebProvider().search(
            SearchQuery(), using: try SunWebFixtures.client(live: transport))
        #expect(transport.timedOut.isEmpty, "no request waited in vain for the other")
        #expect(transport.arrivals.sorted() == ["airlines", "flights"])
        #expect(response.offers.count == 8)
        #expect(response.notes.isEmpty)
    }

    // MARK: Endpoints

    @Test("a file:// folder endpoint reads flights.json and airlines.json from it")
    func fileFolderEndpoint() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("sunweb-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = SunWebProvider().descriptor.samples.responses.bodies
        try Data(try #require(samples["flights"]).utf8).write(to: folder.appendingPathComponent("flights.json"))
        let airlines = #"{"airlines": [{"id": "Vueling", "name": "Vueling from a file"}]}"#
        try Data(airlines.utf8).write(to: folder.appendingPathComponent("airlines.json"))

        let response = try await SunWebProvider().search(
            SearchQuery(), using: SunWebFixtures.client(endpoint: .file(folder)))

        #expect(response.offers.count == 8)
        #expect(
            response.offers.first?.carrierNames == ["Vueling from a file"], "the folder's airlines, not the samples'")
        #expect(response.offers.first?.sources.first?.retrievedAt == SunWebFixtures.retrievedAt)
        #expect(response.notes.isEmpty)
    }

    @Test("a folder without airlines.json still maps its flights, by airline key, and says why")
    func fileFolderWithoutAirlines() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("sunweb-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flights = try #require(SunWebProvider().descriptor.samples.responses.bodies["flights"])
        try Data(flights.utf8).write(to: folder.appendingPathComponent("flights.json"))

        let response = try await SunWebProvider().search(
            SearchQuery(), using: SunWebFixtures.client(endpoint: .file(folder)))

        #expect(response.offers.count == 8)
        #expect(response.offers.first?.carrierNames == ["Vueling"])
        let note = try #require(response.notes.first)
        #expect(response.notes.count == 1)
        #expect(note.contains("airline list was unavailable"))
        #expect(note.contains("airlines.json"), "\(note)")
    }

    @Test("a file:// endpoint that is one flights file serves both requests: flights map, airlines are noted")
    func singleFileEndpoint() async throws {
        let response = try await SunWebProvider().search(
            SearchQuery(), using: SunWebFixtures.client(endpoint: .file(SunWebFixtures.url("pairing/flights.json"))))
        #expect(response.offers.map(\.reference) == ["501", "502", "601", "602", "603", "604", "605"])
        #expect(response.notes.count == 1)
        #expect(response.notes.first?.contains("airlines is missing") == true, "\(response.notes)")
    }

    // MARK: Failures

    @Test("when the airlines request fails, offers still map with the airline key as name and a note")
    func airlinesRequestFails() async throws {
        let transport = RoutedTransport(failing: ["airlines"], status: 503)
        let response = try await SunWebProvider().search(
            SearchQuery(roundTrip: true), using: try SunWebFixtures.client(live: transport))

        #expect(transport.requests.count == 2, "flights and airlines once each: retrying is the transport stack's job")
        #expect(response.offers.count == 6)
        #expect(response.skipped == 0)
        let offer = try #require(response.offers.first)
        #expect(offer.carrierNames == ["Vueling", "Vueling"])
        #expect(offer.imageURL == nil)
        #expect(offer.product.itinerary?.segments.allSatisfy { $0.carrier.headline == nil } == true)
        #expect(offer.product.itinerary?.segments.allSatisfy { $0.carrier.logoURL == nil } == true)
        #expect(offer.product.itinerary?.segments.allSatisfy { $0.carrier.code == nil } == true)
        #expect(
            response.notes == [
                "the airline list was unavailable (the service answered HTTP 503 Service Unavailable with an HTML page), "
                    + "so airlines are shown by SunWeb's own code for them"
            ])
    }

    @Test("an airlines body that cannot be read is treated like a failed request: noted, never fatal")
    func airlinesBodyMalformed() async throws {
        let response = try await SunWebProvider().search(
            SearchQuery(), using: SunWebFixtures.client(replacing: ["airlines": "<html>oops</html>"]))
        #expect(response.offers.count == 8)
        #expect(response.offers.first?.carrierNames == ["Vueling"])
        #expect(response.notes.count == 1)
        #expect(response.notes.first?.contains("not JSON") == true, "\(response.notes)")
    }

    @Test("when the flights request fails the search fails with that error, whatever the airlines did")
    func flightsRequestFails() async throws {
        let transport = RoutedTransport(failing: ["flights"], status: 500)
        let error = try await #require(throws: ProviderError.self) {
            try await SunWebProvider().search(SearchQuery(), using: try SunWebFixtures.client(live: transport))
        }
        #expect(error.code == .httpStatus)
        #expect(error.provider == "sunweb")
        #expect(error.message.contains("HTTP 500"))
    }

    @Test(
        "a flights body that is not a SunWeb answer is a malformed response with a readable message",
        arguments: [
            ("<html><body><h1>502 Bad Gateway</h1></body></html>", "not JSON"),
            (#"{"data": {"outboundFlights": [{"id": 1"#, "broken or cut-off JSON"),
            ("[]", "the document is not an object"),
            (#"{"flights": []}"#, "data is missing"),
            (#"{"data": [{"id": 1}]}"#, "data"),
            (#"{"data": {"outboundFlights": []}}"#, "data.inboundFlights is missing"),
            (#"{"data": {"outboundFlights": {}, "inboundFlights": []}}"#, "data.outboundFlights is not an array"),
        ])
    func malformedFlights(body: String, hint: String) async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await SunWebProvider().search(SearchQuery(), using: SunWebFixtures.client(replacing: ["flights": body]))
        }
        #expect(error.code == .malformedResponse)
        #expect(error.provider == "sunweb")
        #expect(error.message.contains(hint), "\(error.message)")
        #expect(!error.message.contains("\n"))
    }

    @Test("a missing embedded flights sample is a configuration error, not a crash")
    func missingFlightsSample() async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await SunWebProvider().search(SearchQuery(), using: SunWebFixtures.client(replacing: ["flights": nil]))
        }
        #expect(error.code == .configuration)
    }
}
