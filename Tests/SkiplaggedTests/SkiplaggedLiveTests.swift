import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Skiplagged
import Testing

/// The provider against an MCP server on loopback that keeps sessions and answers in event streams, as
/// Skiplagged's does: the arguments of each call as the tool documents them, one call per route and day,
/// and the tool's errors.
@Suite("Skiplagged's MCP server, on loopback")
struct SkiplaggedLiveTests {
    /// A server whose tool answers every call with the embedded sample.
    private static func server(
        _ reply: @escaping @Sendable (String, String) -> LoopbackMCPServer.ToolReply = { _, _ in
            .structured(SkiplaggedFixtures.sample)
        }
    ) throws -> LoopbackMCPServer {
        try LoopbackMCPServer(style: .stateful, protocolVersion: "2025-06-18", tool: reply)
    }

    @Test("one call in a session, with the documented arguments: one adult, the stops, the cabin and the sort")
    func oneCallWithItsArguments() async throws {
        let server = try Self.server()
        defer { server.stop() }
        var query = SkiplaggedFixtures.query()
        query.passengers = Passengers(adults: 2, children: 1)
        query.cabin = .business
        query.maxStops = 0
        query.sort = .duration
        let response = try await SkiplaggedProvider().search(query, using: SkiplaggedFixtures.client(server: server))
        #expect(response.offers.count == 6)
        let messages = server.messages
        #expect(messages.map(\.method) == ["initialize", "notifications/initialized", "tools/call"])
        #expect(messages.last?.sessionID != nil, "the session id from initialize goes with the call")
        #expect(messages.last?.tool == "sk_flights_search")
        #expect(
            messages.last?.arguments
                == #"{"origin":"VIE","destination":"BCN","departureDate":"2026-12-18","adults":1,"maxStops":"none","#
                + #""fareClass":"business","sort":"duration"}"#)
        #expect(response.offers.allSatisfy { $0.priceBasis == .perPerson }, "the pipeline prices the party")
    }

