import AggregatorCore
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("aggregate serve: the binary answering real HTTP clients on loopback")
struct ServeTests {
    static let query = "/v1/search?from=VIE&to=BCN&date=2026-12-18"

    @Test func theRoutesAnswerTheCommandsDocumentsAndBadRequestsCleanly() async throws {
        let server = try await ServeProcess.start()
        let health = try await server.request("/healthz")
        #expect(health.status == 200)
        #expect(try health.json()["status"] as? String == "ok")

        let search = try await server.request(Self.query + "&adults=2")
        #expect(search.status == 200)
        #expect(search.headers["content-type"] == "application/json")
        #expect(try search.json()["schema"] as? String == "aggregate.search.v1")

        let bad = try await server.request("/v1/search?from=VIEX")
        #expect(bad.status == 400)
        let cli = try await Binary.run(["search", "--from", "VIEX"])
        #expect(try bad.json()["message"] as? String == cli.stderr.trimmingCharacters(in: .newlines))

        let fixed = try await server.request("/v1/search?endpoint=kiwi%3Dfile%3A%2F%2F%2Fetc%2Fpasswd")
        #expect(fixed.status == 400)
        #expect(fixed.text.contains("set by the server's operator"))

        #expect(try await server.request("/v1/providers").status == 200)
        #expect(try await server.request("/v1/compare?from=VIE&to=BCN&date=2026-12-18").status == 200)
        #expect(try await server.request("/v1/dates?from=VIE&to=BCN&date=2026-12-18..2026-12-20").status == 200)
        #expect(try await server.request("/nowhere").status == 404)
        // What the HTTP layer refuses itself is the same JSON as the routes' errors.
        let long = try await server.request("/v1/search?from=" + String(repeating: "A", count: 9000))
        #expect(long.status == 414)
        #expect(long.headers["content-type"] == "application/json")
        #expect((try long.json()["message"] as? String)?.hasPrefix("error: the request line is over") == true)
        #expect(try await server.request("/v1/search", method: "POST").status == 405)
        let foreign = try await server.request("/v1/providers", headers: ["Origin": "https://evil.example"])
        #expect(foreign.status == 403)

        let metrics = try await server.request("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.text.contains(#"aggregate_http_requests_total{route="/v1/search",status="200"} 1"#))
        #expect(metrics.text.contains(#"aggregate_http_requests_total{route="/v1/search",status="400"} 2"#))

        #expect(try await server.stop() == 0)
        let requests = try server.lines.map { try server.object($0) }.filter { $0["event"] as? String == "request" }
        #expect(requests.count == 12)
        // A line holds the path, never the query.
        #expect(!server.lines.contains { $0.contains("VIEX") || $0.contains("passwd") })
        #expect(requests.allSatisfy { $0["status"] is Int && $0["method"] is String && $0["ms"] != nil })
    }

    @Test func aTokenGuardsEveryRouteButHealthAndIsNeededOffLoopback() async throws {
        let token = "team-token-0123456789abcdef"
        let server = try await ServeProcess.start(environment: ["AGGREGATE_SERVE_TOKEN": token])
        #expect(try await server.request("/healthz").status == 200)
        let missing = try await server.request("/v1/providers")
        #expect(missing.status == 401)
        #expect(missing.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
        #expect(try await server.request("/v1/providers", headers: ["Authorization": "Bearer wrong"]).status == 401)
        #expect(try await server.request("/v1/providers", headers: ["Authorization": "Bearer \(token)"]).status == 200)
        #expect(try await server.stop() == 0)
        #expect(!server.lines.contains { $0.contains(token) })

        let open = try await Binary.run(["serve", "--listen", "0.0.0.0:0"])
        #expect(open.status == 64)
        #expect(open.stderr.contains("without a token the server listens on loopback only"))
    }

    @Test func theProjectsOwnMCPClientCallsTheToolsOverHTTP() async throws {
        let token = "mcp-token-0123456789abcdef"
        let server = try await ServeProcess.start(environment: ["AGGREGATE_SERVE_TOKEN": token])
        let client = MCPTransport(network: URLSessionTransport(), provider: "serve")
        let url = server.baseURL.appendingPathComponent("mcp")
        let listing = try await client.send(
            HTTPRequest(
                method: .post, url: url, headers: ["Authorization": "Bearer \(token)"],
                body: Data(#"{"name": "list_providers", "arguments": {}}"#.utf8)))
        #expect(listing.status == 200)
        #expect(String(decoding: listing.body, as: UTF8.self).contains("kiwi"))
        let flights = try await client.send(
            HTTPRequest(
                method: .post, url: url, headers: ["Authorization": "Bearer \(token)"],
                body: Data(
                    #"{"name": "search_flights", "arguments": {"from": "VIE", "to": "BCN", "date": "2026-12-18"}}"#.utf8
                )))
        #expect(flights.status == 200)
        #expect(String(decoding: flights.body, as: UTF8.self).contains("aggregate.search.v1"))

        // A session is ended with DELETE; a message in it afterwards is 404, as the transport says.
        let auth = ["Authorization": "Bearer \(token)", "Accept": "application/json, text/event-stream"]
        // A client of revision 2025-03-26 (the official Python SDK 1.9) is answered in its own revision.
        let initialize = try await server.request(
            "/mcp", method: "POST", headers: auth.merging(["Content-Type": "application/json"]) { $1 },
            body: Data(
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
                    .utf8))
        #expect(initialize.status == 200)
        let agreed = try JSONSerialization.jsonObject(with: initialize.body) as? [String: Any]
        #expect((agreed?["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-03-26")
        let session = try #require(initialize.headers["mcp-session-id"])
        let withSession = auth.merging(["Mcp-Session-Id": session, "Content-Type": "application/json"]) { $1 }
        let listed = try await server.request(
            "/mcp", method: "POST", headers: withSession.merging(["MCP-Protocol-Version": "2025-03-26"]) { $1 },
            body: Data(#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#.utf8))
        #expect(listed.status == 200)
        #expect(try await server.request("/mcp", method: "DELETE", headers: withSession).status == 204)
        let after = try await server.request(
            "/mcp", method: "POST", headers: withSession,
            body: Data(#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#.utf8))
        #expect(after.status == 404)
        let foreign = try await server.request(
            "/mcp", method: "POST", headers: auth.merging(["Origin": "http://rebound.example"]) { $1 },
            body: Data(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
        #expect(foreign.status == 403)
        #expect(try await server.stop() == 0)
    }

    @Test func aFullServerAnswers503AndAStopLetsTheSearchInProgressFinish() async throws {
        // The upstream answers once the test has seen the full server's refusal, however slow the machine is:
        // a fixed delay let a busy machine finish the first search before the second arrived.
        let answer = DispatchSemaphore(value: 0)
        let upstream = try LoopbackHTTPServer { _ in
            _ = answer.wait(timeout: .now() + 60)
            return .json(LiveEndpointTests.kiwiBody)
        }
        defer {
            answer.signal()
            upstream.stop()
        }
        let server = try await ServeProcess.start(arguments: [
            "--max-searches", "1", "--endpoint", "kiwi=\(upstream.baseURL.absoluteString)", "--timeout", "30",
        ])
        let first = Task { try await server.request(Self.query + "&providers=kiwi") }
        let deadline = ContinuousClock.now + ServeProcess.patience
        while upstream.requests.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let full = try await server.request(Self.query + "&providers=kiwi&adults=2")
        #expect(full.status == 503)
        #expect(full.headers["retry-after"] == "1")
        answer.signal()
        let stopped = Task { try await server.stop() }
        let answered = try await first.value
        #expect(answered.status == 200)
        #expect(answered.text.contains("OS 395") || answered.text.contains("\"OS\""))
        #expect(try await stopped.value == 0)
        #expect(server.lines.contains { $0.contains("\"event\":\"stopped\"") })
    }
}
