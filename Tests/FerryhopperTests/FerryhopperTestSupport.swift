import AggregatorCore
import AggregatorTestSupport
import Ferryhopper
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// The embedded answers, recorded answers next to the tests, clients that serve them, and servers that play
/// Ferryhopper's MCP server.
enum FerryhopperFixtures {
    /// The clock every fixture client reports, so that `retrievedAt` can be asserted.
    static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// The embedded answers.
    static var samples: EmbeddedResponses { FerryhopperProvider().descriptor.samples.responses }
    /// The embedded `get_ports` answer.
    static var ports: String { samples.bodies["get_ports"] ?? "" }
    /// The embedded Piraeus to Santorini day.
    static var trips: String { samples.bodies.first { $0.key.hasPrefix("search_trips?") }?.value ?? "" }
    /// A `get_ports` answer with one port on each side: Piraeus and Santorini.
    static let twoPorts =
        #"{"ports": [{"code": "PIR", "name": "Piraeus"}, {"code": "JTR", "name": "Santorini (Thira)"}]}"#

    /// The URL of a file in `Fixtures/`.
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures", isDirectory: true).appendingPathComponent(name)
    }

    /// A fixture's text.
    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }

    /// A client that answers `get_ports` with `ports` and every `search_trips` with `trips`.
    static func client(ports: String = twoPorts, trips: String = trips) -> ProviderClient {
        ProviderClient(
            testing: "ferryhopper", on: .embedded,
            samples: EmbeddedResponses(["get_ports": ports, "search_trips": trips]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client whose `file://` endpoint is a folder of recorded answers, as `--endpoint ferryhopper=file://…`
    /// sets it.
    static func client(folder name: String) -> ProviderClient {
        ProviderClient(
            testing: "ferryhopper", on: .file(url(name)), samples: EmbeddedResponses([:]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client on an MCP server on loopback.
    static func client(server: LoopbackMCPServer) -> ProviderClient {
        ProviderClient(
            testing: "ferryhopper", on: .mcp(server.baseURL), transport: URLSessionTransport(),
            requestTimeout: .seconds(120), now: { retrievedAt })
    }

    /// A server that plays Ferryhopper's: a session, event streams, `get_ports` answering `ports`, and
    /// `search_trips` answering `trips(arguments)`.
    static func server(
        ports: String = ports,
        trips: @escaping @Sendable (String) -> LoopbackMCPServer.ToolReply = { arguments in
            arguments.contains(#""departureLocation":"PIR""#)
                ? .structured(FerryhopperFixtures.trips)
                : .structured(#"{"foundDirectItinerariesForTrip": []}"#)
        }
    ) throws -> LoopbackMCPServer {
        try LoopbackMCPServer(style: .stateful) { tool, arguments in
            switch tool {
            case "get_ports": .structured(ports)
            case "search_trips": trips(arguments)
            default: .error("Unknown tool: \(tool)")
            }
        }
    }

    /// A one-way query for a day, Athens to Santorini unless said otherwise.
    static func query(
        from origin: String = "ATH", to destination: String = "JTR", on days: String = "2026-12-18"
    ) -> SearchQuery {
        SearchQuery(origin: origin, destination: destination, departureDates: DateRange(parsing: days))
    }

    /// The arguments of every call of a tool a server received, as JSON objects.
    static func arguments(_ server: LoopbackMCPServer, tool: String) throws -> [[String: Any]] {
        try server.messages.filter { $0.method == "tools/call" && $0.tool == tool }.map { message in
            let object = try JSONSerialization.jsonObject(with: Data((message.arguments ?? "{}").utf8))
            return try #require(object as? [String: Any])
        }
    }
}

extension Offer {
    /// The only source, which every offer straight from a provider has.
    var onlySource: OfferSource? { sources.count == 1 ? sources.first : nil }

    /// Each sailing as the table's SERVICES column shows it, with its mode.
    var services: [String] {
        product.itinerary?.segments.map { "\($0.mode.rawValue) \($0.flightDesignator)" } ?? []
    }
}
