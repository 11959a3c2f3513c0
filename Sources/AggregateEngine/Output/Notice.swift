/// One line a command has for people beside its results — a note, a warning, an error or a plain remark —
/// as a value: the command line prints it on standard error, a server or an MCP tool passes on what it needs.
package struct Notice: Sendable, Hashable {
    /// How much the line matters, and the word it starts with.
    package enum Level: String, Sendable {
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
    package var level: Level
    /// The words, without the label.
    package var text: String

    /// A note.
    package static func note(_ text: String) -> Notice { Notice(level: .note, text: text) }
    /// A warning.
    package static func warning(_ text: String) -> Notice { Notice(level: .warning, text: text) }
    /// An error.
    package static func error(_ text: String) -> Notice { Notice(level: .error, text: text) }
    /// A remark with no label.
    package static func plain(_ text: String) -> Notice { Notice(level: .plain, text: text) }

    /// The line as the command line prints it: `note: …`, `warning: …`, `error: …`, or the words alone.
    package var line: String { level == .plain ? text : "\(level.rawValue): \(text)" }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(level: Level, text: String) {
        self.level = level
        self.text = text
    }
}
