/// One option a command accepts.
package struct OptionSpec: Sendable {
    /// The option's name.
    package var key: OptionKey
    /// What the value looks like in help (`CODE`), or `nil` for a flag that takes no value.
    package var valueName: String?
    /// One line of help.
    package var help: String
    /// Whether it may be given more than once.
    package var repeatable = false
    /// Every value it takes, as typed, when those are a few fixed words (`table`, `json`, `csv`); `nil` for
    /// a free value or a flag. Filled from the list the value reader checks against, so that help, the
    /// parser and the shell completions cannot disagree.
    package var choices: [String]? = nil
    /// Other names the command line takes for it (`--carrier` for `--airline`), read as the option itself;
    /// help and completions show the main name.
    package var aliases: [OptionKey] = []

    /// The long name with its dashes, such as `--from`.
    package var name: String { key.name }

    /// Whether `name` (with its dashes) names this option, by its own name or an alias.
    /// - Parameter name: a name as typed.
    /// - Returns: `true` when it is the option's name or one of its aliases.
    package func isNamed(_ name: String) -> Bool {
        self.name == name || aliases.contains { $0.name == name }
    }

    /// `--from CODE`, or `--round-trip`.
    package var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        key: OptionKey, valueName: String? = nil, help: String, repeatable: Bool = false, choices: [String]? = nil,
        aliases: [OptionKey] = []
    ) {
        self.key = key
        self.valueName = valueName
        self.help = help
        self.repeatable = repeatable
        self.choices = choices
        self.aliases = aliases
    }
}

extension OptionSpec {
    /// An option that takes one of a few fixed words, shown in help as `table|json|csv`.
    /// - Parameters:
    ///   - key: the option.
    ///   - choices: the values it takes, in the order help lists them: the same list the value reader
    ///     checks against.
    ///   - help: one line of help.
    package init<Choice: RawRepresentable>(key: OptionKey, choices: [Choice], help: String)
    where Choice.RawValue == String {
        let words = choices.map(\.rawValue)
        self.init(key: key, valueName: words.joined(separator: "|"), help: help, choices: words)
    }
}
