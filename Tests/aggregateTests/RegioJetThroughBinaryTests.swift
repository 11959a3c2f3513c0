import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import AggregateCLI

/// RegioJet through the binary: its live service's base overridden to a loopback server that plays it, and
/// its embedded samples in a search of every installed provider.
@Suite("RegioJet through the binary")
struct RegioJetThroughBinaryTests {
    /// The embedded answers.
    static var samples: [String: String] {
        AggregateTool.builtInProviders.first { $0.descriptor.id == "regiojet" }?.descriptor.samples.responses
            .bodies ?? [:]
    }

    @Test func anEndpointOverridesTheBaseAndTheRoutesPrintWithoutASampleNote() async throws {
        let locations = Self.samples["locations"] ?? "[]"
        let search = Self.samples.first { $0.key.hasPrefix("simple?fromLocationId=10202003") }?.value ?? "{}"
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/restapi/consts/locations": .json(locations)
            case "/restapi/routes/search/simple": .json(search)
            default: .json("{}", status: 404)
            }
        }
        defer { server.stop() }
        let run = try await Binary.run([
            "search", "--providers", "regiojet", "--from", "Prague", "--to", "Vienna", "--date", "2026-12-18",
            "--currency", "CZK", "--endpoint", "regiojet=\(server.baseURL.absoluteString)/restapi", "--timeout", "120",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Praha hl.n.→?→Wien Hbf"), "\(run.stdout)")
        #expect(run.stdout.contains("train RegioJet, bus RegioJet"))
        #expect(run.stdout.hasPrefix("PRICE CZK"), "asked in crowns, so priced in crowns")
        #expect(!run.stderr.contains("samples"), "live prices: \(run.stderr)")
        #expect(run.stderr.contains("note: regiojet: 1 connection not on sale (sold out) was left out"))
        let searches = server.requests.filter { $0.path.hasSuffix("/simple") }
        #expect(searches.count == 1 && searches.first?.headers["x-currency"] == "CZK")
        #expect(server.requests.allSatisfy { $0.headers["origin"] == nil })
    }

    @Test func aBotWallPrintsAsBlockedNeverAsNoResults() async throws {
        let server = try LoopbackHTTPServer { _ in
            .raw(status: 403, headers: ["Content-Type": "text/html"], body: Data("<html>who are you?</html>".utf8))
        }
        defer { server.stop() }
        let run = try await Binary.run([
            "search", "--providers", "regiojet", "--from", "Prague", "--to", "Vienna", "--date", "2026-12-18",
            "--endpoint", "regiojet=\(server.baseURL.absoluteString)", "--timeout", "120", "--format", "json",
        ])
        let providers = try #require(try run.json()["providers"] as? [[String: Any]])
        #expect(providers.first?["status"] as? String == "blocked", "\(run.stdout)")
        #expect((providers.first?["error"] as? String)?.contains("not an empty answer") == true)
        #expect(run.status != 0)
    }

    @Test func viennaToBudapestOnTheSamplesListsRegioJetNextToFlixBusAndSkiplagged() async throws {
        let run = try await Binary.run([
            "search", "--from", "Vienna", "--to", "Budapest", "--date", "2026-12-18", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let offers = try #require(try run.json()["offers"] as? [[String: Any]])
        let sellers = Set(
            offers.flatMap { ($0["sources"] as? [[String: Any]] ?? []).compactMap { $0["provider"] as? String } })
        #expect(sellers.isSuperset(of: ["regiojet", "flixbus", "skiplagged"]), "\(sellers)")
        #expect(
            offers.filter { ($0["sources"] as? [[String: Any]])?.first?["provider"] as? String == "regiojet" }.count
                == 4)
    }
}
