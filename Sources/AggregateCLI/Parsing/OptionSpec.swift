/// One option a command accepts.
struct OptionSpec: Sendable {
    /// The option's name.
    var key: OptionKey
    /// What the value looks like in help (`CODE`), or `nil` for a flag that takes no value.
    var valueName: String?
    /// One line of help.
    var help: String
    /// Whether it may be given more than once.
    var repeatable = false
    /// Every value it takes, as typed, when those are a few fixed words (`table`, `json`, `csv`); `nil` for
    /// a free value or a flag. Filled from the list the value reader checks against, so that help, the
    /// parser and the shell completions cannot disagree.
    var choices: [String]? = nil
    /// Other names the command line takes for it (`--carrier` for `--airline`), read as the option itself;
    /// help and completions show the main name.
    var aliases: [OptionKey] = []

    /// The long name with its dashes, such as `--from`.
    var name: String { key.name }

    /// Whether `name` (with its dashes) names this option, by its own name or an alias.
    /// - Parameter name: a name as typed.
    /// - Returns: `true` when it is the option's name or one of its aliases.
    func isNamed(_ name: String) -> Bool {
        self.name == name || aliases.contains { $0.name == name }
    }

    /// `--from CODE`, or `--round-trip`.
    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}

extension OptionSpec {
    /// An option that takes one of a few fixed words, shown in help as `table|json|csv`.
    /// - Parameters:
    ///   - key: the option.
    ///   - choices: the values it takes, in the order help lists them: the same list the value reader
    ///     checks against.
    ///   - help: one line of help.
    init<Choice: RawRepresentable>(key: OptionKey, choices: [Choice], help: String) where Choice.RawValue == String {
        let words = choices.map(\.rawValue)
        self.init(key: key, valueName: words.joined(separator: "|"), help: help, choices: words)
    }
}
