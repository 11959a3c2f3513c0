import AggregatorCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the tool writes: results to standard output, everything else to standard error.
struct Console: Sendable {
    /// Writes to standard output.
    var writeOut: @Sendable (String) -> Void
    /// Writes to standard error.
    var writeError: @Sendable (String) -> Void
    /// Whether colour may be used on standard output: a terminal, and `NO_COLOR` not set.
    var colors: Bool
    /// Whether standard error is a terminal, where a progress line can be redrawn in place.
    var errorIsTerminal = false

    /// The process's own standard output and error.
    static func standard(environment: [String: String]) -> Console {
        let terminal = isatty(STDOUT_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Console(
            writeOut: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            colors: terminal && !noColor && environment["TERM"] != "dumb",
            errorIsTerminal: isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb")
    }

    /// Writes a line to standard output.
    func print(_ line: String = "") { writeOut(line + "\n") }
    /// Writes a line to standard error.
    func printError(_ line: String) { writeError(line + "\n") }
}
