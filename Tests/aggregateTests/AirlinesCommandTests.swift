import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

@Suite("aggregate airlines, run as a built binary")
struct AirlinesCommandTests {
    /// An environment whose favourites live in `folder`, so tests never share state.
    static func environment(_ folder: TemporaryFolder) -> [String: String] {
        ["XDG_DATA_HOME": folder.url.path]
    }

    @Test func theWholeDirectoryIsListedByNameWithTheSkippedRecordsNoted() async throws {
        let folder = try TemporaryFolder()
        let run = try await Binary.run(["airlines"], environment: Self.environment(folder))
        #expect(run.status == 0)
        #expect(
            run.stdoutLines.first == "IATA  ICAO  NAME                           COUNTRY  CALLSIGN           ACTIVE  ★")
        let rows = run.stdoutLines.dropFirst().filter { !$0.isEmpty }
        #expect(rows.count == 24)
        #expect(rows.first == "SU    AFL   Aeroflot                       RU       AEROFLOT           yes")
        #expect(rows.contains("-     LWG   Luxwing                        MT       LUXWING            yes"))
        #expect(rows.contains("AB    BER   Air Berlin                     DE       AIR BERLIN         no"))
        #expect(run.stderr == "note: sita skipped 2 records it could not read\n")
    }

    @Test func searchIgnoresCaseAndAccentsAndLooksAtCallsigns() async throws {
        let folder = try TemporaryFolder()
        let turk = try await Binary.run(["airlines", "--search", "TURK"], environment: Self.environment(folder))
        #expect(turk.status == 0)
        #expect(
            turk.stdout == """
                IATA  ICAO  NAME               COUNTRY  CALLSIGN  ACTIVE  ★
                PC    PGT   Pegasus Airlines   TR       SUNTURK   yes
                TK    THY   Türk Hava Yolları  TR       TURKISH   yes

                """)
        let accents = try await Binary.run(
            ["airlines", "--search", "aerolineas"], environment: Self.environment(folder))
        #expect(accents.stdoutLines.dropFirst().first?.contains("Aerolíneas Argentinas") == true)
        let callsign = try await Binary.run(
            ["airlines", "--search", "speedbird"], environment: Self.environment(folder))
        #expect(callsign.stdoutLines.dropFirst().filter { !$0.isEmpty }.map { String($0.prefix(2)) } == ["BA"])
    }

    @Test func activeLeavesOutAirlinesThatStoppedFlying() async throws {
        let folder = try TemporaryFolder()
        let run = try await Binary.run(
            ["airlines", "--active", "--format", "json"], environment: Self.environment(folder))
        let airlines = try #require(try run.json()["airlines"] as? [[String: Any]])
        #expect(airlines.count == 22)
        #expect(airlines.allSatisfy { $0["active"] as? Bool == true })
        #expect(!airlines.contains { $0["iata"] as? String == "AB" || $0["iata"] as? String == "AZ" })
    }

    @Test func nothingMatchingPrintsNothingAndSaysSo() async throws {
        let folder = try TemporaryFolder()
        let run = try await Binary.run(["airlines", "--search", "zeppelin"], environment: Self.environment(folder))
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderrLines.last == "no airlines match")
    }

    @Test func jsonFollowsTheDocumentedEnvelopeWithExplicitNulls() async throws {
        let folder = try TemporaryFolder()
        let run = try await Binary.run(
            ["airlines", "--search", "lu", "--format", "json"], environment: Self.environment(folder))
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["schema"] as? String == "aggregate.airlines.v1")
        #expect(json["skipped"] as? Int == 2)
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.map { $0["id"] as? String } == ["sita"])
        #expect(providers.first?["status"] as? String == "ok")
        #expect(providers.first?["records"] as? Int == 24)
        let airlines = try #require(json["airlines"] as? [[String: Any]])
        #expect(json["count"] as? Int == airlines.count)
        #expect(airlines.map { $0["name"] as? String } == ["Lufthansa", "Luxwing"])
        let luxwing = try #require(airlines.last)
        #expect(
            Set(luxwing.keys)
                == ["id", "name", "iata", "icao", "callsign", "country", "active", "image", "favorite"])
        #expect(luxwing["iata"] is NSNull)
        #expect(luxwing["image"] is NSNull)
        #expect(luxwing["id"] as? Int == 22)
        #expect(luxwing["favorite"] as? Bool == false)
        #expect(airlines.first?["image"] as? String == "https://airlines.sita.aero/logos/LH.png")
    }

    @Test func favouritesAreStarredAndCanBeTheOnlyOnesListed() async throws {
        let folder = try TemporaryFolder()
        let environment = Self.environment(folder)
        #expect(try await Binary.run(["favorites", "add", "OS"], environment: environment).status == 0)
        #expect(try await Binary.run(["favorites", "add", "luxwing"], environment: environment).status == 0)
        let run = try await Binary.run(["airlines", "--favorites"], environment: environment)
        #expect(
            run.stdout == """
                IATA  ICAO  NAME               COUNTRY  CALLSIGN  ACTIVE  ★
                OS    AUA   Austrian Airlines  AT       AUSTRIAN  yes     ★
                -     LWG   Luxwing            MT       LUXWING   yes     ★

                """)
        let json = try await Binary.run(
            ["airlines", "--search", "austrian", "--format", "json"], environment: environment)
        #expect((try json.json()["airlines"] as? [[String: Any]])?.first?["favorite"] as? Bool == true)
    }

    @Test func aBrokenDirectoryExitsThreeAndAnEndpointForAnotherProviderIsAUsageError() async throws {
        let folder = try TemporaryFolder()
        let broken = try folder.write("airlines.json", "{\"airlines\": []}")
        let run = try await Binary.run(
            ["airlines", "--endpoint", "sita=\(broken.path)"], environment: Self.environment(folder))
        #expect(run.status == 3)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("warning: sita failed: the response is not in the expected format"))

        let recorded = try folder.write("recorded.json", #"[{"id": "7", "name": "Recorded Air", "active": "Y"}]"#)
        let file = try await Binary.run(
            ["airlines", "--endpoint", "sita=file://\(recorded.path)"], environment: Self.environment(folder))
        #expect(file.stdoutLines.dropFirst().first?.contains("Recorded Air") == true)

        let usage = try await Binary.run(
            ["airlines", "--endpoint", "kiwi=embedded"], environment: Self.environment(folder))
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("error: unknown provider 'kiwi'"))
    }

    @Test func helpDescribesTheOptions() async throws {
        let run = try await Binary.run(["help", "airlines"])
        #expect(run.status == 0)
        for option in ["--search", "--active", "--favorites", "--format", "--endpoint", "--timeout"] {
            #expect(run.stdout.contains("  \(option) "), "help lists \(option)")
        }
        #expect(try await Binary.run(["--help"]).stdout.contains("  airlines "))
    }
}

