import AggregatorCore
import Foundation

/// The root command: picks the subcommand from the first word and runs it.
struct AggregateTool {
    static let version = "0.1.0"

    /// Every subcommand, in the order help lists them.
    static var commands: [any Command.Type] {
        [SearchCommand.self, CompareCommand.self, ProvidersCommand.self, AirlinesCommand.self, FavoritesCommand.self]
    }

    let environment: [String: String]
    let console: Console

    static var help: String {
        var list = ""
        for command in commands {
            let configuration = command.configuration
            list += "  " + configuration.name.padding(toLength: 12, withPad: " ", startingAt: 0)
            list += configuration.abstract + "\n"
        }
        return """
            OVERVIEW: Ask several travel providers at once, convert their prices into one currency, merge the
            same trip sold by several sources into one offer, and rank the result.

            USAGE: aggregate <subcommand> [options]

            OPTIONS:
              --version   Show the version.
              -h, --help  Show help information.

            SUBCOMMANDS:

            """ + list + """
                  help        Show help for a subcommand

                  See 'aggregate help <subcommand>' for detailed help.

                """
    }

    /// Runs the tool.
    /// - Parameter arguments: the command line without the program name.
    /// - Returns: the exit status.
    func run(_ arguments: [String]) async -> ExitCode {
        guard let first = arguments.first else {
            console.writeOut(Self.help)
            return .success
        }
        switch first {
        case "--help", "-h":
            console.writeOut(Self.help)
            return .success
        case "--version":
            console.print("aggregate \(Self.version)")
            return .success
        case "help":
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
            let options = try ParsedOptions.parse(arguments, specs: configuration.options, command: configuration.name)
            if options.wantsHelp {
                console.writeOut(configuration.help)
                return .success
            }
            let instance = try command.init(options: options, environment: environment)
            return await instance.run(console: console)
        } catch {
            return usage(error)
        }
    }

    private func usage(_ error: UsageError) -> ExitCode {
        console.printError(error.description)
        return .usage
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.configuration.name == name }
    }

    static func unknownCommand(_ name: String) -> UsageError {
        let names = commands.map { $0.configuration.name } + ["help"]
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
