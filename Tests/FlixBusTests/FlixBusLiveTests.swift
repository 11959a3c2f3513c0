import AggregatorCore
import AggregatorTestSupport
import FlixBus
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("FlixBus over HTTP on loopback")
struct FlixBusLiveTests {
    @Test("looks each city up by name once, then asks for each day with the documented parameters")
    func requests() async throws {
        let server = try FlixBusFixtures.server()
        defer { server.stop() }
        let provider = FlixBusProvider()
        let client = FlixBusFixtures.client(server: server)
        // As the runner screens it: an offer two answers both give is dropped and counted there.
        let response = ResponseScreen().screen(
            try await provider.search(FlixBusFixtures.query(on: "2026-12-18..2026-12-19"), using: client)
        ).response
        // The sample answers both days alike: each ride once.
        #expect(response.offers.count == 5)
        let lookups = server.requests.filter { $0.path == "/search/autocomplete/cities" }
        #expect(
            lookups.map { Dictionary(uniqueKeysWithValues: $0.queryItems.map { ($0.name, $0.value ?? "") }) } == [
                ["q": "Vienna", "locale": "en"], ["q": "Budapest", "locale": "en"],
            ])
        let searches = server.requests.filter { $0.path == "/search/service/v4/search" }
        #expect(searches.count == 2)
        // The two days are asked at once: in either order.
        let days = searches.map { request in request.queryItems.first { $0.name == "departure_date" }?.value }
        #expect(Set(days) == ["18.12.2026", "19.12.2026"])
        let first = try #require(searches.first)
        #expect(first.method == "GET")
        let items = Dictionary(uniqueKeysWithValues: first.queryItems.map { ($0.name, $0.value ?? "") })
        #expect(items["from_city_id"] == FlixBusFixtures.vienna)
        #expect(items["to_city_id"] == FlixBusFixtures.budapest)
        #expect(items["products"] == "{\"adult\":1}")
        #expect(items["currency"] == "EUR")
        #expect(items["search_by"] == "cities")
        #expect(first.headers["authorization"] == nil, "no key")

        // The ids are kept: the next search looks nothing up.
        _ = try await provider.search(FlixBusFixtures.query(), using: client)
        #expect(server.requests.filter { $0.path == "/search/autocomplete/cities" }.count == 2)
    }

    @Test("fails with the service's error when every call fails, and notes a failed day when some do")
    func failures() async throws {
        let server = try LoopbackHTTPServer { request in
            if request.path == "/search/autocomplete/cities" { return .json(FlixBusFixtures.cities) }
            // The first day fails, the second answers.
            let day = request.queryItems.first { $0.name == "departure_date" }?.value
            return day == "18.12.2026"
                ? .json("{\"message\": \"overloaded\"}", status: 500) : .json(FlixBusFixtures.search)
        }
        defer { server.stop() }
        let response = try await FlixBusProvider().search(
            FlixBusFixtures.query(on: "2026-12-18..2026-12-19"), using: FlixBusFixtures.client(server: server))
        #expect(response.offers.count == 5)
        #expect(
            response.notes.contains {
                $0.hasPrefix("1 of its 2 calls failed, the first for Vienna→Budapest on 2026-12-18")
            })

        let down = try LoopbackHTTPServer { request in
            request.path == "/search/autocomplete/cities"
                ? .json(FlixBusFixtures.cities) : .json("{\"message\": \"down\"}", status: 503)
        }
        defer { down.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await FlixBusProvider().search(FlixBusFixtures.query(), using: FlixBusFixtures.client(server: down))
        }
        #expect(error != nil)
    }

    @Test("a failed city lookup fails the search when nothing can be searched")
    func lookupFails() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{\"message\": \"down\"}", status: 503) }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await FlixBusProvider().search(FlixBusFixtures.query(), using: FlixBusFixtures.client(server: server))
        }
        #expect(error != nil)
        #expect(server.requests.allSatisfy { $0.path == "/search/autocomplete/cities" })
    }
}
