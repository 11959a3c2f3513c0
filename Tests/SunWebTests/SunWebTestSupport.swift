import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import SunWeb
import Testing

/// Recorded responses next to the tests, and clients that serve them.
enum SunWebFixtures {
    /// The clock every fixture client reports, so that `retrievedAt` can be asserted.
    static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// The URL of a fixture folder (holding `flights.json` and `airlines.json`) or file in `Fixtures/`.
    static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures", isDirectory: true).appendingPathComponent(name)
    }

    /// A client whose `file://` endpoint is a fixture folder, as `--endpoint sunweb=file://…` sets it.
    static func client(fixture name: String) -> ProviderClient {
        client(endpoint: .file(url(name)))
    }

    /// A client for `endpoint` that never reaches the network.
    static func client(endpoint: Endpoint) -> ProviderClient {
        ProviderClient(
            testing: "sunweb", on: endpoint, samples: EmbeddedResponses([:]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client that serves the embedded samples with some bodies replaced (or removed, with `nil`).
    static func client(replacing bodies: [String: String?]) -> ProviderClient {
        var samples = SunWebProvider().descriptor.samples.responses.bodies
        for (name, body) in bodies { samples[name] = body }
        return ProviderClient(
            testing: "sunweb", on: .embedded, samples: EmbeddedResponses(samples),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client for a live endpoint whose requests `transport` answers.
    static func client(live transport: any HTTPTransport) throws -> ProviderClient {
        ProviderClient(
            testing: "sunweb", on: .remote(try #require(URL(string: "https://api.sunweb.nl"))),
            samples: EmbeddedResponses([:]), transport: transport, now: { retrievedAt })
    }

    /// Searches a fixture folder.
    static func search(_ name: String, roundTrip: Bool = false) async throws -> ProviderResponse {
        try await SunWebProvider().search(SearchQuery(roundTrip: roundTrip), using: client(fixture: name))
    }

    /// Searches the embedded samples.
    static func searchEmbedded(_ query: SearchQuery = SearchQuery()) async throws -> ProviderResponse {
        let provider = SunWebProvider()
        return try await provider.search(query, using: .embedded(for: provider))
    }
}

/// The id an offer made of these SunWeb flight ids gets.
func sunWebID(_ flightIDs: Int...) -> String {
    StableIdentifier.make(prefix: "sunweb", flightIDs.map(String.init))
}

extension Offer {
    /// The provider's reference: `101` for one flight, `101+201` for a pair.
    var reference: String? { sources.first?.reference }

    /// `VIE-BCN` for one leg, `VIE-BCN/BCN-VIE` for two.
    var route: String {
        (product.itinerary?.legs ?? [])
            .map { "\($0.origin?.airport ?? "?")-\($0.destination?.airport ?? "?")" }
            .joined(separator: "/")
    }

    /// The carrier names of every segment, in order.
    var carrierNames: [String?] { product.itinerary?.segments.map(\.carrier.name) ?? [] }
}

/// Answers each request with what `route` returns for its path's last component, and records requests.
final class RoutedTransport: HTTPTransport, @unchecked Sendable {
    private let route: @Sendable (String) -> HTTPResponse
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []

    init(route: @escaping @Sendable (String) -> HTTPResponse) { self.route = route }

    /// Serves the embedded samples, except for the request names in `failing`, which get `status`.
    convenience init(failing: Set<String>, status: Int) {
        let samples = SunWebProvider().descriptor.samples.responses.bodies
        self.init { name in
            guard !failing.contains(name), let body = samples[name] else {
                return HTTPResponse(status: status, body: Data("<h1>Service Unavailable</h1>".utf8))
            }
            return HTTPResponse(status: 200, body: Data(body.utf8))
        }
    }

    var requests: [HTTPRequest] { lock.withLock { sent } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { sent.append(request) }
        return route(request.url.lastPathComponent)
    }
}

/// Serves the embedded samples, but holds every request until `expected` requests have arrived: a
/// provider that awaits one request before sending the next gets stuck at the first, which then
/// fails after `patience` instead of hanging the test.
final class RendezvousTransport: HTTPTransport, @unchecked Sendable {
    private let expected: Int
    private let patience: Duration
    private let samples = SunWebProvider().descriptor.samples.responses.bodies
    private let lock = NSLock()
    private var arrived: [String] = []
    private var gaveUp: [String] = []

    init(expected: Int, patience: Duration = .seconds(60)) {
        self.expected = expected
        self.patience = patience
    }

    /// The request names in order of arrival.
    var arrivals: [String] { lock.withLock { arrived } }
    /// The requests that waited in vain.
    var timedOut: [String] { lock.withLock { gaveUp } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let name = request.url.lastPathComponent
        lock.withLock { arrived.append(name) }
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while lock.withLock({ arrived.count }) < expected {
            guard clock.now < deadline else {
                lock.withLock { gaveUp.append(name) }
                throw TransportError(.timedOut, "'\(name)' was not joined by the other requests")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return HTTPResponse(status: 200, body: Data((samples[name] ?? "").utf8))
    }
}
