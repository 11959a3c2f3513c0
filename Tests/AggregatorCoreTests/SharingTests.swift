import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

@testable import AggregatorCore
@testable import ProviderKit

/// A provider whose service answers `GET prices` with a JSON array of prices, each a VIE→BCN flight.
private struct PriceService: OfferProvider {
    let descriptor = ProviderDescriptor(
        id: "prices", displayName: "Prices", summary: "Flights from a list of prices.", categories: [.flights],
        nativeCurrency: .eur, samples: ProviderSamples(EmbeddedResponses(["prices": "[1]"])))

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        let prices = try await client.read(.get("prices")) { root in try root.elements.map { try $0.int } }
        return ProviderResponse(
            offers: prices.map { price in
                OfferFactory.flight(
                    provider: client.provider, carrier: "OS", flightNumber: "\(price)", from: "VIE", to: "BCN",
                    departure: "2026-12-18 07:05", price: Decimal(price))
            })
    }
}

/// Every event the transport stacks told.
private final class EventLog: TransportObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [TransportEvent] = []
    var events: [TransportEvent] { lock.withLock { seen } }
    func observe(_ event: TransportEvent) { lock.withLock { seen.append(event) } }
}

/// A clock a test moves by hand.
private final class MovingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date = Date(timeIntervalSince1970: 1_795_000_000)
    var now: Date { lock.withLock { date } }
    func advance(_ seconds: TimeInterval) { lock.withLock { date += seconds } }
}

@Suite("Sharing what searches learnt: fresh answers, questions asked at once, request budgets")
struct SharingTests {
    private func aggregator(
        _ server: LoopbackHTTPServer, store: any AnswerStore, freshness: Freshness = Freshness(),
        budgets: [ProviderID: RequestBudget] = [:], shared: SharedServices = SharedServices(),
        clock: MovingClock = MovingClock()
    ) throws -> Aggregator {
        try Aggregator(
            providers: [PriceService()],
            settings: try SearchSettings(
                deadline: .seconds(120), endpoints: ["prices": .remote(server.baseURL)], retryPolicy: .never,
                cache: store, freshness: freshness, budgets: budgets),
            shared: shared, now: { clock.now })
    }

