import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// A provider whose whole wire format is a JSON array of prices, each a VIE→BCN flight: enough to
/// follow an answer from the network into the cache and back.
private struct PriceListProvider: OfferProvider {
    let descriptor = ProviderDescriptor(
        id: "prices", displayName: "Prices", summary: "Flights from a list of prices.", categories: [.flights],
        nativeCurrency: .eur, capabilities: [.dates, .roundTrips], samples: ProviderSamples(EmbeddedResponses([:])))

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        let prices = try await client.read(.get("flights", query: [.init(name: "v", value: "1")])) { root in
            try root.elements.map { try $0.int }
        }
        let offers = prices.enumerated().map { index, price in
            OfferFactory.flight(
                provider: "prices", carrier: "OS", flightNumber: "\(100 + index)", from: "VIE", to: "BCN",
                departure: "2026-12-18 07:05", price: Decimal(price))
        }
        return ProviderResponse(offers: offers)
    }
}

private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [SearchProgress] = []
    func record(_ progress: SearchProgress) { lock.withLock { reports.append(progress) } }
    var all: [SearchProgress] { lock.withLock { reports } }
}

@Suite("Aggregator cache, fallback and --offline")
struct CacheFallbackTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-\(UUID().uuidString)")
    private let firstFetch = Date(timeIntervalSince1970: 1_795_000_000)

    private func aggregator(
        _ server: LoopbackHTTPServer, offline: Bool = false, deadline: Duration = .seconds(120),
        providers: [any OfferProvider] = [PriceListProvider()], now: Date? = nil
    ) throws -> Aggregator {
        let clock = now ?? firstFetch
        return try Aggregator(
            providers: providers,
            settings: try SearchSettings(
                deadline: deadline, endpoints: ["prices": .remote(server.baseURL)],
                retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)),
                cache: ResponseCache(folder: folder), offline: offline),
            now: { clock })
    }

    private func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    @Test func aGoodLiveAnswerIsStoredAndServedWhenTheServiceLaterFails() async throws {
        defer { cleanUp() }
        let server = try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn([.json("[120, 95]"), .json("{}", status: 500)]))
        defer { server.stop() }

        let fresh = try await aggregator(server).search(SearchQuery())
        #expect(fresh.outcomes.map(\.stale) == [false])
        #expect(fresh.completeness == .complete)

        let later = Date(timeIntervalSince1970: 1_795_003_600)
        let stale = try await aggregator(server, now: later).search(SearchQuery())
        let outcome = try #require(stale.outcomes.first)
        #expect(outcome.status == .ok)
        #expect(outcome.stale)
        #expect(outcome.retrievedAt == firstFetch)
        #expect(outcome.error?.code == .httpStatus)
        #expect(outcome.notes.contains(.answeredFromCache(retrievedAt: firstFetch, afterLiveFailure: true)))
        #expect(stale.offers.map(\.price.amount) == [95, 120])
        #expect(stale.offers.flatMap(\.sources).allSatisfy { $0.retrievedAt == firstFetch })
        #expect(stale.completeness == .partial, "a stale stand-in is not a full answer")
    }

    @Test func offlineAnswersFromTheCacheWithoutSendingAnything() async throws {
        defer { cleanUp() }
        let server = try LoopbackHTTPServer { _ in .json("[70]") }
        defer { server.stop() }
        _ = try await aggregator(server).search(SearchQuery())
        #expect(server.requests.count == 1)

        let offline = try await aggregator(server, offline: true).search(SearchQuery())
        #expect(server.requests.count == 1)
        let outcome = try #require(offline.outcomes.first)
        #expect(outcome.status == .ok)
        #expect(outcome.stale)
        #expect(outcome.error == nil)
        #expect(offline.offers.map(\.price.amount) == [70])
        #expect(offline.completeness == .complete, "--offline asked for the cache")
    }

    @Test func offlineWithNothingCachedSaysHowToFillTheCache() async throws {
        defer { cleanUp() }
        let server = try LoopbackHTTPServer { _ in .json("[70]") }
        defer { server.stop() }
        let result = try await aggregator(server, offline: true).search(SearchQuery())
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.status == .failed)
        #expect(outcome.error?.code == .notCached)
        #expect(outcome.error?.message == "has no cached answer for /flights")
        #expect(outcome.error?.remedy == .searchOnline)
        #expect(server.requests.isEmpty)
        #expect(result.completeness == .none)
    }

    @Test func aCorruptEntryIsIgnoredAndThenReplaced() async throws {
        defer { cleanUp() }
        let server = try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn([
                .json("[1]"), .json("{}", status: 503), .json("{}", status: 503), .json("[2]"),
            ]))
        defer { server.stop() }
        _ = try await aggregator(server).search(SearchQuery())
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("prices").path)
        let file = folder.appendingPathComponent("prices").appendingPathComponent(try #require(entries.first))
        try Data("half an entr".utf8).write(to: file)

        let failed = try await aggregator(server).search(SearchQuery())
        #expect(failed.outcomes.first?.status == .failed)
        #expect(failed.outcomes.first?.error?.code == .httpStatus, "the live failure is what the user needs to know")

        let recovered = try await aggregator(server).search(SearchQuery())
        #expect(recovered.outcomes.first?.status == .ok)
        let offline = try await aggregator(server, offline: true).search(SearchQuery())
        #expect(offline.offers.map(\.price.amount) == [2])
    }

    @Test func anAnswerTheProviderCouldNotReadNeverReplacesAGoodEntry() async throws {
        defer { cleanUp() }
        let server = try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn([.json("[5]"), .json(#"{"unexpected":"shape"}"#)]))
        defer { server.stop() }
        _ = try await aggregator(server).search(SearchQuery())
        let result = try await aggregator(server).search(SearchQuery())
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.stale)
        #expect(outcome.error?.code == .malformedResponse)
        #expect(result.offers.map(\.price.amount) == [5])
    }

    @Test func aProviderLateForTheDeadlineFallsBackToItsCachedAnswer() async throws {
        defer { cleanUp() }
        let server = try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn([.json("[44]"), .slow(seconds: 600, then: .json("[1]"))]))
        defer { server.stop() }
        _ = try await aggregator(server).search(SearchQuery())
        let started = ContinuousClock.now
        let result = try await aggregator(server, deadline: .seconds(5)).search(SearchQuery())
        #expect(ContinuousClock.now - started < .seconds(300), "not the server's ten minutes")
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.stale)
        #expect(outcome.error?.code == .timeout)
        #expect(result.offers.map(\.price.amount) == [44])
    }

    @Test func withoutACacheALiveFailureIsJustAFailure() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}", status: 500) }
        defer { server.stop() }
        let aggregator = try Aggregator(
            providers: [PriceListProvider()],
            settings: try SearchSettings(
                deadline: .seconds(120), endpoints: ["prices": .remote(server.baseURL)], retryPolicy: .never))
        let result = await aggregator.search(SearchQuery())
        #expect(result.outcomes.first?.status == .failed)
        #expect(result.outcomes.first?.stale == false)
    }

    @Test func offlineWithoutACacheFolderIsASetUpError() {
        #expect(throws: AggregatorSetupError.self) {
            try Aggregator(providers: [PriceListProvider()], settings: try SearchSettings(offline: true))
        }
    }

    @Test func progressReportsPendingLiveProvidersUntilEachAnswers() async throws {
        defer { cleanUp() }
        // The live provider's answer is held until the fake has answered, so the order does not depend on how
        // fast the machine is; a minute rules out a fake that never answers.
        let fakeAnswered = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer { _ in
            _ = fakeAnswered.wait(timeout: .now() + 60)
            return .json("[1]")
        }
        defer { server.stop() }
        let fake = FakeProvider("fake", behaviour: .offers([], skipped: 0, notes: []))
        let log = ProgressLog()
        _ = try await aggregator(server, deadline: .seconds(120), providers: [PriceListProvider(), fake]).search(
            SearchQuery()
        ) { progress in
            log.record(progress)
            if progress.answered.contains("fake") { fakeAnswered.signal() }
        }
        let reports = log.all
        #expect(reports.first?.pending == ["prices", "fake"])
        #expect(reports.first?.isWaitingOnLiveProvider == true)
        #expect(reports.last?.pending == [])
        #expect(reports.last?.answered == ["fake", "prices"])
        #expect(reports.last?.isWaitingOnLiveProvider == false)
    }
}
