import Foundation
import Testing

@Suite("aggregate favorites, run as a built binary")
struct FavoritesCommandTests {
    final class Sandbox {
        let folder: TemporaryFolder
        var environment: [String: String] { ["XDG_DATA_HOME": folder.url.path] }
        var file: URL { folder.url.appendingPathComponent("aggregate/favorites.json") }

        init() throws { folder = try TemporaryFolder() }

        func run(_ arguments: String...) async throws -> BinaryRun {
            try await Binary.run(["favorites"] + arguments, environment: environment)
        }
    }

    @Test func addListAndRemoveResolveAgainstTheDirectory() async throws {
        let sandbox = try Sandbox()
        let add = try await sandbox.run("add", "os")
        #expect(add.status == 0)
        #expect(add.stdout == "added OS (Austrian Airlines)\n")
        #expect(try await sandbox.run("add", "turk hava yollari").stdout == "added TK (Türk Hava Yolları)\n")
        #expect(
            try await sandbox.run("add", "LUXWING").stdout == "added Luxwing\n", "a name-only airline is kept by name")
        let again = try await sandbox.run("add", "OS")
        #expect(again.status == 0)
        #expect(again.stdout == "OS (Austrian Airlines) is already a favourite\n")

        let list = try await sandbox.run("list")
        #expect(list.status == 0)
        #expect(list.stdout == "Luxwing\nOS       Austrian Airlines\nTK       Türk Hava Yolları\n")
        #expect(list.stderr == "")

        let remove = try await sandbox.run("remove", "Austrian Airlines")
        #expect(remove.status == 0)
        #expect(remove.stdout == "removed OS (Austrian Airlines)\n")
        let missing = try await sandbox.run("remove", "OS")
        #expect(missing.status == 1)
        #expect(missing.stdout == "")
        #expect(
            missing.stderr
                == "error: OS (Austrian Airlines) is not a favourite; 'aggregate favorites list' shows them\n")
        #expect(try await sandbox.run("list").stdout == "Luxwing\nTK       Türk Hava Yolları\n")
    }

    @Test func anUnknownAirlineIsStoredAsTypedWithANote() async throws {
        let sandbox = try Sandbox()
        let add = try await sandbox.run("add", "Zeppelin Air")
        #expect(add.status == 0)
        #expect(add.stdout == "added Zeppelin Air\n")
        #expect(
            add.stderr
                == "note: 'Zeppelin Air' is not in the airline directory; it is stored as typed and matched by code or name\n"
        )
        #expect(try await sandbox.run("list").stdout == "Zeppelin Air  (not in the directory)\n")
        #expect(try await sandbox.run("remove", "zeppelin air").status == 0)
    }

    @Test func theFileIsOwnerOnlyInAnOwnerOnlyFolder() async throws {
        let sandbox = try Sandbox()
        #expect(try await sandbox.run("add", "KL").status == 0)
        let file = try FileManager.default.attributesOfItem(atPath: sandbox.file.path)
        #expect((file[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: sandbox.file.deletingLastPathComponent().path)
        #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test func homeIsUsedWhenXDGDataHomeIsNotSet() async throws {
        let home = try TemporaryFolder()
        let run = try await Binary.run(["favorites", "add", "KL"], environment: ["HOME": home.url.path])
        #expect(run.status == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: home.url.appendingPathComponent(".local/share/aggregate/favorites.json").path))
    }

    @Test func tenConcurrentProcessesLoseNoFavourite() async throws {
        let sandbox = try Sandbox()
        let codes = ["OS", "VY", "KL", "LX", "PC", "EK", "W6", "V7", "HV", "EW"]
        let processes = try codes.map { code -> Process in
            let process = Process()
            process.executableURL = Binary.url
            process.arguments = ["favorites", "add", code]
            process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(sandbox.environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let listed = try await sandbox.run("list").stdoutLines.filter { !$0.isEmpty }.map { String($0.prefix(2)) }
        #expect(Set(listed) == Set(codes))
        #expect(listed.count == 10)
    }

    @Test func aCorruptFileIsSetAsideWithOneWarningAndTheCommandGoesOn() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(
            at: sandbox.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let garbage = "OS, KL — not JSON"
        try Data(garbage.utf8).write(to: sandbox.file)
        let run = try await sandbox.run("add", "VY")
        #expect(run.status == 0)
        #expect(run.stdout == "added VY (Vueling)\n")
        #expect(run.stderrLines.count == 1)
        #expect(
            run.stderr.hasPrefix(
                "warning: the favourites file \(sandbox.file.path) is not valid JSON; it was moved to "))
        let folder = sandbox.file.deletingLastPathComponent()
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("favorites.json.corrupt-") }
        try #require(aside.count == 1)
        #expect(aside[0].count == "favorites.json.corrupt-".count + 14)
        #expect(run.stderr.contains(aside[0]))
        #expect(try String(contentsOf: folder.appendingPathComponent(aside[0]), encoding: .utf8) == garbage)
        #expect(try await sandbox.run("list").stdout == "VY  Vueling\n")
    }

    @Test func usageErrorsSayWhatToWrite() async throws {
        let sandbox = try Sandbox()
        let cases: [([String], String)] = [
            ([], "error: missing action. Write add, remove or list. See 'aggregate favorites --help'."),
            (["ad", "OS"], "error: unknown action 'ad'. Did you mean 'add'? See 'aggregate favorites --help'."),
            (
                ["add"],
                "error: 'add' needs an airline. Write for example aggregate favorites add OS. See 'aggregate favorites --help'."
            ),
            (
                ["list", "OS"],
                "error: 'list' takes no airline, got 'OS'. Write aggregate favorites list. See 'aggregate favorites --help'."
            ),
        ]
        for (arguments, message) in cases {
            let run = try await Binary.run(["favorites"] + arguments, environment: sandbox.environment)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr == message + "\n")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.file.path), "nothing was written")
        let help = try await Binary.run(["favorites", "--help"])
        #expect(help.stdout.hasPrefix("OVERVIEW: "))
        #expect(help.stdout.contains("USAGE: aggregate favorites add|remove|list [AIRLINE...]"))
        #expect(help.stdout.contains("1 'remove' of an airline"))
    }
}
