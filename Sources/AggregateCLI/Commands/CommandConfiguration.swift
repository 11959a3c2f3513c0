import AggregatorCore
import Foundation
import ProviderKit

/// What help says about a command.
struct CommandConfiguration {
    /// The word that runs it, such as `search`.
    var name: String
    /// One line on what it does.
    var abstract: String
    /// The options it takes.
    var options: [OptionSpec]
    /// Words after the command that are not options, for the usage line (`add|remove|list AIRLINE`).
    var arguments: String? = nil
    /// What those words can be, for the shell completions: none unless the command takes some.
    var argumentCompletion = ArgumentCompletion.none
    /// Paragraphs after the options.
    var discussion: String? = nil
    /// For a command whose first word is an action (`watch add`, `watch run`): the options each action takes,
    /// in the order of the actions, so that the shell completions offer after `watch run` only what `run`
    /// takes. Empty when every option goes with every word.
    var actionOptions: [ActionOptions] = []

    /// The options one action of a command takes.
    struct ActionOptions: Sendable {
        /// The action's word, such as `run`.
        var action: String
        /// The options it takes.
        var options: Set<OptionKey>
    }

    /// The columns a usage line fills before it wraps: what a terminal shows without wrapping it itself.
    static let usageWidth = 80

    /// The help text, in the layout Swift command-line tools share.
    var help: String {
        var text = "OVERVIEW: \(abstract)\n\n\(usage)\n\nOPTIONS:\n"
        let rows = options.map { ($0.synopsis, $0.help) } + [("-h, --help", "Show help information")]
        let width = min((rows.map(\.0.count).max() ?? 0) + 2, 34)
        for (synopsis, help) in rows {
            let padded =
                synopsis.count + 2 > width
                ? synopsis + "\n" + String(repeating: " ", count: width + 2)
                : synopsis.padding(toLength: width, withPad: " ", startingAt: 0)
            text += "  \(padded)\(help).\n"
        }
        if let discussion { text += "\n\(discussion)\n" }
        return text
    }

    /// `USAGE: aggregate search [--providers LIST|all] [--from CODE] …`, wrapped to ``usageWidth`` columns
    /// between options (never inside one), every later line starting under the first option.
    var usage: String {
        let head = "USAGE: aggregate \(name)" + (arguments.map { " \($0)" } ?? "")
        let indent = String(repeating: " ", count: "USAGE: aggregate \(name) ".count)
        var lines = [head]
        for option in options.map({ "[\($0.synopsis)]" }) {
            let line = lines[lines.count - 1]
            if line.count + 1 + option.count <= Self.usageWidth || line == head && line.count < indent.count {
                lines[lines.count - 1] = line + " " + option
            } else {
                lines.append(indent + option)
            }
        }
        return lines.joined(separator: "\n")
    }
}
