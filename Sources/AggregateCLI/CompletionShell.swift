/// A shell `aggregate completions` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
    /// GNU bash, through `complete -F`.
    case bash
    /// zsh, through its completion system (`compdef`, `_arguments`).
    case zsh
    /// fish, through `complete -c`.
    case fish
}
