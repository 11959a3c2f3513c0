import AggregateEngine
import CommandLineParsing
import Foundation

extension AggregateTool {
    /// The word that shows help, alone or before a subcommand: `aggregate help search`.
    static let helpCommand = "help"
    /// What ``helpCommand`` does, as the lists of subcommands say.
    static let helpAbstract = "Show help for a subcommand"
    /// The word that prints the version, as `--version` does.
    static let versionCommand = "version"
    /// What ``versionCommand`` does, as the lists of subcommands say.
    static let versionAbstract = "Show the version"
    /// The option that prints the version.
    static let versionOption = "--version"
    /// The short form of ``versionOption``.
    static let versionShortOption = "-V"

    /// The root help: the subcommands, the conventions every command follows, and the files and variables
    /// the tool reads.
    static var help: String {
        var list = ""
        let words =
            commands.map { ($0.configuration.name, $0.configuration.abstract) } + [
                (helpCommand, helpAbstract), (versionCommand, versionAbstract),
            ]
        // The abstracts line up two columns after the longest name.
        let width = (words.map(\.0.count).max() ?? 0) + 2
        for (name, abstract) in words {
            list += "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + abstract + "\n"
        }
        let configKeys = wrapped(
            "Settings kept between runs, with the keys \(ConfigFile.knownKeys.joined(separator: ", ")).", indent: 6)
        let keptVariables = wrapped(KeptSettings.all.map(\.variable).joined(separator: ", "), indent: 2)
        let keptOptions = KeptSettings.all.map(\.key.name)
        let keptList = keptOptions.dropLast().joined(separator: ", ") + " and " + (keptOptions.last ?? "")
        return """
            OVERVIEW: Ask several travel providers at once, convert their prices into one currency, merge the
            same trip sold by several sources into one offer, and rank the result.

            USAGE: aggregate <subcommand> [options] [--] [arguments]

            OPTIONS:
              -V, --version  Show the version (also: aggregate version).
              -h, --help     Show help information (also: aggregate help).

            SUBCOMMANDS:

            \(list)
            See 'aggregate help <subcommand>' for detailed help. --help on a command line shows the command's
            help, whatever else the line holds. '--' ends the options: every word after it is an argument,
            even one that starts with a dash (aggregate favorites add -- -weird-name).

            FILES:
              $XDG_CONFIG_HOME/aggregate/config.json (default: ~/.config/aggregate/config.json)
                  \(configKeys)
                  A flag beats an environment variable, which beats the file.
              $XDG_CACHE_HOME/aggregate (default: ~/.cache/aggregate)
                  The cache: the last good answer to every live request, used by --offline and when a live
                  request fails.
              $XDG_DATA_HOME/aggregate/favorites.json (default: ~/.local/share/aggregate/favorites.json)
                  Your favourite airlines (see 'aggregate help favorites').
              $XDG_DATA_HOME/aggregate/watches.json and history/ (default: ~/.local/share/aggregate)
                  Your watches and their price histories (see 'aggregate help watch').

            ENVIRONMENT:
              AGGREGATE_<ID>_ENDPOINT  A provider's endpoint, such as AGGREGATE_KIWI_ENDPOINT=live.
              AGGREGATE_<ID>_API_KEY   A provider's API key, read from the environment only; with no endpoint
                                       set, it makes the provider ask its live service.
              AGGREGATE_DIRECTORY      The airline directory that enriches flight searches, such as sita.
              \(keptVariables)
                  Defaults for \(keptList), as the config file can keep them.
              NO_COLOR                 No colour, even on a terminal.
              <ID> is a provider's id in capitals, a dash an underscore: 'aggregate providers' lists them.

            SHELL COMPLETIONS:
              aggregate completions bash|zsh|fish prints a completion script; see 'aggregate help completions'
              for where to put it.

            """
    }

    /// Words wrapped to lines of at most 100 columns, every line after the first indented, for a list in
    /// the help that grows with the tool (the config file's keys).
    /// - Parameters:
    ///   - text: the words, separated by spaces.
    ///   - indent: the columns before each line, the first one's written by the caller.
    /// - Returns: the lines, joined by newlines.
    private static func wrapped(_ text: String, indent: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > 100 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }
}
