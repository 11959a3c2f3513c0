import Foundation
import Testing

@testable import AggregateCLI
@testable import ServeFrontEnd

/// A session's listening stream and what it counts in the metrics, called with values.
@Suite("aggregate serve: MCP listening streams")
struct MCPStreamTests {
    @Test func aNewListeningStreamEndsTheOneBeforeInsteadOfBeingRefused() throws {
        let session = MCPHTTPSessions.Session(id: "s", protocolVersion: "2025-06-18", client: "127.0.0.1")
        let first = try #require(session.openStream())
        #expect(!session.streamShouldEnd(first))
        // The client lost the first (a dropped connection the server has not noticed) and opens another.
        let second = try #require(session.openStream())
        #expect(session.streamShouldEnd(first))
        #expect(!session.streamShouldEnd(second))
        session.stopListening()
        #expect(session.streamShouldEnd(second))
        #expect(session.openStream() == nil, "no stream opens once the server is stopping")
    }

    @Test func aListeningStreamIsCountedButIsNoLatency() {
        let metrics = ServeMetrics(providers: [])
        metrics.record(route: "/mcp", status: 200, latency: .milliseconds(20))
        metrics.record(route: "/mcp", status: 200, latency: nil)
        let text = metrics.exposition(inFlight: 0, sessions: 0)
        #expect(text.contains(#"aggregate_http_requests_total{route="/mcp",status="200"} 2"#))
        #expect(text.contains(#"aggregate_http_request_duration_seconds_count{route="/mcp"} 1"#))
    }
}
