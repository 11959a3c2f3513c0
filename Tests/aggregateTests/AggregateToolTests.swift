import AggregatorCore
import Foundation
import Kiwi
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine

/// A second account at a provider: the same service under another id, as an outside package would add it.
private struct SecondAccount: OfferProvider {
    let base: any OfferProvider
    let descriptor: ProviderDescriptor

    init(of base: any OfferProvider, id: ProviderID) {
        self.base = base
        var descriptor = base.descriptor
        descriptor.id = id
        self.descriptor = descriptor
    }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        try await base.search(query, using: client)
    }
}

/// A provider that needs a route and a date before it can be asked.
private struct RouteProvider: OfferProvider {
    let descriptor = ProviderDescriptor(
        id: "routes", displayName: "Routes", summary: "Needs a route and a date.", categories: [.flights],
        requiredFields: [.origin, .destination, .departureDate],
        samples: ProviderSamples(EmbeddedResponses(["x": "[]"])))

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        ProviderResponse(offers: [])
    }
}

/// Everything a run wrote.
private final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    var stdout: String { lock.withLock { out } }
    var stderr: String { lock.withLock { err } }

    var console: Console {
        Console(
            writeOut: { text in self.lock.withLock { self.out += text } },
            writeError: { text in self.lock.withLock { self.err += text } }, colors: false)
    }
}

@Suite("AggregateTool as a library: the composition root")
struct AggregateToolTests {
    private func run(_ providers: [any OfferProvider], _ arguments: [String]) async -> (Int32, Output) {
        let output = Output()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let tool = AggregateTool(providers: providers, environment: ["HOME": home.path], console: output.console)
        return (await tool.run(arguments: arguments), output)
    }

    @Test func anAddedProviderUnderAnotherIDIsMergedWithTheOriginal() async throws {
        let providers = AggregateTool.builtInProviders + [SecondAccount(of: KiwiProvider(), id: "kiwi-business")]
        let (status, output) = await run(
            providers, ["search", "--providers", "kiwi,kiwi-business", "--to", "BCN", "--format", "json"])
        #expect(status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let offers = try #require(json["offers"] as? [[String: Any]])
        #expect(!offers.isEmpty)
        for offer in offers {
            let sellers = (offer["sources"] as? [[String: Any]])?.compactMap { $0["provider"] as? String } ?? []
            #expect(Set(sellers) == ["kiwi", "kiwi-business"], "every trip is sold by both accounts")
        }
        let providerIDs = (json["providers"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(providerIDs == ["kiwi", "kiwi-business"])
    }

    @Test func anAddedProviderIsSelectableAndConfigurableByItsID() async throws {
        let providers = AggregateTool.builtInProviders + [SecondAccount(of: KiwiProvider(), id: "kiwi-business")]
        let (status, output) = await run(providers, ["providers", "--format", "json"])
        #expect(status == 0)
        #expect(output.stdout.contains(#""id": "kiwi-business""#))
        #expect(output.stdout.contains(#""api_key_variable": "AGGREGATE_KIWI_BUSINESS_API_KEY""#))
        let (unknown, typo) = await run(providers, ["search", "--providers", "kiwi-busines"])
        #expect(unknown == 64)
        #expect(typo.stderr.contains("Did you mean 'kiwi-business'?"))
    }

    @Test func twoProvidersWithOneIDAreRefusedBeforeAnything() async throws {
        let (status, output) = await run(
            AggregateTool.builtInProviders + [KiwiProvider()], ["search", "--providers", "kiwi"])
        #expect(status == 64)
        #expect(output.stdout == "")
        #expect(output.stderr == "error: two installed providers have the id 'kiwi'; give each its own id\n")
    }

    @Test func aProviderThatNeedsMoreIsNotAskedAndSaysWhichOptionsToAdd() async throws {
        let providers = AggregateTool.builtInProviders + [RouteProvider()]
        let (status, output) = await run(providers, ["search", "--providers", "kiwi,routes", "--from", "VIE"])
        #expect(status == 0, "a provider that was not asked did not fail")
        #expect(
            output.stderr
                == "note: routes was not asked: it needs --to and --date\n"
                + "note: kiwi answered from built-in samples, not live prices; add --live to ask the live services\n")
        let (alone, only) = await run(providers, ["search", "--providers", "routes", "--format", "json"])
        #expect(alone == 3)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(only.stdout.utf8)) as? [String: Any])
        let outcome = try #require((json["providers"] as? [[String: Any]])?.first)
        #expect(outcome["status"] as? String == "not_asked")
        #expect(outcome["error"] as? String == "was not asked: it needs --from, --to and --date")
        #expect(!only.stderr.contains("no selected provider offers"))
    }
}
