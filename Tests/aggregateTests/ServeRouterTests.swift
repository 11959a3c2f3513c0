import AggregatorCore
import AggregatorTestSupport
import Foundation
import HTTPServer
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing
@testable import MCPFrontEnd
@testable import ServeFrontEnd

/// A provider whose searches wait until the test lets them go, counting how often it was asked.
private final class HeldProvider: OfferProvider, @unchecked Sendable {
    let descriptor = ProviderDescriptor(
        id: "held", displayName: "Held", summary: "Answers when the test says so.", categories: [.flights],
        nativeCurrency: .eur, capabilities: [.dates], samples: ProviderSamples(EmbeddedResponses([:])))

    private let lock = NSLock()
    private var calls = 0
    private var released = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// How many searches it was asked.
    var searches: Int { lock.withLock { calls } }

    /// Lets every search waiting, and every later one, answer.
    func release() {
        let resumed = lock.withLock {
            released = true
            defer { waiting = [] }
            return waiting
        }
        resumed.forEach { $0.resume() }
    }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        lock.withLock { calls += 1 }
        await withCheckedContinuation { continuation in
            let now = lock.withLock {
                if released { return true }
                waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        return ProviderResponse(offers: [
            OfferFactory.flight(
                provider: client.provider, carrier: "OS", flightNumber: "395", from: "VIE", to: "BCN",
                departure: "2026-12-18 07:05", price: 120)
        ])
    }
}

/// The server's routes called with values, in this process: no socket, no spawned binary.
@Suite("aggregate serve: routes called in-process")
struct ServeRouterTests {
    /// A router for one provider with a cap of `limit` searches at once, on an empty home folder.
    private static func router(
        _ provider: any OfferProvider, limit: Int, home: URL
    ) throws -> (ServeRouter, JoinedSearches) {
        let context = CommandContext(
            environment: ["HOME": home.path], catalog: ProviderCatalog([provider]),
            configFile: .success(ConfigFile()))
        let operatorOptions: [(key: OptionKey, value: String)] = [(key: .timeout, value: "120")]
        let searches = ConcurrencyGate(limit: limit)
        let joined = JoinedSearches()
        let metrics = ServeMetrics(providers: [provider.descriptor.id])
        let runner = MCPToolRunner(
            tools: MCPTool.available(commands: ["search"], providerIDs: [provider.descriptor.id.rawValue]),
            context: context, operatorOptions: operatorOptions)
        let router = ServeRouter(
            token: nil, origins: try OriginPolicy(origins: [], checksHost: true, command: "serve"),
            searches: searches, joined: joined,
            queries: [
                .search: QueryRoute(command: SearchCommand.self, context: context, operatorOptions: operatorOptions),
                .providers: QueryRoute(
                    command: ProvidersCommand.self, context: context, operatorOptions: operatorOptions),
            ],
            mcp: MCPHTTPEndpoint(
                runner: runner, sessions: MCPHTTPSessions(idleLimit: .seconds(60)), searches: searches),
            health: ServeHealth(
                backend: LocalBackend(store: MemoryAnswerStore()), metrics: metrics, stopping: { false }),
            metrics: metrics)
        return (router, joined)
    }

    private static func get(_ target: String) -> ServerRequest {
        ServerRequest(method: "GET", target: target, headers: ["Host": "127.0.0.1:8765"])
    }

    private static func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-router-\(UUID().uuidString)")
    }

    @Test func identicalSearchesAtOnceShareOneRunAndAreNeverRefused() async throws {
        let provider = HeldProvider()
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let (router, joined) = try Self.router(provider, limit: 2, home: home)
        let count = 50
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                // The same question with its parameters in two orders.
                let target =
                    index.isMultiple(of: 2)
                    ? "/v1/search?from=VIE&to=BCN&providers=held" : "/v1/search?providers=held&to=BCN&from=VIE"
                group.addTask { await router.respond(to: Self.get(target)).status }
            }
            // Every request but the first waits on the first one's run before the provider may answer.
            while joined.joined < count - 1 { try? await Task.sleep(for: .milliseconds(5)) }
            provider.release()
            var statuses: [Int] = []
            for await status in group { statuses.append(status) }
            return statuses
        }
        #expect(statuses == Array(repeating: 200, count: count))
        #expect(provider.searches == 1)
        #expect(joined.count == 0, "the run is forgotten once it has answered")
    }

    @Test func distinctSearchesPastTheCapAreRefusedWithRetryAfter() async throws {
        let provider = HeldProvider()
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let (router, joined) = try Self.router(provider, limit: 1, home: home)
        let first = Task { await router.respond(to: Self.get("/v1/search?from=VIE&providers=held")) }
        while joined.count < 1 { try? await Task.sleep(for: .milliseconds(5)) }
        let refused = await router.respond(to: Self.get("/v1/search?from=MUC&providers=held"))
        #expect(refused.status == 503)
        #expect(refused.headers["Retry-After"] == "1")
        provider.release()
        #expect(await first.value.status == 200)
        // With the place free again, the other search runs.
        #expect(await router.respond(to: Self.get("/v1/search?from=MUC&providers=held")).status == 200)
    }

    @Test func aRoutesDocumentIsTheCommandsOwnJSON() async throws {
        let provider = HeldProvider()
        provider.release()
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let (router, _) = try Self.router(provider, limit: 2, home: home)
        let response = await router.respond(to: Self.get("/v1/search?from=VIE&to=BCN&providers=held&limit=1"))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        guard case .bytes(let body) = response.body else {
            Issue.record("a search's document is sent whole")
            return
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        #expect(json["schema"] as? String == "aggregate.search.v1")
        #expect((json["offers"] as? [[String: Any]])?.count == 1)
        let providers = await router.respond(to: Self.get("/v1/providers?providers=held"))
        #expect(providers.status == 200)
    }

    @Test func aBadParameterIsTheCommandLinesOwnLineAs400() async throws {
        let provider = HeldProvider()
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let (router, _) = try Self.router(provider, limit: 2, home: home)
        for (target, words) in [
            ("/v1/search?frm=VIE", "unknown option '--frm'"),
            ("/v1/search?timeout=5", "'--timeout' is set by the server's operator"),
            ("/v1/search?round-trip=maybe", "'--round-trip' is a flag"),
            ("/v1/search?limit=0", "--limit"),
        ] {
            let response = await router.respond(to: Self.get(target))
            #expect(response.status == 400, "\(target)")
            guard case .bytes(let body) = response.body else { continue }
            #expect(String(decoding: body, as: UTF8.self).contains(words), "\(target)")
        }
        #expect(provider.searches == 0)
    }
}
