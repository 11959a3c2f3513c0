import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Outside provider programs, run for real by the built binary: found on `PATH` and in the config file,
/// searched alongside the installed providers, and contained when they crash, hang, babble or attack the
/// terminal.
@Suite("outside provider programs, through the built binary")
struct ExternalProviderTests {
    static let twoFlights = """
        emit(offer(100, 42.5))
        emit(offer(101, 99))
        emit({"status": "ok"})
        """

    @Test func programsOnPathAndInTheConfigFileAreListedWithWhereTheyWereFound() async throws {
        let programs = try ProviderPrograms()
        let first = try programs.add("pyone", search: Self.twoFlights)
        // The same name later on PATH is shadowed, as a shell would run the first.
        let later = try ProviderPrograms()
        try later.add("pyone", search: Self.twoFlights)
        // An installed provider's id, a name that is no id, and a file that cannot be run.
        try programs.add("kiwi", search: Self.twoFlights)
        try programs.add("Bad_Name", search: Self.twoFlights)
        try programs.write("aggregate-provider-notrun", "#!/bin/sh\n", executable: false)
        let configured = try programs.add("cfgone", search: Self.twoFlights, fileName: "elsewhere-cfgone")
        let config = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: config.url.appendingPathComponent("aggregate"), withIntermediateDirectories: true)
        try config.write("aggregate/config.json", #"{"external_providers": {"cfgone": "\#(configured)"}}"#)
        let environment = [
            "PATH": ".:relative/bin:\(programs.path):\(later.path):/usr/bin:/bin", "XDG_CONFIG_HOME": config.url.path,
        ]

        let run = try await Binary.run(["providers", "--format", "json"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let providers = try #require(try run.json()["providers"] as? [[String: Any]])
        let foundIn = Dictionary(
            providers.map { ($0["id"] as? String ?? "", $0["found_in"] as? String ?? "") }, uniquingKeysWith: { $1 })
        #expect(foundIn["pyone"] == "PATH: \(first)")
        #expect(foundIn["cfgone"] == "config file: \(configured)")
        #expect(foundIn["kiwi"] == "installed", "the installed kiwi stays; the program of its id is left out")
        #expect(providers.filter { $0["id"] as? String == "kiwi" }.count == 1)
        #expect(foundIn["notrun"] == nil && foundIn["Bad_Name"] == nil)
        #expect(run.stderr.contains("ignoring \(programs.path)/aggregate-provider-kiwi: an installed provider has"))
        #expect(run.stderr.contains("'Bad_Name' is not a provider id"))
        #expect(!run.stderr.contains("notrun"), "a file that cannot be run is not a candidate")

        let table = try await Binary.run(["providers", "pyone"], environment: environment)
        #expect(table.stdoutLines.first?.hasSuffix("FOUND IN") == true)
        #expect(table.stdoutLines.contains { $0.hasPrefix("pyone ") && $0.hasSuffix("PATH: \(first)") })
        let plain = try await Binary.run(["providers", "kiwi"])
        #expect(!plain.stdout.contains("FOUND IN"), "without outside programs the table is as it was")
    }

    @Test func aSpecIsReadOncePerProgramFileAndAgainWhenTheFileChanges() async throws {
        let programs = try ProviderPrograms()
        let counter = programs.folder.url.appendingPathComponent("spec-runs").path
        let spec = ProviderPrograms.spec(id: "pycount")
        let script = { (version: String) in
            "#!/bin/sh\n# \(version)\nif [ \"$1\" = spec ]; then echo x >> '\(counter)'; echo '\(spec)'; fi\n"
        }
        try programs.write("aggregate-provider-pycount", script("one"))
        let cache = try TemporaryFolder()
        let environment = programs.environment.merging(["XDG_CACHE_HOME": cache.url.path]) { $1 }
        func specRuns() -> Int {
            (try? String(contentsOfFile: counter, encoding: .utf8))?.split(separator: "\n").count ?? 0
        }

        for _ in 0..<2 {
            let run = try await Binary.run(["providers", "pycount"], environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(specRuns() == 1, "the second command reads the kept spec")
        try programs.write("aggregate-provider-pycount", script("two, a new version"))
        _ = try await Binary.run(["providers", "pycount"], environment: environment)
        #expect(specRuns() == 2, "a changed program is asked again")
    }

    @Test func aProgramsOffersAreMergedWithTheInstalledProvidersOffers() async throws {
        let programs = try ProviderPrograms()
        // VY 1817 at 16:10 on 20 December is also in Kiwi's sample, at 84 EUR; the program sells it cheaper.
        try programs.add(
            "pyone", spec: ProviderPrograms.spec(id: "pyone", environment: ["PYONE_KEY"]),
            search: """
                emit(offer(1817, 79.5, carrier="VY", departs="2026-12-20T16:10", arrives="2026-12-20T18:45"))
                emit(offer(9, 30, carrier="W6", departs="2026-12-21T06:40", arrives="2026-12-21T09:15"))
                seen = [name for name in ("PYONE_KEY", "OTHER_SECRET") if name in os.environ]
                notes = ["origins " + ",".join(query["origins"]), "sees " + ",".join(seen),
                         "endpoint " + os.environ.get("AGGREGATE_ENDPOINT", "-")]
                emit({"status": "ok", "notes": notes})
                """)
        let environment = programs.environment.merging(["PYONE_KEY": "k", "OTHER_SECRET": "s"]) { $1 }

        let run = try await Binary.run(
            ["search", "--from", "VIE", "--to", "BCN", "--providers", "kiwi,pyone", "--format", "json"],
            environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try run.json()
        let outcome = try ProviderOutcomeJSON.of("pyone", in: json)
        #expect(outcome.status == "ok" && outcome.offers == 2)
        #expect(outcome.notes.contains { $0.contains("origins VIE") }, "the query arrived on standard input")
        #expect(outcome.notes.contains { $0.contains("sees PYONE_KEY") }, "only the variables its spec lists")
        #expect(outcome.notes.contains { $0.contains("endpoint embedded") })
        let offers = try #require(json["offers"] as? [[String: Any]])
        let merged = try #require(
            offers.first { offer in
                let sources = offer["sources"] as? [[String: Any]] ?? []
                return Set(sources.compactMap { $0["provider"] as? String }) == ["kiwi", "pyone"]
            }, "the flight both sell is one offer with both sellers")
        let price = try #require(merged["price"] as? [String: Any])
        #expect((price["amount"] as? NSNumber)?.decimalValue == Decimal(string: "79.5"))
        #expect(offers.contains { ($0["carriers"] as? [String]) == ["W6"] })
        #expect(offers.count > 2, "Kiwi's offers are there too")
    }

    @Test func aProgramThatCrashesFailsAloneAndSaysWhatItsLogSaid() async throws {
        let programs = try ProviderPrograms()
        try programs.add(
            "pycrash",
            search: """
                emit(offer(1, 10))
                print("loading the fares", file=sys.stderr)
                print("boom: the fare database is on fire", file=sys.stderr)
                sys.exit(3)
                """)
        try programs.add("pysignal", search: "os.kill(os.getpid(), signal.SIGKILL)")

        let run = try await Binary.run(
            ["search", "--from", "VIE", "--to", "BCN", "--providers", "kiwi,pycrash,pysignal", "--format", "json"],
            environment: programs.environment)
        #expect(run.status == 2, "partial: kiwi answered\n\(run.stderr)")
        let json = try run.json()
        let crashed = try ProviderOutcomeJSON.of("pycrash", in: json)
        #expect(crashed.status == "failed")
        #expect(crashed.offers == 0, "what it wrote before failing is not taken for an answer")
        #expect(crashed.error?.contains("exited with status 3: boom: the fare database is on fire") == true)
        let signalled = try ProviderOutcomeJSON.of("pysignal", in: json)
        #expect(signalled.status == "failed")
        #expect(signalled.error?.contains("was ended by signal 9") == true)
        #expect(try ProviderOutcomeJSON.of("kiwi", in: json).status == "ok")
    }

    @Test func aProgramThatHangsIsStoppedAtTheDeadlineWithWhatItStarted() async throws {
        let programs = try ProviderPrograms()
        let pids = programs.folder.url.appendingPathComponent("pids").path
        // It ignores SIGTERM and leaves a child behind: only SIGKILL to its whole group ends both.
        try programs.add(
            "pyhang",
            search: """
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                child = os.fork()
                if child == 0:
                    signal.signal(signal.SIGTERM, signal.SIG_IGN)
                    time.sleep(300)
                    os._exit(0)
                with open(r"\(pids)", "w") as record:
                    record.write(f"{os.getpid()} {child}")
                emit(offer(1, 10))
                time.sleep(300)
                """)

        // The limit is well short of the program's 300 s sleep, and measured from the tool's start, not from
        // the test's (which may wait for other runs of the binary first).
        let run = try await Binary.runBounded(
            [
                "search", "--from", "VIE", "--to", "BCN", "--providers", "kiwi,pyhang", "--timeout", "5", "--format",
                "json",
            ],
            environment: programs.environment, limit: .seconds(200))
        #expect(!run.killed, "the tool ended by itself, at the deadline and not after the program's 300 s sleep")
        #expect(run.status == 2, "\(run.stderr)")
        let outcome = try ProviderOutcomeJSON.of("pyhang", in: try run.json())
        #expect(outcome.status == "timeout")
        let recorded = try String(contentsOfFile: pids, encoding: .utf8).split(separator: " ").compactMap {
            Int32($0)
        }
        #expect(recorded.count == 2)
        for pid in recorded {
            #expect(await Self.isGone(pid), "process \(pid) was stopped with the tool")
        }
    }

    @Test func garbageLinesAreSkippedAndCountedAndOnlyGarbageIsAMalformedAnswer() async throws {
        let programs = try ProviderPrograms()
        try programs.add(
            "pymixed",
            search: """
                emit("this is not json")
                emit("[1, 2, 3]")
                emit({"id": "x", "kind": "boat"})
                emit(offer(1, 10))
                emit({"status": "ok"})
                emit(offer(2, 11))
                """)
        try programs.add("pygarbage", search: "emit('\\x00\\xff garbage {{{')")

        let run = try await Binary.run(
            ["search", "--from", "VIE", "--to", "BCN", "--providers", "pymixed,pygarbage", "--format", "json"],
            environment: programs.environment)
        #expect(run.status == 2, "\(run.stderr)")
        let json = try run.json()
        let mixed = try ProviderOutcomeJSON.of("pymixed", in: json)
        #expect(mixed.status == "ok" && mixed.offers == 1)
        #expect(mixed.skipped == 4, "three broken lines and one after the status line")
        #expect(mixed.notes.contains { $0.contains("4 lines of its output could not be read, the first: line 1") })
        let garbage = try ProviderOutcomeJSON.of("pygarbage", in: json)
        #expect(garbage.status == "failed")
        #expect(garbage.errorCode == "malformed_response")
        #expect(garbage.error?.contains("ended without a status line") == true)
    }

    @Test func anEnormousLineIsCutAtTheSizeCapAndTheProgramStopped() async throws {
        let programs = try ProviderPrograms()
        try programs.add(
            "pyflood",
            search: """
                chunk = "x" * 65536
                while True:
                    sys.stdout.write(chunk)
                """)

        // A program that writes for ever: the limit, from the tool's start, rules out its never being stopped,
        // and the error code tells the cap from the deadline.
        let run = try await Binary.runBounded(
            [
                "search", "--from", "VIE", "--to", "BCN", "--providers", "kiwi,pyflood", "--max-response-size", "1MiB",
                "--format", "json",
            ],
            environment: programs.environment, limit: .seconds(200))
        #expect(!run.killed, "stopped at the cap, not never")
        #expect(run.status == 2, "\(run.stderr)")
        let outcome = try ProviderOutcomeJSON.of("pyflood", in: try run.json())
        #expect(outcome.errorCode == "response_too_large")
        #expect(outcome.error?.contains("more than the 1048576-byte limit") == true)
        #expect(run.peakMemory < 256 << 20, "the output is capped, not held: \(run.peakMemory) bytes")
    }

    @Test func escapeSequencesFromAProgramNeverReachTheTerminal() async throws {
        let programs = try ProviderPrograms()
        let escapes = #"\u001b]0;pwned\u0007\u001b[2J\u009b31m"#
        try programs.add(
            "pyescape",
            spec: """
                {"protocol": "aggregate.provider.v1", "id": "pyescape", "name": "Evil\(escapes)",
                 "offers": ["flights"]}
                """,
            search: """
                evil = "\(escapes)"
                print("log" + evil, file=sys.stderr)
                emit(offer(1, 10, name="Air" + evil))
                emit({"status": "ok", "notes": ["note" + evil]})
                """)
        try programs.add(
            "pyescfail",
            search: """
                evil = "\(escapes)"
                print("dying" + evil, file=sys.stderr)
                sys.exit(1)
                """)
        let arguments = ["search", "--from", "VIE", "--to", "BCN", "--providers", "pyescape,pyescfail", "--verbose"]

        let table = try await Binary.run(arguments, environment: programs.environment)
        #expect(table.status == 2, "\(table.stderr)")
        #expect(table.stdout.contains("OS 1"), "the offer is shown")
        for (name, text) in [("stdout", table.stdout), ("stderr", table.stderr)] {
            #expect(
                !text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B },
                "\(name) carries no control characters")
        }
        #expect(table.stderr.contains("note"), "the program's note is shown, made safe")
        #expect(table.stderr.contains("dying"), "the failure quotes its log, made safe")

        let json = try await Binary.run(arguments + ["--format", "json"], environment: programs.environment)
        let offers = try #require(try json.json()["offers"] as? [[String: Any]])
        let legs = try #require(offers.first?["legs"] as? [[String: Any]])
        let segment = try #require((legs.first?["segments"] as? [[String: Any]])?.first)
        #expect(
            segment["carrier_name"] as? String == "Air\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m",
            "JSON keeps the name as sent, escaped")
    }

    /// Whether a process has ended: it no longer exists, or is a zombie waiting for a parent that is not
    /// ours. Polls for a few seconds, as the last kill may land just as the tool exits.
    static func isGone(_ pid: Int32) async -> Bool {
        for _ in 0..<50 {
            if kill(pid, 0) != 0 && errno == ESRCH { return true }
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let state = stat.split(separator: ")").last?.split(separator: " ").first, state == "Z"
            {
                return true
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}
