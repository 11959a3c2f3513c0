import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import Aviasales

/// The live request against a loopback server playing the Travelpayouts Data API from its documentation:
/// the request checked field by field, answered with the documented success shape, the documented
/// `success: false` error, and a rate limit.
@Suite("Aviasales: the Travelpayouts Data API over a real socket")
struct AviasalesLiveServiceTests {
    static let token = "tp-test-token-3f9a"

    /// A rich query: two origins, one destination, one departure and one return day, direct flights only,
    /// two adults, euros.
    static let richQuery = SearchQuery(
        origins: ["VIE", "BRQ"], destination: "BCN", departureDate: LocalDate(year: 2026, month: 12, day: 18),
        returnDate: LocalDate(year: 2026, month: 12, day: 22), passengers: Passengers(adults: 2), currency: .eur,
        maxStops: 0)

    /// The documented success shape for one origin.
    static func answer(from origin: String, price: Int, flight: String) -> String {
        """
        {"success": true, "data": [
          {"origin": "\(origin)", "destination": "BCN", "origin_airport": "\(origin)", "destination_airport": "BCN",
           "price": \(price), "airline": "VY", "flight_number": "\(flight)",
           "departure_at": "2026-12-18T12:30:00+01:00", "return_at": "2026-12-22T16:10:00+01:00",
           "transfers": 0, "return_transfers": 0, "duration": 310, "duration_to": 155, "duration_back": 155,
           "link": "/search/\(origin)1812BCN22121?t=VY\(flight)"}
        ], "currency": "eur"}
        """
    }

    /// How long a request held at a barrier waits for the others: a minute, which rules out requests sent
    /// one after the other and leaves a busy machine all the time it needs to send them together.
    static let patience: TimeInterval = 60

    /// A client over the real network stack with the token added the way the tool's runner adds it; its
    /// requests may wait out a barrier's ``patience``.
    static func client(for server: LoopbackHTTPServer) -> ProviderClient {
        let provider = AviasalesProvider()
        return ProviderClient(
            testing: provider.descriptor.id, on: .remote(server.baseURL),
            samples: provider.descriptor.samples.responses,
            transport: SignInTransport(URLSessionTransport(), signIn: .header("X-Access-Token"), key: token),
            requestTimeout: .seconds(120), now: { OfferFactory.retrievedAt })
    }

    @Test("Two origins make two concurrent requests, each exactly as Travelpayouts documents it")
    func richRequest() async throws {
        let bothArrived = Barrier(parties: 2)
        let server = try LoopbackHTTPServer { request in
            // Each answer waits until the other request has arrived too: requests made one after the
            // other would pass only after the barrier gives up, which the test sees.
            bothArrived.arriveAndWait(timeout: Self.patience)
            let origin = request.queryItems.first { $0.name == "origin" }?.value ?? ""
            return .json(
                Self.answer(from: origin, price: origin == "VIE" ? 118 : 96, flight: origin == "VIE" ? "1815" : "8421"))
        }
        defer { server.stop() }

        let response = try await AviasalesProvider().search(Self.richQuery, using: Self.client(for: server))

        #expect(bothArrived.metInTime, "the two requests were in flight at the same time")
        let requests = server.requests.sorted { $0.target < $1.target }
        try #require(requests.count == 2)
        for (request, origin) in zip(requests, ["BRQ", "VIE"]) {
            #expect(request.method == "GET")
            #expect(request.path == "/aviasales/v3/prices_for_dates")
            #expect(
                request.queryItems == [
                    URLQueryItem(name: "origin", value: origin), URLQueryItem(name: "destination", value: "BCN"),
                    URLQueryItem(name: "departure_at", value: "2026-12-18"),
                    URLQueryItem(name: "return_at", value: "2026-12-22"),
                    URLQueryItem(name: "one_way", value: "false"), URLQueryItem(name: "direct", value: "true"),
                    URLQueryItem(name: "currency", value: "eur"), URLQueryItem(name: "sorting", value: "price"),
                    URLQueryItem(name: "limit", value: "1000"), URLQueryItem(name: "page", value: "1"),
                ])
            #expect(request.headers["x-access-token"] == Self.token)
            #expect(request.headers["authorization"] == nil)
            #expect(request.body.isEmpty)
        }

