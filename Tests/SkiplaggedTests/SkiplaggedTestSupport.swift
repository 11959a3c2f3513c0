import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Skiplagged
import Testing

/// Recorded answers next to the tests, clients that serve them, and servers that play Skiplagged's.
enum SkiplaggedFixtures {
    /// The clock every fixture client reports, so that `retrievedAt` can be asserted.
    static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// The tool the provider calls.
    static let tool = "sk_flights_search"

    /// The URL of a file in `Fixtures/`.
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures", isDirectory: true).appendingPathComponent(name)
    }

    /// A fixture's text.
    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }

    /// The embedded answer.
    static var sample: String { SkiplaggedProvider().descriptor.samples.responses.bodies[tool] ?? "" }

    /// A client whose `file://` endpoint is the fixture itself, as `--endpoint skiplagged=file://…` sets it.
    static func client(fixture name: String) -> ProviderClient {
        ProviderClient(
            testing: "skiplagged", on: .file(url(name)), samples: EmbeddedResponses([:]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client that answers every tool call with `body`.
    static func client(body: String) -> ProviderClient {
        ProviderClient(
            testing: "skiplagged", on: .embedded, samples: EmbeddedResponses([tool: body]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client on an MCP server on loopback.
    static func client(server: LoopbackMCPServer) -> ProviderClient {
        ProviderClient(
            testing: "skiplagged", on: .mcp(server.baseURL), transport: URLSessionTransport(), now: { retrievedAt })
    }

    /// A one-way query for a day, Vienna to Barcelona unless said otherwise.
    static func query(
        from origin: String = "VIE", to destination: String = "BCN", on days: String = "2026-12-18"
    ) -> SearchQuery {
        SearchQuery(origin: origin, destination: destination, departureDates: DateRange(parsing: days))
    }

    /// Searches a fixture with a query.
    static func search(_ name: String, query: SearchQuery = query()) async throws -> ProviderResponse {
        try await SkiplaggedProvider().search(query, using: client(fixture: name))
    }

    /// The arguments of every tool call a server received, as JSON objects.
    static func arguments(_ server: LoopbackMCPServer) throws -> [[String: Any]] {
        try server.messages.filter { $0.method == "tools/call" }.map { message in
            let object = try JSONSerialization.jsonObject(with: Data((message.arguments ?? "{}").utf8))
            return try #require(object as? [String: Any])
        }
    }
}

extension Offer {
    /// The only source, which every offer straight from a provider has.
    var onlySource: OfferSource? { sources.count == 1 ? sources.first : nil }

    /// Each leg's flights as the table shows them.
    var flightDesignators: [String] {
        product.itinerary?.legs.map { $0.segments.map(\.flightDesignator).joined(separator: ", ") } ?? []
    }
}

/// A wall-clock time, `2026-12-18 07:05`.
func local(_ text: String) throws -> LocalDateTime {
    try #require(LocalDateTime(parsing: text))
}
