import AggregatorCore
import AggregatorTestSupport
import Foundation
import HTTPServer
import ProviderKit
import ProviderTestKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing
@testable import MCPFrontEnd
@testable import ServeFrontEnd

/// A clock the test moves by hand.
private final class HandClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date = Date()

    /// The time now.
    var now: Date { lock.withLock { date } }

    /// Moves the clock on.
    func advance(seconds: TimeInterval) {
        lock.withLock { date = date.addingTimeInterval(seconds) }
    }
}

/// Counts how often the searches looked into the answer store.
private final class StoreLookups: TransportObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var lookups = 0

    /// How many lookups there were.
    var count: Int { lock.withLock { lookups } }

    func observe(_ event: TransportEvent) {
        switch event {
        case .storeHit, .storeMiss: lock.withLock { lookups += 1 }
        default: break
        }
    }
}

/// A Kiwi service on loopback that answers as the test says, counting the requests it got.
private final class Upstream: @unchecked Sendable {
    private final class Failing: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var now: Bool {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    private let failing: Failing
    let server: LoopbackHTTPServer

    init() throws {
        let failing = Failing()
        server = try LoopbackHTTPServer { _ in
            failing.now ? .json("{}", status: 503) : .json(LiveEndpointTests.kiwiBody)
        }
        self.failing = failing
    }

    /// Whether it answers `503` from now on.
    func fail(_ fails: Bool) { failing.now = fails }

    /// How many requests it got.
    var requests: Int { server.requests.count }
}

/// A search's finished response, kept while its answers are fresh: routes called in-process against a live
/// provider on loopback, with the server's own store of answers and a clock the test moves.
@Suite("aggregate serve: a search's response kept while its answers are fresh")
struct KeptSearchesTests {
    private static let search = "/v1/search?providers=kiwi&from=VIE&to=BCN&date=2026-12-18"

    /// One instance of the server, as `aggregate serve` builds it, on `store`.
    private struct Instance {
        let router: ServeRouter
        let kept: KeptSearches
        let lookups: StoreLookups
    }

    private static func instance(
        upstream: Upstream, store: any AnswerStore, clock: HandClock, home: URL, kept: KeptSearches? = nil
    ) throws -> Instance {
        let kiwi = try #require(AggregateTool.builtInProviders.first { $0.descriptor.id == "kiwi" })
        let url = upstream.server.baseURL
        var context = CommandContext(
            environment: ["HOME": home.path], catalog: ProviderCatalog([kiwi]), configFile: .success(ConfigFile()))
        let lookups = StoreLookups()
        let shared = SharedServices(observer: lookups)
        let settings = try SearchSettings(
            deadline: .seconds(60), endpoints: ["kiwi": .remote(url)], retryPolicy: .never, cache: store,
            freshness: Freshness(standard: .seconds(60)))
        let pool = AggregatorPool(
            settings: settings, shared: shared, connections: ConnectionState(), transport: URLSessionTransport(),
            now: { clock.now })
        context.engine = Engine(shared: shared, connections: ConnectionState(), aggregators: pool)
        let operatorOptions: [(key: OptionKey, value: String)] = [
            (key: .endpoint, value: "kiwi=\(url.absoluteString)"), (key: .timeout, value: "60"),
        ]
        let searches = ConcurrencyGate(limit: 4)
        let metrics = ServeMetrics(providers: [kiwi.descriptor.id])
        let runner = MCPToolRunner(
            tools: MCPTool.available(commands: ["search"], providerIDs: ["kiwi"]), context: context,
            operatorOptions: operatorOptions)
        let kept = kept ?? KeptSearches(now: { clock.now })
        let router = ServeRouter(
            token: nil, origins: try OriginPolicy(origins: [], checksHost: true, command: "serve"),
            searches: searches, joined: JoinedSearches(),
            queries: [
                .search: QueryRoute(command: SearchCommand.self, context: context, operatorOptions: operatorOptions),
                .dates: QueryRoute(command: DatesCommand.self, context: context, operatorOptions: operatorOptions),
            ],
            mcp: MCPHTTPEndpoint(
                runner: runner, sessions: MCPHTTPSessions(idleLimit: .seconds(60)), searches: searches),
            health: ServeHealth(backend: LocalBackend(store: store), metrics: metrics, stopping: { false }),
            metrics: metrics, kept: kept)
        return Instance(router: router, kept: kept, lookups: lookups)
    }

