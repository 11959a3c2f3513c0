/// A mistake on the command line: one line saying what is wrong, one hint saying what to do.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    var message: String
    /// What to do instead, when there is more to say than the help.
    var hint: String?
    /// The command whose help explains more, such as `search`.
    var command: String?

    init(_ message: String, hint: String?, command: String?) {
        self.message = message
        self.hint = hint
        self.command = command
    }

    /// `error: unknown option '--frm'. Did you mean '--from'? See 'aggregate search --help'.`
    var description: String {
        let help = command.map { "aggregate \($0) --help" } ?? "aggregate --help"
        var text = "error: \(message)."
        if let hint, !hint.isEmpty {
            text += " " + hint.uppercasedFirst + (hint.hasSuffix("?") || hint.hasSuffix(".") ? "" : ".")
        }
        return text + " See '\(help)'."
    }

    /// `did you mean 'x'?` when one candidate is close to the typo, else `otherwise`.
    static func suggesting(_ typo: String, among candidates: [String], otherwise: String?) -> String? {
        Suggestion.closest(to: typo, in: candidates).map { "did you mean '\($0)'?" } ?? otherwise
    }

    static func unknownOption(_ name: String, known: [String], command: String) -> UsageError {
        UsageError("unknown option '\(name)'", hint: suggesting(name, among: known, otherwise: nil), command: command)
    }
}
