import AggregatorTestSupport
import Foundation
import MCPWire
import ProviderTestKit
import Testing

@testable import AggregatorCore
@testable import ProviderKit

/// A provider whose service is an MCP server: its tool `fares` takes `{"route": …}` and answers
/// `{"prices": [..]}`, each a VIE→BCN flight.
private struct FareToolProvider: OfferProvider {
    let descriptor = ProviderDescriptor(
        id: "faretool", displayName: "Fare tool", summary: "Fares from an MCP tool.", categories: [.flights],
        nativeCurrency: .eur, live: [LiveService("mcp+https://mcp.faretool.example/mcp")],
        samples: ProviderSamples(EmbeddedResponses(["fares": #"{"prices": [50]}"#])))

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        let prices = try await client.read(.tool("fares", arguments: Data(#"{"route": "VIE-BCN"}"#.utf8))) { root in
            try root["prices"].elements.map { try $0.int }
        }
        return ProviderResponse(
            offers: prices.map { price in
                OfferFactory.flight(
                    provider: client.provider, carrier: "OS", flightNumber: "\(price)", from: "VIE", to: "BCN",
                    departure: "2026-12-18 07:05", price: Decimal(price))
            })
    }
}

@Suite("The MCP client: tool calls over Streamable HTTP, on loopback servers")
struct MCPClientTests {
    private static let fares: @Sendable (String, String) -> LoopbackMCPServer.ToolReply = { name, _ in
        name == "fares" ? .structured(#"{"prices": [120, 95]}"#) : .error("no such tool")
    }

    private func client(_ server: LoopbackMCPServer, timeout: Duration = .seconds(120)) -> ProviderClient {
        ProviderClient(
            testing: "faretool", on: .mcp(server.baseURL), transport: URLSessionTransport(), requestTimeout: timeout)
    }

    private func aggregator(
        _ server: LoopbackMCPServer, deadline: Duration = .seconds(120), cache: ResponseCache? = nil,
        offline: Bool = false
    ) throws -> Aggregator {
        try Aggregator(
            providers: [FareToolProvider()],
            settings: try SearchSettings(
                deadline: deadline, endpoints: ["faretool": .mcp(server.baseURL)], cache: cache, offline: offline))
    }

    @Test func aStatelessServerIsInitializedOnceAndAnswersInJSON() async throws {
        let server = try LoopbackMCPServer(style: .stateless, tool: Self.fares)
        defer { server.stop() }
        let client = client(server)
        for _ in 0..<2 {
            let response = try await FareToolProvider().search(SearchQuery(), using: client)
            #expect(response.offers.count == 2)
        }
        let messages = server.messages
        #expect(messages.map(\.method) == ["initialize", "notifications/initialized", "tools/call", "tools/call"])
        #expect(messages.allSatisfy { $0.headers["accept"] == "application/json, text/event-stream" })
        #expect(messages.allSatisfy { $0.headers["content-type"] == "application/json" })
        #expect(messages.allSatisfy { $0.sessionID == nil }, "a server that returns no session id is used without one")
        #expect(messages.dropFirst().allSatisfy { $0.protocolVersion == "2025-06-18" })
        #expect(messages.first?.protocolVersion == nil)
        #expect(messages.last?.tool == "fares")
        #expect(messages.last?.arguments == #"{"route":"VIE-BCN"}"#)
    }

    @Test func aStatefulServersSessionIsKeptAndItsEventStreamsRead() async throws {
        let server = try LoopbackMCPServer(style: .stateful, protocolVersion: "2025-11-25", tool: Self.fares)
        defer { server.stop() }
        let client = client(server)
        _ = try await FareToolProvider().search(SearchQuery(), using: client)
        let response = try await FareToolProvider().search(SearchQuery(), using: client)
        #expect(response.offers.map(\.price.amount) == [120, 95])
        let messages = server.messages
        #expect(messages.map(\.method) == ["initialize", "notifications/initialized", "tools/call", "tools/call"])
        let session = try #require(messages.dropFirst().first?.sessionID)
        #expect(messages.dropFirst().allSatisfy { $0.sessionID == session && $0.protocolVersion == "2025-11-25" })
        #expect(server.sessionsStarted == 1)
    }

    @Test(arguments: MCPRevision.supported)
    func theClientAsksForTheNewestRevisionAndTakesEachOfTheList(revision: String) async throws {
        let server = try LoopbackMCPServer(style: .stateful, protocolVersion: revision, tool: Self.fares)
        defer { server.stop() }
        let response = try await FareToolProvider().search(SearchQuery(), using: client(server))
        #expect(response.offers.count == 2)
        let messages = server.messages
        #expect(messages.first?.requestedRevision == MCPRevision.latest)
        #expect(messages.dropFirst().allSatisfy { $0.protocolVersion == revision })
    }

    @Test func aServerSpeakingARevisionOutsideTheListIsAFailureNamingTheList() async throws {
        let server = try LoopbackMCPServer(style: .stateless, protocolVersion: "2024-11-05", tool: Self.fares)
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await FareToolProvider().search(SearchQuery(), using: client(server))
        }
        #expect(
            error?.message
                == "the MCP server speaks protocol 2024-11-05, not one of 2025-03-26, 2025-06-18 and 2025-11-25")
        #expect(server.messages.map(\.method) == ["initialize"], "no call goes to a server the client cannot read")
    }

    @Test func anEndedSessionIsStartedAgainOnce() async throws {
        let server = try LoopbackMCPServer(style: .stateful, tool: Self.fares)
        defer { server.stop() }
        let client = client(server)
        _ = try await FareToolProvider().search(SearchQuery(), using: client)
        server.endSessions()
        let response = try await FareToolProvider().search(SearchQuery(), using: client)
        #expect(response.offers.count == 2)
        #expect(server.sessionsStarted == 2)
        #expect(
            server.messages.map(\.method) == [
                "initialize", "notifications/initialized", "tools/call", "tools/call", "initialize",
                "notifications/initialized", "tools/call",
            ])
    }

    @Test func aTextResultIsReadAsTheJSONItHoldsEvenWrittenAsAString() async throws {
        for text in [#"{"prices": [7]}"#, #""{\"prices\": [7]}""#] {
            let server = try LoopbackMCPServer(style: .stateless) { _, _ in .text(text) }
            defer { server.stop() }
            let response = try await FareToolProvider().search(SearchQuery(), using: client(server))
            #expect(response.offers.map(\.price.amount) == [7])
        }
    }

    @Test func aToolErrorIsAFailureQuotingItsTextCleaned() async throws {
        let server = try LoopbackMCPServer(style: .stateful) { _, _ in
            .error("Failed to fetch: Invalid range for depart. Must be no greater than 2027-03-22\u{1B}[2J")
        }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await FareToolProvider().search(SearchQuery(), using: client(server))
        }
        #expect(
            error?.message
                == "the tool fares failed: Failed to fetch: Invalid range for depart. Must be no greater than 2027-03-22�[2J"
        )
        #expect(error?.code == .httpStatus)
    }

    @Test func aJSONRPCErrorIsAFailureQuotingIt() async throws {
        let server = try LoopbackMCPServer(style: .stateless) { _, _ in
            .rpcError(code: -32602, message: "Invalid params")
        }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await FareToolProvider().search(SearchQuery(), using: client(server))
        }
        #expect(error?.message == "the MCP server answered with error -32602: Invalid params")
    }

