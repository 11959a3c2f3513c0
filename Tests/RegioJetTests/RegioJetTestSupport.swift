import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import RegioJet
import Testing

/// The embedded answers, clients that serve them or edited copies, and a server that plays RegioJet's.
enum RegioJetFixtures {
    /// The clock every fixture client reports, so that `retrievedAt` can be asserted.
    static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// The sample ids of the cities.
    static let prague = "10202003"
    static let vienna = "10202052"
    static let budapest = "10202091"

    /// The embedded answers.
    static var samples: EmbeddedResponses { RegioJetProvider().descriptor.samples.responses }
    static var locations: String { samples.bodies["locations"] ?? "" }
    /// The sample from Prague to Vienna, named for the two cities' ids.
    static var search: String {
        samples.bodies.first { $0.key.hasPrefix("simple?fromLocationId=\(prague)") }?.value ?? ""
    }
    /// The sample from Vienna to Budapest.
    static var viennaBudapest: String {
        samples.bodies.first { $0.key.hasPrefix("simple?fromLocationId=\(vienna)") }?.value ?? ""
    }

    /// A client that answers the locations with `locations` and every search with `search`.
    static func client(locations: String = locations, search: String = search) -> ProviderClient {
        ProviderClient(
            testing: "regiojet", on: .embedded,
            samples: EmbeddedResponses(["locations": locations, "simple": search]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client on a server on loopback, with the live service's fixed header fields.
    static func client(
        server: LoopbackHTTPServer, now: @escaping @Sendable () -> Date = { retrievedAt }
    ) -> ProviderClient {
        ProviderClient(
            testing: "regiojet", on: .remote(server.baseURL), transport: URLSessionTransport(),
            fixedHeaders: RegioJetProvider().descriptor.live.first?.fixedHeaders ?? [:],
            requestTimeout: .seconds(120), now: now)
    }

    /// A server that answers as RegioJet does, from the embedded answers: the locations, and each search by its
    /// cities (no routes for others); 404 to any other path.
    static func server(search: String? = nil) throws -> LoopbackHTTPServer {
        let locations = locations
        let pragueVienna = search ?? self.search
        let viennaBudapest = viennaBudapest
        return try LoopbackHTTPServer { request in
            switch request.path {
            case "/consts/locations": return .json(locations)
            case "/routes/search/simple":
                let items = Dictionary(request.queryItems.map { ($0.name, $0.value ?? "") }) { first, _ in first }
                switch (items["fromLocationId"], items["toLocationId"]) {
                case (prague, vienna): return .json(pragueVienna)
                case (vienna, budapest): return .json(viennaBudapest)
                default: return .json("{\"routes\": []}")
                }
            default: return .json("{\"errorCode\": \"NOT_FOUND\"}", status: 404)
            }
        }
    }

    /// A one-way query for a day, Prague to Vienna unless said otherwise.
    static func query(
        from origin: String = "PRG", to destination: String = "VIE", on days: String = "2026-12-18"
    ) -> SearchQuery {
        SearchQuery(origin: origin, destination: destination, departureDates: DateRange(parsing: days))
    }

    /// The search sample with one route's JSON replaced by `route` (by its id).
    static func search(replacing id: String = "5990055004", with route: String) throws -> String {
        let text = search
        let key = try #require(text.range(of: "{\"id\": \"\(id)\""))
        let end = try #require(text.range(of: "}", range: key.upperBound..<text.endIndex))
        return text.replacingCharacters(in: key.lowerBound..<end.upperBound, with: route)
    }
}

/// A clock a test moves on.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date

    init(_ date: Date) { self.date = date }

    /// The time now.
    var now: Date { lock.withLock { date } }

    /// Moves the clock on.
    func advance(by seconds: TimeInterval) { lock.withLock { date += seconds } }
}

extension Offer {
    /// Each leg's services as the table shows them, with their modes.
    var services: [String] {
        product.itinerary?.segments.map { "\($0.mode.rawValue) \($0.flightDesignator)" } ?? []
    }
}
