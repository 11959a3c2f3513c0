import Foundation
import ProviderKit
import Testing

@Suite("EmbeddedResponses")
struct EmbeddedResponsesTests {
    static let samples = EmbeddedResponses([
        "search": "general",
        "search?destination=BUD": "to Budapest",
        "search?destination=BUD&date=2026-12-18": "to Budapest on the 18th",
        "searches": "another name",
    ])

    @Test("the sample named for the most of a request's parameters answers it, the plain one any other")
    func choice() {
        let samples = Self.samples
        #expect(samples.body(for: "search", parameters: [:]) == "general")
        #expect(samples.body(for: "search", parameters: ["destination": "BCN"]) == "general")
        #expect(samples.body(for: "search", parameters: ["destination": "BUD"]) == "to Budapest")
        #expect(
            samples.body(for: "search", parameters: ["destination": "BUD", "date": "2026-12-18", "adults": "1"])
                == "to Budapest on the 18th")
        #expect(samples.body(for: "searches", parameters: ["destination": "BUD"]) == "another name")
        #expect(samples.body(for: "sear", parameters: [:]) == nil)
        #expect(EmbeddedResponses(["search?destination=BUD": "x"]).body(for: "search", parameters: [:]) == nil)
    }

    @Test("a tool call's parameters are its top-level strings and numbers; a request's, its query items")
    func parameters() {
        let arguments = Data(#"{"destination": "BUD", "adults": 1, "nested": {"a": "b"}, "flag": true}"#.utf8)
        #expect(EmbeddedResponses.parameters(ofArguments: arguments) == ["destination": "BUD", "adults": "1"])
        #expect(EmbeddedResponses.parameters(ofArguments: Data("[1]".utf8)).isEmpty)
        #expect(EmbeddedResponses.parameters(ofArguments: Data("not json".utf8)).isEmpty)
        let request = ProviderRequest.get(
            "a/search", query: [URLQueryItem(name: "q", value: "Vienna"), URLQueryItem(name: "q", value: "Wien")])
        #expect(request.sampleParameters == ["q": "Vienna"], "the first of a repeated name")
        #expect(ProviderRequest.tool("search", arguments: arguments).sampleParameters["destination"] == "BUD")
    }
}

@Suite("FlightTime(zoned:)")
struct FlightTimeZonedTests {
    @Test(
        "reads the wall clock, and the instant from the offset",
        arguments: [
            ("2026-12-18T06:00:00+01:00", "2026-12-18T06:00", 1_797_570_000.0),
            ("2026-12-18T06:00+01:00", "2026-12-18T06:00", 1_797_570_000.0),
            ("2026-12-18T05:00:00Z", "2026-12-18T05:00", 1_797_570_000.0),
            ("2026-12-17T23:30:00.250-05:30", "2026-12-17T23:30", 1_797_570_000.0),
        ])
    func zoned(_ text: String, _ local: String, _ epoch: Double) throws {
        let time = try #require(FlightTime(zoned: text))
        #expect(time.local?.description == local)
        #expect(time.utc == Date(timeIntervalSince1970: epoch))
    }

    @Test("without an offset only the wall clock is known; anything else is no time")
    func partial() {
        #expect(FlightTime(zoned: "2026-12-18T06:00:00")?.utc == nil)
        #expect(FlightTime(zoned: "2026-12-18T06:00:00")?.local?.description == "2026-12-18T06:00")
        for text in ["18.12.2026 06:00", "2026-12-18T06:00:00+1:00", "2026-12-18T06:00:00+25:00", "", "Z"] {
            #expect(FlightTime(zoned: text) == nil, "\(text)")
        }
        #expect(FlightTime(zoned: nil) == nil)
    }
}
