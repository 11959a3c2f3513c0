import AggregatorCore
import AggregatorTestSupport
import Foundation
import Kiwi
import ProviderKit
import ProviderTestKit
import Testing

/// Kiwi's keyless service: its public MCP server's `search-flight` tool, played by a loopback server that
/// answers in JSON without sessions as Kiwi's does, in both answer shapes public clients have seen.
@Suite("Kiwi's public MCP server, on loopback")
struct KiwiMCPTests {
    /// A client on an MCP server on loopback.
    static func client(_ server: LoopbackMCPServer) -> ProviderClient {
        ProviderClient(
            testing: "kiwi", on: .mcp(server.baseURL), transport: URLSessionTransport(),
            now: { KiwiFixtures.retrievedAt })
    }

    /// A server whose tool answers with a fixture's text, written the way Kiwi's server writes it: a `text`
    /// content holding the document as a JSON string, to be read twice.
    static func server(fixture name: String) throws -> LoopbackMCPServer {
        let quoted = try Self.quoted(KiwiFixtures.text(name))
        return try LoopbackMCPServer(style: .stateless) { tool, _ in
            tool == "search-flight" ? .text(quoted) : .error("Unknown tool: \(tool)")
        }
    }

    /// Text as a JSON string.
    static func quoted(_ text: String) -> String {
        var json = JSONWriter(style: .compact)
        json.string(text)
        return json.text
    }

    static let oneDay = SearchQuery(origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18"))

    /// The arguments of every tool call a server received, as JSON objects.
    static func arguments(_ server: LoopbackMCPServer) throws -> [[String: Any]] {
        try server.messages.filter { $0.method == "tools/call" }.map { message in
            let object = try JSONSerialization.jsonObject(with: Data((message.arguments ?? "{}").utf8))
            return try #require(object as? [String: Any])
        }
    }

    // MARK: - The request

    @Test("the descriptor asks Tequila when its key is set, else the keyless MCP server")
    func liveServices() throws {
        let live = KiwiProvider().descriptor.live
        #expect(live.map(\.url.absoluteString) == ["https://api.tequila.kiwi.com", "mcp+https://mcp.kiwi.com"])
        #expect(live.first?.signIn == .header("apikey"))
        #expect(live.last?.signIn == SignIn.none)
        let service = KiwiProvider().descriptor.service(for: .mcp(try #require(URL(string: "http://127.0.0.1:9/mcp"))))
        #expect(service?.signIn == SignIn.none, "an MCP endpoint is the keyless service, never Tequila's key")
    }

    @Test("one call of search-flight with the documented arguments; a server without sessions is used without")
    func oneCallWithItsArguments() async throws {
        let server = try Self.server(fixture: "mcp-result.json")
        defer { server.stop() }
        let query = SearchQuery(
            origins: ["VIE", "BRQ"], destination: "BCN", departureDates: DateRange(parsing: "2026-12-18"),
            passengers: Passengers(adults: 2, children: 1, infants: 1), cabin: .business, currency: .usd)
        _ = try await KiwiProvider().search(query, using: Self.client(server))
        let messages = server.messages
        #expect(messages.map(\.method) == ["initialize", "notifications/initialized", "tools/call"])
        #expect(messages.allSatisfy { $0.sessionID == nil })
        #expect(messages.allSatisfy { $0.headers["apikey"] == nil }, "the keyless service gets no key")
        #expect(messages.last?.tool == "search-flight")
        #expect(
            messages.last?.arguments
                == #"{"flyFrom":"VIE,BRQ","flyTo":"BCN","departureDate":"18/12/2026","adults":2,"children":1,"#
                + #""infants":1,"cabinClass":"C","currency":"USD","sort":"price"}"#)
    }

    @Test("a round trip sends its return day; no cabin asked sends none")
    func roundTripArguments() async throws {
        let server = try Self.server(fixture: "mcp-itineraries.json")
        defer { server.stop() }
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDate: day("2026-12-18"), returnDate: day("2026-12-20"))
        _ = try await KiwiProvider().search(query, using: Self.client(server))
        let arguments = try #require(try Self.arguments(server).first)
        #expect(arguments["departureDate"] as? String == "18/12/2026")
        #expect(arguments["returnDate"] as? String == "20/12/2026")
        #expect(arguments["cabinClass"] == nil)
        #expect(arguments["currency"] as? String == "EUR")
    }

    @Test("a range of days asks each day once, never more than four at a time")
    func rangeOfDays() async throws {
        let flight = Concurrency()
        let body = Self.quoted(try KiwiFixtures.text("mcp-itineraries.json"))
        let server = try LoopbackMCPServer(style: .stateless) { _, _ in
            flight.enter()
            defer { flight.leave() }
            // Long enough that calls made together overlap on the server.
            Thread.sleep(forTimeInterval: 0.2)
            return .text(body)
        }
        defer { server.stop() }
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18..2026-12-26"))
        // As the runner screens it: an offer two answers both give is dropped and counted there.
        let response = ResponseScreen().screen(try await KiwiProvider().search(query, using: Self.client(server)))
            .response
        let days = try Self.arguments(server).compactMap { $0["departureDate"] as? String }
        #expect(days.sorted() == (18...26).map { "\($0)/12/2026" }, "each day once")
        #expect(flight.most <= 4, "at most four calls at a time, saw \(flight.most)")
        #expect(flight.most >= 2, "calls are made side by side")
        #expect(response.offers.count == 3, "the same answer every day gives each trip once")
    }

    @Test("a round trip over ranges asks each pair of days once, a return before the departure never")
    func rangesOfRoundTrips() async throws {
        let server = try Self.server(fixture: "mcp-itineraries.json")
        defer { server.stop() }
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18..2026-12-20"),
            returnDates: DateRange(parsing: "2026-12-19..2026-12-20"))
        _ = try await KiwiProvider().search(query, using: Self.client(server))
        let pairs = try Self.arguments(server).map {
            "\($0["departureDate"] as? String ?? "")-\($0["returnDate"] as? String ?? "")"
        }
        #expect(
            pairs.sorted() == [
                "18/12/2026-19/12/2026", "18/12/2026-20/12/2026", "19/12/2026-19/12/2026", "19/12/2026-20/12/2026",
                "20/12/2026-20/12/2026",
            ])
    }