    private static func get(_ target: String) -> ServerRequest {
        ServerRequest(method: "GET", target: target, headers: ["Host": "127.0.0.1:8765"])
    }

    private static func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-kept-\(UUID().uuidString)")
    }

    private static func body(_ response: ServerResponse) -> [UInt8] {
        guard case .bytes(let body) = response.body else { return [] }
        return body
    }

    @Test func aSecondIdenticalSearchIsTheKeptResponseWithoutRunning() async throws {
        let upstream = try Upstream()
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try Self.instance(upstream: upstream, store: MemoryAnswerStore(), clock: HandClock(), home: home)
        let first = await server.router.respond(to: Self.get(Self.search))
        #expect(first.status == 200)
        #expect(upstream.requests == 1)
        #expect(server.kept.count == 1)
        let lookups = server.lookups.count
        #expect(lookups > 0, "the first search looked into the store")
        // The same question with its parameters in another order.
        let again = await server.router.respond(
            to: Self.get("/v1/search?date=2026-12-18&to=BCN&from=VIE&providers=kiwi"))
        #expect(again.status == 200)
        #expect(Self.body(again) == Self.body(first))
        #expect(again.headers["Content-Type"] == "application/json")
        #expect(upstream.requests == 1)
        #expect(server.kept.hits == 1)
        #expect(server.lookups.count == lookups, "the search did not run again: the store was not even asked")
    }

    @Test func aKeptResponseEndsWithItsAnswersFreshness() async throws {
        let upstream = try Upstream()
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let clock = HandClock()
        let server = try Self.instance(upstream: upstream, store: MemoryAnswerStore(), clock: clock, home: home)
        #expect(await server.router.respond(to: Self.get(Self.search)).status == 200)
        clock.advance(seconds: 59)
        #expect(await server.router.respond(to: Self.get(Self.search)).status == 200)
        #expect(server.kept.hits == 1)
        #expect(upstream.requests == 1)
        // Past the answer's 60 s, the search runs again and asks the service again.
        clock.advance(seconds: 2)
        #expect(await server.router.respond(to: Self.get(Self.search)).status == 200)
        #expect(server.kept.hits == 1)
        #expect(upstream.requests == 2)
        #expect(server.kept.count == 1, "the new answer's response is kept in the old one's place")
    }

    @Test func aResponseMadeOfAnotherInstancesAnswerEndsWhenThatAnswerDoes() async throws {
        // Two instances sharing one store of answers, as two sharing Redis do.
        let upstream = try Upstream()
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let clock = HandClock()
        let store = MemoryAnswerStore()
        let first = try Self.instance(upstream: upstream, store: store, clock: clock, home: home)
        let second = try Self.instance(upstream: upstream, store: store, clock: clock, home: home)
        #expect(await first.router.respond(to: Self.get(Self.search)).status == 200)
        clock.advance(seconds: 30)
        #expect(await second.router.respond(to: Self.get(Self.search)).status == 200)
        #expect(upstream.requests == 1, "the second instance read the first one's answer")
        #expect(second.kept.count == 1)
        // 61 s after the answer was fetched, not 61 s after the second instance read it: its response is over.
        clock.advance(seconds: 31)
        #expect(await second.router.respond(to: Self.get(Self.search)).status == 200)
        #expect(second.kept.hits == 0)
        #expect(upstream.requests == 2)
    }

