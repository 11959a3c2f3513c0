import AggregatorCore
import Foundation
import ProviderKit

/// What help says about a command.
package struct CommandConfiguration {
    /// The word that runs it, such as `search`.
    package var name: String
    /// One line on what it does.
    package var abstract: String
    /// The options it takes.
    package var options: [OptionSpec]
    /// Words after the command that are not options, for the usage line (`add|remove|list AIRLINE`).
    package var arguments: String? = nil
    /// What those words can be, for the shell completions: none unless the command takes some.
    package var argumentCompletion = ArgumentCompletion.none
    /// Paragraphs after the options.
    package var discussion: String? = nil
    /// For a command whose first word is an action (`watch add`, `watch run`): the options each action takes,
    /// in the order of the actions, so that the shell completions offer after `watch run` only what `run`
    /// takes. Empty when every option goes with every word.
    package var actionOptions: [ActionOptions] = []

    /// The options one action of a command takes.
    package struct ActionOptions: Sendable {
        /// The action's word, such as `run`.
        package var action: String
        /// The options it takes.
        package var options: Set<OptionKey>

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(action: String, options: Set<OptionKey>) {
            self.action = action
            self.options = options
        }
    }

    /// The columns a usage line fills before it wraps: what a terminal shows without wrapping it itself.
    package static let usageWidth = 80

    /// The help text, in the layout Swift command-line tools share.
    package var help: String {
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
    package var usage: String {
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

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        name: String, abstract: String, options: [OptionSpec], arguments: String? = nil,
        argumentCompletion: ArgumentCompletion = ArgumentCompletion.none, discussion: String? = nil,
        actionOptions: [ActionOptions] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.options = options
        self.arguments = arguments
        self.argumentCompletion = argumentCompletion
        self.discussion = discussion
        self.actionOptions = actionOptions
    }
}