    @Test("a round trip sends its return day; stops of one and more are `one` and `many`; price sorts by price")
    func roundTripArguments() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = SkiplaggedFixtures.client(server: server)
        for stops in [1, 3] {
            var query = SearchQuery(
                origin: "VIE", destination: "BCN", departureDate: day("2026-12-18"), returnDate: day("2026-12-20"))
            query.maxStops = stops
            query.cabin = .premium
            _ = try await SkiplaggedProvider().search(query, using: client)
        }
        let arguments = try SkiplaggedFixtures.arguments(server)
        #expect(arguments.map { $0["returnDate"] as? String } == ["2026-12-20", "2026-12-20"])
        #expect(arguments.map { $0["maxStops"] as? String } == ["one", "many"])
        #expect(arguments.map { $0["fareClass"] as? String } == ["premium", "premium"])
        #expect(arguments.map { $0["sort"] as? String } == ["price", "price"])
        #expect(server.sessionsStarted == 1, "one session serves both searches")
    }

    @Test("a range of days asks each day once, never more than four at a time")
    func rangeOfDays() async throws {
        let flight = InFlight()
        let server = try Self.server { _, arguments in
            flight.enter()
            defer { flight.leave() }
            // Long enough that calls made together overlap on the server.
            Thread.sleep(forTimeInterval: 0.2)
            let day =
                (try? JSONSerialization.jsonObject(with: Data(arguments.utf8)) as? [String: Any])?[
                    "departureDate"] as? String ?? "?"
            return .structured(SkiplaggedFixtures.sample.replacingOccurrences(of: "2026-12-18T", with: day + "T"))
        }
        defer { server.stop() }
        let query = SkiplaggedFixtures.query(on: "2026-12-18..2026-12-27")
        let response = try await SkiplaggedProvider().search(query, using: SkiplaggedFixtures.client(server: server))
        let days = try SkiplaggedFixtures.arguments(server).compactMap { $0["departureDate"] as? String }
        #expect(days.sorted() == (18...27).map { "2026-12-\($0)" }, "each day once")
        #expect(flight.most <= 4, "at most four calls at a time, saw \(flight.most)")
        #expect(flight.most >= 2, "calls are made side by side")
        #expect(response.offers.count == 10 * 6)
        #expect(response.notes.isEmpty)
    }

    @Test("several airports: one call per origin and destination pair")
    func severalAirports() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let query = SearchQuery(
            origins: ["VIE", "BRQ"], destinations: ["BCN"], departureDates: DateRange(parsing: "2026-12-18"))
        // As the runner screens it: an offer two answers both give is dropped and counted there.
        let response = ResponseScreen().screen(
            try await SkiplaggedProvider().search(query, using: SkiplaggedFixtures.client(server: server))
        ).response
        let routes = try SkiplaggedFixtures.arguments(server).map {
            "\($0["origin"] as? String ?? "")-\($0["destination"] as? String ?? "")"
        }
        #expect(routes.sorted() == ["BRQ-BCN", "VIE-BCN"])
        #expect(response.offers.count == 6, "the same cards twice are the same offers")
    }

    @Test("a tool error fails the search and quotes the server's words")
    func toolError() async throws {
        let server = try Self.server { _, _ in
            .error("Failed to fetch: Invalid range for depart. Must be no greater than 2027-03-22")
        }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await SkiplaggedProvider().search(
                SkiplaggedFixtures.query(on: "2027-04-01"), using: SkiplaggedFixtures.client(server: server))
        }
        #expect(error?.provider == "skiplagged")
        #expect(error?.code == .httpStatus)
        #expect(
            error?.message
                == "the tool sk_flights_search failed: Failed to fetch: Invalid range for depart. "
                + "Must be no greater than 2027-03-22")
    }

    @Test("days past the service's range fail alone: the others' cards count and a note quotes the first failure")
    func someDaysFail() async throws {
        let server = try Self.server { _, arguments in
            arguments.contains("2027-03-23") || arguments.contains("2027-03-24")
                ? .error("Failed to fetch: Invalid range for depart. Must be no greater than 2027-03-22")
                : .structured(SkiplaggedFixtures.sample)
        }
        defer { server.stop() }
        // As the runner screens it: an offer two answers both give is dropped and counted there.
        let response = ResponseScreen().screen(
            try await SkiplaggedProvider().search(
                SkiplaggedFixtures.query(on: "2027-03-21..2027-03-24"), using: SkiplaggedFixtures.client(server: server)
            )
        ).response
        #expect(response.offers.count == 6)
        #expect(
            response.notes == [
                "2 of its 4 calls failed, the first for VIE→BCN on 2027-03-23: the tool sk_flights_search failed: "
                    + "Failed to fetch: Invalid range for depart. Must be no greater than 2027-03-22"
            ])
    }

    @Test("without a route and a day, or a return day for a round trip, it is not asked")
    func notAsked() async throws {
        let client = SkiplaggedFixtures.client(body: SkiplaggedFixtures.sample)
        let cases: [(SearchQuery, [QueryField])] = [
            (SearchQuery(origin: "VIE"), [.destination, .departureDate]),
            (
                SearchQuery(
                    origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18"),
                    roundTrip: true), [.returnDate]
            ),
        ]
        for (query, missing) in cases {
            let error = await #expect(throws: ProviderError.self) {
                try await SkiplaggedProvider().search(query, using: client)
            }
            #expect(error?.code == .notAsked)
            #expect(error?.remedy == .addFields(missing))
        }
    }

    @Test("an answer with text content instead of structured content reads the same")
    func textContent() async throws {
        let server = try LoopbackMCPServer(style: .stateless) { _, _ in .text(SkiplaggedFixtures.sample) }
        defer { server.stop() }
        let response = try await SkiplaggedProvider().search(
            SkiplaggedFixtures.query(), using: SkiplaggedFixtures.client(server: server))
        #expect(response.offers.count == 6)
    }
}

/// Counts the calls a server is answering at once, and the most it ever answered together.
final class InFlight: @unchecked Sendable {
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
