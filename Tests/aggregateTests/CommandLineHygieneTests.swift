import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

/// The command line's rough edges: malformed lists, repeated flags, endpoints that are not web or file
/// addresses, hints that must make sense, favourites of several airlines, and the temporary files a killed
/// writer leaves.
@Suite("Command-line hygiene through the binary")
struct CommandLineHygieneTests {
    static let search = " See 'aggregate search --help'."

    @Test(arguments: [
        (
            ["search", "--providers", "kiwi,,aviasales"],
            "error: '--providers' has an empty name in 'kiwi,,aviasales'. Write for example --providers kiwi,aviasales."
        ),
        (
            ["search", "--providers", "kiwi,"],
            "error: '--providers' has an empty name in 'kiwi,'. Write for example --providers kiwi,aviasales."
        ),
        (
            ["search", "--providers", ", kiwi"],
            "error: '--providers' has an empty name in ', kiwi'. Write for example --providers kiwi,aviasales."
        ),
        (["search", "--offline", "--offline"], "error: '--offline' is given twice. Give it once."),
        (["search", "--round-trip", "--round-trip"], "error: '--round-trip' is given twice. Give it once."),
        (["search", "--from", "VIE", "--from=BCN"], "error: '--from' is given twice. Give it once."),
        (
            ["search", "--endpoint", "kiwi=javascript:alert(1)"],
            "error: --endpoint for kiwi: 'javascript:alert(1)' is not usable: the scheme 'javascript' is not "
                + "supported. Use embedded, live, file:///path/response.json or https://host."
        ),
        (
            ["search", "--endpoint", "kiwi=ftp://files.example/kiwi.json"],
            "error: --endpoint for kiwi: 'ftp://files.example/kiwi.json' is not usable: the scheme 'ftp' is not "
                + "supported. Use embedded, live, file:///path/response.json or https://host."
        ),
        (
            ["search", "--endpoint", "kiwi=data:application/json,[]"],
            "error: --endpoint for kiwi: 'data:application/json,[]' is not usable: the scheme 'data' is not "
                + "supported. Use embedded, live, file:///path/response.json or https://host."
        ),
        (
            ["search", "--endpoint", "kiwi=https:///no-host"],
            "error: --endpoint for kiwi: 'https:///no-host' is not usable: it is not a valid URL. Use embedded, "
                + "live, file:///path/response.json or https://host."
        ),
        (
            ["search", "\u{2014}from", "VIE"],
            "error: '\u{2014}from' starts with a dash that is not a hyphen. Did you mean '--from'?"
        ),
        (
            ["search", "\u{2013}-to", "BCN"],
            "error: '\u{2013}-to' starts with a dash that is not a hyphen. Did you mean '--to'?"
        ),
        (
            ["search", "\u{2212}\u{2212}frm=VIE"],
            "error: '\u{2212}\u{2212}frm=VIE' starts with a dash that is not a hyphen. Did you mean '--from'?"
        ),
        (
            ["search", "\u{2014}zzzzzz"],
            "error: '\u{2014}zzzzzz' starts with a dash that is not a hyphen. Options start with two hyphens, such "
                + "as --help."
        ),
        (["search", "-"], "error: unexpected argument '-'."),
        (["search", "--", "--from"], "error: unexpected argument '--from'."),
        (["search", "VIE BCN"], "error: unexpected argument 'VIE BCN'."),
        (["search", "--", "\u{1B}[2J"], "error: unexpected argument '\u{FFFD}[2J'."),
        (["search", "BCN"], "error: unexpected argument 'BCN'. Every value follows its option, such as --from BCN."),
    ])
    func mistakesAreUsageErrorsWithHintsThatMakeSense(arguments: [String], message: String) async throws {
        let run = try await Binary.run(arguments)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr == message + Self.search + "\n")
    }

    @Test func anEndpointVariableWithAnUnsupportedSchemeIsAUsageError() async throws {
        let run = try await Binary.run(["search"], environment: ["AGGREGATE_KIWI_ENDPOINT": "javascript:alert(1)"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "error: AGGREGATE_KIWI_ENDPOINT for kiwi: 'javascript:alert(1)' is not usable: the scheme "
                    + "'javascript' is not supported."))
    }

    @Test func otherCommandsGiveNoNonsenseHintsEither() async throws {
        let airlines = try await Binary.run(["airlines", "-"])
        #expect(airlines.status == 64)
        #expect(airlines.stderr == "error: unexpected argument '-'. See 'aggregate airlines --help'.\n")
        let favorites = try await Binary.run(["favorites", "add", "-"])
        #expect(favorites.status == 64)
        #expect(
            favorites.stderr
                == "error: '-' is not an airline code or name. Write for example aggregate favorites add OS. "
                + "See 'aggregate favorites --help'.\n")
        let dash = try await Binary.run(["favorites", "add", "OS", "\u{2014}timeout", "5"])
        #expect(dash.status == 64)
        #expect(
            dash.stderr.hasPrefix(
                "error: '\u{2014}timeout' starts with a dash that is not a hyphen. Did you mean '--timeout'?"))
    }

    // MARK: Favourites of several airlines

    @Test func favouritesAreAddedAndRemovedSeveralAtATime() async throws {
        let home = try TemporaryFolder()
        let environment = ["XDG_DATA_HOME": home.url.path]
        let add = try await Binary.run(["favorites", "add", "OS", "LH"], environment: environment)
        #expect(add.status == 0)
        #expect(add.stdout == "added OS (Austrian Airlines)\nadded LH (Lufthansa)\n")
        let again = try await Binary.run(
            ["favorites", "add", "os", "Luxwing", "LH", "luxwing"], environment: environment)
        #expect(again.status == 0)
        #expect(
            again.stdout
                == "OS (Austrian Airlines) is already a favourite\nadded Luxwing\nLH (Lufthansa) is already a favourite\n"
                + "Luxwing is already a favourite\n")
        let list = try await Binary.run(["favorites", "list"], environment: environment)
        #expect(list.stdout == "LH       Lufthansa\nLuxwing\nOS       Austrian Airlines\n")

        let remove = try await Binary.run(["favorites", "remove", "OS", "ZZ", "lufthansa"], environment: environment)
        #expect(remove.status == 1, "one of them was not a favourite")
        #expect(remove.stdout == "removed OS (Austrian Airlines)\nremoved LH (Lufthansa)\n")
        #expect(remove.stderr == "error: ZZ is not a favourite; 'aggregate favorites list' shows them\n")
        #expect(try await Binary.run(["favorites", "list"], environment: environment).stdout == "Luxwing\n")
    }

    // MARK: Temporary files of killed writers

    /// A process id that is certainly not running: that of a child that has exited and been reaped.
    static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func aWriteRemovesWhatKilledWritersLeftAndNothingElse() async throws {
        let home = try TemporaryFolder()
        let folder = home.url.appendingPathComponent("aggregate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let dead = try Self.deadProcessID()
        let alive = ProcessInfo.processInfo.processIdentifier
        let abandoned = [".favorites.json.\(dead).3141592653.tmp", ".favorites.json.\(alive).27182818.tmp"]
        let kept = [".favorites.json.\(alive).16180339.tmp", ".notes.tmp", "favorites.json.bak", ".x.12.tmp"]
        for name in abandoned + kept {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        // The live writer's second file is two minutes old: no write takes that long.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-120)],
            ofItemAtPath: folder.appendingPathComponent(abandoned[1]).path)
        // Its first is being written now. It is dated an hour ahead, so that it stays younger than the age that
        // abandons a file however long this test waits for its turn to run the binary on a busy machine.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(3_600)],
            ofItemAtPath: folder.appendingPathComponent(kept[0]).path)

        let run = try await Binary.run(["favorites", "add", "KL"], environment: ["XDG_DATA_HOME": home.url.path])
        #expect(run.status == 0)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(names == Set(kept + ["favorites.json", "favorites.lock"]))
    }

    @Test func theCacheRemovesWhatKilledWritersLeftToo() async throws {
        let server = try LoopbackHTTPServer { _ in .json(LiveEndpointTests.kiwiBody) }
        defer { server.stop() }
        let cache = try TemporaryFolder()
        let folder = cache.url.appendingPathComponent("aggregate/kiwi")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stray = ".flights-0123456789abcdef.response.\(try Self.deadProcessID()).42.tmp"
        try Data(repeating: 0x7B, count: 4096).write(to: folder.appendingPathComponent(stray))

        let run = try await Binary.run(
            ["search", "--providers", "kiwi", "--endpoint", "kiwi=\(server.baseURL.absoluteString)"],
            environment: ["XDG_CACHE_HOME": cache.url.path])
        #expect(run.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains(stray))
        #expect(names.count == 1 && names[0].hasSuffix(".response"), "\(names)")
    }
}