    @Test func aRateLimitIsRetriedOnceAfterItsRetryAfterThenReported() async throws {
        let server = try LoopbackMCPServer(style: .stateless) { _, _ in
            .http(status: 429, headers: ["Retry-After": "1", "Content-Type": "application/json"], body: "{}")
        }
        defer { server.stop() }
        let outcome = try #require(await aggregator(server).search(SearchQuery()).outcomes.first)
        #expect(outcome.status == .rateLimited)
        #expect(outcome.error?.message.contains("Retry-After: 1") == true)
        #expect(server.messages.filter { $0.method == "tools/call" }.count == 2, "one retry, never more")
    }

    @Test func aBadGatewayThenAnAnswerSucceeds() async throws {
        let calls = RequestCounter()
        let server = try LoopbackMCPServer(style: .stateful) { _, _ in
            calls.next() == 0 ? .http(status: 502, headers: [:], body: "Bad Gateway") : .structured(#"{"prices": [1]}"#)
        }
        defer { server.stop() }
        let result = try await aggregator(server).search(SearchQuery())
        #expect(result.outcomes.first?.status == .ok)
        #expect(result.offers.count == 1)
    }

    @Test func aStreamCutBeforeTheResponseIsAFailure() async throws {
        let server = try LoopbackMCPServer(style: .stateful) { _, _ in .streamCutBeforeResponse }
        defer { server.stop() }
        let outcome = try #require(await aggregator(server).search(SearchQuery()).outcomes.first)
        #expect(outcome.status == .failed)
        #expect(outcome.offerCount == 0)
    }

    @Test func anOversizedStreamStopsAtTheCap() async throws {
        let server = try LoopbackMCPServer(style: .stateful) { _, _ in .oversized(bytes: 4 << 20) }
        defer { server.stop() }
        let aggregator = try Aggregator(
            providers: [FareToolProvider()], transport: URLSessionTransport(maxResponseBytes: 1 << 20),
            settings: try SearchSettings(
                deadline: .seconds(120), maxResponseBytes: 1 << 20, endpoints: ["faretool": .mcp(server.baseURL)]))
        let outcome = try #require(await aggregator.search(SearchQuery()).outcomes.first)
        #expect(outcome.error?.code == .responseTooLarge)
    }

    @Test func aStreamThatNeverAnswersEndsAtTheDeadline() async throws {
        let server = try LoopbackMCPServer(style: .stateful) { _, _ in .streamWithoutResponse(seconds: 60) }
        defer { server.stop() }
        let started = ContinuousClock.now
        let outcome = try #require(await aggregator(server, deadline: .seconds(2)).search(SearchQuery()).outcomes.first)
        #expect(outcome.status == .timeout)
        #expect(ContinuousClock.now - started < .seconds(45), "not the server's minute")
    }

    @Test func anAnswerIsCachedByToolAndArgumentsAndServedOffline() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LoopbackMCPServer(style: .stateful, tool: Self.fares)
        defer { server.stop() }
        let cache = ResponseCache(folder: folder)
        let live = try await aggregator(server, cache: cache).search(SearchQuery())
        #expect(live.offers.count == 2)
        let asked = server.messages.count
        let offline = try await aggregator(server, cache: cache, offline: true).search(SearchQuery())
        #expect(offline.offers.map(\.price.amount).sorted() == [95, 120])
        #expect(offline.outcomes.first?.stale == true)
        #expect(server.messages.count == asked, "nothing is sent offline")
    }

