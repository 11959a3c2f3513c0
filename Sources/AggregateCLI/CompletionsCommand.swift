import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// `aggregate completions bash|zsh|fish`: prints a shell completion script generated from the tables the
/// parser reads, with the installed providers' ids.
struct CompletionsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "completions",
        abstract: "Print a shell completion script for bash, zsh or fish",
        options: [],
        arguments: CompletionShell.allCases.map(\.rawValue).joined(separator: "|"),
        argumentCompletion: ArgumentCompletion(leading: [.words(CompletionShell.allCases.map(\.rawValue))]),
        discussion: """
            The script completes the subcommands, each one's options, the values of options that take a few
            fixed words (--format, --sort, --cabin, --kind), the ids of the installed providers (--providers
            takes a comma-separated list, --endpoint takes ID=), file names for --rates, and the words after
            a subcommand (favorites add|remove|list, providers ID..., provider check ID). It needs nothing but
            the shell.

            INSTALL:
              bash  aggregate completions bash > ~/.local/share/bash-completion/completions/aggregate
                    (read by the bash-completion package; without it, add to ~/.bashrc:
                    source <(aggregate completions bash))
              zsh   aggregate completions zsh > ~/.zfunc/_aggregate
                    with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc
              fish  aggregate completions fish > ~/.config/fish/completions/aggregate.fish

            Run it again after installing another version or other providers: the script holds the ids of
            the providers installed when it was written, outside programs found then included.

            EXAMPLES:
              aggregate completions bash > ~/.local/share/bash-completion/completions/aggregate
              source <(aggregate completions zsh)
            """)

    let shell: CompletionShell
    let tables: CompletionTables

    init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        let command = Self.configuration.name
        let names = CompletionShell.allCases.map(\.rawValue)
        guard let word = options.positional.first else {
            let choices = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            throw UsageError("missing shell", hint: "write \(choices)", command: command)
        }
        guard let shell = CompletionShell(rawValue: word.lowercased()) else {
            throw UsageError(
                "unknown shell '\(PrintableText.excerpt(word, limit: 40))'",
                hint: UsageError.suggesting(
                    word.lowercased(), among: names, otherwise: "the shells are \(names.joined(separator: ", "))"),
                command: command)
        }
        if let extra = options.positional.dropFirst().first {
            throw UsageError(
                "unexpected argument '\(PrintableText.excerpt(extra, limit: 40))'",
                hint: "write one shell, such as aggregate completions \(shell.rawValue)", command: command)
        }
        self.shell = shell
        tables = CompletionTables(
            configurations: AggregateTool.commands.map { $0.configuration }, catalog: context.catalog)
    }

    func run(console: Console) async -> ExitCode {
        switch shell {
        case .bash: console.writeOut(BashCompletionScript(tables).text)
        case .zsh: console.writeOut(ZshCompletionScript(tables).text)
        case .fish: console.writeOut(FishCompletionScript(tables).text)
        }
        return .success
    }
}