    @Test("without a route and a day the keyless service is not asked, and says what to add")
    func notAsked() async throws {
        let server = try Self.server(fixture: "mcp-itineraries.json")
        defer { server.stop() }
        let cases: [(SearchQuery, [QueryField])] = [
            (SearchQuery(), [.origin, .destination, .departureDate]),
            (SearchQuery(origin: "VIE", departureDates: DateRange(parsing: "2026-12-18")), [.destination]),
            (
                SearchQuery(
                    origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18"),
                    roundTrip: true), [.returnDate]
            ),
        ]
        for (query, missing) in cases {
            let error = await #expect(throws: ProviderError.self) {
                try await KiwiProvider().search(query, using: Self.client(server))
            }
            #expect(error?.code == .notAsked)
            #expect(error?.remedy == .addFields(missing))
        }
        #expect(server.messages.isEmpty, "nothing is sent")
    }

    // MARK: - The list of itineraries

    @Test("the list shape: airports through each layover, wall clocks and instants, a price for the party")
    func itineraryList() async throws {
        let server = try Self.server(fixture: "mcp-itineraries.json")
        defer { server.stop() }
        var query = Self.oneDay
        query.passengers = Passengers(adults: 2)
        let response = try await KiwiProvider().search(query, using: Self.client(server))
        #expect(response.skipped == 0)
        #expect(response.notes.isEmpty)
        try #require(response.offers.count == 3)

        let direct = response.offers[0]
        let segment = try #require(direct.product.itinerary?.segments.first)
        #expect(segment.origin == Place(airport: "VIE", cityName: "Vienna"))
        #expect(segment.destination == Place(airport: "BCN", cityName: "Barcelona"))
        #expect(
            segment.departure == FlightTime(local: try local("2026-12-18 12:30"), utc: try utc("2026-12-18T11:30:00Z")))
        #expect(
            segment.arrival == FlightTime(local: try local("2026-12-18 15:05"), utc: try utc("2026-12-18T14:05:00Z")))
        #expect(segment.carrier == Carrier(code: nil), "the list shape names no carrier")
        #expect(segment.flightNumber == nil)
        #expect(direct.price == Money(98, .eur))
        #expect(direct.priceBasis == .total)
        #expect(direct.onlySource?.pricedFor == Passengers(adults: 2), "the party asked for")
        #expect(direct.onlySource?.deepLink?.absoluteString == "https://on.kiwi.com/vY1815a")
        #expect(direct.onlySource?.reference == "itineraries[0]")
        #expect(direct.product.itinerary?.legs.first?.duration == .seconds(9300))
        #expect(direct.tags.isEmpty)

        let connecting = try #require(response.offers[1].product.itinerary?.segments)
        #expect(
            connecting.map { "\($0.origin.airport ?? "?")-\($0.destination.airport ?? "?")" } == ["VIE-ZRH", "ZRH-BCN"])
        #expect(connecting[0].arrival?.local == (try local("2026-12-18 08:15")))
        #expect(connecting[1].departure?.utc == (try utc("2026-12-18T08:40:00Z")))
        #expect(connecting[0].destination.cityName == "Zurich" && connecting[0].destination.city == "ZRH")
        #expect(response.offers[1].price == Money(121, .eur))

        let legs = try #require(response.offers[2].product.itinerary?.legs)
        #expect(legs.count == 2)
        #expect(legs[1].origin?.airport == "BCN" && legs[1].destination?.airport == "VIE")
        #expect(legs[1].departure?.local == (try local("2026-12-20 19:35")))
        #expect(legs.map(\.duration) == [.seconds(9300), .seconds(9000)])
        #expect(response.offers[2].price == Money(decimal("189.5"), .eur))
    }

    // MARK: - The search result object

    @Test("the object shape: carriers and flight numbers, wall clocks only, the stated party, included bags")
    func searchResult() async throws {
        let server = try Self.server(fixture: "mcp-result.json")
        defer { server.stop() }
        let response = try await KiwiProvider().search(Self.oneDay, using: Self.client(server))
        #expect(response.skipped == 0)
        try #require(response.offers.count == 3)

        let direct = response.offers[0]
        let segment = try #require(direct.product.itinerary?.segments.first)
        #expect(segment.flightDesignator == "VY 1815", "VY1815 is VY's flight 1815")
        #expect(segment.departure == FlightTime(local: try local("2026-12-18 12:30")), "a local time is no instant")
        #expect(segment.arrival == FlightTime(local: try local("2026-12-18 15:05")))
        #expect(segment.cabin == .economy)
        #expect(direct.price == Money(196, .eur))
        #expect(direct.onlySource?.reference == "a1d6ba0f4f7d0000d1b0b99a_0")
        #expect(direct.onlySource?.pricedFor == Passengers(adults: 2), "the answer's own party")
        #expect(direct.onlySource?.bagFees?.fee(forBags: 1) == Money(0, .eur), "two checked bags for two travellers")
        #expect(direct.onlySource?.bagFees?.fee(forBags: 2) == nil)
        #expect(direct.product.itinerary?.legs.first?.duration == .seconds(9300))
        #expect(direct.tags.isEmpty)

        let joined = response.offers[1]
        #expect(joined.flightDesignators == ["LH 1235, VY 1645"])
        #expect(joined.tags == [.selfTransfer], "two carriers with no through fare")
        #expect(joined.onlySource?.bagFees == nil, "no checked bag included")

        let roundTrip = response.offers[2]
        #expect(roundTrip.flightDesignators == ["OS 395", "OS 396"])
        #expect(roundTrip.product.itinerary?.legs.last?.departure?.local == (try local("2026-12-21 10:35")))
        #expect(roundTrip.product.itinerary?.legs.map(\.duration) == [nil, nil], "only the whole trip's is stated")
        #expect(roundTrip.onlySource?.bagFees?.fee(forBags: 2) == Money(0, .eur), "four bags for two travellers")
        #expect(roundTrip.tags.isEmpty, "one carrier each way")
    }

    @Test("a non-null error is a failure that quotes it")
    func resultError() async throws {
        let server = try Self.server(fixture: "mcp-result-error.json")
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await KiwiProvider().search(Self.oneDay, using: Self.client(server))
        }
        #expect(error?.code == .httpStatus)
        #expect(
            error?.message == "the service answered with an error: Invalid departure date: 18/12/2024 is in the past")
    }

    @Test("a tool error is a failure that quotes the server's words")
    func toolError() async throws {
        let server = try LoopbackMCPServer(style: .stateless) { _, _ in .error("flyFrom: Invalid location code") }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await KiwiProvider().search(Self.oneDay, using: Self.client(server))
        }
        #expect(error?.message == "the tool search-flight failed: flyFrom: Invalid location code")
    }

    @Test("an answer whose text is the document itself, not a JSON string, reads the same")
    func plainText() async throws {
        let text = try KiwiFixtures.text("mcp-result.json")
        let server = try LoopbackMCPServer(style: .stateless) { _, _ in .text(text) }
        defer { server.stop() }
        let response = try await KiwiProvider().search(Self.oneDay, using: Self.client(server))
        #expect(response.offers.count == 3)
    }

    // MARK: - Recordings and hostile answers

    @Test("a file:// recording of either MCP shape reads like the live answer, told apart from Tequila's by shape")
    func recordings() async throws {
        for name in ["mcp-itineraries.json", "mcp-result.json"] {
            let server = try Self.server(fixture: name)
            defer { server.stop() }
            let live = try await KiwiProvider().search(Self.oneDay, using: Self.client(server))
            let recorded = try await KiwiFixtures.search(name, query: Self.oneDay)
            #expect(recorded.offers == live.offers, "\(name)")
            #expect(!recorded.offers.isEmpty)
        }
        let error = await #expect(throws: ProviderError.self) {
            try await KiwiFixtures.search("mcp-result-error.json", query: Self.oneDay)
        }
        #expect(error?.message.contains("is in the past") == true)
    }

    @Test("hostile itineraries of the list shape are skipped and counted; what is kept links only to the web")
    func hostileList() async throws {
        let response = try await KiwiFixtures.search("mcp-hostile.json", query: Self.oneDay)
        #expect(response.skipped == 16)
        #expect(response.offers.map(\.price.amount) == [97, 96, 93])
        #expect(
            response.offers.map { $0.onlySource?.deepLink?.absoluteString } == [
                nil, nil, "https://on.kiwi.com/vY1815a",
            ])
        #expect(response.notes == ["dropped 2 booking links that were not web links"])
        let odd = try #require(response.offers.last?.product.itinerary?.legs.first)
        #expect(odd.duration == .seconds(9300), "1e300 seconds is no duration: the instants give it")
        #expect(odd.segments.first?.origin.cityName == "Vienna\u{1B}]0;owned\u{07}")
    }

    @Test("an object whose currency is not a currency, or whose itineraries are not a list, is rejected whole")
    func hostileResults() async throws {
        for (body, problem) in [
            (#"{"currency": "EURO", "itineraries": [], "resultsCount": 0}"#, "currency is not a currency code"),
            (#"{"currency": "EUR", "itineraries": {"0": {}}, "resultsCount": 1}"#, "itineraries is not an array"),
            (#"{"itineraries": [], "resultsCount": 0}"#, "currency is missing"),
        ] {
            let error = await #expect(throws: ProviderError.self) {
                try await KiwiProvider().search(Self.oneDay, using: KiwiFixtures.client(body: body))
            }
            #expect(error?.code == .malformedResponse)
            #expect(error?.message.contains(problem) == true, "\(error?.message ?? "") lacks \(problem)")
        }
        let empty = try await KiwiProvider().search(
            Self.oneDay, using: KiwiFixtures.client(body: #"{"currency": "EUR", "itineraries": null, "error": ""}"#))
        #expect(empty.offers.isEmpty, "a blank error and no itineraries is an empty answer")
    }
}

extension Offer {
    /// Each leg's flights as the table shows them.
    fileprivate var flightDesignators: [String] {
        product.itinerary?.legs.map { $0.segments.map(\.flightDesignator).joined(separator: ", ") } ?? []
    }
}

/// Counts the calls a server is answering at once, and the most it ever answered together.
final class Concurrency: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0
    private var highest = 0

    /// A call starts.
    func enter() {
        lock.withLock {
            now += 1
            highest = max(highest, now)
        }
    }

    /// A call ends.
    func leave() { lock.withLock { now -= 1 } }

    /// The most calls answered at once.
    var most: Int { lock.withLock { highest } }
}
