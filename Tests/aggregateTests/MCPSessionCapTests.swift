import Foundation
import HTTPServer
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import MCPFrontEnd
@testable import ServeFrontEnd

/// The MCP session table of `aggregate serve` under a client that starts sessions without end: its own
/// cap stops it, a full table refuses new sessions, and no live session of anyone else is ever ended.
@Suite("MCP sessions over HTTP: no client can end another's")
struct MCPSessionCapTests {
    private static let initialize = Array(
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
            .utf8)

    private static func endpoint(_ sessions: MCPHTTPSessions) -> MCPHTTPEndpoint {
        let context = CommandContext(environment: [:], catalog: ProviderCatalog([]), configFile: .success(ConfigFile()))
        return MCPHTTPEndpoint(
            runner: MCPToolRunner(tools: [], context: context, operatorOptions: []), sessions: sessions,
            searches: ConcurrencyGate(limit: 1))
    }

    private static func initialize(_ endpoint: MCPHTTPEndpoint, from address: String) async -> ServerResponse {
        await endpoint.respond(
            to: ServerRequest(
                method: "POST", target: "/mcp", version: .http11,
                headers: ["Content-Type": "application/json", "Accept": "application/json, text/event-stream"],
                body: initialize, remoteAddress: address))
    }

    private static func ping(_ endpoint: MCPHTTPEndpoint, session: String) async -> Int {
        await endpoint.respond(
            to: ServerRequest(
                method: "POST", target: "/mcp", version: .http11,
                headers: ["Content-Type": "application/json", "Mcp-Session-Id": session],
                body: Array(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#.utf8), remoteAddress: "127.0.0.9:4000")
        ).status
    }

    @Test func aClientPastItsCapOrAFullTableIsAnswered503AndEverySessionLives() async throws {
        let sessions = MCPHTTPSessions(idleLimit: .seconds(3600), capacity: 6, perClient: 3)
        let endpoint = Self.endpoint(sessions)
        var started: [String] = []
        // Someone else's session, started first and idle longest: the one eviction used to end.
        let other = await Self.initialize(endpoint, from: "127.0.0.2:5000")
        #expect(other.status == 200)
        started.append(try #require(other.headers["Mcp-Session-Id"]))
        // One client, many sockets: the port does not make it another client.
        for port in 1...3 {
            let response = await Self.initialize(endpoint, from: "127.0.0.1:\(40_000 + port)")
            #expect(response.status == 200)
            started.append(try #require(response.headers["Mcp-Session-Id"]))
        }
        for port in 4...50 {
            let refused = await Self.initialize(endpoint, from: "127.0.0.1:\(40_000 + port)")
            #expect(refused.status == 503)
            #expect(refused.headers["Retry-After"] != nil)
            guard case .bytes(let body) = refused.body else { throw ServeFailure(description: "a streamed 503") }
            #expect(String(decoding: body, as: UTF8.self).contains("this address has 3 MCP sessions open"))
        }
        // Other clients fill the table; then the next one is refused, not given someone's place.
        for host in ["127.0.0.3", "[::1]"] {
            let response = await Self.initialize(endpoint, from: "\(host):6000")
            #expect(response.status == 200)
            started.append(try #require(response.headers["Mcp-Session-Id"]))
        }
        #expect(sessions.count == 6)
        for host in ["127.0.0.4", "127.0.0.5"] {
            let full = await Self.initialize(endpoint, from: "\(host):6000")
            #expect(full.status == 503)
        }
        for session in started { #expect(await Self.ping(endpoint, session: session) == 200) }

        // A session ended by its own client makes room for that client.
        #expect(sessions.end(started[1]))
        #expect(await Self.initialize(endpoint, from: "127.0.0.1:40100").status == 200)
    }

    @Test func expiredSessionsMakeRoomAndTheDefaultCapIsATenth() async throws {
        let sessions = MCPHTTPSessions(idleLimit: .milliseconds(50), capacity: 2)
        #expect(sessions.perClient == 1)
        guard case .success = sessions.start(protocolVersion: "2025-11-25", remoteAddress: "127.0.0.1:1"),
            case .success = sessions.start(protocolVersion: "2025-11-25", remoteAddress: "127.0.0.2:1")
        else { throw ServeFailure(description: "a session was refused in an empty table") }
        guard case .failure(.full) = sessions.start(protocolVersion: "2025-11-25", remoteAddress: "127.0.0.3:1") else {
            throw ServeFailure(description: "a full table started a session")
        }
        try await Task.sleep(for: .milliseconds(200))
        guard case .success = sessions.start(protocolVersion: "2025-11-25", remoteAddress: "127.0.0.3:1") else {
            throw ServeFailure(description: "expired sessions did not make room")
        }
        #expect(MCPHTTPSessions(idleLimit: .seconds(1)).perClient == 100)
        #expect(MCPHTTPSessions.host(of: "[::1]:80") == "::1")
        #expect(MCPHTTPSessions.host(of: "10.1.2.3:80") == "10.1.2.3")
    }
}
