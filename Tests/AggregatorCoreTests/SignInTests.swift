import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

@testable import AggregatorCore
@testable import ProviderKit

/// A provider of an OAuth2 service: `GET flights` answers a JSON array of prices, each a VIE→BCN flight.
private struct TokenProvider: OfferProvider {
    let descriptor: ProviderDescriptor

    init(base: URL, tokenURL: URL) {
        descriptor = ProviderDescriptor(
            id: "tokens", displayName: "Tokens", summary: "Flights behind an OAuth2 sign-in.", categories: [.flights],
            nativeCurrency: .eur, capabilities: [.dates],
            live: [
                LiveService(
                    base, signIn: .oauth2(OAuth2ClientCredentials(tokenURL: tokenURL)))
            ],
            samples: ProviderSamples(EmbeddedResponses(["flights": "[100]"])))
    }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        let prices = try await client.read(.get("flights")) { root in try root.elements.map { try $0.int } }
        return ProviderResponse(
            offers: prices.enumerated().map { index, price in
                OfferFactory.flight(
                    provider: client.provider, carrier: "OS", flightNumber: "\(100 + index)", from: "VIE", to: "BCN",
                    departure: "2026-12-18 07:05", price: Decimal(price))
            })
    }
}

/// A token service and an API on one loopback server: `POST /oauth2/token` hands out `token-1`, `token-2`, …
/// (each lasting `lifetime` seconds), `GET /flights` answers a price list to the newest token and 401 to any
/// other, or to every token while `refuseAll` is set.
private final class TokenService: @unchecked Sendable {
    private let lock = NSLock()
    private var issued = 0
    private var refusing = false
    let lifetime: Int
    let clientSecret: String
    var server: LoopbackHTTPServer?

    init(lifetime: Int = 3600, clientSecret: String = "s3cr3t-value") {
        self.lifetime = lifetime
        self.clientSecret = clientSecret
    }

    var exchanges: Int { lock.withLock { issued } }
    func refuseAll() { lock.withLock { refusing = true } }
    /// Makes every token issued so far stale, as a service that rotates its signing key does.
    func revokeTokens() { lock.withLock { issued += 1000 } }

