import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import AggregatorCore

/// The MCP client's session belongs to the server that gave it: a redirect to another origin carries
/// neither the session id nor the message, on real loopback servers.
@Suite("The MCP client: credentials stay with their origin")
struct MCPRedirectTests {
    /// An MCP server that initializes a session and answers each tool call as `call` says.
    private static func server(call: @escaping @Sendable () -> LoopbackHTTPServer.Reply) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            let body = String(decoding: request.body, as: UTF8.self)
            if request.path == "/moved" {
                return .json(#"{"jsonrpc":"2.0","id":2,"result":{"structuredContent":{"moved":true}}}"#)
            }
            if body.contains(#""method":"initialize""#) {
                return .json(
                    #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}"#,
                    headers: ["Mcp-Session-Id": "session-secret-0123456789"])
            }
            if body.contains(#""method":"notifications/"#) { return .raw(status: 202, headers: [:], body: Data()) }
            return call()
        }
    }

    private static func call(_ server: LoopbackHTTPServer) async throws -> HTTPResponse {
        try await MCPTransport(network: URLSessionTransport(), provider: "faretool").send(
            HTTPRequest(
                method: .post, url: server.baseURL.appendingPathComponent("mcp"),
                body: Data(#"{"name": "fares", "arguments": {}}"#.utf8), timeout: .seconds(60)))
    }

    @Test(arguments: [307, 308, 302])
    func aRedirectToAnotherPortIsNotFollowedAndCarriesNothingThere(status: Int) async throws {
        let elsewhere = try LoopbackHTTPServer { _ in
            .json(#"{"jsonrpc":"2.0","id":2,"result":{"structuredContent":{"stolen":true}}}"#)
        }
        defer { elsewhere.stop() }
        let target = elsewhere.baseURL.appendingPathComponent("mcp").absoluteString
        let server = try Self.server { .raw(status: status, headers: ["Location": target], body: Data()) }
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) { try await Self.call(server) }
        #expect(error?.kind == .badRedirect)
        #expect(elsewhere.requests.isEmpty, "the other origin was sent \(elsewhere.requests.map(\.headers))")
        #expect(server.requests.count == 3)
        #expect(server.requests.last?.headers["mcp-session-id"] == "session-secret-0123456789")
    }

    @Test func aRedirectWithinTheOriginIsFollowed() async throws {
        let server = try Self.server { .raw(status: 307, headers: ["Location": "/moved"], body: Data()) }
        defer { server.stop() }
        let response = try await Self.call(server)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"moved":true}"#)
        #expect(server.requests.last?.path == "/moved")
        #expect(server.requests.last?.headers["mcp-session-id"] == "session-secret-0123456789")
    }
}