        // Merged in request order: the query's first origin first.
        #expect(response.skipped == 0)
        #expect(response.notes.isEmpty)
        #expect(response.offers.map { $0.origin?.airport } == ["VIE", "BRQ"])
        #expect(response.offers.map(\.price) == [Money(118, .eur), Money(96, .eur)])
        for offer in response.offers {
            let itinerary = try #require(offer.product.itinerary)
            #expect(itinerary.legs.count == 2)
            #expect(itinerary.duration == .seconds(310 * 60))
            #expect(itinerary.legs[0].departure?.utc != nil && itinerary.legs[1].arrival?.utc != nil)
            #expect(offer.priceBasis == .perPerson)
            #expect(offer.tags.contains(.cachedPrice))
            #expect(offer.sources.first?.deepLink?.host == "www.aviasales.com")
        }
    }

    @Test("Many routes are asked at most four at a time")
    func boundedConcurrency() async throws {
        let gauge = InFlightGauge()
        let firstFour = Barrier(parties: 4)
        let server = try LoopbackHTTPServer { request in
            gauge.enter()
            defer { gauge.leave() }
            firstFour.arriveAndWait(timeout: Self.patience)
            // Held a moment longer, so that a fifth request sent alongside would be seen in flight.
            Thread.sleep(forTimeInterval: 0.3)
            let origin = request.queryItems.first { $0.name == "origin" }?.value ?? ""
            return .json(Self.answer(from: origin, price: 100, flight: "1"))
        }
        defer { server.stop() }
        let query = SearchQuery(origins: ["VIE", "BRQ", "PRG", "BTS", "MUC", "ZRH"], destination: "BCN")

        let response = try await AviasalesProvider().search(query, using: Self.client(for: server))

        #expect(server.requests.count == 6)
        #expect(response.offers.count == 6)
        #expect(firstFour.metInTime, "four requests were in flight together")
        #expect(gauge.highest == 4, "never more than four at once (saw \(gauge.highest))")
    }

    @Test("A month-spanning range asks each month, and the answers merge with one trip once")
    func monthRange() async throws {
        let server = try LoopbackHTTPServer { _ in .json(Self.answer(from: "VIE", price: 118, flight: "1815")) }
        defer { server.stop() }
        let first = try #require(LocalDate(year: 2026, month: 12, day: 20))
        let last = try #require(LocalDate(year: 2027, month: 1, day: 5))
        let range = try #require(DateRange(from: first, to: last))
        let query = SearchQuery(origin: "VIE", destination: "BCN", departureDates: range)

        // As the runner screens it: an offer two answers both give is dropped and counted there.
        let response = ResponseScreen().screen(
            try await AviasalesProvider().search(query, using: Self.client(for: server))
        ).response

        let periods = server.requests.compactMap { $0.queryItems.first { $0.name == "departure_at" }?.value }
        #expect(periods.sorted() == ["2026-12", "2027-01"])
        #expect(response.offers.count == 1, "the same trip in two answers is one offer")
        #expect(response.skipped == 0)
    }

    @Test("The documented success: false answer fails the provider with the service's message")
    func documentedError() async throws {
        let server = try LoopbackHTTPServer { _ in
            .json(#"{"success": false, "data": null, "error": "Unauthorized: invalid token"}"#)
        }
        defer { server.stop() }
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesProvider().search(
                SearchQuery(origin: "VIE", destination: "BCN"), using: Self.client(for: server))
        }
        #expect(error.code == .httpStatus)
        #expect(error.message == "the service reported a failure: Unauthorized: invalid token")
        #expect(!error.message.contains(Self.token))
    }

    @Test("The same error sent with HTTP 400 is a failure that quotes it")
    func documentedErrorWithStatus() async throws {
        let server = try LoopbackHTTPServer { _ in
            .json(#"{"success": false, "data": null, "error": "origin: invalid IATA code"}"#, status: 400)
        }
        defer { server.stop() }
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesProvider().search(
                SearchQuery(origin: "VIE", destination: "BCN"), using: Self.client(for: server))
        }
        #expect(error.code == .httpStatus)
        #expect(error.message.contains("origin: invalid IATA code"))
    }

    @Test("A 429 is a rate limit, with the service's Retry-After")
    func rateLimited() async throws {
        let server = try LoopbackHTTPServer { _ in
            .json(#"{"success": false, "error": "rate limit exceeded"}"#, status: 429, headers: ["Retry-After": "60"])
        }
        defer { server.stop() }
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesProvider().search(
                SearchQuery(origin: "VIE", destination: "BCN"), using: Self.client(for: server))
        }
        #expect(error.code == .rateLimited)
        #expect(error.message.contains("Retry-After: 60"))
    }

    @Test("One failing pair is a note while the other's offers count; all failing is the first pair's error")
    func partialFailure() async throws {
        let server = try LoopbackHTTPServer { request in
            let origin = request.queryItems.first { $0.name == "origin" }?.value ?? ""
            return origin == "VIE"
                ? .json(Self.answer(from: "VIE", price: 118, flight: "1815"))
                : .json(#"{"success": false, "error": "rate limit exceeded"}"#, status: 429)
        }
        defer { server.stop() }
        let response = try await AviasalesProvider().search(Self.richQuery, using: Self.client(for: server))
        #expect(response.offers.map { $0.origin?.airport } == ["VIE"])
        #expect(
            response.notes == [
                "BRQ→BCN, 2026-12-18, returning 2026-12-22 failed: the service is rate limiting requests"
            ])

        let failing = try LoopbackHTTPServer { request in
            let origin = request.queryItems.first { $0.name == "origin" }?.value ?? ""
            return origin == "VIE"
                ? .json(#"{"success": false, "data": null, "error": "no data for VIE"}"#)
                : .json("{}", status: 429)
        }
        defer { failing.stop() }
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesProvider().search(Self.richQuery, using: Self.client(for: failing))
        }
        #expect(error.message == "the service reported a failure: no data for VIE")
        #expect(failing.requests.count == 2)
    }
}

/// Lets a number of threads wait for each other, up to a time limit, and says whether they all came.
final class Barrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    private var arrived = 0
    private var met = false
    private var gaveUp = false

    /// Creates a barrier for `parties` threads.
    init(parties: Int) { self.parties = parties }

    /// Whether every party arrived before any gave up.
    var metInTime: Bool { condition.withLock { met && !gaveUp } }

    /// Arrives, then waits until every party has arrived or `timeout` seconds have passed; later arrivals
    /// pass at once.
    func arriveAndWait(timeout: TimeInterval) {
        condition.withLock {
            arrived += 1
            if arrived == parties {
                met = true
                condition.broadcast()
            }
            let deadline = Date().addingTimeInterval(timeout)
            while arrived < parties {
                guard condition.wait(until: deadline) else {
                    gaveUp = arrived < parties
                    return
                }
            }
        }
    }
}

/// Counts requests in flight and remembers the most at once.
final class InFlightGauge: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var most = 0

    /// The most requests that were in flight at once.
    var highest: Int { lock.withLock { most } }

    /// One more request in flight.
    func enter() {
        lock.withLock {
            current += 1
            most = max(most, current)
        }
    }

    /// One request fewer.
    func leave() { lock.withLock { current -= 1 } }
}
