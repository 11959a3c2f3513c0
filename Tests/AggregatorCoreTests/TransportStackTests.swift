import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// The provider kit over a real socket: requests of any method with a body, each way a service takes
/// a key, the cache keyed on method, URL and body, and keys that never leave their origin.
@Suite("The transport stack against a loopback server")
struct TransportStackTests {
    private func client(
        _ base: URL, transport: any HTTPTransport, fixedHeaders: [String: String] = [:]
    ) -> ProviderClient {
        ProviderClient(
            testing: "probe", on: .remote(base), samples: EmbeddedResponses([:]), transport: transport,
            fixedHeaders: fixedHeaders, requestTimeout: .seconds(5))
    }

    @Test func aPostCarriesItsBodyQueryFixedHeadersAndABearerToken() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"data": {"offers": []}}"#) }
        defer { server.stop() }
        let transport = SignInTransport(URLSessionTransport(), signIn: .bearer, key: "duffel_test_123")
        let body = Data(#"{"data": {"slices": [], "passengers": [{"type": "adult"}]}}"#.utf8)
        let answer = try await client(
            server.baseURL, transport: transport, fixedHeaders: ["Duffel-Version": "v2"]
        ).post("air/offer_requests", query: [URLQueryItem(name: "return_offers", value: "true")], json: body)
        #expect(answer == Data(#"{"data": {"offers": []}}"#.utf8))
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.path == "/air/offer_requests")
        #expect(received.queryItems == [URLQueryItem(name: "return_offers", value: "true")])
        #expect(received.headers["authorization"] == "Bearer duffel_test_123")
        #expect(received.headers["duffel-version"] == "v2")
        #expect(received.headers["content-type"] == "application/json")
        #expect(received.body == body)
    }

    @Test func aKeyCanBeANamedHeaderOrAQueryParameter() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        defer { server.stop() }
        _ = try await client(
            server.baseURL,
            transport: SignInTransport(URLSessionTransport(), signIn: .header("apikey"), key: "k-1")
        ).get("v2/search")
        _ = try await client(
            server.baseURL,
            transport: SignInTransport(URLSessionTransport(), signIn: .queryParameter("token"), key: "k-2")
        ).get("v3/prices", query: [URLQueryItem(name: "origin", value: "VIE")])
        #expect(server.requests.count == 2)
        #expect(server.requests[0].headers["apikey"] == "k-1")
        #expect(
            server.requests[1].queryItems == [
                URLQueryItem(name: "origin", value: "VIE"), URLQueryItem(name: "token", value: "k-2"),
            ])
    }

    @Test func theCacheKeysOnMethodURLAndBodyAndNeverHoldsTheKey() async throws {
        let folder = try ScratchFolder()
        let cache = ResponseCache(folder: folder.url)
        let server = try LoopbackHTTPServer { request in .json(#"{"echo": \#(request.body.count)}"#) }
        defer { server.stop() }
        let record = CachingTransport(
            SignInTransport(URLSessionTransport(), signIn: .queryParameter("token"), key: "secret-key"),
            cache: cache, provider: "probe", mode: .record)
        let live = client(server.baseURL, transport: record)
        let first = try await live.post("search", json: Data(#"{"a": 1}"#.utf8))
        let second = try await live.post("search", json: Data(#"{"a": 22}"#.utf8))
        try await record.commit()

        let replay = client(
            server.baseURL,
            transport: CachingTransport(UnreachableTransport(), cache: cache, provider: "probe", mode: .replay))
        #expect(try await replay.post("search", json: Data(#"{"a": 1}"#.utf8)) == first)
        #expect(try await replay.post("search", json: Data(#"{"a": 22}"#.utf8)) == second)
        let missing = await #expect(throws: ProviderError.self) {
            try await replay.post("search", json: Data(#"{"a": 333}"#.utf8))
        }
        #expect(missing?.code == .notCached)
        #expect(server.requests.count == 2, "replay sends nothing")
        let files = folder.files()
        #expect(files.count == 2)
        #expect(!files.values.contains { String(decoding: $0, as: UTF8.self).contains("secret-key") })
    }

    @Test func keysStayWithTheirOriginAcrossRedirects() async throws {
        let elsewhere = try LoopbackHTTPServer { _ in .json("[]") }
        defer { elsewhere.stop() }
        let origin = try LoopbackHTTPServer { request in
            switch request.path {
            case "/away": .redirect(to: elsewhere.baseURL.appendingPathComponent("landed").absoluteString)
            case "/home": .redirect(to: "/landed")
            default: .json("[]")
            }
        }
        defer { origin.stop() }
        for authentication in [SignIn.header("apikey"), .bearer] {
            let live = client(
                origin.baseURL,
                transport: SignInTransport(URLSessionTransport(), signIn: authentication, key: "k-9"))
            _ = try await live.get("away")
            _ = try await live.get("home")
        }
        #expect(elsewhere.requests.count == 2)
        for request in elsewhere.requests {
            #expect(request.headers["apikey"] == nil, "a key never reaches another origin")
            #expect(request.headers["authorization"] == nil, "a token never reaches another origin")
        }
        let landedAtHome = origin.requests.filter { $0.path == "/landed" }
        #expect(landedAtHome.count == 2)
        #expect(landedAtHome.first?.headers["apikey"] == "k-9", "the same origin keeps its key")
        #expect(landedAtHome.last?.headers["authorization"] == "Bearer k-9")
    }

    @Test(arguments: ["file:///etc/passwd", "data:text/plain,hello", "javascript:alert(1)"])
    func aRedirectToANonWebAddressIsRefused(location: String) async throws {
        let server = try LoopbackHTTPServer { _ in .redirect(to: location) }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await client(server.baseURL, transport: URLSessionTransport()).get("flights")
        }
        #expect(error?.code == .transport)
        #expect(error?.message.contains("not a web link") == true, "\(String(describing: error?.message))")
    }

    @Test func theSizeStageRefusesWhatALargerCapLetThrough() async throws {
        let server = try LoopbackHTTPServer { _ in .json(String(repeating: "x", count: 2_000)) }
        defer { server.stop() }
        let capped = SizeLimitedTransport(URLSessionTransport(maxResponseBytes: 1 << 20), maxBytes: 1_000)
        let error = await #expect(throws: ProviderError.self) {
            try await client(server.baseURL, transport: capped).get("flights")
        }
        #expect(error?.code == .responseTooLarge)
        #expect(error?.remedy == .raiseSizeCap)
    }
}