@Suite("Search output with the airline directory and favourites")
struct SearchWithDirectoryTests {
    @Test func aFavouriteCarrierIsTaggedInJSONAndStarredInTheTable() async throws {
        let folder = try TemporaryFolder()
        let environment = ["XDG_DATA_HOME": folder.url.path]
        #expect(try await Binary.run(["favorites", "add", "lx"], environment: environment).status == 0)
        let json = try await Binary.run(
            ["search", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18", "--format", "json"],
            environment: environment)
        #expect(json.status == 0)
        let offers = try #require(try json.json()["offers"] as? [[String: Any]])
        let tagged = offers.filter { ($0["tags"] as? [String])?.contains("favorite") == true }
        #expect(tagged.map { $0["carriers"] as? [String] } == [["LX"]])
        let table = try await Binary.run(
            ["search", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18"], environment: environment)
        let row = try #require(table.stdoutLines.first { $0.contains("LX 1577") })
        #expect(row.contains("★ LX 1577, LX 1952"))
        #expect(row.hasSuffix("favorite, few_seats_left, multiple_sources"), "duffel sells it too")
        #expect(
            table.stderr
                == "note: sunweb: its offers carry no dates, so it cannot honour --date\n"
                + "note: regiojet: RegioJet serves no city named Barcelona, so it was not searched\n"
                + "note: kiwi, aviasales, sunweb, duffel, skiplagged, flixbus, regiojet, ferryhopper, ryanair "
                + "answered from built-in samples, not live prices; "
                + "add --live to ask the live services\n")
    }

    @Test func aDirectorySetByTheEnvironmentEnrichesCarriersInJSON() async throws {
        let folder = try TemporaryFolder()
        let run = try await Binary.run(
            ["search", "--providers", "aviasales", "--to", "BCN", "--date", "2026-12-18", "--format", "json"],
            environment: ["XDG_DATA_HOME": folder.url.path, "AGGREGATE_DIRECTORY": "sita"])
        #expect(run.status == 0)
        let json = try run.json()
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.map { $0["id"] as? String } == ["aviasales", "sita"])
        #expect(providers.last?["records"] as? Int == 24)
        let offers = try #require(json["offers"] as? [[String: Any]])
        let segments = offers.flatMap { offer in
            ((offer["legs"] as? [[String: Any]]) ?? []).flatMap { ($0["segments"] as? [[String: Any]]) ?? [] }
        }
        let austrian = try #require(segments.first { $0["carrier"] as? String == "OS" })
        #expect(austrian["carrier_name"] as? String == "Austrian Airlines", "the directory's name, not Russian")
        #expect(austrian["carrier_country"] as? String == "AT")
        #expect(austrian["carrier_active"] as? Bool == true)
        #expect(austrian["carrier_logo"] as? String == "https://airlines.sita.aero/logos/OS.png")

        let unknown = try await Binary.run(["search"], environment: ["AGGREGATE_DIRECTORY": "kiwi"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.hasPrefix(
                "error: AGGREGATE_DIRECTORY names 'kiwi', which is not an installed airline directory"))
    }

    @Test func theDefaultSelectionLeavesTheDirectoryOutAndAFailingDirectoryMakesASearchPartial() async throws {
        let folder = try TemporaryFolder()
        let plain = try await Binary.run(
            ["search", "--format", "json"], environment: ["XDG_DATA_HOME": folder.url.path])
        #expect(
            (try plain.json()["providers"] as? [[String: Any]])?.map { $0["id"] as? String } == [
                "kiwi", "aviasales", "sunweb", "carrental", "duffel", "skiplagged", "flixbus", "regiojet",
                "ferryhopper", "ryanair",
            ])

        let broken = try folder.write("airlines.json", "not json")
        let run = try await Binary.run(
            ["search", "--providers", "kiwi,sita", "--endpoint", "sita=\(broken.path)", "--to", "AMS"],
            environment: ["XDG_DATA_HOME": folder.url.path])
        #expect(run.status == 2, "the offers are printed without the carrier details sita was asked for")
        #expect(run.stderr.hasPrefix("warning: sita failed: "))
        #expect(run.stdoutLines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix("note: ") }.count == 2)
    }
}

@Suite("The airline directory live, cached and configured")
struct DirectoryCacheTests {
    private static let records = """
        [{"id": "1", "name": "Austrian Airlines", "iata": "OS", "icao": "AUA", "callsign": "AUSTRIAN",
          "country": "Austria", "active": "Y"},
         {"id": "2", "name": "Air Berlin", "iata": "AB", "icao": "BER", "active": "N"}]
        """

