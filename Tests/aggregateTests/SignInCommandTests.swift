import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing
@testable import MCPFrontEnd
@testable import MCPWire

/// A provider of an OAuth2 service at a loopback URL: `GET fares` answers a JSON array of prices.
private struct FareProvider: OfferProvider {
    let descriptor: ProviderDescriptor

    init(base: URL) {
        descriptor = ProviderDescriptor(
            id: "fares", displayName: "Fares", summary: "Fares behind an OAuth2 sign-in.", categories: [.flights],
            nativeCurrency: .eur,
            live: [
                LiveService(
                    base, signIn: .oauth2(OAuth2ClientCredentials(tokenURL: base.appendingPathComponent("oauth/token")))
                )
            ],
            samples: ProviderSamples(EmbeddedResponses(["fares": "[10]"])))
    }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        let prices = try await client.read(.get("fares")) { root in try root.elements.map { try $0.int } }
        return ProviderResponse(
            offers: prices.map { price in
                OfferFactory.flight(
                    provider: client.provider, carrier: "OS", flightNumber: "\(price)", from: "VIE", to: "BCN",
                    departure: "2026-12-18 07:05", price: Decimal(price))
            })
    }
}

/// Everything a run wrote.
private final class Captured: @unchecked Sendable {
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

@Suite("Credentials on the command line: the variables a sign-in names")
struct SignInCommandTests {
    private static let secret = "hush-7f3e"

    private func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            switch request.path {
            case "/oauth/token":
                String(decoding: request.body, as: UTF8.self).contains("client_secret=\(Self.secret)")
                    ? .json(#"{"access_token": "t-1", "expires_in": 600}"#)
                    : .json(#"{"error": "invalid_client"}"#, status: 401)
            case "/fares":
                request.headers["authorization"] == "Bearer t-1" ? .json("[42]") : .json("{}", status: 401)
            default: .json("{}", status: 404)
            }
        }
    }

    private func run(
        _ arguments: [String], base: URL, environment: [String: String]
    ) async -> (Int32, Captured) {
        let output = Captured()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var variables = environment
        variables["HOME"] = home.path
        let tool = AggregateTool(providers: [FareProvider(base: base)], environment: variables, console: output.console)
        // A deadline a busy machine meets: these tests are about who is asked and how, never about speed.
        let words = arguments.first == "search" ? arguments + ["--timeout", "120"] : arguments
        return (await tool.run(arguments: words), output)
    }

    @Test func settingBothCredentialsMakesItLiveAndItSignsIn() async throws {
        let server = try server()
        defer { server.stop() }
        let environment = ["AGGREGATE_FARES_CLIENT_ID": "app", "AGGREGATE_FARES_CLIENT_SECRET": Self.secret]
        let (status, output) = await run(
            ["search", "--providers", "fares", "--verbose", "--format", "json"], base: server.baseURL,
            environment: environment)
        #expect(status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let offers = try #require(json["offers"] as? [[String: Any]])
        #expect(offers.count == 1)
        #expect((offers.first?["sources"] as? [[String: Any]])?.first?["provider"] as? String == "fares")
        #expect(
            output.stderr.contains(
                "fares: signs in with AGGREGATE_FARES_CLIENT_ID and AGGREGATE_FARES_CLIENT_SECRET (set)"))
        #expect(output.stderr.contains("(AGGREGATE_FARES_CLIENT_ID and AGGREGATE_FARES_CLIENT_SECRET)"))
        #expect(server.requests.map(\.path) == ["/oauth/token", "/fares"])
        #expect(!output.stdout.contains(Self.secret) && !output.stderr.contains(Self.secret))
        #expect(!output.stdout.contains("t-1") && !output.stderr.contains("t-1"))
    }

    @Test func theToolCallsOfOneMCPSessionSignInOnce() async throws {
        let server = try server()
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "AGGREGATE_FARES_CLIENT_ID": "app", "AGGREGATE_FARES_CLIENT_SECRET": Self.secret, "HOME": home.path,
        ]
        // As `aggregate mcp` does: one context, hence one engine, for every call of the session.
        let context = CommandContext(
            environment: environment, catalog: ProviderCatalog([FareProvider(base: server.baseURL)]))
        let runner = MCPToolRunner(
            tools: MCPTool.available(commands: ["search", "compare"], providerIDs: ["fares"]), context: context,
            operatorOptions: [(key: .timeout, value: "120")])
        for name in ["search_flights", "search_trips", "compare_sources", "search_flights"] {
            let tool = try #require(runner.tool(named: name))
            let result = await runner.call(tool, arguments: [("providers", .string("fares"))])
            #expect(!result.isError, "\(name)")
        }
        #expect(server.requests.filter { $0.path == "/oauth/token" }.count == 1)
        #expect(server.requests.contains { $0.path == "/fares" })
    }

    @Test func oneCredentialAloneLeavesItOnItsSamples() async throws {
        let server = try server()
        defer { server.stop() }
        let (status, output) = await run(
            ["providers", "--format", "json"], base: server.baseURL, environment: ["AGGREGATE_FARES_CLIENT_ID": "app"])
        #expect(status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let fares = try #require((json["providers"] as? [[String: Any]])?.first)
        #expect(fares["endpoint"] as? String == "embedded")
        #expect(fares["api_key"] as? String == "partly set")
        #expect(fares["api_key_variable"] is NSNull)
        #expect(
            fares["credential_variables"] as? [String] == [
                "AGGREGATE_FARES_CLIENT_ID", "AGGREGATE_FARES_CLIENT_SECRET",
            ])
        #expect(server.requests.isEmpty)
    }

    /// An OAuth2 provider pointed at its service with one of its credentials unset is not sent an unsigned
    /// request whose refusal it would then quote: the unset variable is named, and nothing is sent.
    @Test func anUnsetSecretWithAnExplicitEndpointIsNamedBeforeAnyRequest() async throws {
        let server = try server()
        defer { server.stop() }
        let (status, output) = await run(
            ["search", "--providers", "fares", "--endpoint", "fares=\(server.baseURL.absoluteString)"],
            base: server.baseURL, environment: ["AGGREGATE_FARES_CLIENT_ID": "app"])
        #expect(status == 3)
        #expect(output.stderr.contains("set AGGREGATE_FARES_CLIENT_SECRET"), "\(output.stderr)")
        #expect(!output.stderr.contains("AGGREGATE_FARES_CLIENT_ID and"), "only the unset one: \(output.stderr)")
        // The service's refusal is not quoted (the loopback port itself may hold the digits 401).
        #expect(!output.stderr.contains("HTTP 401"), "\(output.stderr)")
        #expect(server.requests.isEmpty, "\(server.requests.map(\.path))")
    }

    @Test func aRefusedSignInTellsWhichVariablesToCheck() async throws {
        let server = try server()
        defer { server.stop() }
        let environment = ["AGGREGATE_FARES_CLIENT_ID": "app", "AGGREGATE_FARES_CLIENT_SECRET": "wrong-secret"]
        let (status, output) = await run(
            ["search", "--providers", "fares"], base: server.baseURL, environment: environment)
        #expect(status == 3)
        #expect(
            output.stderr
                == "warning: fares failed: could not sign in at 127.0.0.1: the token service answered HTTP 401 "
                + "Unauthorized: invalid_client; check AGGREGATE_FARES_CLIENT_ID and AGGREGATE_FARES_CLIENT_SECRET\n")
        #expect(!output.stderr.contains("wrong-secret"))
    }
}
