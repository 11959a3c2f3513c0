/// One line a command has for people beside its results — a note, a warning, an error or a plain remark —
/// as a value: the command line prints it on standard error, a server or an MCP tool passes on what it needs.
struct Notice: Sendable, Hashable {
    /// How much the line matters, and the word it starts with.
    enum Level: String, Sendable {
        /// Something worth knowing: `note: …`.
        case note
        /// Something went wrong but the results stand: `warning: …`.
        case warning
        /// The command could not do what was asked: `error: …`.
        case error
        /// A remark with no label, such as `no flights match`.
        case plain
    }

    /// How much it matters.
    var level: Level
    /// The words, without the label.
    var text: String

    /// A note.
    static func note(_ text: String) -> Notice { Notice(level: .note, text: text) }
    /// A warning.
    static func warning(_ text: String) -> Notice { Notice(level: .warning, text: text) }
    /// An error.
    static func error(_ text: String) -> Notice { Notice(level: .error, text: text) }
    /// A remark with no label.
    static func plain(_ text: String) -> Notice { Notice(level: .plain, text: text) }

    /// The line as the command line prints it: `note: …`, `warning: …`, `error: …`, or the words alone.
    var line: String { level == .plain ? text : "\(level.rawValue): \(text)" }
}
