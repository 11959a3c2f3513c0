import AggregatorCore
import ProviderKit

/// A mistake on the command line: one line saying what is wrong, one hint saying what to do.
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    package var message: String
    /// What to do instead, when there is more to say than the help.
    package var hint: String?
    /// The command whose help explains more, such as `search`.
    package var command: String?

    package init(_ message: String, hint: String?, command: String?) {
        self.message = message
        self.hint = hint
        self.command = command
    }

    /// `error: unknown option '--frm'. Did you mean '--from'? See 'aggregate search --help'.`
    package var description: String {
        let help = command.map { "aggregate \($0) --help" } ?? "aggregate --help"
        var text = "error: \(message)."
        if let hint, !hint.isEmpty {
            text += " " + hint.uppercasedFirst + (hint.hasSuffix("?") || hint.hasSuffix(".") ? "" : ".")
        }
        return text + " See '\(help)'."
    }

    /// `did you mean 'x'?` when one candidate is close to the typo, else `otherwise`.
    package static func suggesting(_ typo: String, among candidates: [String], otherwise: String?) -> String? {
        Suggestion.closest(to: typo, in: candidates).map { "did you mean '\($0)'?" } ?? otherwise
    }

    package static func unknownOption(_ name: String, known: [String], command: String) -> UsageError {
        UsageError(
            "unknown option '\(PrintableText.excerpt(name, limit: 40))'",
            hint: suggesting(name, among: known, otherwise: nil), command: command)
    }

    /// An option typed with a dash that is not a hyphen: says so, and names the option meant when there is
    /// one, never the mistyped word as a value.
    /// - Parameters:
    ///   - word: the word as typed, such as `—from`.
    ///   - meaning: the word with `--` for its dashes, such as `--from`.
    ///   - known: the command's options.
    ///   - command: the command.
    package static func lookalikeDash(_ word: String, meaning: String, known: [String], command: String) -> UsageError {
        let typed = PrintableText.excerpt(word, limit: 40)
        let option = known.contains(meaning) ? meaning : Suggestion.closest(to: meaning, in: known)
        return UsageError(
            "'\(typed)' starts with a dash that is not a hyphen",
            hint: option.map { "did you mean '\($0)'?" } ?? "options start with two hyphens, such as --help",
            command: command)
    }

    /// A word where no word belongs. The hint shows the word as an option's value only when it can be one
    /// as typed: never a lone `-`, a word starting with a dash, or one that would need quoting.
    /// - Parameters:
    ///   - word: the word.
    ///   - command: the command.
    ///   - hint: the hint for a word that can be a value, such as `every value follows its option, such as
    ///     --from VIE`.
    package static func unexpectedArgument(
        _ word: String, command: String, hint: (String) -> String
    ) -> UsageError {
        UsageError(
            "unexpected argument '\(PrintableText.excerpt(word, limit: 40))'",
            hint: Suggestion.isPlainValue(word) ? hint(word) : nil, command: command)
    }
}
