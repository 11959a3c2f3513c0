import AggregatorCore
import Foundation
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing

/// A provider that only has an id, and a live service or none, to see a catalog's ids reach the scripts.
private struct NamedProvider: OfferProvider {
    let descriptor: ProviderDescriptor

    init(_ id: ProviderID, live: Bool) {
        descriptor = ProviderDescriptor(
            id: id, displayName: id.rawValue, summary: "Only an id.", categories: [.flights],
            live: live ? [LiveService(URL(string: "https://\(id.rawValue).example") ?? URL(fileURLWithPath: "/"))] : [],
            samples: ProviderSamples(EmbeddedResponses(["x": "[]"])))
    }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        ProviderResponse(offers: [])
    }
}

/// The completion scripts, loaded in the real shells: bash completes lines as a user's Tab would, zsh and
/// fish must read their scripts without a syntax error and find every command and option in them.
@Suite("aggregate completions, loaded in real shells")
struct CompletionScriptTests {
    /// Sources a bash script, then completes each line given after it as bash would at the end of that
    /// line (`COMP_WORDS`, `COMP_CWORD`, `COMP_LINE` and `COMP_POINT` set, the registered function called),
    /// and prints the replies of each line on one line.
    static let bashDriver = #"""
        source "$1" || exit 90
        shift
        complete -p aggregate | grep -q -- '-F _aggregate' || exit 91
        for line in "$@"; do
            COMP_LINE=$line
            COMP_POINT=${#line}
            read -ra COMP_WORDS <<<"$line"
            [[ $line == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMPREPLY=()
            _aggregate aggregate "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\n' "${COMPREPLY[*]}"
        done
        """#

    /// The travel modes `--mode` takes, in the order the tool lists them.
    static let modes = TravelMode.allCases.map(\.rawValue)

    /// What bash offers at the end of each line, in order.
    private static func bashCompletions(script: String, lines: [String]) async throws -> [[String]] {
        let bash = try #require(ShellRunner.path(of: "bash"))
        let folder = try TemporaryFolder()
        let scriptFile = try folder.write("aggregate.bash", script)
        let driver = try folder.write("driver.bash", bashDriver)
        let run = try await ShellRunner.run(bash, [driver.path, scriptFile.path] + lines, home: folder.url)
        #expect(run.status == 0, "bash: \(run.stderr)")
        #expect(run.stderr == "")
        let replies = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(replies.count == lines.count)
        return replies.map { $0.split(separator: " ").map(String.init) }
    }

    @Test(.enabled(if: ShellRunner.has("bash"), "bash is not installed"))
    func bashCompletesCommandsOptionsValuesAndProviderIDs() async throws {
        let generated = try await Binary.run(["completions", "bash"])
        #expect(generated.status == 0)
        #expect(generated.stderr == "")
        let folder = try TemporaryFolder()
        let rates = try folder.write("rates.json", "{}")
        let commands = AggregateTool.commands.map { $0.configuration.name } + ["help", "version"]
        let cases: [(line: String, replies: [String])] = [
            ("aggregate ", commands),
            ("aggregate s", ["search", "serve"]),
            ("aggregate search --f", ["--from", "--format"]),
            ("aggregate search --format ", ["table", "json", "csv"]),
            ("aggregate search --sort b", ["best"]),
            ("aggregate search --cabin ", ["economy", "premium", "business", "first"]),
            ("aggregate search --kind ", ["flights", "cars"]),
            ("aggregate airlines --format ", ["table", "json"]),
            ("aggregate search --providers ki", ["kiwi"]),
            ("aggregate search --providers kiwi,av", ["kiwi,aviasales"]),
            ("aggregate search --providers kiwi,s", ["kiwi,sunweb", "kiwi,sita", "kiwi,skiplagged"]),
            ("aggregate search --providers ", ["all"] + Self.installedIDs),
            ("aggregate search --endpoint k", ["kiwi="]),
            // Bash replaces only what follows the '=' in the word, so that is what the replies hold.
            ("aggregate search --endpoint kiwi=l", ["live"]),
            ("aggregate search --format=j", ["json"]),
            ("aggregate favorites ", ["add", "remove", "list"]),
            ("aggregate favorites add ", []),
            ("aggregate providers s", ["sunweb", "sita", "skiplagged"]),
            ("aggregate provider ", ["check"]),
            ("aggregate provider check k", ["kiwi"]),
            // Once the command has every word it takes, an empty word offers its options.
            ("aggregate provider check kiwi ", ["--timeout", "--max-response-size", "--help"]),
            ("aggregate completions ", ["bash", "zsh", "fish"]),
            ("aggregate help se", ["search", "serve"]),
            ("aggregate search --format json --f", ["--from"]),
            ("aggregate search --endpoint kiwi=live --e", ["--exclude-airline", "--endpoint"]),
            ("aggregate search --from ", []),
            ("aggregate search -- --f", []),
            ("aggregate favorites --endpoint sita=live ", ["add", "remove", "list"]),
            ("aggregate search --rates \(folder.url.path)/ra", [rates.path]),
            ("aggregate -", ["--help", "--version"]),
            // Each action of watch offers its own options, once it is on the line.
            ("aggregate watch run --", ["--format", "--notify", "--notify-command", "--keep", "--verbose", "--help"]),
            ("aggregate watch run --b", []),
            ("aggregate watch run --format ", ["table", "json"]),
            ("aggregate watch add vie --be", ["--below"]),
            ("aggregate watch add vie --notify", []),
            ("aggregate watch remove vie --", ["--help"]),
            ("aggregate watch --ke", ["--keep"]),
            // --mode takes a list of modes, each once.
            ("aggregate search --mode ", Self.modes),
            ("aggregate search --mode train,", Self.modes.filter { $0 != "train" }.map { "train," + $0 }),
            ("aggregate search --mode=f", ["flight", "ferry"]),
        ]
        let replies = try await Self.bashCompletions(script: generated.stdout, lines: cases.map(\.line))
        for (completion, reply) in zip(cases, replies) {
            #expect(reply == completion.replies, "after '\(completion.line)'")
        }
    }

    @Test(.enabled(if: ShellRunner.has("bash"), "bash is not installed"))
    func bashOffersEveryOptionAndEveryChoiceOfTheParsersTables() async throws {
        let tables = CompletionTables(
            configurations: AggregateTool.commands.map { $0.configuration }, providerIDs: ["kiwi"],
            liveProviderIDs: ["kiwi"])
        var cases: [(line: String, replies: [String])] = []
        for command in AggregateTool.commands.map({ $0.configuration }) {
            cases.append(("aggregate \(command.name) --", command.options.map(\.name) + ["--help"]))
            for option in command.options {
                guard let choices = option.choices else { continue }
                cases.append(("aggregate \(command.name) \(option.name) ", choices))
            }
        }
        let replies = try await Self.bashCompletions(
            script: BashCompletionScript(tables).text, lines: cases.map(\.line))
        for (completion, reply) in zip(cases, replies) {
            #expect(reply == completion.replies, "after '\(completion.line)'")
        }
    }

    @Test(.enabled(if: ShellRunner.has("bash"), "bash is not installed"))
    func theInstalledProvidersAreTheOnesOffered() async throws {
        let context = CommandContext(
            environment: [:],
            catalog: ProviderCatalog([NamedProvider("kiwi", live: true), NamedProvider("my-agency", live: false)]))
        let options = try ParsedOptions.parse(["bash"], specs: [], command: "completions")
        let command = try CompletionsCommand(options: options, context: context)
        #expect(command.tables.providerIDs == ["kiwi", "my-agency"])
        #expect(command.tables.liveProviderIDs == ["kiwi"])
        let replies = try await Self.bashCompletions(
            script: BashCompletionScript(command.tables).text,
            lines: [
                "aggregate search --providers kiwi,m", "aggregate providers ", "aggregate mcp --endpoint m",
                // 'live' is offered only for a provider with a live service: for another it is an error.
                "aggregate search --endpoint kiwi=", "aggregate search --endpoint my-agency=",
            ])
        #expect(
            replies == [
                ["kiwi,my-agency"], ["kiwi", "my-agency"], ["my-agency="], ["embedded", "live"], ["embedded"],
            ])
    }

    @Test(.enabled(if: ShellRunner.has("bash"), "bash is not installed"))
    func anOutsideProviderOnPathIsOfferedToo() async throws {
        let programs = try ProviderPrograms()
        try programs.add("myflights", search: "pass")
        let generated = try await Binary.run(["completions", "bash"], environment: programs.environment)
        #expect(generated.status == 0, "\(generated.stderr)")
        let replies = try await Self.bashCompletions(
            script: generated.stdout,
            lines: ["aggregate search --providers kiwi,my", "aggregate provider check my", "aggregate providers m"])
        #expect(replies == [["kiwi,myflights"], ["myflights"], ["myflights"]])
    }

    @Test func anIDAShellWouldHaveToQuoteIsLeftOut() {
        let tables = CompletionTables(
            configurations: [], providerIDs: ["kiwi", "two words", "$(reboot)", "a'b", "-flag", "ok.id_2"],
            liveProviderIDs: ["kiwi", "two words"])
        #expect(tables.providerIDs == ["kiwi", "ok.id_2"])
        #expect(tables.liveProviderIDs == ["kiwi"])
    }

    /// The ids of the providers the binary is built with, in the catalog's order.
    static let installedIDs = AggregateTool.builtInProviders.map(\.descriptor.id.rawValue)

    /// Every command's name and every option's long name, as a script must name them.
    private static var everyName: [String] {
        AggregateTool.commands.flatMap { command in
            [command.configuration.name] + command.configuration.options.map(\.name)
        } + ["help", "version", "--help", "--version"]
    }

    /// Starts an interactive zsh on a pseudo-terminal (zsh's own `zpty` module), with the folder given first
    /// on `fpath` and `compinit` run, as a user's `.zshrc` would; then types each line given after it with a
    /// Tab at its end, and prints on one line the matches the completion system added. `compadd` is wrapped
    /// to print each match it keeps (with the prefix `compset` moved aside), and Tab is bound to a widget
    /// that marks the start and the end of one completion, so every read waits for exactly that answer.
    static let zshDriver = #"""
        zmodload zsh/zpty || exit 90
        folder=$1
        shift
        zpty session zsh -f -i
        zpty -w session "PROMPT=''; fpath=($folder \$fpath); autoload -Uz compinit; compinit -u -D"
        zpty -w session "zstyle ':completion:*' list-grouped false; zstyle ':completion:*' insert-tab false"
        zpty -w session 'compadd() {
            if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
            local -a __hits; local __hit
            builtin compadd -A __hits "$@"
            for __hit in $__hits; do print -r -- "<hit>$IPREFIX$__hit</hit>"; done
            builtin compadd "$@"
        }'
        zpty -w session '_test_tab() { print -r -- "<begin>"; zle complete-word; print -r -- "<end>" }'
        zpty -w session 'zle -N _test_tab; bindkey "^I" _test_tab'
        # Reads until $1 has been printed, for at most 30 seconds; what was read is in $output.
        read_until() {
            output=''
            local -F deadline=$((SECONDS + 30))
            while (( SECONDS < deadline )); do
                if zpty -r -t session chunk; then
                    output+=$chunk
                    [[ $output == *$1* ]] && return 0
                else
                    sleep 0.02
                fi
            done
            return 1
        }
        # The marker is computed, so that the echo of the command that prints it does not match.
        zpty -w session 'print -r -- "<ready$((6 * 7))>"'
        read_until '<ready42>' || exit 91
        for line in "$@"; do
            zpty -w -n session "$line"$'\t'
            read_until '<end>' || exit 92
            output=${output##*<begin>}
            print -r -- ${(j: :)${(M)${(s:</hit>:)output}##*<hit>*}#*<hit>}
            zpty -w -n session $'\C-g'
        done
        zpty -d session
        """#

    @Test(.enabled(if: ShellRunner.has("zsh"), "zsh is not installed: its script is not checked"))
    func theZshScriptIsValidAndCompletesInZsh() async throws {
        let zsh = try #require(ShellRunner.path(of: "zsh"))
        let generated = try await Binary.run(["completions", "zsh"])
        #expect(generated.status == 0)
        #expect(generated.stdout.hasPrefix("#compdef aggregate\n"))
        let folder = try TemporaryFolder()
        let script = try folder.write("_aggregate", generated.stdout)
        let check = try await ShellRunner.run(zsh, ["-n", script.path], home: folder.url)
        #expect(check.status == 0, "zsh -n: \(check.stderr)")
        #expect(check.stderr == "")
        for name in Self.everyName {
            #expect(Self.names(generated.stdout, name), "the zsh script names \(name)")
        }
        // The script installed as a user would (a folder on fpath, then compinit), and completed with Tab.
        let rates = try folder.write("rates.json", "{}")
        let commands = AggregateTool.commands.map { $0.configuration.name } + ["help", "version"]
        let cases: [(line: String, replies: [String])] = [
            ("aggregate ", commands),
            ("aggregate s", ["search", "serve"]),
            ("aggregate -", ["-h", "--help", "-V", "--version"]),
            ("aggregate search --f", ["--from", "--format"]),
            ("aggregate search --format ", ["table", "json", "csv"]),
            ("aggregate search --format=j", ["--format=json"]),
            ("aggregate search --sort b", ["best"]),
            ("aggregate search --cabin ", ["economy", "premium", "business", "first"]),
            ("aggregate airlines --format ", ["table", "json"]),
            ("aggregate search --providers ", ["all"] + Self.installedIDs),
            ("aggregate search --providers kiwi,s", ["kiwi,sunweb", "kiwi,sita", "kiwi,skiplagged"]),
            ("aggregate search --endpoint k", ["kiwi"]),
            ("aggregate search --endpoint kiwi=", ["kiwi=embedded", "kiwi=live"]),
            ("aggregate search --format json --f", ["--from"]),
            ("aggregate search -- --f", []),
            ("aggregate search --rates \(folder.url.path)/ra", [rates.lastPathComponent]),
            ("aggregate favorites ", ["add", "remove", "list"]),
            ("aggregate favorites add ", []),
            ("aggregate providers s", ["sunweb", "sita", "skiplagged"]),
            ("aggregate provider ", ["check"]),
            ("aggregate provider check k", ["kiwi"]),
            ("aggregate completions ", ["bash", "zsh", "fish"]),
            ("aggregate help se", ["search", "serve"]),
            ("aggregate watch ", ["add", "list", "remove", "run"]),
            ("aggregate watch run --f", ["--format"]),
            ("aggregate watch run --b", []),
            ("aggregate watch add vie --be", ["--below"]),
            ("aggregate search --mode ", Self.modes),
            ("aggregate search --mode train,", Self.modes.filter { $0 != "train" }.map { "train," + $0 }),
        ]
        let driver = try folder.write("driver.zsh", Self.zshDriver)
        let run = try await ShellRunner.run(
            zsh, ["-f", driver.path, folder.url.path] + cases.map(\.line), home: folder.url)
        #expect(run.status == 0, "zsh: \(run.stderr)")
        let replies = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { $0.split(separator: " ").map(String.init) }
        #expect(replies.count == cases.count)
        for (completion, reply) in zip(cases, replies) {
            // zsh sorts what it lists: the order is its own.
            #expect(reply.sorted() == completion.replies.sorted(), "after '\(completion.line)'")
        }
    }

    @Test(.enabled(if: ShellRunner.has("fish"), "fish is not installed: its script is not checked"))
    func theFishScriptIsValidAndCompletesInFish() async throws {
        let fish = try #require(ShellRunner.path(of: "fish"))
        let generated = try await Binary.run(["completions", "fish"])
        #expect(generated.status == 0)
        let folder = try TemporaryFolder()
        let script = try folder.write("aggregate.fish", generated.stdout)
        let check = try await ShellRunner.run(fish, ["--no-execute", script.path], home: folder.url)
        #expect(check.status == 0, "fish --no-execute: \(check.stderr)")
        for name in Self.everyName {
            #expect(Self.names(generated.stdout, name), "the fish script names \(name)")
        }
        // fish can also complete a line without a terminal: `complete -C` prints what Tab would offer.
        let cases: [(line: String, replies: [String])] = [
            ("aggregate search --f", ["--format", "--from"]),
            ("aggregate search --format ", ["csv", "json", "table"]),
            ("aggregate search --sort b", ["best"]),
            ("aggregate search --providers kiwi,av", ["kiwi,aviasales"]),
            ("aggregate search --endpoint k", ["kiwi="]),
            ("aggregate search --endpoint kiwi=", ["kiwi=embedded", "kiwi=live"]),
            ("aggregate favorites ", ["add", "list", "remove"]),
            // Every installed provider whose id starts so, whichever are built in.
            (
                "aggregate providers s",
                AggregateTool.builtInProviders.map(\.descriptor.id.rawValue).filter { $0.hasPrefix("s") }.sorted()
            ),
            ("aggregate watch run --f", ["--format"]),
            ("aggregate watch run --b", []),
            ("aggregate watch run --format ", ["json", "table"]),
            ("aggregate watch add vie --be", ["--below"]),
            ("aggregate search --mode ", Self.modes.sorted()),
            ("aggregate search --mode train,", Self.modes.filter { $0 != "train" }.map { "train," + $0 }.sorted()),
        ]
        let driver = try folder.write(
            "driver.fish",
            """
            source \(script.path); or exit 90
            for line in $argv
                set -l replies (complete -C "$line" | string replace -r '\\t.*' '')
                echo "$replies"
            end
            """)
        let run = try await ShellRunner.run(fish, [driver.path] + cases.map(\.line), home: folder.url)
        #expect(run.status == 0, "fish: \(run.stderr)")
        let replies = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { $0.split(separator: " ").map(String.init) }
        #expect(replies.count == cases.count)
        for (completion, reply) in zip(cases, replies) {
            #expect(reply.sorted() == completion.replies, "after '\(completion.line)'")
        }
    }

    /// Whether a script names a word: an option as `--name` or `-l name` (fish), a command as a word of its
    /// own.
    private static func names(_ script: String, _ name: String) -> Bool {
        if name.hasPrefix("--") { return script.contains(name) || script.contains("-l \(name.dropFirst(2)) ") }
        return script.range(of: "(^|[^a-z-])\(name)($|[^a-z-])", options: .regularExpression) != nil
    }

    @Test func anUnknownOrMissingShellIsAUsageError() async throws {
        let missing = try await Binary.run(["completions"])
        #expect(missing.status == 64)
        #expect(missing.stdout == "")
        #expect(
            missing.stderr == "error: missing shell. Write bash, zsh or fish. See 'aggregate completions --help'.\n")
        let typo = try await Binary.run(["completions", "bsh"])
        #expect(typo.status == 64)
        #expect(typo.stderr == "error: unknown shell 'bsh'. Did you mean 'bash'? See 'aggregate completions --help'.\n")
        let two = try await Binary.run(["completions", "bash", "zsh"])
        #expect(two.status == 64)
        #expect(
            two.stderr
                == "error: unexpected argument 'zsh'. Write one shell, such as aggregate completions bash. "
                + "See 'aggregate completions --help'.\n")
        let help = try await Binary.run(["help", "completions"])
        #expect(help.status == 0)
        for line in [
            "aggregate completions bash > ~/.local/share/bash-completion/completions/aggregate",
            "fpath=(~/.zfunc $fpath)", "aggregate completions fish > ~/.config/fish/completions/aggregate.fish",
        ] {
            #expect(help.stdout.contains(line), "help says \(line)")
        }
    }
}
