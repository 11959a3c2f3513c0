import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// A provider whose answer is `{"live_mode": BOOL, "prices": [...]}`, each price a VIE→BCN flight, the last
/// price repeated when `"repeat": true`: enough for an answer to say it comes from a test mode, as Duffel's
/// do, and to repeat a record exactly.
private struct ModeProvider: OfferProvider {
    static let sample = #"{"live_mode": true, "prices": [120, 95]}"#

    let descriptor: ProviderDescriptor

    init(samples: Bool = true) {
        descriptor = ProviderDescriptor(
            id: "modes", displayName: "Modes", summary: "Flights from a list of prices.", categories: [.flights],
            nativeCurrency: .eur, capabilities: [.dates, .roundTrips],
            samples: ProviderSamples(EmbeddedResponses(samples ? ["flights": Self.sample] : [:])))
    }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        try await client.read(.get("flights")) { root in
            var prices = try root["prices"].elements.map { try $0.int }
            if (try? root["repeat"].bool) == true, let last = prices.last { prices.append(last) }
            var seen = Set<String>()
            let offers = prices.map { price in
                OfferFactory.flight(
                    provider: client.provider, carrier: "OS", flightNumber: "\(price)", from: "VIE", to: "BCN",
                    departure: "2026-12-18 07:05", price: Decimal(price))
            }
            let unique = offers.filter { seen.insert($0.id).inserted }
            return ProviderResponse(
                offers: unique, repeats: offers.count - unique.count,
                testMode: (try? root["live_mode"].bool) == false)
        }
    }
}

@Suite("Whether an answer's prices are real, and repeats counted as repeats")
struct SampleAnswerTests {
    private func outcome(
        _ provider: any OfferProvider, endpoint: Endpoint?, cache: ResponseCache? = nil, offline: Bool = false
    ) async throws -> ProviderOutcome? {
        let runner = ProviderRunner(
            network: URLSessionTransport(),
            settings: try SearchSettings(
                deadline: .seconds(120), endpoints: endpoint.map { ["modes": $0] } ?? [:],
                retryPolicy: RetryPolicy(maxAttempts: 1), cache: cache, offline: offline))
        return await runner.run([provider], query: SearchQuery()).first?.outcome
    }

    @Test func anAnswerFromTheEmbeddedSamplesIsMarked() async throws {
        let outcome = try #require(try await outcome(ModeProvider(), endpoint: nil))
        #expect(outcome.status == .ok)
        #expect(outcome.sample == .embedded)
        #expect(outcome.isSample)
    }

    @Test func aRecordedAnswerIsRealUnlessItSaysItIsATest() async throws {
        let folder = try ScratchFolder()
        let real = folder.url.appendingPathComponent("real.json")
        try Data(#"{"live_mode": true, "prices": [120]}"#.utf8).write(to: real)
        let test = folder.url.appendingPathComponent("test.json")
        try Data(#"{"live_mode": false, "prices": [120]}"#.utf8).write(to: test)
        let recorded = try #require(try await outcome(ModeProvider(), endpoint: .file(real)))
        #expect(recorded.status == .ok)
        #expect(recorded.sample == nil, "a recording is what the service said")
        let testMode = try #require(try await outcome(ModeProvider(), endpoint: .file(test)))
        #expect(testMode.sample == .testMode)
    }

    @Test func aLiveTestModeAnswerIsMarkedAndStaysMarkedFromTheCache() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"live_mode": false, "prices": [120, 95]}"#) }
        defer { server.stop() }
        let live = try #require(try await outcome(ModeProvider(), endpoint: .remote(server.baseURL)))
        #expect(live.status == .ok)
        #expect(live.sample == .testMode)

        let folder = try ScratchFolder()
        let cache = ResponseCache(folder: folder.url)
        _ = try await outcome(ModeProvider(), endpoint: .remote(server.baseURL), cache: cache)
        let replayed = try #require(
            try await outcome(ModeProvider(), endpoint: .remote(server.baseURL), cache: cache, offline: true))
        #expect(replayed.stale)
        #expect(replayed.sample == .testMode, "a cached test answer is still a test answer")
    }

    @Test func aLiveAnswerIsReal() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"prices": [120]}"#) }
        defer { server.stop() }
        let live = try #require(try await outcome(ModeProvider(), endpoint: .remote(server.baseURL)))
        #expect(live.status == .ok)
        #expect(live.sample == nil)
    }

    @Test func aProviderWithoutSamplesIsNeverTakenToAnswerFromThem() async throws {
        // An outside program reads the endpoint setting itself: `embedded` may mean anything to it.
        let program = FakeProvider(
            "modes",
            behaviour: .offers([
                OfferFactory.flight(
                    provider: "modes", carrier: "OS", flightNumber: "395", from: "VIE", to: "BCN",
                    departure: "2026-12-18 07:05", price: 169)
            ]))
        let answered = try #require(try await outcome(program, endpoint: nil))
        #expect(answered.status == .ok)
        #expect(answered.sample == nil)
        let failed = try #require(try await outcome(ModeProvider(samples: false), endpoint: nil))
        #expect(failed.status == .failed)
        #expect(failed.sample == nil, "a provider that did not answer has no prices at all")
    }

    @Test func exactRepeatsAreCountedAsRepeatsNotAsRecordsThatCouldNotBeRead() async throws {
        let folder = try ScratchFolder()
        let answer = folder.url.appendingPathComponent("repeats.json")
        try Data(#"{"prices": [120, 95], "repeat": true}"#.utf8).write(to: answer)
        let outcome = try #require(try await outcome(ModeProvider(), endpoint: .file(answer)))
        #expect(outcome.offerCount == 2)
        #expect(outcome.repeats == 1)
        #expect(outcome.skipped == 0)
    }
}
