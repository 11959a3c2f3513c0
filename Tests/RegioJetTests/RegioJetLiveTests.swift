import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import RegioJet
import Testing

@Suite("RegioJet over HTTP on loopback")
struct RegioJetLiveTests {
    @Test("fetches the locations once, then asks for each day with the documented parameters and headers")
    func requests() async throws {
        let server = try RegioJetFixtures.server()
        defer { server.stop() }
        let provider = RegioJetProvider()
        let client = RegioJetFixtures.client(server: server)
        let response = try await provider.search(RegioJetFixtures.query(on: "2026-12-18..2026-12-19"), using: client)
        // The server answers both days alike: each day keeps its own routes, the 18th's five.
        #expect(response.offers.count == 6, "the 18th's five and the 19th's morning train")
        #expect(server.requests.filter { $0.path == "/consts/locations" }.count == 1)
        let searches = server.requests.filter { $0.path == "/routes/search/simple" }
        #expect(searches.count == 2)
        let days = searches.map { request in request.queryItems.first { $0.name == "departureDate" }?.value }
        #expect(Set(days) == ["2026-12-18", "2026-12-19"])
        let first = try #require(searches.first)
        #expect(first.method == "GET")
        let items = Dictionary(uniqueKeysWithValues: first.queryItems.map { ($0.name, $0.value ?? "") })
        #expect(items["tariffs"] == "REGULAR")
        #expect(items["fromLocationType"] == "CITY" && items["toLocationType"] == "CITY")
        #expect(items["fromLocationId"] == RegioJetFixtures.prague)
        #expect(items["toLocationId"] == RegioJetFixtures.vienna)
        for request in server.requests {
            #expect(request.headers["origin"] == nil, "a foreign Origin is refused")
            #expect(request.headers["x-lang"] == "en")
            #expect(request.headers["authorization"] == nil, "no key")
        }
        #expect(first.headers["x-currency"] == "EUR")

        // The list is kept: the next search fetches only its routes.
        _ = try await provider.search(RegioJetFixtures.query(), using: client)
        #expect(server.requests.filter { $0.path == "/consts/locations" }.count == 1)
    }

    @Test("keeps the locations list for a day, then fetches it again")
    func locationsForADay() async throws {
        let server = try RegioJetFixtures.server()
        defer { server.stop() }
        let provider = RegioJetProvider()
        let clock = TestClock(RegioJetFixtures.retrievedAt)
        let client = RegioJetFixtures.client(server: server, now: { clock.now })
        _ = try await provider.search(RegioJetFixtures.query(), using: client)
        clock.advance(by: 23 * 3600)
        _ = try await provider.search(RegioJetFixtures.query(), using: client)
        #expect(server.requests.filter { $0.path == "/consts/locations" }.count == 1, "within the day")
        clock.advance(by: 2 * 3600)
        _ = try await provider.search(RegioJetFixtures.query(), using: client)
        #expect(server.requests.filter { $0.path == "/consts/locations" }.count == 2, "a day later")
    }

    @Test("asks in the query's currency, which the prices are then in; one RegioJet does not sell in is asked in EUR")
    func currency() async throws {
        let server = try RegioJetFixtures.server()
        defer { server.stop() }
        var query = RegioJetFixtures.query()
        query.currency = try #require(CurrencyCode("CZK"))
        let crowns = try await RegioJetProvider().search(query, using: RegioJetFixtures.client(server: server))
        #expect(server.requests.last?.headers["x-currency"] == "CZK")
        #expect(crowns.offers.count == 5 && crowns.offers.allSatisfy { $0.price.currency.rawValue == "CZK" })
        query.currency = .usd
        let dollars = try await RegioJetProvider().search(query, using: RegioJetFixtures.client(server: server))
        #expect(server.requests.last?.headers["x-currency"] == "EUR")
        #expect(dollars.offers.allSatisfy { $0.price.currency == .eur }, "the pipeline converts")
    }

    @Test(
        "a bot wall's page or a refusal is blocked, never no results",
        arguments: [
            (403, "<html><body>Access denied</body></html>"), (409, "<!DOCTYPE html><title>Challenge</title>"),
            (403, "{\"errorCode\": \"FORBIDDEN_ORIGIN\", \"message\": \"Origin not allowed\"}"),
        ])
    func blocked(_ status: Int, _ body: String) async throws {
        let server = try LoopbackHTTPServer { _ in
            .raw(status: status, headers: ["Content-Type": "text/html"], body: Data(body.utf8))
        }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await RegioJetProvider().search(
                RegioJetFixtures.query(), using: RegioJetFixtures.client(server: server))
        }
        #expect(error?.code == .blocked)
        #expect(error?.message.contains("HTTP \(status)") == true)
        #expect(error?.message.contains("not an empty answer") == true)
        #expect(error?.remedy == nil, "no key to check")
        #expect(!(error?.message.contains("denied") ?? true), "the page is named, never quoted")
    }

    @Test("a page that is not JSON with 429 is rate_limited; a search blocked after the locations fails too")
    func rateLimited() async throws {
        let server = try LoopbackHTTPServer { _ in
            .raw(status: 429, headers: ["Content-Type": "text/html"], body: Data("<html>slow down</html>".utf8))
        }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await RegioJetProvider().search(
                RegioJetFixtures.query(), using: RegioJetFixtures.client(server: server))
        }
        #expect(error?.code == .rateLimited)
        #expect(error?.message.contains("with an HTML page") == true)

        let locations = RegioJetFixtures.locations
        let walled = try LoopbackHTTPServer { request in
            request.path == "/consts/locations"
                ? .json(locations)
                : .raw(status: 403, headers: ["Content-Type": "text/html"], body: Data("<html>no</html>".utf8))
        }
        defer { walled.stop() }
        let searchError = await #expect(throws: ProviderError.self) {
            try await RegioJetProvider().search(
                RegioJetFixtures.query(), using: RegioJetFixtures.client(server: walled))
        }
        #expect(searchError?.code == .blocked)
    }

    @Test("fails with the service's error when every call fails, and notes a failed day when some do")
    func failures() async throws {
        let locations = RegioJetFixtures.locations
        let search = RegioJetFixtures.search
        let server = try LoopbackHTTPServer { request in
            if request.path == "/consts/locations" { return .json(locations) }
            let day = request.queryItems.first { $0.name == "departureDate" }?.value
            return day == "2026-12-18" ? .json("{\"message\": \"overloaded\"}", status: 500) : .json(search)
        }
        defer { server.stop() }
        let response = try await RegioJetProvider().search(
            RegioJetFixtures.query(on: "2026-12-18..2026-12-19"), using: RegioJetFixtures.client(server: server))
        #expect(response.offers.count == 1, "the 19th's morning train")
        #expect(
            response.notes.contains {
                $0.hasPrefix("1 of its 2 calls failed, the first for Prague→Vienna on 2026-12-18")
            })

        let down = try LoopbackHTTPServer { _ in .json("{\"message\": \"down\"}", status: 503) }
        defer { down.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await RegioJetProvider().search(RegioJetFixtures.query(), using: RegioJetFixtures.client(server: down))
        }
        #expect(error?.code == .httpStatus)
        #expect(down.requests.allSatisfy { $0.path == "/consts/locations" }, "no search without the list")
    }
}