    func start() throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer { [self] request in reply(to: request) }
        self.server = server
        return server
    }

    var tokenURL: URL { server?.baseURL.appendingPathComponent("oauth2/token") ?? URL(fileURLWithPath: "/") }

    private func reply(to request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
        switch request.path {
        case "/oauth2/token":
            let form = String(decoding: request.body, as: UTF8.self)
            guard request.method == "POST", form.contains("client_secret=\(clientSecret)"),
                form.contains("grant_type=client_credentials"), form.contains("client_id=client-1")
            else { return .json(#"{"error": "invalid_client", "error_description": "bad secret"}"#, status: 401) }
            let token = lock.withLock {
                issued += 1
                return "token-\(issued)"
            }
            return .json(#"{"access_token": "\#(token)", "token_type": "Bearer", "expires_in": \#(lifetime)}"#)
        case "/flights":
            let current = lock.withLock { refusing ? nil : "Bearer token-\(issued)" }
            guard let current, request.headers["authorization"] == current else {
                return .json(#"{"error": "invalid_token"}"#, status: 401)
            }
            return .json("[120, 95]")
        default:
            return .json("{}", status: 404)
        }
    }
}

/// A clock a test moves by hand.
private final class HandClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date = Date(timeIntervalSince1970: 1_795_000_000)
    var now: Date { lock.withLock { date } }
    func advance(_ seconds: TimeInterval) { lock.withLock { date += seconds } }
}

@Suite("Signing in: OAuth2 client credentials through the kit")
struct SignInTests {
    private static let credentials = Credentials([.clientID: "client-1", .clientSecret: "s3cr3t-value"])

    private func aggregator(
        _ service: TokenService, clock: HandClock = HandClock(), credentials: Credentials = credentials,
        cache: ResponseCache? = nil
    ) throws -> (Aggregator, TokenProvider) {
        let base = try #require(service.server?.baseURL)
        let provider = TokenProvider(base: base, tokenURL: service.tokenURL)
        let aggregator = try Aggregator(
            providers: [provider],
            settings: try SearchSettings(
                deadline: .seconds(120), endpoints: ["tokens": .remote(base)], credentials: ["tokens": credentials],
                retryPolicy: .never, cache: cache),
            now: { clock.now })
        return (aggregator, provider)
    }

    @Test func oneTokenServesConcurrentRequestsAndLaterSearches() async throws {
        let service = TokenService()
        let server = try service.start()
        defer { server.stop() }
        let (aggregator, _) = try aggregator(service)
        let results = await withTaskGroup(of: SearchResult.self) { group in
            for _ in 0..<6 { group.addTask { await aggregator.search(SearchQuery()) } }
            return await group.reduce(into: [SearchResult]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.outcomes.first?.status == .ok })
        _ = await aggregator.search(SearchQuery())
        #expect(service.exchanges == 1, "seven searches of one runner share one token")
        let flights = server.requests.filter { $0.path == "/flights" }
        #expect(flights.count == 2, "the six searches asking at once go out once, then the seventh")
        #expect(flights.allSatisfy { $0.headers["authorization"] == "Bearer token-1" })
    }

    @Test func theExchangeIsAFormPostThatIsNeverCachedAndNeverPrinted() async throws {
        let service = TokenService()
        let server = try service.start()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (aggregator, _) = try aggregator(service, cache: ResponseCache(folder: folder))
        let result = await aggregator.search(SearchQuery())
        #expect(result.outcomes.first?.status == .ok)
        let exchange = try #require(server.requests.first { $0.path == "/oauth2/token" })
        #expect(exchange.method == "POST")
        #expect(exchange.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(
            String(decoding: exchange.body, as: UTF8.self)
                == "grant_type=client_credentials&client_id=client-1&client_secret=s3cr3t-value")
        // The search's answer is cached, and nothing of the sign-in is: no token, no secret, no exchange.
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .map { folder.appendingPathComponent($0) }.filter { !$0.hasDirectoryPath }
        let stored = try files.map { try Data(contentsOf: $0) }.filter { !$0.isEmpty }
        #expect(stored.count == 1)
        for data in stored {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("token-1") && !text.contains("s3cr3t") && !text.contains("access_token"))
        }
        #expect(!"\(Self.credentials)".contains("s3cr3t"))
    }

    @Test func aTokenIsRenewedWhenItsLifetimeLessTheMarginHasPassed() async throws {
        let service = TokenService(lifetime: 600)
        let server = try service.start()
        defer { server.stop() }
        let clock = HandClock()
        let (aggregator, _) = try aggregator(service, clock: clock)
        _ = await aggregator.search(SearchQuery())
        clock.advance(500)
        _ = await aggregator.search(SearchQuery())
        #expect(service.exchanges == 1, "500 s into a 600 s token with a 60 s margin it is still used")
        clock.advance(60)
        let late = await aggregator.search(SearchQuery())
        #expect(late.outcomes.first?.status == .ok)
        #expect(service.exchanges == 2, "560 s in, within the margin, a new one is asked for")
    }

    @Test func aRefusedTokenIsRenewedOnceAndTheRequestSentAgain() async throws {
        let service = TokenService()
        let server = try service.start()
        defer { server.stop() }
        let (aggregator, _) = try aggregator(service)
        _ = await aggregator.search(SearchQuery())
        service.revokeTokens()
        let result = await aggregator.search(SearchQuery())
        #expect(result.outcomes.first?.status == .ok)
        #expect(service.exchanges == 1002, "one new token after the 401")
        let flights = server.requests.filter { $0.path == "/flights" }.map { $0.headers["authorization"] }
        #expect(flights == ["Bearer token-1", "Bearer token-1", "Bearer token-1002"])
    }

    @Test func aSecond401IsTheAnswerAndNamesTheCredentialsToCheck() async throws {
        let service = TokenService()
        let server = try service.start()
        defer { server.stop() }
        service.refuseAll()
        let (aggregator, _) = try aggregator(service)
        let outcome = try #require(await aggregator.search(SearchQuery()).outcomes.first)
        #expect(outcome.error?.code == .unauthorized)
        #expect(outcome.error?.remedy == .checkCredentials([.clientID, .clientSecret]))
        #expect(service.exchanges == 2, "the first token, and one renewal; never a loop")
        #expect(server.requests.filter { $0.path == "/flights" }.count == 2)
    }

    @Test func aRefusedSignInSaysSoQuotingTheServiceAndNeverTheSecret() async throws {
        let service = TokenService()
        let server = try service.start()
        defer { server.stop() }
        let wrong = Credentials([.clientID: "client-1", .clientSecret: "not-the-secret"])
        let (aggregator, _) = try aggregator(service, credentials: wrong)
        let outcome = try #require(await aggregator.search(SearchQuery()).outcomes.first)
        #expect(outcome.error?.code == .unauthorized)
        #expect(
            outcome.error?.message
                == "could not sign in at 127.0.0.1: the token service answered HTTP 401 Unauthorized: "
                + "invalid_client (bad secret)")
        #expect(outcome.error?.remedy == .checkCredentials([.clientID, .clientSecret]))
        #expect(!"\(outcome)".contains("not-the-secret"))
        #expect(server.requests.allSatisfy { $0.path == "/oauth2/token" }, "nothing is asked without a token")
    }

    @Test func withoutCredentialsNoExchangeIsTriedAndTheRefusalNamesThem() async throws {
        let service = TokenService()
        let server = try service.start()
        defer { server.stop() }
        let (aggregator, _) = try aggregator(service, credentials: Credentials([.clientID: "client-1"]))
        let outcome = try #require(await aggregator.search(SearchQuery()).outcomes.first)
        #expect(outcome.error?.code == .unauthorized)
        // The unset secret is named before anything is sent: no unsigned request, no refusal to quote.
        #expect(outcome.error?.remedy == .setCredentials([.clientSecret]))
        #expect(service.exchanges == 0)
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: [
        #"{"access_token": "a\r\nX-Injected: 1", "expires_in": 60}"#, #"{"token_type": "bearer"}"#,
        #"{"access_token": "t", "token_type": "mac"}"#, #"{"access_token": "t", "expires_in": -5}"#,
        #"{"access_token": "t", "expires_in": "soon"}"#, "<html>login</html>",
        "{\"access_token\": \"\(String(repeating: "a", count: 9000))\"}",
    ])
    func aTokenAnswerThatIsNotAPlainTokenIsAFailedSignIn(body: String) async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/oauth2/token" ? .json(body) : .json("[1]")
        }
        defer { server.stop() }
        let session = OAuth2Session(
            provider: "tokens",
            grant: OAuth2ClientCredentials(tokenURL: server.baseURL.appendingPathComponent("oauth2/token")),
            clientID: "client-1", clientSecret: "s")
        let error = await #expect(throws: ProviderError.self) {
            _ = try await session.token(using: URLSessionTransport(), timeout: .seconds(10))
        }
        #expect(error?.code == .unauthorized)
        #expect(error?.message.contains("the token service's answer is not a token") == true)
        #expect(error?.message.contains("X-Injected") == false)
    }

    @Test func aSignInIsNeverRedirectedToAnotherOrigin() async throws {
        let elsewhere = try LoopbackHTTPServer { _ in .json(#"{"access_token": "stolen"}"#) }
        defer { elsewhere.stop() }
        let server = try LoopbackHTTPServer { _ in
            .raw(
                status: 307, headers: ["Location": elsewhere.baseURL.appendingPathComponent("token").absoluteString],
                body: Data())
        }
        defer { server.stop() }
        let session = OAuth2Session(
            provider: "tokens",
            grant: OAuth2ClientCredentials(tokenURL: server.baseURL.appendingPathComponent("token")),
            clientID: "client-1", clientSecret: "s3cr3t-value")
        await #expect(throws: ProviderError.self) {
            _ = try await session.token(using: URLSessionTransport(), timeout: .seconds(10))
        }
        #expect(elsewhere.requests.isEmpty, "the secret in the body never reaches another origin")
    }
}

