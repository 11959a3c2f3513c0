import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import Duffel

/// The offer requests a search makes: one per route and day, bodies as Duffel documents them, at most
/// four in flight, and a time budget that leaves Duffel room to answer before the deadline.
@Suite("Duffel requests")
struct DuffelRequestTests {
    /// A request body parsed the way the service would parse it.
    private func json(_ body: Data?) throws -> [String: Any] {
        let body = try #require(body)
        let root = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        return try #require(root["data"] as? [String: Any])
    }

    /// Searches the embedded sample served over a stub transport, returning what was sent.
    private func requests(for query: SearchQuery) async throws -> (ProviderResponse, [HTTPRequest]) {
        let provider = DuffelProvider()
        let transport = SampleTransport(samples: provider.descriptor.samples.responses)
        let client = ProviderClient.embedded(
            for: provider, servedOver: URL(string: "https://api.duffel.com"), transport: transport)
        // As the runner screens it: an offer two answers both give is dropped and counted there.
        let response = ResponseScreen().screen(try await provider.search(query, using: client)).response
        return (response, transport.requests)
    }

    @Test("one adult one way: a compact body with one slice and one adult, and nothing not asked for")
    func oneWayBody() async throws {
        let (response, sent) = try await requests(for: DuffelFixtures.query())
        #expect(response.offers.count == 6)
        let request = try #require(sent.first)
        #expect(sent.count == 1)
        #expect(request.method == .post)
        #expect(request.url.path == "/air/offer_requests")
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.map(\.name) == ["return_offers", "supplier_timeout"])
        #expect(items.first?.value == "true")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(
            request.body
                == Data(
                    (#"{"data":{"slices":[{"origin":"VIE","destination":"BCN","departure_date":"2026-12-18"}],"#
                        + #""passengers":[{"type":"adult"}]}}"#).utf8))
    }

    @Test("a family in premium economy on a round trip with at most one stop: every field of the body")
    func familyRoundTripBody() async throws {
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDate: day("2026-12-18"), returnDate: day("2026-12-22"),
            passengers: Passengers(adults: 2, children: 1, infants: 1), cabin: .premium, maxStops: 1)
        let (_, sent) = try await requests(for: query)
        let data = try json(try #require(sent.first).body)
        let slices = data["slices"] as? [[String: String]]
        #expect(
            slices == [
                ["origin": "VIE", "destination": "BCN", "departure_date": "2026-12-18"],
                ["origin": "BCN", "destination": "VIE", "departure_date": "2026-12-22"],
            ])
        let passengers = data["passengers"] as? [[String: String]] ?? []
        #expect(passengers.map { $0["type"] } == ["adult", "adult", "child", "infant_without_seat"])
        #expect(passengers.allSatisfy { $0.count == 1 })
        #expect(data["cabin_class"] as? String == "premium_economy")
        #expect(data["max_connections"] as? Int == 1)
        #expect(data.keys.sorted() == ["cabin_class", "max_connections", "passengers", "slices"])
    }

    @Test(
        "each cabin has Duffel's name",
        arguments: [
            (Cabin.economy, "economy"), (.premium, "premium_economy"), (.business, "business"), (.first, "first"),
        ])
    func cabins(cabin: Cabin, name: String) throws {
        var query = DuffelFixtures.query()
        query.cabin = cabin
        let request = try #require(DuffelSearchPlan(query).requests.first)
        let data = try json(DuffelSearchPlan.body(for: request, query: query))
        #expect(data["cabin_class"] as? String == name)
        #expect(DuffelSearchPlan.cabin(name) == cabin, "and the answer's cabin_class reads back")
    }

    @Test("several airports: one request per pair, each pair once, offers that repeat across answers once")
    func severalRoutes() async throws {
        let query = SearchQuery(
            origins: ["VIE", "BTS"], destinations: ["BCN", "GRO"], departureDate: day("2026-12-18"))
        let (response, sent) = try await requests(for: query)
        let pairs = try sent.map { request -> String in
            let slice = try #require((try json(request.body)["slices"] as? [[String: String]])?.first)
            return "\(slice["origin"] ?? "")-\(slice["destination"] ?? "")"
        }
        #expect(pairs.sorted() == ["BTS-BCN", "BTS-GRO", "VIE-BCN", "VIE-GRO"])
        #expect(response.offers.count == 6, "the sample answers every request alike: its offers count once")
        #expect(response.skipped == 0, "a repeat across answers is no bad record")
    }

