import AggregateEngine
import AggregatorCore
import CommandLineParsing
import ProviderKit

/// What a completion script is generated from: the tool's commands with their options and arguments, as
/// the parser reads them, and the installed providers' ids. Every shell's script is written from these
/// tables alone, so that what a shell offers is what the parser takes.
struct CompletionTables: Sendable {
    /// An option as a shell offers it.
    struct Option: Sendable, Equatable {
        /// The long name with its dashes, `--from`.
        var name: String
        /// The short name with its dash, `-h`, when it has one.
        var short: String?
        /// One line of help.
        var help: String
        /// What the value looks like in help (`CODE`), `nil` for a flag.
        var valueName: String?
        /// Whether it may be given more than once.
        var repeatable = false
        /// What to offer for its value, `nil` for a flag.
        var values: ValueCompletion?

        /// Whether it takes a value.
        var takesValue: Bool { values != nil }
    }

    /// A word that may follow `aggregate`: a subcommand, or `help` and `version`.
    struct Command: Sendable, Equatable {
        /// The word, `search`.
        var name: String
        /// One line on what it does.
        var abstract: String
        /// Its options, `--help` last.
        var options: [Option]
        /// What its words that are not options can be.
        var arguments: ArgumentCompletion
        /// For a command whose first word is an action (`watch run`): each action with the options it takes,
        /// offered once the action is on the line; before it, every option of the command is.
        var actions: [Action] = []

        /// The scopes whose options a shell offers: the command's own (`watch`), then each action's
        /// (`watch run`).
        var scopes: [(name: String, options: [Option])] {
            [(name, options)] + actions.map { ("\(name) \($0.name)", $0.options) }
        }
    }

    /// An action of a command, such as `run` of `watch`, with the options it takes.
    struct Action: Sendable, Equatable {
        /// The action's word.
        var name: String
        /// Its options, in the command's order, `--help` last.
        var options: [Option]
    }

    /// The options `aggregate` takes before a subcommand: help and the version.
    var rootOptions: [Option]
    /// The subcommands, then `help` and `version`, in the order help lists them.
    var commands: [Command]
    /// The installed providers' ids, in the catalog's order; an id a shell would need quoted is left out.
    var providerIDs: [String]
    /// Those of ``providerIDs`` whose provider has a live service, so `--endpoint ID=live` is offered for
    /// them alone.
    var liveProviderIDs: [String]

    /// `--help`, as every subcommand takes it.
    static let helpOption = Option(name: OptionKey.help.name, short: "-h", help: "Show help information")

    /// Collects the tables.
    /// - Parameters:
    ///   - configurations: the subcommands' configurations, in the order help lists them.
    ///   - providerIDs: the installed providers' ids.
    ///   - liveProviderIDs: the ids of those with a live service.
    init(configurations: [CommandConfiguration], providerIDs: [ProviderID], liveProviderIDs: [ProviderID]) {
        rootOptions = [
            Self.helpOption,
            Option(
                name: AggregateTool.versionOption, short: AggregateTool.versionShortOption,
                help: AggregateTool.versionAbstract),
        ]
        commands = configurations.map { configuration in
            Command(
                name: configuration.name, abstract: configuration.abstract,
                options: configuration.options.map(Self.option) + [Self.helpOption],
                arguments: configuration.argumentCompletion,
                actions: configuration.actionOptions.map { action in
                    Action(
                        name: action.action,
                        options: configuration.options.filter { action.options.contains($0.key) }.map(Self.option)
                            + [Self.helpOption])
                })
        }
        commands.append(
            Command(
                name: AggregateTool.helpCommand, abstract: AggregateTool.helpAbstract, options: [],
                arguments: ArgumentCompletion(leading: [.words(configurations.map(\.name))])))
        commands.append(
            Command(
                name: AggregateTool.versionCommand, abstract: AggregateTool.versionAbstract, options: [],
                arguments: .none))
        self.providerIDs = providerIDs.map(\.rawValue).filter(Self.isPlainWord)
        let plainIDs = self.providerIDs
        self.liveProviderIDs = liveProviderIDs.map(\.rawValue).filter { plainIDs.contains($0) }
    }

    /// Collects the tables for the installed providers.
    /// - Parameters:
    ///   - configurations: the subcommands' configurations, in the order help lists them.
    ///   - catalog: the installed providers.
    init(configurations: [CommandConfiguration], catalog: ProviderCatalog) {
        self.init(
            configurations: configurations, providerIDs: catalog.ids,
            liveProviderIDs: catalog.all.map(\.descriptor).filter { !$0.live.isEmpty }.map(\.id))
    }

    /// The names of every word that may follow `aggregate`.
    var commandNames: [String] { commands.map(\.name) }

    private static func option(_ spec: OptionSpec) -> Option {
        Option(
            name: spec.name, help: spec.help, valueName: spec.valueName, repeatable: spec.repeatable,
            values: spec.valueName == nil ? nil : ValueCompletion.value(of: spec))
    }

    /// Whether a word can stand in a script unquoted and be offered as typed: ASCII letters, digits, `.`, `_`
    /// and `-`, not starting with a dash.
    static func isPlainWord(_ word: String) -> Bool {
        guard let first = word.first, first != "-" else { return false }
        return word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") }
    }
}
