/// The last lines an outside program wrote on standard error, sanitised: what `--verbose` shows under a
/// failure, as the failure's underlying error.
package struct ExternalLog: Error, Sendable, Hashable, CustomStringConvertible {
    /// The lines, oldest first.
    package var lines: [String]

    /// `its log ends: first | second`, or `its log is empty`.
    package var description: String {
        lines.isEmpty ? "its log is empty" : "its log ends: " + lines.joined(separator: " | ")
    }
}
