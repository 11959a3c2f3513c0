import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit
import Watches

/// The whole `aggregate` command line, as a library: the composition root that an executable, this
/// package's or an outside package's, runs with the providers it wants.
///
/// ```swift
/// import AggregateCLI
/// import Foundation
/// exit(await AggregateTool(providers: AggregateTool.builtInProviders + [MyProvider()])
///     .run(arguments: Array(CommandLine.arguments.dropFirst())))
/// ```
///
/// The providers given here, and the outside programs found on `PATH` or in the config file (see
/// ``ExternalProviders``), are the only ones any command knows: `--providers`, `--endpoint ID=URL`,
/// `AGGREGATE_<ID>_ENDPOINT`, `AGGREGATE_<ID>_API_KEY` and `aggregate providers` all take their ids
/// from them.
public struct AggregateTool: Sendable {
    /// The tool's version, as `--version` prints it.
    public static let version = ToolIdentity.version

    /// Every subcommand, in the order help lists them.
    static var commands: [any Command.Type] {
        [
            SearchCommand.self, CompareCommand.self, DatesCommand.self, ProvidersCommand.self, AirlinesCommand.self,
            FavoritesCommand.self, WatchCommand.self, HistoryCommand.self, MCPCommand.self, ServeCommand.self,
            ProviderCheckCommand.self,
            CompletionsCommand.self,
        ]
    }

    let catalog: ProviderCatalog
    let environment: [String: String]
    let console: Console
    /// The outside programs running for this tool, stopped before it returns.
    let children = ExternalChildren()

    /// Creates the tool for this process: its environment, standard output and standard error.
    /// - Parameter providers: the installed providers, in the order output lists them; ids must be unique.
    public init(providers: [any OfferProvider]) {
        let environment = ProcessInfo.processInfo.environment
        self.init(providers: providers, environment: environment, console: .standard(environment: environment))
    }

    /// Creates the tool with a given environment and console, for tests.
    init(providers: [any OfferProvider], environment: [String: String], console: Console) {
        catalog = ProviderCatalog(providers)
        self.environment = environment
        self.console = console
    }

    /// Runs one command line.
    /// - Parameter arguments: the arguments, without the program name.
    /// - Returns: the exit status: 0 done, 2 partial, 3 no provider answered, 64 usage error, 74 the
    ///   results could not be written, and the others the manual lists.
    public func run(arguments: [String]) async -> Int32 {
        await run(arguments).rawValue
    }

    /// Runs the tool, then settles how writing the results went.
    ///
    /// A reader that went away (`EPIPE`, as under `| head -1`) is not an error: the status is the
    /// command's own, as if everything had been read, and nothing is said about it. Any other failed
    /// write to standard output (a full disk, a closed descriptor) is one line on standard error and
    /// status 74 (`EX_IOERR`).
    /// - Parameter arguments: the command line without the program name.
    /// - Returns: the exit status.
    func run(_ arguments: [String]) async -> ExitCode {
        let status = await dispatch(arguments)
        await children.stopAll()
        guard let failure = console.outputFailure(), !failure.isClosedPipe else { return status }
        console.printError("error: cannot write the results: \(failure.reason)")
        return .outputFailed
    }

    /// Runs the command the arguments name.
    private func dispatch(_ arguments: [String]) async -> ExitCode {
        if let clash = Self.duplicateID(in: catalog.all) {
            console.printError("error: two installed providers have the id '\(clash)'; give each its own id")
            return .usage
        }
        guard let first = arguments.first else {
            console.writeOut(Self.help)
            return .success
        }
        switch first {
        case OptionKey.help.name, "-h":
            console.writeOut(Self.help)
            return .success
        case Self.versionOption, Self.versionShortOption, Self.versionCommand:
            console.print("aggregate \(Self.version)")
            return .success
        case Self.helpCommand:
            guard let name = arguments.dropFirst().first else {
                console.writeOut(Self.help)
                return .success
            }
            guard let command = Self.command(named: name) else { return usage(Self.unknownCommand(name)) }
            console.writeOut(command.configuration.help)
            return .success
        default:
            guard let command = Self.command(named: first) else { return usage(Self.unknownCommand(first)) }
            return await run(command, arguments: Array(arguments.dropFirst()))
        }
    }

    private func run(_ command: any Command.Type, arguments: [String]) async -> ExitCode {
        let configuration = command.configuration
        do {
            let typed = try ParsedOptions.parse(arguments, specs: configuration.options, command: configuration.name)
            if typed.wantsHelp {
                console.writeOut(configuration.help)
                return .success
            }
            // Read once for the whole command; its mistakes are reported by the commands that take settings.
            let configFile = Result { () throws(UsageError) in
                try ConfigFile.load(from: UserFolders(environment: environment), command: configuration.name)
            }
            // The check finds outside programs itself, so that it can check one whose spec cannot be used.
            let outside =
                command == ProviderCheckCommand.self
                ? []
                : await ExternalProviders.found(
                    installed: catalog.all, environment: environment,
                    // A config file with a mistake is the command's to report, with its exit status.
                    config: (try? configFile.get()) ?? ConfigFile(), children: children, warn: console.printError)
            let context = CommandContext(
                environment: environment, catalog: ProviderCatalog(catalog.all + outside), configFile: configFile)
            let options = try KeptSettings.apply(
                to: typed, specs: configuration.options, context: context, command: configuration.name)
            let instance = try command.init(options: options, context: context)
            // A command that answers once, such as a search, is followed by the exit: what its stages drop is kept
            // until then rather than freed first.
            guard command.answersOnceAndExits else {
                return await instance.run(console: console)
            }
            return await DroppedValues.$keptUntilExit.withValue(true) { await instance.run(console: console) }
        } catch {
            return usage(error)
        }
    }

    private func usage(_ error: UsageError) -> ExitCode {
        console.printError(error.description)
        return .usage
    }

    static func duplicateID(in providers: [any OfferProvider]) -> ProviderID? {
        var seen = Set<ProviderID>()
        return providers.map(\.descriptor.id).first { !seen.insert($0).inserted }
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.configuration.name == name }
    }

    static func unknownCommand(_ name: String) -> UsageError {
        let names = commands.map { $0.configuration.name } + [helpCommand, versionCommand]
        if name.hasPrefix("-") {
            return UsageError(
                "unknown option '\(name)'", hint: "options follow a subcommand, such as aggregate search \(name)",
                command: nil)
        }
        return UsageError(
            "unknown subcommand '\(name)'",
            hint: UsageError.suggesting(
                name, among: names, otherwise: "the subcommands are \(names.joined(separator: ", "))"),
            command: nil)
    }
}