    @Test func aFailedOrStaleSearchIsNotKept() async throws {
        let upstream = try Upstream()
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let clock = HandClock()
        let server = try Self.instance(upstream: upstream, store: MemoryAnswerStore(), clock: clock, home: home)
        upstream.fail(true)
        #expect(await server.router.respond(to: Self.get(Self.search)).status == 502)
        #expect(server.kept.count == 0)
        #expect(await server.router.respond(to: Self.get(Self.search)).status == 502)
        #expect(upstream.requests == 2)
        // A good answer, then past its lifetime a failure: the stale answer stands in and is not kept.
        upstream.fail(false)
        #expect(await server.router.respond(to: Self.get(Self.search)).status == 200)
        #expect(upstream.requests == 3)
        clock.advance(seconds: 61)
        upstream.fail(true)
        let stale = await server.router.respond(to: Self.get(Self.search))
        #expect(stale.status == 200)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.body(stale))) as? [String: Any])
        let outcome = try #require((document["providers"] as? [[String: Any]])?.first)
        #expect(outcome["stale"] as? Bool == true)
        #expect(upstream.requests == 4)
        #expect(server.kept.count == 0)
        _ = await server.router.respond(to: Self.get(Self.search))
        #expect(upstream.requests == 5, "the stale answer's search ran again")
        #expect(server.kept.hits == 0)
    }

    @Test func differentParametersAndRoutesAreDifferentEntries() async throws {
        let upstream = try Upstream()
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let server = try Self.instance(upstream: upstream, store: MemoryAnswerStore(), clock: HandClock(), home: home)
        #expect(await server.router.respond(to: Self.get(Self.search)).status == 200)
        #expect(await server.router.respond(to: Self.get(Self.search + "&limit=1")).status == 200)
        let dates = await server.router.respond(
            to: Self.get("/v1/dates?providers=kiwi&from=VIE&to=BCN&date=2026-12-18"))
        #expect(dates.status == 200)
        #expect(server.kept.count == 3)
        #expect(server.kept.hits == 0)
        #expect(String(decoding: Self.body(dates), as: UTF8.self).contains("aggregate.dates.v1"))
        #expect(await server.router.respond(to: Self.get(Self.search + "&limit=1")).status == 200)
        #expect(server.kept.hits == 1)
    }

    @Test func theStoreIsBoundedByEntriesAndBytesUsedLongestAgoFirst() {
        let clock = HandClock()
        let later = clock.now.addingTimeInterval(60)
        func response(_ text: String) -> ServerResponse { .text(200, contentType: "application/json", text) }
        let byCount = KeptSearches(maxEntries: 2, maxBytes: 1000, now: { clock.now })
        byCount.keep(response("a"), for: "a", until: later)
        byCount.keep(response("b"), for: "b", until: later)
        #expect(byCount.response(for: "a") != nil)
        byCount.keep(response("c"), for: "c", until: later)
        #expect(byCount.count == 2)
        #expect(byCount.response(for: "b") == nil, "b was used longest ago")
        #expect(byCount.response(for: "a") != nil)
        #expect(byCount.response(for: "c") != nil)

        let byBytes = KeptSearches(maxEntries: 10, maxBytes: 10, now: { clock.now })
        byBytes.keep(response("123456"), for: "x", until: later)
        byBytes.keep(response("abcdef"), for: "y", until: later)
        #expect(byBytes.response(for: "x") == nil)
        #expect(byBytes.bytes == 6)
        byBytes.keep(response("12345678901"), for: "z", until: later)
        #expect(byBytes.response(for: "z") == nil, "a body larger than the whole allowance is not kept")
        #expect(byBytes.response(for: "y") != nil)

        byBytes.keep(response("late"), for: "late", until: clock.now)
        #expect(byBytes.response(for: "late") == nil, "a response already past its answers' freshness")
        clock.advance(seconds: 61)
        #expect(byBytes.response(for: "y") == nil)
        #expect(byBytes.count == 0)
        #expect(byBytes.bytes == 0)
    }
}
