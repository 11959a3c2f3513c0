import Foundation
import ProviderTestKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The watches and their histories under what cron and systemd do to them: runs killed with `SIGKILL` at
/// any moment, and runs that overlap.
@Suite("Watch histories survive kill -9 and concurrent runs")
struct WatchDurabilityTests {
    /// How many trips each run records: enough that writing a run takes a while.
    static let trips = 300

    /// The history as `history --format json` reads it: each run's id and how many prices it holds.
    static func runs(_ home: WatchHome, _ name: String) async throws -> (runs: [String], prices: [String: Int]) {
        let run = try await home.run(["history", name, "--format", "json", "--limit", "1000"])
        #expect(run.status == 0, "\(run.stderr)")
        let history = try run.json()
        let runs = try #require(history["runs"] as? [[String: Any]]).compactMap { $0["run"] as? String }
        var prices: [String: Int] = [:]
        for trip in try #require(history["trips"] as? [[String: Any]]) {
            for seller in trip["sellers"] as? [[String: Any]] ?? [] {
                for price in seller["prices"] as? [[String: Any]] ?? [] {
                    if let id = price["run"] as? String { prices[id, default: 0] += 1 }
                }
            }
        }
        return (runs, prices)
    }

    /// Starts `aggregate watch run` and sends it `SIGKILL` after `delay`, or lets it finish first.
    /// - Returns: whether it was killed before it exited.
    static func runKilled(after delay: Duration, environment: [String: String]) async throws -> Bool {
        await Binary.slots.acquire()
        defer { Task { await Binary.slots.release() } }
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["watch", "run"]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try await Task.sleep(for: delay)
        let killed = process.isRunning && kill(process.processIdentifier, SIGKILL) == 0
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
        return killed && process.terminationReason == .uncaughtSignal
    }

    @Test func killingRunsAtAnyMomentLosesNoRunThatFinishedAndLeavesNoHalfRun() async throws {
        let home = try WatchHome()
        let service = try ChangingService(.json(TravelpayoutsRecording.many(Self.trips)))
        let added = try await home.run([
            "watch", "add", "many", "--providers", "aviasales", "--from", "VIE", "--to", "BCN", "--date",
            "2026-12-18", "--endpoint", service.endpoint,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let whole = try await home.run(["watch", "run"])
        #expect(whole.status == 0, "\(whole.stderr)")
        // Kills spread over a whole run's span, so that some land while the history is written.
        let span = max(whole.duration, .milliseconds(200))
        var known = try await Self.runs(home, "many").runs
        #expect(known.count == 1)
        var killedCount = 0
        for step in 0..<12 {
            service.answer(with: .json(TravelpayoutsRecording.many(Self.trips, priceShift: step + 1)))
            let killed = try await Self.runKilled(after: span * (Double(step + 1) / 12), environment: home.environment)
            if killed { killedCount += 1 }
            let now = try await Self.runs(home, "many")
            #expect(Array(now.runs.prefix(known.count)) == known, "no earlier run is lost")
            if killed {
                #expect(now.runs.count <= known.count + 1, "at most the killed run, whole")
            } else {
                #expect(now.runs.count == known.count + 1)
            }
            for id in now.runs { #expect(now.prices[id] == Self.trips, "run \(id) is whole") }
            known = now.runs
        }
        // A run after the kills appends as usual.
        let after = try await home.run(["watch", "run"])
        #expect([0, 10].contains(after.status), "\(after.stderr)")
        let final = try await Self.runs(home, "many")
        #expect(final.runs.count == known.count + 1)
        #expect(final.runs.allSatisfy { final.prices[$0] == Self.trips })
        #expect(killedCount > 0, "some runs were killed before they ended")
    }

    @Test func twoRunsAtOnceLoseNothing() async throws {
        let home = try WatchHome()
        let service = try ChangingService(.json(TravelpayoutsRecording.many(60)))
        for name in ["one", "two"] {
            let added = try await home.run([
                "watch", "add", name, "--providers", "aviasales,kiwi", "--from", "VIE", "--to", "BCN", "--date",
                "2026-12-18", "--endpoint", service.endpoint,
            ])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let rounds = 4
        async let first = Self.runs(home, rounds: rounds)
        async let second = Self.runs(home, rounds: rounds)
        let statuses = try await first + second
        #expect(statuses.allSatisfy { [0, 10].contains($0) }, "\(statuses)")
        for name in ["one", "two"] {
            let history = try await Self.runs(home, name)
            #expect(history.runs.count == 2 * rounds, "\(name)")
            #expect(Set(history.runs).count == 2 * rounds)
            // Every run holds the loopback's 60 trips and Kiwi's sample trips, whole.
            let expected = try #require(history.runs.first.flatMap { history.prices[$0] })
            #expect(expected > 60)
            for id in history.runs { #expect(history.prices[id] == expected, "\(name) run \(id) is whole") }
        }
    }

    /// `watch run` a few times in a row.
    static func runs(_ home: WatchHome, rounds: Int) async throws -> [Int32] {
        var statuses: [Int32] = []
        for _ in 0..<rounds { statuses.append(try await home.run(["watch", "run"]).status) }
        return statuses
    }

    @Test func concurrentAddsAreAllKept() async throws {
        let home = try WatchHome()
        let names = (1...8).map { "w\($0)" }
        try await withThrowingTaskGroup(of: Int32.self) { group in
            for name in names {
                group.addTask {
                    try await home.run([
                        "watch", "add", name, "--providers", "kiwi", "--from", "VIE", "--to", "BCN", "--date",
                        "2026-12-18",
                    ]).status
                }
            }
            for try await status in group { #expect(status == 0) }
        }
        let list = try await home.run(["watch", "list", "--format", "json"])
        let watches = try #require(try list.json()["watches"] as? [[String: Any]])
        #expect(Set(watches.compactMap { $0["name"] as? String }) == Set(names))

        let removed = try await home.run(["watch", "remove", "w3", "nope"])
        #expect(removed.status == 1)
        #expect(removed.stdout == "removed watch w3 and its history\n")
        #expect(removed.stderr == "error: there is no watch named nope; 'aggregate watch list' shows them\n")
        let again = try await home.run(["watch", "add", "w1", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("there is a watch named w1 already"))
    }

    @Test func aCorruptWatchListIsSetAsideWithAWarningAndTheWatchesStartEmpty() async throws {
        let home = try WatchHome()
        let added = try await home.run(["watch", "add", "kept", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18"])
        #expect(added.status == 0)
        let file = home.data.appendingPathComponent("watches.json")
        try Data("{\"schema\": \"aggregate.watches.v1\", \"watches\": [{\"name\": ".utf8).write(to: file)
        let list = try await home.run(["watch", "list"])
        #expect(list.status == 0)
        #expect(
            list.stderrLines.first?.hasPrefix("warning: the watches file \(file.path) cannot be read; it was moved to ")
                == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: home.data.path)
        #expect(names.contains { $0.hasPrefix("watches.json.corrupt-") })
        let again = try await home.run(["watch", "add", "kept", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18"])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test(arguments: [
        (["watch"], "error: missing action. Write add, list, remove or run."),
        (["watch", "add", "x", "--from", "VIE"], "error: a watch needs --date."),
        (["watch", "run", "--below", "5"], "error: '--below' is an option of 'watch add', not of 'watch run'."),
        (
            ["watch", "run", "--keep", "5y"],
            "error: '--keep' takes a number of hours, days or weeks such as 36h, 90d or 12w, got '5y'."
        ),
        (["watch", "add", "bad name", "--date", "2026-12-18"], "error: 'bad name' is not a watch name."),
        (
            ["watch", "add", "x", "--date", "2026-12-18", "--trip", "f-10f914b65a6c467"],
            "error: '--trip' takes a trip's id"
        ),
        (["watch", "run", "--notify", "ftp://example.com"], "error: '--notify' takes an http or https address"),
        (["history"], "error: missing watch name."),
    ])
    func aMistakeIsOneLineSayingWhatToWrite(arguments: [String], start: String) async throws {
        let home = try WatchHome()
        let run = try await home.run(arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix(start), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.data.appendingPathComponent("watches.json").path))
    }
}
