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

/// The tool's exit status, documented in the README.
enum ExitCode: Int32, Sendable {
    /// Every selected provider answered, even with no offers.
    case success = 0
    /// `favorites`: the change could not be made (not a favourite, or the file cannot be written).
    case failure = 1
    /// Some providers failed; the others' offers were printed.
    case partial = 2
    /// No provider answered.
    case noProviderAnswered = 3
    /// The command line was wrong; nothing ran.
    case usage = 64

    /// The status a search's completeness leads to.
    init(_ completeness: SearchResult.Completeness) {
        switch completeness {
        case .complete: self = .success
        case .partial: self = .partial
        case .none: self = .noProviderAnswered
        }
    }
}
