import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine

/// A provider whose live services are a keyed HTTP service and, second, a keyless MCP server at a loopback
/// URL (as Kiwi's Tequila and its public MCP server): its samples price the flight at 10, the MCP tool at the
/// price the server gives.
private struct TwoServiceProvider: OfferProvider {
    let descriptor: ProviderDescriptor

    init(mcp: URL) {
        descriptor = ProviderDescriptor(
            id: "twofold", displayName: "Twofold", summary: "A keyed service and a keyless MCP server.",
            categories: [.flights], nativeCurrency: .eur,
            live: [
                LiveService("https://api.twofold.example", signIn: .header("apikey")),
                LiveService(URL(string: "mcp+" + mcp.absoluteString) ?? mcp),
            ],
            samples: ProviderSamples(EmbeddedResponses(["fares": #"{"prices": [10]}"#])))
    }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        let request: ProviderRequest =
            client.endpointKind == .mcp ? .tool("fares", arguments: Data("{}".utf8)) : .get("fares")
        let prices = try await client.read(request) { root in try root["prices"].elements.map { try $0.int } }
        return ProviderResponse(
            offers: prices.map { price in
                OfferFactory.flight(
                    provider: client.provider, carrier: "OS", flightNumber: "\(price)", from: "VIE", to: "BCN",
                    departure: "2026-12-18 07:05", price: Decimal(price))
            })
    }
}

/// A provider whose only live service needs a key.
private struct KeyedProvider: OfferProvider {
    let descriptor = ProviderDescriptor(
        id: "keyed", displayName: "Keyed", summary: "A service that needs a key.", categories: [.flights],
        live: [LiveService("https://api.keyed.example", signIn: .bearer)],
        samples: ProviderSamples(EmbeddedResponses(["fares": #"{"prices": [20]}"#])))

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        ProviderResponse(offers: [])
    }
}

/// Everything a run wrote.
private final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    var stdout: String { lock.withLock { out } }
    var stderr: String { lock.withLock { err } }

    var console: Console {
        Console(
            writeOut: { text in self.lock.withLock { self.out += text } },
            writeError: { text in self.lock.withLock { self.err += text } }, colors: false)
    }
}

@Suite("--live: every provider's live service, keyless ones with nothing to set")
struct LiveFlagTests {
    private func run(
        _ arguments: [String], server: LoopbackMCPServer, environment: [String: String] = [:]
    ) async -> (Int32, Written) {
        let output = Written()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var variables = environment
        variables["HOME"] = home.path
        let tool = AggregateTool(
            providers: [TwoServiceProvider(mcp: server.baseURL), KeyedProvider()], environment: variables,
            console: output.console)
        // A deadline a busy machine meets: these tests are about who is asked and how, never about speed.
        let words = arguments.first == "search" ? arguments + ["--timeout", "120"] : arguments
        return (await tool.run(arguments: words), output)
    }

    private func server() throws -> LoopbackMCPServer {
        try LoopbackMCPServer(style: .stateful) { _, _ in .structured(#"{"prices": [77]}"#) }
    }

    @Test(arguments: [
        (["search", "--live", "--format", "json"], [String: String]()),
        (["search", "--format", "json"], ["AGGREGATE_LIVE": "1"]),
    ])
    func aKeylessServiceIsAskedAndOneThatNeedsAKeyIsNotAskedWithANote(
        arguments: [String], environment: [String: String]
    ) async throws {
        let server = try server()
        defer { server.stop() }
        let (status, output) = await run(arguments, server: server, environment: environment)
        #expect(status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let outcomes = try #require(json["providers"] as? [[String: Any]])
        #expect(outcomes.map { $0["status"] as? String } == ["ok", "not_asked"])
        #expect(outcomes.first?["sample"] as? Bool == false)
        #expect(
            outcomes.last?["error"] as? String
                == "was not asked: it cannot ask a live service; set AGGREGATE_KEYED_API_KEY to let it ask its live service"
        )
        let prices = (json["offers"] as? [[String: Any]])?.compactMap {
            ($0["price"] as? [String: Any])?["amount"] as? Int
        }
        #expect(prices == [77])
        #expect(server.messages.contains { $0.method == "tools/call" })
    }

    @Test func withTheKeyTheKeyedServiceComesFirst() async throws {
        let server = try server()
        defer { server.stop() }
        let (_, output) = await run(
            ["providers", "--format", "json"], server: server, environment: ["AGGREGATE_TWOFOLD_API_KEY": "k"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let twofold = try #require((json["providers"] as? [[String: Any]])?.first)
        #expect(twofold["endpoint"] as? String == "https://api.twofold.example")
        #expect(twofold["live_endpoint"] as? String == "https://api.twofold.example")
        let (_, keyless) = await run(["providers", "--format", "json"], server: server)
        let plain = try #require(
            ((try JSONSerialization.jsonObject(with: Data(keyless.stdout.utf8)) as? [String: Any])?["providers"]
                as? [[String: Any]])?.first)
        #expect(plain["endpoint"] as? String == "embedded", "without --live nothing changes")
        #expect(plain["live_endpoint"] as? String == "mcp+" + server.baseURL.absoluteString)
        #expect(server.messages.isEmpty)
    }

    @Test func anExplicitEndpointStillWins() async throws {
        let server = try server()
        defer { server.stop() }
        let (status, output) = await run(
            ["search", "--live", "--endpoint", "twofold=embedded", "--providers", "twofold", "--format", "json"],
            server: server)
        #expect(status == 0)
        #expect(output.stdout.contains(#""sample": true"#))
        #expect(server.messages.isEmpty)
    }

    @Test func aLiveVariableThatIsNeitherYesNorNoIsAUsageError() async throws {
        let server = try server()
        defer { server.stop() }
        let (status, output) = await run(["search"], server: server, environment: ["AGGREGATE_LIVE": "maybe"])
        #expect(status == 64)
        #expect(output.stderr.hasPrefix("error: AGGREGATE_LIVE: 'maybe' is neither yes nor no"))
    }

    @Test func theConfigFileCanAskForLiveServicesToo() async throws {
        let server = try server()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aggregate-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configFolder = folder.appendingPathComponent("aggregate")
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        try Data(#"{"live": true}"#.utf8).write(to: configFolder.appendingPathComponent("config.json"))
        let (status, output) = await run(
            ["search", "--providers", "twofold", "--format", "json"], server: server,
            environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(status == 0)
        #expect(output.stdout.contains(#""sample": false"#))
        #expect(server.messages.contains { $0.method == "tools/call" })
    }
}
