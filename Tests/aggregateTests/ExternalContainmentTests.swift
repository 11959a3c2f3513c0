import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an outside program can and cannot reach, through the built binary: it gets standard input, output
/// and error and nothing else the tool holds open, only the variables the rules allow, and nothing it starts
/// outlives it; a spec that is broken, slow or enormous costs one run per change of the program, not one per
/// command.
@Suite("outside provider programs are contained, through the built binary")
struct ExternalContainmentTests {
    /// A search that reports, in a note, every descriptor above standard error it was given, and writes a
    /// forged JSON-RPC answer into each: whoever reads one of them would see an answer the server never sent.
    static let descriptorProbe = """
        found = []
        for fd in range(3, 1024):
            try:
                os.fstat(fd)
            except OSError:
                continue
            found.append(fd)
        for fd in found:
            try:
                os.write(fd, b'{"jsonrpc":"2.0","id":77,"result":{"forged":true}}\\n')
            except OSError:
                pass
        emit(offer(1, 10))
        emit({"status": "ok", "notes": ["descriptors: " + (",".join(map(str, found)) or "none")]})
        """

    @Test func aSearchProgramGetsOnlyTheStandardDescriptors() async throws {
        let programs = try ProviderPrograms()
        try programs.add("pyfds", search: Self.descriptorProbe)
        let run = try await Binary.run(
            ["search", "--from", "VIE", "--to", "BCN", "--providers", "pyfds", "--format", "json"],
            environment: programs.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ProviderOutcomeJSON.of("pyfds", in: try run.json()).notes == ["descriptors: none"])
    }

    @Test func aProgramCannotWriteIntoTheMCPStream() async throws {
        let programs = try ProviderPrograms()
        try programs.add("pyfds", search: Self.descriptorProbe)
        let server = try await MCPServerProcess.start(environment: programs.environment)
        defer { server.closeInput() }
        let answer = try await server.call(
            1, "tools/call",
            ["name": "search_flights", "arguments": ["from": "VIE", "to": "BCN", "providers": ["pyfds"]]])
        let result = try #require(answer["result"] as? [String: Any], "\(answer)")
        let content = try #require(result["content"] as? [[String: Any]])
        let document = try #require(content.last?["text"] as? String)
        #expect(document.contains("descriptors: none"), "\(document)")
        _ = try await server.call(2, "ping")
        server.closeInput()
        let lines = try await server.allOutputLines()
        #expect(!lines.contains { $0.contains("forged") }, "\(lines)")
        #expect(try await server.exitStatus() == 0)
    }

    /// A search that starts a grandchild in a session of its own, records its id, and returns at once: the
    /// grandchild holds the program's output open and would sleep for five minutes.
    static func detaching(pids: String) -> String {
        """
        child = os.fork()
        if child == 0:
            os.setsid()
            grandchild = os.fork()
            if grandchild == 0:
                time.sleep(300)
                os._exit(0)
            with open(r"\(pids)", "a") as record:
                record.write(f"{grandchild}\\n")
            os._exit(0)
        os.waitpid(child, 0)
        emit(offer(1, 10))
        emit({"status": "ok"})
        """
    }

