import AggregatorCore
import Foundation
import Gatefare
import ProviderKit
import ProviderTestKit
import Testing

/// Gatefare's token service and API on one loopback server, from the facts its provider was written to:
/// `POST /v1/security/oauth2/token` takes a form with the client credentials and hands out `token-1`,
/// `token-2`, …; `GET /v2/shopping/flight-offers` answers the embedded sample to the newest token, and 401
/// to any other.
private final class GatefareService: @unchecked Sendable {
    private let lock = NSLock()
    private var issued = 0
    private var stale = false
    private(set) var server: LoopbackHTTPServer?

    /// How many tokens were handed out.
    var exchanges: Int { lock.withLock { issued } }

    /// Refuses the token held from now on, as a service that rotated its keys does.
    func revoke() { lock.withLock { stale = true } }

    func start() throws -> URL {
        let server = try LoopbackHTTPServer { [self] request in reply(to: request) }
        self.server = server
        return server.baseURL
    }

    private func reply(to request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
        switch request.path {
        case "/v1/security/oauth2/token":
            let form = String(decoding: request.body, as: UTF8.self)
            guard form == "grant_type=client_credentials&client_id=app-7&client_secret=sesame" else {
                return .json(
                    #"{"error": "invalid_client", "error_description": "Client credentials are invalid"}"#, status: 401)
            }
            let token = lock.withLock {
                issued += 1
                stale = false
                return "token-\(issued)"
            }
            return .json(
                #"{"type": "amadeusOAuth2Token", "access_token": "\#(token)", "token_type": "Bearer", "expires_in": 1799}"#
            )
        case "/v2/shopping/flight-offers":
            let current = lock.withLock { stale ? nil : "Bearer token-\(issued)" }
            guard let current, request.headers["authorization"] == current else {
                return .json(#"{"errors": [{"status": 401, "title": "Invalid access token"}]}"#, status: 401)
            }
            return .json(GatefareProvider().descriptor.samples.responses.bodies["flight-offers"] ?? "{}")
        default:
            return .json("{}", status: 404)
        }
    }
}

@Suite("The Gatefare provider: an OAuth2 sign-in from a package of its own")
struct GatefareTests {
    private static let query = SearchQuery(
        origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18"))

    private func aggregator(_ base: URL, secret: String = "sesame") throws -> Aggregator {
        try Aggregator(
            providers: [GatefareProvider()],
            settings: try SearchSettings(
                deadline: .seconds(20), endpoints: ["gatefare": .remote(base)],
                credentials: ["gatefare": Credentials([.clientID: "app-7", .clientSecret: secret])]))
    }

    @Test func itPassesTheConformanceKitSigningInAsItsServiceDoes() async throws {
        try await ProviderConformance.check(GatefareProvider())
    }

    @Test func oneTokenServesEverySearchOfTheRun() async throws {
        let service = GatefareService()
        let aggregator = try aggregator(try service.start())
        defer { service.server?.stop() }
        for _ in 0..<3 {
            let result = await aggregator.search(Self.query)
            #expect(result.outcomes.first?.status == .ok)
            #expect(result.offers.count == 2)
        }
        #expect(service.exchanges == 1)
        let searches = service.server?.requests.filter { $0.path == "/v2/shopping/flight-offers" } ?? []
        #expect(searches.count == 3)
        #expect(searches.allSatisfy { $0.headers["authorization"] == "Bearer token-1" })
        #expect(
            searches.first?.queryItems.map(\.name) == [
                "originLocationCode", "destinationLocationCode", "departureDate", "adults",
            ])
    }

    @Test func aRefusedTokenIsRenewedOnceAndTheSearchGoesOn() async throws {
        let service = GatefareService()
        let aggregator = try aggregator(try service.start())
        defer { service.server?.stop() }
        _ = await aggregator.search(Self.query)
        service.revoke()
        let result = await aggregator.search(Self.query)
        #expect(result.outcomes.first?.status == .ok)
        #expect(service.exchanges == 2)
        let tokens = service.server?.requests.filter { $0.path == "/v2/shopping/flight-offers" }
            .map { $0.headers["authorization"] ?? "" }
        #expect(tokens == ["Bearer token-1", "Bearer token-1", "Bearer token-2"])
    }

    @Test func aWrongSecretIsAFailedSignInThatNamesWhatToCheck() async throws {
        let service = GatefareService()
        let aggregator = try aggregator(try service.start(), secret: "guess")
        defer { service.server?.stop() }
        let outcome = try #require(await aggregator.search(Self.query).outcomes.first)
        #expect(outcome.error?.code == .unauthorized)
        #expect(outcome.error?.message.hasPrefix("could not sign in at 127.0.0.1") == true)
        #expect(outcome.error?.message.contains("invalid_client") == true)
        #expect(outcome.error?.remedy == .checkCredentials([.clientID, .clientSecret]))
        #expect(service.exchanges == 0)
    }
}