@Suite("Requests that are never cached")
struct NeverCachedRequestTests {
    private struct OneRequestProvider: OfferProvider {
        let request: ProviderRequest
        let descriptor = ProviderDescriptor(
            id: "one", displayName: "One", summary: "One request.", categories: [.flights], capabilities: [.dates],
            samples: ProviderSamples(EmbeddedResponses([:])))

        func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse
        {
            _ = try await client.fetch(request)
            return ProviderResponse(
                offers: [
                    OfferFactory.flight(
                        provider: client.provider, carrier: "OS", flightNumber: "1", from: "VIE", to: "BCN",
                        departure: "2026-12-18 07:05", price: 10)
                ])
        }
    }

    @Test(arguments: [
        ProviderRequest.get("quote").neverCached(), .get("quote", headers: ["Authorization": "Bearer mine"]),
        .get("quote", headers: ["cookie": "session=1"]),
    ])
    func itsAnswerIsNeitherStoredNorReplayed(request: ProviderRequest) async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = ResponseCache(folder: folder)
        let live = try Aggregator(
            providers: [OneRequestProvider(request: request)],
            settings: try SearchSettings(
                deadline: .seconds(120), endpoints: ["one": .remote(server.baseURL)], cache: cache))
        #expect(await live.search(SearchQuery()).outcomes.first?.status == .ok)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("one").path))
        let offline = try Aggregator(
            providers: [OneRequestProvider(request: request)],
            settings: try SearchSettings(
                deadline: .seconds(120), endpoints: ["one": .remote(server.baseURL)], cache: cache, offline: true))
        let outcome = try #require(await offline.search(SearchQuery()).outcomes.first)
        #expect(outcome.status == .failed || outcome.error?.code == .notCached)
        #expect(server.requests.count == 1)
    }

    @Test func anOrdinaryRequestIsStillCached() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let live = try Aggregator(
            providers: [OneRequestProvider(request: .get("quote"))],
            settings: try SearchSettings(
                deadline: .seconds(120),
                endpoints: ["one": .remote(server.baseURL)], cache: ResponseCache(folder: folder)))
        #expect(await live.search(SearchQuery()).outcomes.first?.status == .ok)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("one").path))
    }
}
