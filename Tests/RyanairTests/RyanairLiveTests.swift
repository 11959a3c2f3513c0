import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Ryanair
import Testing

@Suite("Ryanair's fare finder over HTTP on loopback")
struct RyanairLiveTests {
    @Test("asks oneWayFares for a day with the documented parameters, and no key")
    func oneWay() async throws {
        let server = try RyanairFixtures.server()
        defer { server.stop() }
        var query = RyanairFixtures.query(from: "DUB")
        query.currency = try #require(CurrencyCode("PLN"))
        query.departAfter = ClockTime(hour: 18, minute: 0)
        let response = try await RyanairProvider().search(query, using: RyanairFixtures.client(server: server))
        #expect(response.offers.map(\.flights) == [["FR 504 DUB→BCN"]])
        #expect(response.offers.first?.price.currency == .eur, "the answer's currency, not the one asked for")
        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == "GET" && request.path == "/oneWayFares")
        #expect(
            RyanairFixtures.items(request) == [
                "departureAirportIataCode": "DUB", "arrivalAirportIataCode": "BCN",
                "outboundDepartureDateFrom": "2026-12-18", "outboundDepartureDateTo": "2026-12-18",
                "outboundDepartureTimeFrom": "18:00", "outboundDepartureTimeTo": "23:59", "currency": "PLN",
                "adultPaxCount": "1",
            ])
        #expect(request.headers["authorization"] == nil && request.headers["cookie"] == nil, "no key")
    }

    @Test("asks anywhere without arrivalAirportIataCode, for the whole range at once")
    func anywhere() async throws {
        let server = try RyanairFixtures.server()
        defer { server.stop() }
        let response = try await RyanairProvider().search(
            RyanairFixtures.query(to: nil, on: "2026-12-18..2026-12-18"), using: RyanairFixtures.client(server: server))
        #expect(response.offers.count == 4)
        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1 && request.path == "/oneWayFares")
        let items = RyanairFixtures.items(request)
        #expect(items["arrivalAirportIataCode"] == nil && items["departureAirportIataCode"] == "VIE")
    }

    @Test("asks cheapestPerDay once a month for a range, never once a day")
    func perDayMonths() async throws {
        let server = try RyanairFixtures.server()
        defer { server.stop() }
        let response = try await RyanairProvider().search(
            RyanairFixtures.query(on: "2026-12-01..2027-01-20"), using: RyanairFixtures.client(server: server))
        // The sample has December's days; January's answer is empty.
        #expect(response.offers.count == 16, "17 days flown, the 23rd sold out")
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.path == "/oneWayFares/VIE/BCN/cheapestPerDay" })
        #expect(
            Set(server.requests.map(RyanairFixtures.items)) == [
                ["outboundMonthOfDate": "2026-12-01", "currency": "EUR"],
                ["outboundMonthOfDate": "2027-01-01", "currency": "EUR"],
            ])
    }

    @Test("asks roundTripFares with both ranges")
    func roundTrip() async throws {
        let server = try RyanairFixtures.server()
        defer { server.stop() }
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18"),
            returnDates: DateRange(parsing: "2026-12-20..2026-12-21"))
        let response = try await RyanairProvider().search(query, using: RyanairFixtures.client(server: server))
        #expect(response.offers.map(\.flights) == [["FR 1017 VIE→BCN", "FR 1018 BCN→VIE"]])
        let request = try #require(server.requests.first)
        #expect(request.path == "/roundTripFares")
        let items = RyanairFixtures.items(request)
        #expect(items["inboundDepartureDateFrom"] == "2026-12-20" && items["inboundDepartureDateTo"] == "2026-12-21")
        #expect(items["outboundDepartureDateFrom"] == "2026-12-18" && items["adultPaxCount"] == "1")
    }

    /// The error a search ends with when the server always answers `reply`.
    private func failure(_ reply: LoopbackHTTPServer.Reply) async throws -> ProviderError? {
        let server = try LoopbackHTTPServer { _ in reply }
        defer { server.stop() }
        return await #expect(throws: ProviderError.self) {
            try await RyanairProvider().search(RyanairFixtures.query(), using: RyanairFixtures.client(server: server))
        }
    }

    @Test("a bot wall is blocked and a rate limit rate_limited, each saying so, never no results")
    func refusals() async throws {
        let html = Data("<!DOCTYPE html><html><body>Access denied</body></html>".utf8)
        let shield = "{\"code\": \"SHIELD_BLOCK\", \"message\": \"Request blocked\"}"
        let page = try await failure(.raw(status: 403, headers: ["content-type": "text/html"], body: html))
        #expect(page?.code == .blocked)
        #expect(page?.message.contains("HTTP 403") == true && page?.message.contains("ask too often") == true)
        let conflict = try await failure(.json(shield, status: 409))
        #expect(conflict?.code == .blocked)
        #expect(conflict?.message.contains("HTTP 409, SHIELD_BLOCK") == true)
        let inBody = try await failure(.json(shield))
        #expect(inBody?.code == .blocked && inBody?.message.contains("SHIELD_BLOCK") == true)
        let captcha = try await failure(.raw(status: 200, headers: ["content-type": "text/html"], body: html))
        #expect(captcha?.code == .blocked, "a page instead of fares")
        let limited = try await failure(.json(shield, status: 429))
        #expect(limited?.code == .rateLimited)
        let error = try await failure(
            .json("{\"code\": \"Availability.Invalid\", \"message\": \"bad date\"}", status: 400))
        #expect(error?.code == .httpStatus && error?.message.contains("bad date") == true)
    }
}

