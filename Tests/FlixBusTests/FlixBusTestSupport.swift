import AggregatorCore
import AggregatorTestSupport
import FlixBus
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// The embedded answers, clients that serve them or edited copies, and a server that plays FlixBus's.
enum FlixBusFixtures {
    /// The clock every fixture client reports, so that `retrievedAt` can be asserted.
    static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// The sample ids of the cities and stations.
    static let vienna = "a3f1e0c2-8646-11e6-9066-549f350fcb0c"
    static let budapest = "a3f2b7d4-8646-11e6-9066-549f350fcb0c"
    static let prague = "a3f3c9e6-8646-11e6-9066-549f350fcb0c"

    /// The embedded answers.
    static var samples: EmbeddedResponses { FlixBusProvider().descriptor.samples.responses }
    static var cities: String { samples.bodies["cities"] ?? "" }
    /// The sample from Vienna to Budapest, named for the two cities' ids.
    static var search: String { samples.bodies.first { $0.key.hasPrefix("search?") }?.value ?? "" }

    /// A client that answers the autocomplete with `cities` and every search with `search`.
    static func client(cities: String = cities, search: String = search) -> ProviderClient {
        ProviderClient(
            testing: "flixbus", on: .embedded, samples: EmbeddedResponses(["cities": cities, "search": search]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client on a server on loopback.
    static func client(server: LoopbackHTTPServer) -> ProviderClient {
        ProviderClient(
            testing: "flixbus", on: .remote(server.baseURL), transport: URLSessionTransport(),
            requestTimeout: .seconds(120),
            now: { retrievedAt })
    }

    /// A server that answers as FlixBus does, from the embedded answers, and 404 to any other path.
    static func server(search: String = search) throws -> LoopbackHTTPServer {
        let cities = cities
        return try LoopbackHTTPServer { request in
            switch request.path {
            case "/search/autocomplete/cities": .json(cities)
            case "/search/service/v4/search": .json(search)
            default: .json("{\"message\": \"not found\"}", status: 404)
            }
        }
    }

    /// A one-way query for a day, Vienna to Budapest unless said otherwise.
    static func query(
        from origin: String = "VIE", to destination: String = "BUD", on days: String = "2026-12-18"
    ) -> SearchQuery {
        SearchQuery(origin: origin, destination: destination, departureDates: DateRange(parsing: days))
    }

    /// The search sample with one ride's JSON replaced by `ride` (by its uid), or with `ride` added.
    static func search(replacing uid: String = "direct:271828:101:202", with ride: String) throws -> String {
        let text = search
        let start = try #require(text.range(of: "\"\(uid)\": {"))
        // The ride's object ends at the brace that closes the one opened after its key.
        var depth = 0
        var index = text.index(before: start.upperBound)
        while index < text.endIndex {
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" {
                depth -= 1
                if depth == 0 { break }
            }
            index = text.index(after: index)
        }
        return text.replacingCharacters(in: start.lowerBound...index, with: "\"\(uid)\": \(ride)")
    }
}

extension Offer {
    /// Each leg's services as the table shows them, with their modes.
    var services: [String] {
        product.itinerary?.segments.map { "\($0.mode.rawValue) \($0.flightDesignator)" } ?? []
    }
}
