import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine

/// A key set in the environment turns its provider live, and `aggregate providers --check` asks every
/// live provider one small question, against servers on loopback.
@Suite("Keys that turn providers live, and providers --check")
struct LiveProvidersTests {
    static let kiwiSample = try? String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("KiwiTests/Fixtures/mixed-numbers.json"), encoding: .utf8)

    private func providers(_ run: BinaryRun) throws -> [String: [String: Any]] {
        let list = try #require(try run.json()["providers"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "", $0) })
    }

    @Test func aKeyWithNoEndpointSetMakesTheProviderLiveAndSaysWhy() async throws {
        let run = try await Binary.run(
            ["providers", "--format", "json"], environment: ["AGGREGATE_KIWI_API_KEY": "k-1"])
        let kiwi = try #require(try providers(run)["kiwi"])
        let live = try #require(kiwi["live_url"] as? String)
        #expect(kiwi["endpoint"] as? String == live)
        #expect(kiwi["endpoint_source"] as? String == "AGGREGATE_KIWI_API_KEY")
        let aviasales = try #require(try providers(run)["aviasales"])
        #expect(aviasales["endpoint"] as? String == "embedded", "no key, no change")
    }

    @Test func anEndpointSetAnywhereBeatsTheKey() async throws {
        let environment = ["AGGREGATE_KIWI_API_KEY": "k-1", "AGGREGATE_KIWI_ENDPOINT": "embedded"]
        let run = try await Binary.run(["providers", "--format", "json"], environment: environment)
        let kiwi = try #require(try providers(run)["kiwi"])
        #expect(kiwi["endpoint"] as? String == "embedded")
        #expect(kiwi["endpoint_source"] as? String == "AGGREGATE_KIWI_ENDPOINT")
    }

    @Test func checkAsksEachLiveProviderOnceAndShowsStatusAndLatency() async throws {
        let body = try #require(Self.kiwiSample)
        let server = try LoopbackHTTPServer { _ in .json(body) }
        defer { server.stop() }
        let run = try await Binary.run(
            [
                "providers", "kiwi", "--check", "--format", "json", "--endpoint",
                "kiwi=\(server.baseURL.absoluteString)",
            ],
            environment: ["AGGREGATE_KIWI_API_KEY": "k-2"])
        #expect(run.status == 0, "\(run.stderr)")
        let checked = try #require(try run.json()["providers"] as? [[String: Any]])
        #expect(checked.count == 1, "only the live provider is asked: \(checked)")
        let kiwi = try #require(checked.first)
        #expect(kiwi["id"] as? String == "kiwi")
        #expect(kiwi["status"] as? String == "ok")
        #expect((kiwi["offers"] as? Int ?? 0) > 0)
        #expect(kiwi["latency_ms"] is Int)
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.headers["apikey"] == "k-2")
    }

    @Test func checkOnADeadEndpointFailsWithinTheDeadlineInOneLinePerProvider() async throws {
        let run = try await Binary.run(
            ["providers", "kiwi", "--check", "--timeout", "5", "--endpoint", "kiwi=http://127.0.0.1:9"])
        #expect(run.status == 3, "nothing answered: \(run.stdout) \(run.stderr)")
        #expect(run.duration < .seconds(60), "bounded by the deadline, not a hang")
        let row = try #require(run.stdoutLines.first { $0.hasPrefix("kiwi") })
        #expect(row.contains("failed") || row.contains("timeout"), "\(run.stdout)")
    }

    @Test func checkWithNothingThatCanGoLiveSaysHowToMakeAProviderLive() async throws {
        // Both need a key for their live service, and neither has one: nothing is asked.
        let run = try await Binary.run(["providers", "aviasales", "duffel", "--check"])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("no provider can be asked live"))
        #expect(run.stderr.contains("AGGREGATE_<ID>_API_KEY"))
    }
}

/// The question a live check asks: the provider's sample question, moved ahead when its date has passed.
@Suite("The question providers --check asks")
struct ProviderCheckQueryTests {
    private static func descriptor(_ sample: SearchQuery, required: Set<QueryField> = []) -> ProviderDescriptor {
        ProviderDescriptor(
            id: "probe", displayName: "Probe", summary: "A probe.", categories: [.flights], capabilities: [.dates],
            requiredFields: required, samples: ProviderSamples(EmbeddedResponses([:]), query: sample))
    }

    private static let today = LocalDate(iso: "2026-11-23") ?? LocalDate(daysSinceEpoch: 0)

    @Test func aSampleDateStillAheadIsKept() throws {
        let sample = SearchQuery(origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2026-12-18"))
        let query = ProviderCheck.query(for: Self.descriptor(sample), today: Self.today)
        #expect(query.departureDates?.description == "2026-12-18")
        #expect(query.origins == ["VIE"] && query.destinations == ["BCN"])
    }

    @Test func aPastSampleDateMovesAMonthAheadKeepingTheStay() throws {
        let sample = SearchQuery(
            origin: "VIE", destination: "BCN", departureDates: DateRange(parsing: "2025-03-01"),
            returnDates: DateRange(parsing: "2025-03-08"), roundTrip: true)
        let query = ProviderCheck.query(for: Self.descriptor(sample), today: Self.today)
        #expect(query.departureDates?.description == "2026-12-23")
        #expect(query.returnDates?.description == "2026-12-30")
    }

    @Test func aRequiredDateIsAddedAndNoDateIsAddedWhereNoneIsNeeded() throws {
        let needing = ProviderCheck.query(
            for: Self.descriptor(SearchQuery(origin: "VIE"), required: [.departureDate]), today: Self.today)
        #expect(needing.departureDates?.description == "2026-12-23")
        let plain = ProviderCheck.query(for: Self.descriptor(SearchQuery(kind: .cars)), today: Self.today)
        #expect(plain.departureDates == nil)
    }
}