    @Test("a range of days: one request per day, and past twelve combinations a note on what was left out")
    func dateRanges() async throws {
        let week = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18..2026-12-20"))
        let (weekResponse, weekSent) = try await requests(for: week)
        let days = try weekSent.map { try (json($0.body)["slices"] as? [[String: String]])?.first?["departure_date"] }
        #expect(days.compactMap { $0 }.sorted() == ["2026-12-18", "2026-12-19", "2026-12-20"])
        #expect(weekResponse.notes.isEmpty)

        let long = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-01..2026-12-20"))
        let (longResponse, longSent) = try await requests(for: long)
        #expect(longSent.count == DuffelSearchPlan.maximumRequests)
        #expect(
            longResponse.notes == [
                "Duffel is searched one route and day at a time: the first 12 of 20 were searched, "
                    + "earliest days first"
            ])
        let plan = DuffelSearchPlan(long)
        #expect(plan.requests.first?.departure == day("2026-12-01"))
        #expect(plan.requests.last?.departure == day("2026-12-12"))
        #expect(plan.leftOut == 8)
    }

    @Test("round-trip ranges pair each departure day with the return days on or after it")
    func roundTripRanges() throws {
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18..2026-12-19"),
            returnDates: DateRange(parsing: "2026-12-18..2026-12-19"))
        let plan = DuffelSearchPlan(query)
        let pairs = plan.requests.map { "\($0.departure)/\($0.returnDate.map(\.description) ?? "-")" }
        #expect(pairs == ["2026-12-18/2026-12-18", "2026-12-18/2026-12-19", "2026-12-19/2026-12-19"])
        #expect(plan.leftOut == 0)
    }

    @Test("supplier_timeout is 80 % of each round's share of the time left, in whole seconds, from 2 to 60")
    func supplierTimeout() {
        let one = DuffelSearchPlan(DuffelFixtures.query())
        #expect(one.supplierTimeout(timeLeft: .seconds(10)) == 8000)
        #expect(
            one.supplierTimeout(timeLeft: .milliseconds(9_950)) == 8000,
            "a few milliseconds spent before asking change nothing, so the cache key stays")
        #expect(one.supplierTimeout(timeLeft: .seconds(1)) == 2000)
        #expect(one.supplierTimeout(timeLeft: .zero) == 2000)
        #expect(one.supplierTimeout(timeLeft: .seconds(300)) == 60_000)
        let five = DuffelSearchPlan(
            SearchQuery(origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18..2026-12-22"))
        )
        #expect(five.requests.count == 5)
        #expect(five.supplierTimeout(timeLeft: .seconds(10)) == 4000, "two rounds of requests share the time")
    }

    @Test("at most four requests are in flight at once, and four are")
    func boundedConcurrency() async throws {
        let provider = DuffelProvider()
        let transport = GatedTransport(body: DuffelSamples.offerRequests, opensAt: 4)
        let client = ProviderClient(
            testing: "duffel", on: .remote(URL(string: "https://api.duffel.com")!),
            samples: provider.descriptor.samples.responses, transport: transport)
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18..2026-12-24"))
        // As the runner screens it: an offer two answers both give is dropped and counted there.
        let response = ResponseScreen().screen(try await provider.search(query, using: client)).response
        #expect(transport.started == 7)
        #expect(transport.mostInFlight == 4)
        #expect(response.offers.count == 6)
    }

    @Test("one failed request of several is a note with Duffel's message; the others' offers stay")
    func partialFailure() async throws {
        let provider = DuffelProvider()
        let failing = try DuffelFixtures.text("errors-422.json")
        let transport = ScriptedTransport { index in
            index == 1 ? HTTPResponse(status: 422, body: Data(failing.utf8)) : nil
        }
        let client = ProviderClient(
            testing: "duffel", on: .remote(URL(string: "https://api.duffel.com")!),
            samples: provider.descriptor.samples.responses, transport: transport)
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18..2026-12-19"))
        let response = try await provider.search(query, using: client)
        #expect(response.offers.count == 6)
        let note = try #require(response.notes.first)
        #expect(note.hasPrefix("1 of its 2 requests failed, the first for VIE→BCN on 2026-12-1"))
        #expect(note.contains("HTTP 422 Unprocessable Content: Field 'origin' is invalid: The airport 'XXX'"))
    }
}

/// Answers every request with `body`, but holds each one until `opensAt` requests have been in flight
/// together (or a minute passes, so a sequential caller fails the test instead of hanging it; a busy machine
/// that starts the requests slowly still opens the gate).
final class GatedTransport: HTTPTransport, @unchecked Sendable {
    private let body: Data
    private let opensAt: Int
    private let lock = NSLock()
    private var inFlight = 0
    private var open = false
    private var startedCount = 0
    private var most = 0

    init(body: String, opensAt: Int) {
        self.body = Data(body.utf8)
        self.opensAt = opensAt
    }

    /// Requests sent so far.
    var started: Int { lock.withLock { startedCount } }
    /// The most requests in flight at one moment.
    var mostInFlight: Int { lock.withLock { most } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock {
            startedCount += 1
            inFlight += 1
            most = max(most, inFlight)
            if inFlight >= opensAt { open = true }
        }
        let clock = ContinuousClock()
        let giveUp = clock.now.advanced(by: .seconds(60))
        while !lock.withLock({ open }), clock.now < giveUp { try await Task.sleep(for: .milliseconds(5)) }
        lock.withLock { inFlight -= 1 }
        return HTTPResponse(status: 201, headers: ["Content-Type": "application/json"], body: body)
    }
}

/// Answers the n-th request with what `reply` gives for n, or the embedded sample when it gives `nil`.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let reply: @Sendable (Int) -> HTTPResponse?
    private let lock = NSLock()
    private var count = 0

    init(reply: @escaping @Sendable (Int) -> HTTPResponse?) { self.reply = reply }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let index = lock.withLock {
            defer { count += 1 }
            return count
        }
        return reply(index)
            ?? HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(DuffelSamples.offerRequests.utf8)
            )
    }
}
