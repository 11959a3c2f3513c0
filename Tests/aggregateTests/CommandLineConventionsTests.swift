import Foundation
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing

/// The conventions every command follows: the version's aliases, `--` ending the options, `--help` winning
/// over any mistake on the same line, and a root help that names the files and variables the tool reads.
@Suite("Command-line conventions through the binary")
struct CommandLineConventionsTests {
    /// Every subcommand, as the tool lists them.
    static let commands = AggregateTool.commands.map { $0.configuration.name }

    @Test func versionAndDashCapitalVAreAliasesOfDashDashVersion() async throws {
        for arguments in [["--version"], ["-V"], ["version"]] {
            let run = try await Binary.run(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.stdout == "aggregate \(AggregateTool.version)\n", "\(arguments)")
            #expect(run.stderr == "", "\(arguments)")
        }
    }

    @Test(arguments: commands)
    func helpWinsOverAnyOtherMistakeOnTheLine(command: String) async throws {
        let expected = try #require(AggregateTool.command(named: command)).configuration.help
        for arguments in [
            [command, "--help", "--frm"], [command, "--frm", "--help"], [command, "-h", "--from"],
            [command, "--format", "yaml", "--help"], [command, "not-an-argument", "--help", "-x"],
        ] {
            let run = try await Binary.run(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.stdout == expected, "\(arguments) prints the command's help")
            #expect(run.stderr == "", "\(arguments)")
        }
    }

    @Test(arguments: commands)
    func doubleDashEndsTheOptionsOfEveryCommand(command: String) async throws {
        // After '--', '--frm' is an argument: never an unknown option, and '--help' is no request for help.
        for word in ["--frm", "--help"] {
            let run = try await Binary.run([command, "--", word])
            #expect(run.stdout == "", "\(command) -- \(word)")
            #expect(!run.stderr.contains("unknown option"), "\(command) -- \(word): \(run.stderr)")
            #expect(!run.stdout.hasPrefix("OVERVIEW:"), "\(command) -- \(word) is not help")
            #expect(run.status == 64, "\(command) takes no argument '\(word)': \(run.stderr)")
        }
    }

    @Test func aWordAfterDoubleDashIsAnArgumentEvenWithADash() async throws {
        let folder = try TemporaryFolder()
        let environment = ["XDG_DATA_HOME": folder.url.path]
        let add = try await Binary.run(["favorites", "add", "--", "-weird-name"], environment: environment)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == "added -weird-name\n")
        let list = try await Binary.run(["favorites", "list"], environment: environment)
        #expect(list.stdout == "-weird-name  (not in the directory)\n")
        let remove = try await Binary.run(["favorites", "remove", "--", "-weird-name"], environment: environment)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(remove.stdout == "removed -weird-name\n")
        // Options still work before '--'.
        let providers = try await Binary.run(["providers", "--format", "json", "--", "kiwi"])
        #expect(providers.status == 0, "\(providers.stderr)")
        let listed = (try providers.json()["providers"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(listed == ["kiwi"])
        let shell = try await Binary.run(["completions", "--", "bash"])
        #expect(shell.status == 0)
        #expect(shell.stdout.contains("complete -F _aggregate aggregate"))
    }

    @Test func theRootHelpNamesTheFilesTheVariablesAndTheCompletions() async throws {
        for arguments in [["help"], ["--help"], ["-h"], []] {
            let run = try await Binary.run(arguments)
            #expect(run.status == 0)
            #expect(run.stdout == AggregateTool.help, "\(arguments)")
        }
        let help = AggregateTool.help
        for text in [
            "$XDG_CONFIG_HOME/aggregate/config.json", "~/.config/aggregate/config.json", "$XDG_CACHE_HOME/aggregate",
            "AGGREGATE_<ID>_ENDPOINT", "AGGREGATE_<ID>_API_KEY", "AGGREGATE_DIRECTORY", "NO_COLOR",
            "aggregate completions bash|zsh|fish", "-V, --version", "aggregate version", "'--' ends the options",
        ] {
            #expect(help.contains(text), "the root help mentions \(text)")
        }
        for key in ConfigFile.knownKeys {
            #expect(help.contains(key), "the root help names the config key \(key)")
        }
        for setting in KeptSettings.all {
            #expect(help.contains(setting.variable), "the root help names \(setting.variable)")
            #expect(help.contains(setting.key.name), "the root help says \(setting.variable) sets \(setting.key)")
        }
        for command in Self.commands + ["help", "version"] {
            #expect(help.contains("\n  \(command) "), "the root help lists \(command)")
        }
        for line in help.split(separator: "\n") {
            #expect(line.count <= 120, "help lines fit 120 columns: \(line)")
        }
    }
}
