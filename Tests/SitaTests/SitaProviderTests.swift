import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Sita
import Testing

/// Recorded responses next to the tests, and clients that serve them.
enum SitaFixtures {
    /// The URL of a file in `Fixtures/`.
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures", isDirectory: true).appendingPathComponent(name)
    }

    /// Searches a fixture served as a `file://` endpoint, as `--endpoint sita=file://…` sets it.
    static func search(_ name: String) async throws -> ProviderResponse {
        let client = ProviderClient(
            testing: "sita", on: .file(url(name)), samples: EmbeddedResponses([:]),
            transport: UnreachableTransport())
        return try await SitaProvider().search(SearchQuery(kind: .airlineDirectory), using: client)
    }

    /// Searches a body served for `/airlines`.
    static func search(body: String) async throws -> ProviderResponse {
        let client = ProviderClient(
            testing: "sita", on: .embedded, samples: EmbeddedResponses(["airlines": body]),
            transport: UnreachableTransport())
        return try await SitaProvider().search(SearchQuery(kind: .airlineDirectory), using: client)
    }

    /// The embedded sample's records.
    static func embedded() async throws -> ProviderResponse {
        let provider = SitaProvider()
        return try await provider.search(SearchQuery(kind: .airlineDirectory), using: .embedded(for: provider))
    }
}

@Suite("SitaProvider")
struct SitaProviderTests {
    @Test("passes the directory checks of the conformance kit")
    func conformance() async throws {
        try await ProviderConformance.checkDirectory(SitaProvider())
        // Asked in a flight search (to enrich), it answers the same.
        try await ProviderConformance.checkDirectory(SitaProvider(), query: SearchQuery())
    }

    @Test("describes itself as SITA's airline directory")
    func descriptor() {
        let descriptor = SitaProvider().descriptor
        #expect(descriptor.id == "sita")
        #expect(descriptor.displayName == "SITA Airline Directory")
        #expect(descriptor.categories == [.airlineDirectory])
        #expect(descriptor.capabilities.isEmpty)
        #expect(descriptor.nativeCurrency == nil)
        #expect(descriptor.live.first?.url.scheme == "https")
        #expect(descriptor.samples.responses.bodies.keys.sorted() == ["airlines"])
    }

    // MARK: The embedded sample

    @Test("the embedded sample holds every scenario carrier, with two bad records skipped")
    func embeddedSample() async throws {
        let response = try await SitaFixtures.embedded()
        #expect(response.offers.isEmpty)
        #expect(response.skipped == 2, "id 12a and active maybe")
        #expect(response.airlines.count == 24)
        let directory = AirlineDirectory(response.airlines)
        for code in ["OS", "VY", "KL", "LX", "PC", "EK", "W6", "V7", "HV", "EW", "IB", "SU", "DP", "S7", "5N"] {
            #expect(directory.record(iata: code) != nil, "\(code) is in the directory")
        }
        for name in ["Transavia", "Eurowings", "Austrian Airlines"] {
            #expect(directory.record(named: name) != nil, "SunWeb's \(name) matches by name")
        }
        #expect(directory.record(iata: "TK")?.name == "Türk Hava Yolları")
        #expect(directory.record(iata: "AR")?.name == "Aerolíneas Argentinas")
        #expect(response.airlines.filter { !$0.isActive }.map(\.iata) == ["AB", "AZ"])
        #expect(response.airlines.filter { $0.iata == nil }.map(\.name) == ["Luxwing"])
        #expect(response.airlines.contains { $0.imageURL == nil } && response.airlines.contains { $0.imageURL != nil })
        #expect(directory.record(iata: "NR") == nil && directory.record(iata: "FR") == nil, "the bad records")
    }

    @Test("maps the first embedded record field by field")
    func embeddedFirstRecord() async throws {
        let record = try #require(try await SitaFixtures.embedded().airlines.first)
        #expect(
            record
                == AirlineRecord(
                    id: 1, name: "Austrian Airlines", iata: "OS", icao: "AUA", callsign: "AUSTRIAN", country: "AT",
                    isActive: true, imageURL: URL(string: "https://airlines.sita.aero/logos/OS.png")))
    }

    // MARK: Quirks

    @Test("reads ids as strings or numbers, Y/N in any case with spaces, and trims and upper-cases")
    func quirks() async throws {
        let response = try await SitaFixtures.search("quirks.json")
        #expect(response.skipped == 0)
        #expect(response.airlines.map(\.id) == [101, 102, 103, 104, 105, 106])
        #expect(response.airlines.map(\.isActive) == [true, true, false, false, true, true])
        let austrian = try #require(response.airlines.first)
        #expect(austrian.name == "Austrian Airlines", "surrounding spaces are trimmed")
        #expect(austrian.iata == "OS" && austrian.icao == "AUA", "codes are upper-cased")
        #expect(austrian.imageURL?.absoluteString == "https://airlines.sita.aero/logos/OS.png")
    }

    @Test("empty, dash and null fields become nil; a bad image or country costs only that field")
    func missingFields() async throws {
        let records = try await SitaFixtures.search("quirks.json").airlines
        try #require(records.count == 6)
        #expect(records[1].iata == nil, "`-` is SITA's placeholder for no code")
        #expect(records[1].callsign == nil && records[1].country == nil)
        #expect(records[2].imageURL == nil, "null image")
        #expect(records[3].imageURL == nil, "empty image")
        #expect(records[3].icao == nil, "absent code")
        #expect(records[4].imageURL == nil, "an image that is not a web URL")
        #expect(records[5].imageURL == nil && records[5].country == nil, "wrongly typed optional fields")
    }

    @Test("skips and counts records without a usable id, flag or name, and repeated ids; the rest map")
    func badRecords() async throws {
        let response = try await SitaFixtures.search("bad-records.json")
        #expect(response.airlines.map(\.name) == ["Vueling", "KLM Royal Dutch Airlines"])
        #expect(response.skipped == 9)
    }

    @Test("a body that is not a JSON array is a malformed response with a readable message")
    func malformed() async throws {
        for body in ["{\"airlines\": []}", "<html>502</html>", "\"airlines\""] {
            let error = await #expect(throws: ProviderError.self) { try await SitaFixtures.search(body: body) }
            #expect(error?.code == .malformedResponse)
            #expect(error?.provider == "sita")
            #expect(error?.message.hasPrefix("the response is not in the expected format") == true)
            #expect(error?.message.contains("\n") == false)
        }
    }

    @Test("an empty array is an answer with no records, not an error")
    func emptyList() async throws {
        let response = try await SitaFixtures.search(body: "[]")
        #expect(response.airlines.isEmpty)
        #expect(response.skipped == 0)
    }

    // MARK: The live request

    @Test("a live search asks GET <base>/airlines with no query items")
    func liveRequest() async throws {
        let provider = SitaProvider()
        let transport = SampleTransport(samples: provider.descriptor.samples.responses)
        let base = try #require(URL(string: "https://airlines.api.sita.aero/v1"))
        let client = ProviderClient.embedded(for: provider, servedOver: base, transport: transport)
        let response = try await provider.search(SearchQuery(kind: .airlineDirectory), using: client)
        #expect(response.airlines.count == 24)
        let request = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.url.path == "/v1/airlines")
        #expect(request.url.host == "airlines.api.sita.aero")
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        #expect(components?.queryItems?.isEmpty ?? true)
    }
}
