import Foundation
import Testing

/// `aggregate provider check ID`, through the built binary: it passes a provider that keeps the contract
/// and fails one that does not with one clear line, for installed providers, outside programs written for
/// the test, and the Python example in `Examples/PythonProvider`.
@Suite("aggregate provider check, through the built binary")
struct ProviderCheckCommandTests {
    /// `Examples/PythonProvider`, which holds `aggregate-provider-pyflights`.
    static let pythonExample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/PythonProvider")

    /// The deadline of the checks that must pass: a minute, so that "deadline honoured" rules out a hang and
    /// never measures how busy the machine is. The check that must fail it runs with a short one.
    static let deadline = "60"

    @Test func aProgramThatKeepsTheContractPassesEveryCheck() async throws {
        let programs = try ProviderPrograms()
        try programs.add("pygood", search: ExternalProviderTests.twoFlights)

        let run = try await Binary.run(
            ["provider", "check", "pygood", "--timeout", Self.deadline], environment: programs.environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdoutLines.filter { !$0.isEmpty }
        #expect(lines.first?.hasPrefix("Checking pygood (PATH: \(programs.path)/aggregate-provider-pygood)") == true)
        let checks = lines.dropFirst().dropLast()
        #expect(checks.count == 10)
        #expect(checks.allSatisfy { $0.hasPrefix("✓ ") }, "\(checks)")
        for title in [
            "spec valid", "sample search maps: 2 offers", "ids unique and stable", "prices positive",
            "every output line reads", "deadline honoured", "nothing left running", "a broken line handled",
        ] {
            #expect(checks.contains { $0.hasPrefix("✓ \(title)") }, "\(title) is checked")
        }
        #expect(lines.last == "pygood passes all 10 checks")
        #expect(run.stderr.isEmpty)
    }

    @Test func thePythonExampleProviderPassesAndSearchesAlongsideTheInstalledOnes() async throws {
        let example = Self.pythonExample.appendingPathComponent("aggregate-provider-pyflights").path
        #expect(FileManager.default.isExecutableFile(atPath: example), "the example is executable as committed")
        let environment = ["PATH": "\(Self.pythonExample.path):/usr/bin:/bin"]

        let check = try await Binary.run(
            ["provider", "check", "pyflights", "--timeout", Self.deadline], environment: environment)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdoutLines.contains("pyflights passes all 10 checks"))

        let search = try await Binary.run(
            ["search", "--from", "VIE", "--to", "BCN", "--format", "json", "--timeout", Self.deadline],
            environment: environment)
        #expect(search.status == 0, "\(search.stderr)")
        let json = try search.json()
        #expect(try ProviderOutcomeJSON.of("pyflights", in: json).offers == 3)
        let offers = try #require(json["offers"] as? [[String: Any]])
        let sellers = offers.map { offer in
            Set((offer["sources"] as? [[String: Any]] ?? []).compactMap { $0["provider"] as? String })
        }
        #expect(sellers.contains { $0.contains("pyflights") && $0.contains("kiwi") }, "a shared flight is merged")

        let unasked = try await Binary.run(["search", "--providers", "pyflights"], environment: environment)
        #expect(unasked.stderr.contains("--from"), "a required field it lacks is named as a flag")
    }

    @Test func aSpecUnderAnotherIDFailsWithOneLineSayingSo() async throws {
        let programs = try ProviderPrograms()
        try programs.add(
            "pybad", spec: ProviderPrograms.spec(id: "someone-else"), search: ExternalProviderTests.twoFlights)

        let run = try await Binary.run(
            ["provider", "check", "pybad", "--timeout", Self.deadline], environment: programs.environment)
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "error: pybad fails 1 check (9 not run); spec valid: its id is 'someone-else', but it was found as "
                    + "'pybad'"
            ])
        #expect(run.stdoutLines.contains("✗ spec valid: its id is 'someone-else', but it was found as 'pybad'"))
        #expect(run.stdoutLines.contains("- sample search maps: not checked, as the spec cannot be used"))
    }

    @Test func badOffersAndSlowSearchesAreNamed() async throws {
        let programs = try ProviderPrograms()
        try programs.add(
            "pyprices",
            search: """
                emit(offer(1, -5))
                emit(offer(2, 10, currency="XXQ"))
                emit({"status": "ok"})
                """)
        try programs.add(
            "pyslow",
            search: """
                emit(offer(1, 10))
                time.sleep(300)
                """)

        let prices = try await Binary.run(
            ["provider", "check", "pyprices", "--timeout", Self.deadline], environment: programs.environment)
        #expect(prices.status == 1)
        #expect(prices.stderrLines.count == 1)
        #expect(prices.stderr.hasPrefix("error: pyprices fails 1 check; prices positive in known currencies: offer"))
        #expect(prices.stdoutLines.contains { $0.hasPrefix("✗ prices positive") && $0.contains("(and 1 more)") })

        // The limit, from the tool's start, is short of the program's 300 s sleep: each search is stopped at
        // the deadline.
        let slow = try await Binary.runBounded(
            ["provider", "check", "pyslow", "--timeout", "2"], environment: programs.environment,
            limit: .seconds(200))
        #expect(!slow.killed, "each search is stopped at the deadline")
        #expect(slow.status == 1)
        #expect(slow.stderrLines.count == 1)
        #expect(slow.stderr.contains("sample search maps: the sample search failed: timeout"))
        #expect(slow.stdout.contains("✗ deadline honoured: still running after 2 s; it was stopped"))
    }

    @Test func installedProvidersAreCheckedOnTheirSamplesAndMistakesAreUsageErrors() async throws {
        let kiwi = try await Binary.run(["provider", "check", "kiwi", "--timeout", Self.deadline])
        #expect(kiwi.status == 0, "\(kiwi.stdout)\(kiwi.stderr)")
        #expect(kiwi.stdoutLines.contains("kiwi passes all 12 checks"))
        let sita = try await Binary.run(["provider", "check", "sita", "--timeout", Self.deadline])
        #expect(sita.status == 0, "\(sita.stdout)\(sita.stderr)")
        #expect(sita.stdoutLines.contains { $0.hasPrefix("✓ records well formed") })

        let unknown = try await Binary.run(["provider", "check", "kiwy"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown provider 'kiwy'. Did you mean 'kiwi'?"))
        let action = try await Binary.run(["provider", "chek", "kiwi"])
        #expect(action.status == 64)
        #expect(action.stderr.contains("Did you mean 'check'?"))
        let none = try await Binary.run(["provider", "check"])
        #expect(none.status == 64)
        #expect(none.stderr.contains("'check' needs a provider id"))
    }
}