    @Test func twoSearchesOfOneRunnerAskingAtOnceCallTheToolOnce() async throws {
        let server = try LoopbackMCPServer(style: .stateless) { _, _ in .structured(#"{"prices": [3]}"#) }
        defer { server.stop() }
        let aggregator = try aggregator(server)
        async let first = aggregator.search(SearchQuery())
        async let second = aggregator.search(SearchQuery())
        let results = await [first, second]
        #expect(results.allSatisfy { $0.offers.count == 1 })
        #expect(server.messages.filter { $0.method == "tools/call" }.count == 1)
    }

    @Test func messagesToOneHostAreSpacedHalfASecondApart() async throws {
        let server = try LoopbackMCPServer(style: .stateless) { _, _ in .structured(#"{"prices": [3]}"#) }
        defer { server.stop() }
        let started = ContinuousClock.now
        _ = try await aggregator(server).search(SearchQuery())
        // initialize, notifications/initialized and tools/call: two gaps of at least half a second. A busy
        // machine only makes it longer.
        #expect(server.messages.count == 3)
        #expect(ContinuousClock.now - started >= .seconds(1))
    }

    @Test func aClientInfoNamesTheToolAndItsVersion() async throws {
        let server = try LoopbackMCPServer(style: .stateless, tool: Self.fares)
        defer { server.stop() }
        _ = try await FareToolProvider().search(SearchQuery(), using: client(server))
        #expect(server.messages.first?.headers["user-agent"] == "aggregate/\(ToolIdentity.version)")
    }
}