    static func recordedPIDs(_ path: String) -> [Int32] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
    }

    @Test func whatAProgramStartedInASessionOfItsOwnDoesNotOutliveTheSearch() async throws {
        let programs = try ProviderPrograms()
        let pids = programs.folder.url.appendingPathComponent("pids").path
        try programs.add("pydetach", search: Self.detaching(pids: pids))
        let run = try await Binary.runBounded(
            ["search", "--from", "VIE", "--to", "BCN", "--providers", "pydetach", "--format", "json"],
            environment: programs.environment)
        #expect(!run.killed)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ProviderOutcomeJSON.of("pydetach", in: try run.json()).offers == 1)
        let recorded = Self.recordedPIDs(pids)
        #expect(recorded.count == 1)
        for pid in recorded {
            let gone = await ExternalProviderTests.isGone(pid)
            if !gone { kill(pid, SIGKILL) }
            #expect(gone, "process \(pid) was stopped with the program that started it")
        }
    }

    @Test func providerCheckFailsAProgramThatLeavesAProcessRunning() async throws {
        let programs = try ProviderPrograms()
        let pids = programs.folder.url.appendingPathComponent("pids").path
        try programs.add("pydetach", search: Self.detaching(pids: pids))
        let run = try await Binary.runBounded(["provider", "check", "pydetach"], environment: programs.environment)
        #expect(!run.killed)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("\n✗ nothing left running: "), "\(run.stdout)")
        #expect(run.stderr.contains("nothing left running"), "\(run.stderr)")
        let recorded = Self.recordedPIDs(pids)
        #expect(!recorded.isEmpty)
        for pid in recorded {
            let gone = await ExternalProviderTests.isGone(pid)
            if !gone { kill(pid, SIGKILL) }
            #expect(gone, "process \(pid) was stopped")
        }
    }

    @Test func programsStartedTogetherAreNeverTakenForEachOthersLeftovers() async throws {
        let programs = try ProviderPrograms()
        let ids = (1...8).map { "pytogether\($0)" }
        for id in ids { try programs.add(id, search: ExternalProviderTests.twoFlights) }
        // Each round asks every spec afresh, all at once: one program ending while another has just started.
        for _ in 0..<3 {
            let cache = try TemporaryFolder()
            let run = try await Binary.run(
                ["providers", "--format", "json"],
                environment: programs.environment.merging(["XDG_CACHE_HOME": cache.url.path]) { $1 })
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stderr.contains("left out"), "\(run.stderr)")
            let listed = try #require(try run.json()["providers"] as? [[String: Any]]).compactMap {
                $0["id"] as? String
            }
            #expect(Set(ids).isSubset(of: Set(listed)), "\(listed)")
        }
    }

    @Test func aSpecThatCannotBeReadIsLeftOutWithoutStoppingOtherCommands() async throws {
        let programs = try ProviderPrograms()
        let spec = """
            {"protocol": "aggregate.provider.v1", "id": "pyparty", "name": "Party", "offers": ["flights"],
             "sample_query": {"passengers": {"adults": 1, "children": 9223372036854775807}}}
            """
        try programs.add("pyparty", spec: spec, search: ExternalProviderTests.twoFlights)
        for _ in 0..<2 {
            let run = try await Binary.run(
                ["search", "--providers", "kiwi", "--from", "VIE", "--format", "json"],
                environment: programs.environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("the outside provider 'pyparty'"), "\(run.stderr)")
            #expect(run.stderr.contains("is not a party that can travel together"), "\(run.stderr)")
        }
    }

    @Test func aSpecThatRunsOutOfTimeIsRememberedUntilTheProgramChanges() async throws {
        let programs = try ProviderPrograms()
        let counter = programs.folder.url.appendingPathComponent("spec-runs").path
        let script = { (version: String) in
            "#!/bin/sh\n# \(version)\nif [ \"$1\" = spec ]; then echo x >> '\(counter)'; exec sleep 60; fi\n"
        }
        try programs.write("aggregate-provider-pysleepy", script("one"))
        let cache = try TemporaryFolder()
        let environment = programs.environment.merging(["XDG_CACHE_HOME": cache.url.path]) { $1 }
        func specRuns() -> Int {
            (try? String(contentsOfFile: counter, encoding: .utf8))?.split(separator: "\n").count ?? 0
        }
        for _ in 0..<2 {
            let run = try await Binary.runBounded(["providers", "kiwi"], environment: environment)
            #expect(!run.killed)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("'pysleepy'") && run.stderr.contains("it was stopped"), "\(run.stderr)")
        }
        #expect(specRuns() == 1, "the second command remembers that the spec ran out of time")
        try programs.write("aggregate-provider-pysleepy", script("two, a new version"))
        _ = try await Binary.runBounded(["providers", "kiwi"], environment: environment)
        #expect(specRuns() == 2, "a changed program is asked again")
    }

    @Test func aSpecNamingTooManyVariablesIsRefusedBeforeAnyOfThemIsCompared() async throws {
        let programs = try ProviderPrograms()
        let names = (0..<105_000).map { "\"V\($0)\"" }.joined(separator: ",")
        let spec = """
            {"protocol": "aggregate.provider.v1", "id": "pymany", "name": "Many", "offers": ["flights"],
             "environment": [\(names)]}
            """
        try programs.add("pymany", spec: spec, search: ExternalProviderTests.twoFlights)
        // A bound on what it rules out, a hang of a minute; the check itself takes milliseconds.
        let run = try await Binary.runBounded(["providers", "kiwi"], environment: programs.environment)
        #expect(!run.killed, "reading the spec is bounded")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("environment names more than 32 variables"), "\(run.stderr)")
    }

    @Test func anotherProvidersKeyAndTheToolsOwnVariablesAreNeverPassedToAProgram() async throws {
        let programs = try ProviderPrograms()
        let asked = [
            "AGGREGATE_KIWI_API_KEY", "AGGREGATE_DUFFEL_API_KEY", "AGGREGATE_KIWI_ENDPOINT", "AGGREGATE_PYCRED_API_KEY",
            "PYCRED_TOKEN",
        ]
        try programs.add(
            "pycred", spec: ProviderPrograms.spec(id: "pycred", environment: asked),
            search: """
                seen = sorted(name for name in os.environ if name.startswith("AGGREGATE_") or name.startswith("PYCRED"))
                emit(offer(1, 10))
                emit({"status": "ok", "notes": ["seen: " + ",".join(seen)]})
                """)
        var environment = programs.environment
        for name in asked { environment[name] = name.hasSuffix("_ENDPOINT") ? "embedded" : "secret-\(name)" }
        let run = try await Binary.run(
            ["search", "--from", "VIE", "--to", "BCN", "--providers", "pycred", "--format", "json"],
            environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let notes = try ProviderOutcomeJSON.of("pycred", in: try run.json()).notes
        #expect(notes == ["seen: AGGREGATE_ENDPOINT,AGGREGATE_PYCRED_API_KEY,PYCRED_TOKEN"], "\(notes)")
        for withheld in ["AGGREGATE_KIWI_API_KEY", "AGGREGATE_DUFFEL_API_KEY", "AGGREGATE_KIWI_ENDPOINT"] {
            #expect(
                run.stderrLines.contains {
                    $0.hasPrefix("warning: ") && $0.contains("'pycred'") && $0.contains(withheld)
                },
                "\(run.stderr)")
        }
        #expect(!run.stderr.contains("secret-"), "no value is ever printed")
    }
}