    @Test func aFreshAnswerIsServedFromTheStoreUntilItsLifetimeHasPassed() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[120, 95]") }
        defer { server.stop() }
        let clock = MovingClock()
        let events = EventLog()
        let aggregator = try aggregator(
            server, store: MemoryAnswerStore(), freshness: Freshness(byProvider: ["prices": .seconds(300)]),
            shared: SharedServices(observer: events), clock: clock)
        let first = await aggregator.search(SearchQuery())
        clock.advance(200)
        let second = await aggregator.search(SearchQuery())
        #expect(server.requests.count == 1, "200 s into a 300 s lifetime the kept answer is served")
        #expect(second.offers.map(\.price.amount) == first.offers.map(\.price.amount))
        #expect(second.outcomes.first?.stale == false, "a fresh answer is not a stand-in")
        #expect(
            second.offers.first?.sources.first?.retrievedAt == Date(timeIntervalSince1970: 1_795_000_000),
            "as old as the kept answer")
        _ = first
        clock.advance(101)
        _ = await aggregator.search(SearchQuery())
        #expect(server.requests.count == 2, "past its lifetime it is asked again")
        #expect(events.events.filter { $0 == .storeHit("prices", fresh: true) }.count == 1)
        #expect(events.events.filter { $0 == .upstream("prices", status: 200) }.count == 2)
    }

    @Test func withoutALifetimeEverySearchAsksAsBefore() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[120]") }
        defer { server.stop() }
        let aggregator = try aggregator(server, store: MemoryAnswerStore())
        _ = await aggregator.search(SearchQuery())
        _ = await aggregator.search(SearchQuery())
        #expect(server.requests.count == 2)
    }

    @Test func twoInstancesAskingAtOnceSendTheQuestionOnce() async throws {
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 0.5, then: .json("[120, 95]")) }
        defer { server.stop() }
        let store = MemoryAnswerStore()
        // Shared by two runners, as instances share Redis: each runner's own sharing does not join them.
        let questions = MemoryQuestionSharing()
        let events = EventLog()
        let first = try aggregator(server, store: store, shared: SharedServices(questions: questions, observer: events))
        let second = try aggregator(
            server, store: store, shared: SharedServices(questions: questions, observer: events))
        async let one = first.search(SearchQuery())
        async let two = second.search(SearchQuery())
        let results = await [one, two]
        #expect(results.allSatisfy { $0.offers.count == 2 && $0.outcomes.first?.status == .ok })
        #expect(server.requests.count == 1)
        #expect(events.events.contains(.coalesced("prices")))
    }

    @Test func aFollowerWhoseLeaderFailedAsksItself() async throws {
        let calls = RequestCounter()
        let server = try LoopbackHTTPServer { _ in
            calls.next() == 0 ? .slow(seconds: 0.3, then: .json("not json")) : .json("[7]")
        }
        defer { server.stop() }
        let store = MemoryAnswerStore()
        let questions = MemoryQuestionSharing()
        let first = try aggregator(server, store: store, shared: SharedServices(questions: questions))
        let second = try aggregator(server, store: store, shared: SharedServices(questions: questions))
        async let one = first.search(SearchQuery())
        try await Task.sleep(for: .milliseconds(100))
        let two = await second.search(SearchQuery())
        _ = await one
        #expect(two.offers.map(\.price.amount) == [7], "the leader's answer could not be read: it gave up the lead")
        #expect(server.requests.count == 2)
    }

    @Test func aRequestOverBudgetIsNotSentAndIsAnsweredFromTheStore() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[120]") }
        defer { server.stop() }
        let events = EventLog()
        let budget = try #require(RequestBudget(parsing: "1/m"))
        let aggregator = try aggregator(
            server, store: MemoryAnswerStore(), budgets: ["prices": budget], shared: SharedServices(observer: events))
        _ = await aggregator.search(SearchQuery())
        let second = await aggregator.search(SearchQuery())
        #expect(server.requests.count == 1)
        let outcome = try #require(second.outcomes.first)
        #expect(outcome.stale, "answered from the store")
        #expect(outcome.error?.code == .notAsked)
        #expect(outcome.error?.message == "was not asked: its request budget of 1/m is spent")
        #expect(events.events.contains(.budgetRefused("prices")))
    }

    @Test func aRequestOverBudgetWithNothingStoredIsNotAsked() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[120]") }
        defer { server.stop() }
        let budget = try #require(RequestBudget(parsing: "1/h"))
        let aggregator = try Aggregator(
            providers: [PriceService()],
            settings: try SearchSettings(
                deadline: .seconds(120),
                endpoints: ["prices": .remote(server.baseURL)], retryPolicy: .never, budgets: ["prices": budget]))
        _ = await aggregator.search(SearchQuery())
        let outcome = try #require(await aggregator.search(SearchQuery()).outcomes.first)
        #expect(outcome.status == .notAsked)
        #expect(server.requests.count == 1)
    }

    @Test(arguments: [("2/s", 2, 1), ("100/h", 100, 3600), ("5/m", 5, 60), ("1/d", 1, 86_400)])
    func budgetsAreReadAsTheyAreWritten(text: String, count: Int, seconds: Int64) throws {
        let budget = try #require(RequestBudget(parsing: text))
        #expect(budget.count == count)
        #expect(budget.window == .seconds(seconds))
        #expect(budget.description == text)
    }

    @Test(arguments: ["", "2", "0/s", "-1/s", "2/w", "two/s", "2/s/s", "9999999999/s"])
    func aBudgetThatIsNotOneIsRefused(text: String) {
        #expect(RequestBudget(parsing: text) == nil)
    }
}