    @Test func theLastGoodDirectoryIsCachedSoOfflineWorksWithoutTheEndpoint() async throws {
        let server = try LoopbackHTTPServer { _ in .json(Self.records) }
        let cache = try TemporaryFolder()
        let environment = ["XDG_CACHE_HOME": cache.url.path]
        let endpoint = "sita=\(server.baseURL.absoluteString)"
        let live = try await Binary.run(
            ["airlines", "--endpoint", endpoint, "--format", "json"], environment: environment)
        #expect(live.status == 0)
        #expect(try live.json()["count"] as? Int == 2)
        server.stop()

        let offline = try await Binary.run(
            ["airlines", "--endpoint", endpoint, "--format", "json", "--offline"], environment: environment)
        #expect(offline.status == 0)
        let json = try offline.json()
        #expect((json["airlines"] as? [[String: Any]])?.compactMap { $0["iata"] as? String } == ["AB", "OS"])
        #expect((json["providers"] as? [[String: Any]])?.first?["stale"] as? Bool == true)

        let nothingCached = try await Binary.run(["airlines", "--endpoint", endpoint, "--offline"])
        #expect(nothingCached.status == 3)
        #expect(nothingCached.stderr.contains("run the search once without --offline"))
    }

    @Test func theConfigFileCanNameTheDirectoryThatEnrichesFlightSearches() async throws {
        let home = try TemporaryFolder()
        let folder = home.url.appendingPathComponent("aggregate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"directory": "sita"}"#.utf8).write(to: folder.appendingPathComponent("config.json"))
        let run = try await Binary.run(
            ["search", "--providers", "kiwi", "--format", "json"], environment: ["XDG_CONFIG_HOME": home.url.path])
        #expect(run.status == 0)
        let providers = try #require(try run.json()["providers"] as? [[String: Any]])
        #expect(providers.map { $0["id"] as? String } == ["kiwi", "sita"])
    }
}
