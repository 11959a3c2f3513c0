import Foundation
import Testing

/// The rail seller in `Examples/RailProvider`, through the built binary: it passes `provider check` selling
/// trains as trips, its trains sit in one ranked table and one JSON document with the flights, a second seller
/// of the same train merges with it, and `--mode` keeps only the modes asked for.
@Suite("A seller of trains as an outside program, through the built binary")
struct RailSellerTests {
    /// `Examples/RailProvider`, which holds `aggregate-provider-railjet`.
    static let railExample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/RailProvider")

    /// A minute: the deadline rules out a hang and never measures how busy the machine is.
    static let deadline = "60"

    /// A folder with the example and a second seller of the same trains under another id, a little dearer.
    static func twoSellers() throws -> (environment: [String: String], folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-rail-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = try String(
            contentsOf: railExample.appendingPathComponent("aggregate-provider-railjet"), encoding: .utf8)
        let second =
            script
            .replacingOccurrences(of: "PROVIDER_ID = \"railjet\"", with: "PROVIDER_ID = \"railtwo\"")
            .replacingOccurrences(of: "\"price\": {\"amount\": price,", with: "\"price\": {\"amount\": price + 3,")
        for (name, text) in [("railjet", script), ("railtwo", second)] {
            let path = folder.appendingPathComponent("aggregate-provider-\(name)").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        }
        return (["PATH": "\(folder.path):/usr/bin:/bin"], folder)
    }

