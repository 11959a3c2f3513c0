import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// A provider that holds its thread without ever checking for cancellation, until told to stop (or ten
/// minutes pass): the worst a provider can do to a deadline, as a long CPU-bound mapping does. It holds the
/// thread by sleeping in short slices rather than spinning, so that it leaves the cores to the other tests.
private struct BusyProvider: OfferProvider {
    let descriptor = ProviderDescriptor(
        id: "busy", displayName: "Busy", summary: "Never checks for cancellation.", categories: [.flights],
        samples: ProviderSamples(EmbeddedResponses([:])))
    let stop: StopFlag

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        let giveUp = ContinuousClock.now.advanced(by: .seconds(600))
        while !stop.isSet, ContinuousClock.now < giveUp { usleep(1_000) }
        return ProviderResponse(offers: [])
    }
}

/// A flag a test raises to let a busy provider go.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var isSet: Bool { lock.withLock { raised } }
    func raise() { lock.withLock { raised = true } }
}

/// Progress reports as they arrive.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [SearchProgress] = []
    func record(_ progress: SearchProgress) { lock.withLock { reports.append(progress) } }
    var all: [SearchProgress] { lock.withLock { reports } }
}

/// A provider that cannot search without a route and a date, and records whether it was asked.
private final class RouteAndDateProvider: OfferProvider, @unchecked Sendable {
    let descriptor = ProviderDescriptor(
        id: "picky", displayName: "Picky", summary: "Needs a route and a date.", categories: [.flights],
        capabilities: [.dates], requiredFields: [.origin, .destination, .departureDate],
        samples: ProviderSamples(EmbeddedResponses([:])))
    private let lock = NSLock()
    private var asked = 0
    var timesAsked: Int { lock.withLock { asked } }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        lock.withLock { asked += 1 }
        return ProviderResponse(offers: [])
    }
}

@Suite("The runner: deadline, not-asked providers, cancellation")
struct ProviderRunnerTests {
    private let flights = FakeProvider(
        "fast",
        behaviour: .offers([
            OfferFactory.flight(
                provider: "fast", carrier: "VY", flightNumber: "1815", from: "VIE", to: "BCN",
                departure: "2026-12-18 12:30", price: 98)
        ]))

    private func runner(deadline: Duration) throws -> ProviderRunner {
        ProviderRunner(network: UnreachableTransport(), settings: try SearchSettings(deadline: deadline))
    }

    @Test func theDeadlineHoldsEvenForAProviderThatIgnoresCancellation() async throws {
        let stop = StopFlag()
        defer { stop.raise() }
        let started = ContinuousClock.now
        // Long enough for the fast provider on a busy machine.
        let runs = try await runner(deadline: .seconds(5)).run(
            [flights, BusyProvider(stop: stop)], query: SearchQuery())
        // Without the bound the busy provider would hold the search for ten minutes.
        #expect(ContinuousClock.now - started < .seconds(300))
        #expect(runs.map(\.outcome.status) == [.ok, .timeout])
        #expect(runs[0].response.offers.count == 1)
    }

    @Test func aProviderMissingRequiredFieldsIsNotAskedAndSaysWhatToAdd() async throws {
        let picky = RouteAndDateProvider()
        let runs = try await runner(deadline: .seconds(5)).run([flights, picky], query: SearchQuery(origin: "VIE"))
        #expect(runs.map(\.outcome.status) == [.ok, .notAsked])
        #expect(runs[1].outcome.error?.code == .notAsked)
        #expect(runs[1].outcome.error?.remedy == .addFields([.destination, .departureDate]))
        #expect(picky.timesAsked == 0)
        let result = SearchPipeline().run(runs, query: SearchQuery(origin: "VIE"))
        #expect(result.completeness == .complete, "a provider that was not asked did not fail")

        let full = SearchQuery(origin: "VIE", destination: "BCN", departureDate: day("2026-12-18"))
        let asked = try await runner(deadline: .seconds(5)).run([picky], query: full)
        #expect(asked.map(\.outcome.status) == [.noResults])
        #expect(picky.timesAsked == 1)
    }

    @Test func onlyNotAskedProvidersMeanNothingAnswered() async throws {
        let runs = try await runner(deadline: .seconds(5)).run([RouteAndDateProvider()], query: SearchQuery())
        #expect(SearchPipeline().run(runs, query: SearchQuery()).completeness == .none)
    }

    @Test func aCancelledCallerEndsTheRunAtOnce() async throws {
        let slow = FakeProvider("slow", delay: .seconds(600), behaviour: .offers([]))
        let started = ContinuousClock.now
        let task = Task { try await runner(deadline: .seconds(600)).run([slow], query: SearchQuery()) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let runs = try await task.value
        // The provider and the deadline would take ten minutes: only the cancellation can end it sooner.
        #expect(ContinuousClock.now - started < .seconds(300))
        #expect(runs.map(\.outcome.status) == [.timeout])
        #expect(runs[0].outcome.error?.message == "was stopped: the search was cancelled")
    }

    @Test func progressIsReportedAtTheStartAndAfterEachAnswer() async throws {
        let log = ProgressLog()
        let second = FakeProvider("second", delay: .milliseconds(50), behaviour: .offers([]))
        _ = try await runner(deadline: .seconds(5)).run([flights, second], query: SearchQuery()) { log.record($0) }
        let reports = log.all
        #expect(reports.count == 3)
        #expect(reports.first?.pending == ["fast", "second"])
        #expect(reports.last?.pending == [])
        #expect(Set(reports.last?.answered ?? []) == ["fast", "second"])
    }
}