@Suite("Ryanair through the tool's transport: pace and kept fares")
struct RyanairPolitenessTests {
    /// Arrival times of a server's requests.
    final class Arrivals: @unchecked Sendable {
        private let lock = NSLock()
        private var times: [ContinuousClock.Instant] = []
        func note() { lock.withLock { times.append(.now) } }
        var all: [ContinuousClock.Instant] { lock.withLock { times } }
    }

    private func aggregator(_ server: LoopbackHTTPServer, cache: (any AnswerStore)? = nil) throws -> Aggregator {
        try Aggregator(
            providers: [RyanairProvider()],
            settings: try SearchSettings(
                deadline: .seconds(120), endpoints: ["ryanair": .remote(server.baseURL)], cache: cache))
    }

    @Test("spaces its requests a second apart, and answers the same question again from the kept fares")
    func paceAndFreshness() async throws {
        let arrivals = Arrivals()
        let samples = RyanairFixtures.samples
        let server = try LoopbackHTTPServer { request in
            arrivals.note()
            return .json(
                samples.body(
                    for: "oneWayFares", parameters: EmbeddedResponses.parameters(ofQuery: request.queryItems)) ?? "")
        }
        defer { server.stop() }
        let aggregator = try aggregator(server, cache: MemoryAnswerStore())
        let query = SearchQuery(origins: ["VIE", "DUB"], departureDates: DateRange(parsing: "2026-12-18"))
        let first = await aggregator.search(query)
        #expect(first.outcomes.map(\.status) == [.ok])
        #expect(first.offers.count == 8)
        let times = arrivals.all
        #expect(times.count == 2)
        if times.count == 2 {
            // Half a second would be every public server's pace; this one asks for a second.
            #expect(times[0].duration(to: times[1]) >= .milliseconds(900))
        }
        let again = await aggregator.search(query)
        #expect(again.offers.count == 8)
        #expect(arrivals.all.count == 2, "the fares kept for an hour answer the same search")
    }

    @Test("a blocked search fails the provider with its reason, not as no results")
    func blockedOutcome() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{\"code\": \"SHIELD_BLOCK\"}", status: 403) }
        defer { server.stop() }
        let result = try await aggregator(server).search(RyanairFixtures.query())
        #expect(result.outcomes.map(\.status) == [.blocked])
        #expect(result.outcomes.first?.error?.code == .blocked)
        #expect(server.requests.count == 1, "a refusal is not retried")
    }
}
