import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

@Suite("Live endpoints: the binary against a real HTTP server on loopback")
struct LiveEndpointTests {
    /// One Kiwi itinerary in the service's wire format: OS 395 Vienna → Barcelona.
    static let kiwiBody = """
        {"currency": "EUR", "search_id": "live-test", "_results": 1, "data": [{
          "id": "0a1b2c3d4e5f0000aaaa0001_0", "flyFrom": "VIE", "flyTo": "BCN", "cityFrom": "Vienna",
          "cityTo": "Barcelona", "cityCodeFrom": "VIE", "cityCodeTo": "BCN",
          "countryFrom": {"code": "AT", "name": "Austria"}, "countryTo": {"code": "ES", "name": "Spain"},
          "dTime": 1797577500, "aTime": 1797587100, "dTimeUTC": 1797573900, "aTimeUTC": 1797583500,
          "price": 155, "conversion": {"EUR": 155}, "fly_duration": "2h 40m",
          "duration": {"departure": 9600, "return": 0, "total": 9600}, "airlines": ["OS"],
          "deep_link": "https://www.kiwi.com/deep?flightsId=live", "mapIdto": "barcelona_es",
          "availability": {"seats": 4}, "route": [{"flyFrom": "VIE", "flyTo": "BCN", "cityFrom": "Vienna",
          "cityTo": "Barcelona", "dTime": 1797577500, "aTime": 1797587100, "dTimeUTC": 1797573900,
          "aTimeUTC": 1797583500, "airline": "OS", "flight_no": 395, "return": 0}]}]}
        """

    @Test func aLiveProviderIsAskedOverHTTPAndMergedWithTheOthers() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/v2/search" ? .json(Self.kiwiBody) : .json("{}", status: 404)
        }
        defer { server.stop() }
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(server.baseURL.absoluteString)", "--from",
            "VIE", "--to", "BCN",
            "--date", "2026-12-18", "--format", "csv",
        ])
        #expect(run.status == 0)
        let request = try #require(server.requests.first)
        #expect(request.queryItems.first { $0.name == "fly_from" }?.value == "VIE")
        #expect(request.queryItems.first { $0.name == "date_from" }?.value == "18/12/2026")
        // The live OS 395 is cheaper than the embedded aviasales price for the same flight: one row, two sellers.
        let row = try #require(run.stdoutLines.first { $0.contains("OS 395") })
        #expect(row.contains(",155.00,EUR,2,\"kiwi 155.00, aviasales 174.54\",kiwi,"))
    }

    @Test func aServerErrorIsSummarisedAndTheOthersArePrinted() async throws {
        let server = try LoopbackHTTPServer { _ in
            .raw(status: 503, headers: ["Content-Type": "text/html"], body: Data("<h1>Service\nUnavailable</h1>".utf8))
        }
        defer { server.stop() }
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(server.baseURL.absoluteString)",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "warning: kiwi failed: the service answered HTTP 503 Service Unavailable with an HTML page (after 3 attempts)\n"
                + "note: aviasales answered from built-in samples, not live prices; add --live to ask the live services\n"
        )
        #expect(run.stdoutLines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix("note: ") }.count == 6)
    }

    @Test func aSlowServerIsCutAtTheSearchDeadline() async throws {
        // The server would answer after ten minutes; the deadline is long enough for aviasales's embedded
        // answer on a busy machine. The bound rules out waiting for the server, not how fast the machine is.
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 600, then: .json(Self.kiwiBody)) }
        defer { server.stop() }
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(server.baseURL.absoluteString)",
            "--timeout", "5", "--format", "json",
        ])
        #expect(run.duration < .seconds(300), "the search ends at its deadline, not the server's ten minutes")
        #expect(run.status == 2)
        let providers = try #require(try run.json()["providers"] as? [[String: Any]])
        #expect(providers.map { $0["status"] as? String } == ["timeout", "ok"])
    }

    @Test func noProviderAnsweringLiveExitsThree() async throws {
        let server = try LoopbackHTTPServer { _ in .reset }
        defer { server.stop() }
        let url = server.baseURL.absoluteString
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(url)", "--endpoint", "aviasales=\(url)",
        ])
        #expect(run.status == 3)
        #expect(run.stdout == "")
        #expect(run.stderrLines.count == 2)
    }
}
