import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

/// The recorded sessions of the keyless MCP servers under `Tests/MCPSessions` (written from the documented
/// shapes; see the README there), replayed two ways: the whole exchange from a server on loopback, and the
/// tool's result as a `file://` recording. Both give the same offers.
@Suite("Recorded sessions of the keyless MCP servers, replayed")
struct RecordedSessionTests {
    /// One exchange of a session: what the client sent and what the server answered.
    struct Exchange {
        var method: String
        var requestHeaders: [String: String]
        var status: Int
        var headers: [String: String]
        var body: String
    }

    /// A session's exchanges, in order.
    static func exchanges(_ provider: String) throws -> [Exchange] {
        let url = KeylessLiveTests.sessions.appendingPathComponent("\(provider)/session.json")
        let session = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let list = try #require(session["exchange"] as? [[String: Any]])
        return try list.map { entry in
            let request = try #require(entry["request"] as? [String: Any])
            let response = try #require(entry["response"] as? [String: Any])
            return Exchange(
                method: try #require((request["body"] as? [String: Any])?["method"] as? String),
                requestHeaders: request["headers"] as? [String: String] ?? [:],
                status: try #require(response["status"] as? Int),
                headers: response["headers"] as? [String: String] ?? [:],
                body: try #require(response["body"] as? String))
        }
    }

    /// A server that answers each message with the session's next response.
    static func replay(_ exchanges: [Exchange]) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn(
                exchanges.map { .raw(status: $0.status, headers: $0.headers, body: Data($0.body.utf8)) }))
    }

    /// The JSON-RPC method of each message a server received.
    static func methods(_ server: LoopbackHTTPServer) -> [String] {
        server.requests.map { request in
            (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["method"] as? String ?? ""
        }
    }

    /// The offers of a JSON search, without what differs between runs (when they were retrieved).
    static func offers(_ run: BinaryRun) throws -> [String] {
        let offers = try #require(try run.json()["offers"] as? [[String: Any]])
        return try offers.map { offer in
            var offer = offer
            offer["sources"] = (offer["sources"] as? [[String: Any]])?.map { source in
                var source = source
                source["retrieved_at"] = nil
                return source
            }
            let data = try JSONSerialization.data(withJSONObject: offer, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
    }

    static let question = [
        "search", "--providers", "kiwi,skiplagged", "--from", "VIE", "--to", "BCN", "--date",
        "2026-12-18", "--format", "json",
    ]

    @Test func eachSessionReplaysFromLoopbackAsRecordedAndGivesTheSameOffersAsItsRecording() async throws {
        let kiwi = try Self.exchanges("kiwi")
        let skiplagged = try Self.exchanges("skiplagged")
        #expect(kiwi.map(\.method) == ["initialize", "notifications/initialized", "tools/call"])
        #expect(skiplagged.map(\.method) == ["initialize", "notifications/initialized", "tools/call"])
        let kiwiServer = try Self.replay(kiwi)
        let skiplaggedServer = try Self.replay(skiplagged)
        defer {
            kiwiServer.stop()
            skiplaggedServer.stop()
        }
        let live = try await Binary.run(
            Self.question + [
                "--endpoint", "kiwi=mcp+\(kiwiServer.baseURL.absoluteString)", "--endpoint",
                "skiplagged=mcp+\(skiplaggedServer.baseURL.absoluteString)",
            ])
        #expect(live.status == 0, "\(live.stderr)")
        #expect(Self.methods(kiwiServer) == kiwi.map(\.method), "the client asked what the session recorded")
        #expect(Self.methods(skiplaggedServer) == skiplagged.map(\.method))
        let session = skiplagged.first?.headers["Mcp-Session-Id"]
        #expect(skiplaggedServer.requests.dropFirst().allSatisfy { $0.headers["mcp-session-id"] == session })

        let sessions = KeylessLiveTests.sessions
        let recorded = try await Binary.run(
            Self.question + [
                "--endpoint", "kiwi=\(sessions.appendingPathComponent("kiwi/search-flight.json").absoluteString)",
                "--endpoint", "skiplagged=\(sessions.appendingPathComponent("skiplagged").absoluteString)",
            ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let offers = try Self.offers(live)
        #expect(offers.count == 7)
        #expect(offers == (try Self.offers(recorded)))
        let providers = try #require(try recorded.json()["providers"] as? [[String: Any]])
        #expect(providers.map { $0["sample"] as? Bool } == [false, false], "a recording is what a service said")
    }

    @Test func eachSessionsToolResultIsItsRecording() throws {
        let sessions = KeylessLiveTests.sessions
        // Kiwi's result is a text content holding the document as a JSON string: read twice.
        let kiwiCall = try #require(try Self.exchanges("kiwi").last)
        let kiwiResult =
            try #require(
                try JSONSerialization.jsonObject(with: Data(kiwiCall.body.utf8)) as? [String: Any])["result"]
            as? [String: Any]
        let text = try #require((kiwiResult?["content"] as? [[String: Any]])?.first?["text"] as? String)
        let inner = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String)
        let document = try JSONSerialization.jsonObject(with: Data(inner.utf8)) as? NSDictionary
        let kiwiFile =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: sessions.appendingPathComponent("kiwi/search-flight.json"))) as? NSDictionary
        #expect(document != nil && document == kiwiFile)
        // Skiplagged's is the structured content of the stream's response.
        let stream = try #require(try Self.exchanges("skiplagged").last).body
        let response = try #require(stream.split(separator: "\n").filter { $0.hasPrefix("data: ") }.last)
        let message = try JSONSerialization.jsonObject(with: Data(response.dropFirst(6).utf8)) as? [String: Any]
        let structured = (message?["result"] as? [String: Any])?["structuredContent"] as? NSDictionary
        let skiplaggedFile =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: sessions.appendingPathComponent("skiplagged/sk_flights_search.json")))
            as? NSDictionary
        #expect(structured != nil && structured == skiplaggedFile)
    }
}