    @Test func theRailExamplePassesTheChecksAsASellerOfTrains() async throws {
        let example = Self.railExample.appendingPathComponent("aggregate-provider-railjet").path
        #expect(FileManager.default.isExecutableFile(atPath: example), "the example is executable as committed")
        let environment = ["PATH": "\(Self.railExample.path):/usr/bin:/bin"]
        let check = try await Binary.run(
            ["provider", "check", "railjet", "--timeout", Self.deadline], environment: environment)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdoutLines.contains("railjet passes all 10 checks"), "\(check.stdout)")
        #expect(check.stdout.contains("trips (train)"), "\(check.stdout)")
    }

    @Test func aTrainSearchSaysTrainsAndTakesCarrierForItsOperator() async throws {
        let (environment, folder) = try Self.twoSellers()
        defer { try? FileManager.default.removeItem(at: folder) }
        let route = [
            "search", "--providers", "railjet,railtwo", "--from", "VIE", "--to", "BUD", "--date", "2026-12-18",
            "--mode", "train", "--timeout", Self.deadline,
        ]
        let kept = try await Binary.run(route + ["--carrier", "ÖBB", "--format", "json"], environment: environment)
        #expect(kept.status == 0, "\(kept.stderr)")
        let json = try kept.json()
        let query = try #require(json["query"] as? [String: Any])
        #expect(query["kind"] as? String == "trains", "a train search does not say flights")
        #expect(query["airlines"] as? [String] == ["ÖBB"], "--carrier is --airline")
        #expect((json["offers"] as? [[String: Any]])?.count == 3)

        let left = try await Binary.run(route + ["--exclude-carrier", "ÖBB"], environment: environment)
        #expect(left.status == 0, "\(left.stderr)")
        #expect(left.stderr.contains("no trains match"), "\(left.stderr)")
    }

    @Test func twoSellersOfOneTrainMergeAndTheTableShowsServices() async throws {
        let (environment, folder) = try Self.twoSellers()
        defer { try? FileManager.default.removeItem(at: folder) }
        let search = try await Binary.run(
            [
                "search", "--providers", "railjet,railtwo,kiwi", "--from", "Vienna", "--to", "BUD", "--date",
                "2026-12-18", "--format", "json", "--timeout", Self.deadline,
            ], environment: environment)
        #expect(search.status == 0, "\(search.stderr)")
        let json = try search.json()
        let offers = try #require(json["offers"] as? [[String: Any]])
        #expect(offers.count == 3, "three trains, each sold twice")
        let first = try #require(offers.first)
        #expect(first["kind"] as? String == "trip")
        let sellers = (first["sources"] as? [[String: Any]] ?? []).compactMap { $0["provider"] as? String }
        #expect(sellers == ["railjet", "railtwo"])
        let legs = try #require(first["legs"] as? [[String: Any]])
        let segment = try #require((legs.first?["segments"] as? [[String: Any]])?.first)
        #expect(segment["mode"] as? String == "train")
        #expect(segment["service_number"] as? String == "RJX 61")
        #expect(segment["carrier_name"] as? String == "ÖBB")
        #expect(segment["origin_name"] as? String == "Wien Hbf")
        #expect(segment["destination_name"] as? String == "Budapest-Keleti")
        #expect(segment["origin_city"] as? String == "VIE")

        let table = try await Binary.run(
            [
                "search", "--providers", "railjet,railtwo", "--from", "VIE", "--to", "BUD", "--date", "2026-12-18",
                "--wide", "--timeout", Self.deadline,
            ], environment: environment)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("SERVICES"), "\(table.stdout)")
        #expect(table.stdout.contains("train ÖBB RJX 61"), "\(table.stdout)")
        #expect(table.stdout.contains("Wien Hbf→Budapest-Keleti"), "\(table.stdout)")
    }

    /// The acceptance search: from Vienna to Budapest on one day over the embedded samples, every installed
    /// provider and the rail seller on PATH, in one ranked table and one JSON document.
    @Test func viennaToBudapestListsFlightsCoachesAndTrainsInOneRanking() async throws {
        let environment = ["PATH": "\(Self.railExample.path):/usr/bin:/bin"]
        let arguments = [
            "search", "--from", "Vienna", "--to", "BUD", "--date", "2026-12-18", "--timeout", Self.deadline,
        ]
        let json = try await Binary.run(arguments + ["--format", "json"], environment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        let offers = try #require(try json.json()["offers"] as? [[String: Any]])
        func modes(_ offer: [String: Any]) -> Set<String> {
            Set(
                ((offer["legs"] as? [[String: Any]]) ?? []).flatMap { ($0["segments"] as? [[String: Any]]) ?? [] }
                    .map { $0["mode"] as? String ?? "flight" })
        }
        func sellers(_ offer: [String: Any]) -> [String] {
            ((offer["sources"] as? [[String: Any]]) ?? []).compactMap { $0["provider"] as? String }
        }
        #expect(Set(offers.flatMap(sellers)) == ["flixbus", "railjet", "regiojet", "skiplagged"])
        #expect(offers.contains { modes($0) == ["flight"] && $0["kind"] as? String == "flight" })
        #expect(offers.contains { modes($0) == ["bus"] && sellers($0) == ["flixbus"] })
        #expect(offers.contains { modes($0) == ["bus", "train"] }, "FlixBus's change from coach to train")
        #expect(offers.contains { modes($0) == ["train"] && sellers($0) == ["railjet"] })
        #expect(offers.contains { modes($0) == ["train"] && sellers($0) == ["regiojet"] })
        #expect(offers.contains { modes($0) == ["bus"] && sellers($0) == ["regiojet"] })
        let prices = offers.compactMap { ($0["price"] as? [String: Any])?["amount"] as? Double }
        #expect(prices.count == offers.count && prices == prices.sorted(), "one ranking, cheapest first")

        let table = try await Binary.run(arguments + ["--wide"], environment: environment)
        #expect(table.status == 0, "\(table.stderr)")
        let rows = table.stdoutLines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix("note: ") }
        #expect(rows.count == offers.count)
        #expect(rows.contains { $0.contains("bus FlixBus") && $0.contains("Vienna Erdberg→Budapest Népliget") })
        #expect(rows.contains { $0.contains("Vienna Erdberg→Győr→Budapest-Keleti") }, "a change by its city")
        #expect(rows.contains { $0.contains("train ÖBB RJX 61") && $0.contains("Wien Hbf→Budapest-Keleti") })
        #expect(rows.contains { $0.contains("flight Austrian Airlines") && $0.contains("VIE→BUD") })
        #expect(rows.contains { $0.contains("train RegioJet") && $0.contains("Wien Hbf→Budapest-Keleti") })
        #expect(
            table.stderr.contains("flixbus, regiojet, ferryhopper, ryanair answered from built-in samples"),
            "the samples say so"
        )
    }

    @Test func compareAndDatesMarkEachServicesMode() async throws {
        let (environment, folder) = try Self.twoSellers()
        defer { try? FileManager.default.removeItem(at: folder) }
        let compare = try await Binary.run(
            [
                "compare", "--providers", "railjet,railtwo", "--from", "VIE", "--to", "BUD", "--date", "2026-12-18",
                "--wide", "--timeout", Self.deadline,
            ], environment: environment)
        #expect(compare.status == 0, "\(compare.stderr)")
        let header = try #require(compare.stdoutLines.first { $0.hasPrefix("SAVING") })
        #expect(header.contains("SERVICES") && !header.contains("FLIGHTS"), "\(compare.stdout)")
        #expect(compare.stdout.contains("train ÖBB RJX 61"), "\(compare.stdout)")

        let dates = try await Binary.run(
            [
                "dates", "--providers", "flixbus", "--from", "Vienna", "--to", "BUD", "--date",
                "2026-12-17..2026-12-19",
                "--timeout", Self.deadline,
            ], environment: environment)
        #expect(dates.status == 0, "\(dates.stderr)")
        #expect(dates.stdoutLines.first?.contains("SERVICES") == true, "\(dates.stdout)")
        #expect(dates.stdout.contains("bus FlixBus"), "\(dates.stdout)")
        // The samples hold one day: the others find no ride, and the sold-out ride is counted once.
        #expect(dates.stderr.contains("note: flixbus: 1 ride not on sale (sold out) was left out"), "\(dates.stderr)")
    }

    @Test func modesKeepOnlyTheTripsAskedFor() async throws {
        let (environment, folder) = try Self.twoSellers()
        defer { try? FileManager.default.removeItem(at: folder) }
        func count(_ extra: [String]) async throws -> Int {
            let run = try await Binary.run(
                ["search", "--providers", "railjet", "--from", "VIE", "--format", "json", "--timeout", Self.deadline]
                    + extra, environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            return (try run.json()["offers"] as? [[String: Any]])?.count ?? -1
        }
        #expect(try await count([]) == 4)
        #expect(try await count(["--mode", "train"]) == 4)
        let other = try await Binary.run(
            [
                "search", "--providers", "railjet", "--from", "VIE", "--mode", "bus,flight", "--timeout", Self.deadline,
            ], environment: environment)
        #expect(other.status == 3, "a seller of trains is not asked for buses or flights")
        #expect(other.stderr.contains("note: railjet unsupported: sells trips by train, not by flight or bus"))
        #expect(other.stderr.contains("no selected provider sells trips by flight or bus; 'aggregate providers'"))
        let flights = try await Binary.run(
            ["search", "--providers", "railjet", "--from", "VIE", "--kind", "flights", "--timeout", Self.deadline],
            environment: environment)
        #expect(flights.status == 3, "a typed --kind flights keeps flights only")
        #expect(flights.stderr.contains("no selected provider sells trips by flight"))
        let wrong = try await Binary.run(["search", "--mode", "boat"], environment: environment)
        #expect(wrong.status == 64)
        #expect(wrong.stderr.hasPrefix("error: '--mode' takes modes among flight, train, bus, ferry, got 'boat'"))
    }
}
