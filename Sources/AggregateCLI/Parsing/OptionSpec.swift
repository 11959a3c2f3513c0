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

    /// The long name with its dashes, such as `--from`.
    var name: String { key.name }

    /// `--from CODE`, or `--round-trip`.
    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}
