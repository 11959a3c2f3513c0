import AggregatorCore
import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the tool writes: results to standard output, everything else to standard error.
///
/// Text from outside cannot reach the terminal raw through it: ``print(_:)`` and ``printError(_:)`` pass
/// every line through ``PrintableText``, ``showStatus(_:)`` does the same for the progress line, and
/// ``writeOut`` takes only whole documents made by the writers that sanitise or escape each value
/// (``TextTable``, ``CSV``, `JSONWriter`) or the tool's own help text.
package struct Console: Sendable {
    /// Writes a whole document to standard output, as is: a rendered table, CSV or JSON, or help.
    package var writeOut: @Sendable (String) -> Void
    /// Writes to standard error, as is; lines go through ``printError(_:)``.
    package var writeError: @Sendable (String) -> Void
    /// Whether colour may be used on standard output: a terminal, and `NO_COLOR` not set.
    package var colors: Bool
    /// Whether standard error is a terminal, where a progress line can be redrawn in place.
    package var errorIsTerminal = false
    /// Whether standard output is a terminal: what it shows, a person reads beside standard error.
    package var outputIsTerminal = false
    /// The columns of the terminal standard output is, asked when a table is printed; `nil` when standard
    /// output is not a terminal, so piped and redirected tables keep every column.
    package var terminalWidth: @Sendable () -> Int? = { nil }
    /// The first failed write to standard output, if any.
    package var outputFailure: @Sendable () -> OutputFailure? = { nil }

    /// The process's own standard output and error, written with `write(2)`.
    ///
    /// `SIGPIPE` is ignored from here on, so a reader that goes away (`| head -1`) is an `EPIPE` the
    /// tool handles quietly, not a signal that kills it; standard descriptors the process was started
    /// without are held on `/dev/null` (see ``FileDescriptorWriter/reserveIfClosed(_:)``).
    package static func standard(environment: [String: String]) -> Console {
        signal(SIGPIPE, SIG_IGN)
        _ = FileDescriptorWriter.reserveIfClosed(STDIN_FILENO)
        let output = FileDescriptorWriter(
            descriptor: STDOUT_FILENO, closedAtStart: FileDescriptorWriter.reserveIfClosed(STDOUT_FILENO))
        let error = FileDescriptorWriter(
            descriptor: STDERR_FILENO, closedAtStart: FileDescriptorWriter.reserveIfClosed(STDERR_FILENO))
        let terminal = isatty(STDOUT_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let columns = environment["COLUMNS"]
        return Console(
            writeOut: { output.write($0) },
            writeError: { error.write($0) },
            colors: terminal && !noColor && environment["TERM"] != "dumb",
            errorIsTerminal: isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb",
            outputIsTerminal: terminal,
            terminalWidth: { terminal ? width(of: STDOUT_FILENO, columns: columns) : nil },
            outputFailure: { output.failure })
    }

    /// The terminal's columns from `TIOCGWINSZ`, else from `COLUMNS`, else `nil`.
    private static func width(of descriptor: Int32, columns: String?) -> Int? {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = columns.flatMap({ Int($0) }), columns > 0 { return columns }
        return nil
    }

    /// Writes a line to standard output, sanitised.
    package func print(_ line: String = "") { writeOut(PrintableText.sanitized(line) + "\n") }

    /// Writes a line to standard error, sanitised: provider messages, notes and usage errors quote text
    /// from outside.
    package func printError(_ line: String) { writeError(PrintableText.sanitized(line) + "\n") }

    /// Draws a one-line status on standard error in place of the previous one, sanitised.
    package func showStatus(_ line: String) { writeError("\r\u{1B}[2K" + PrintableText.sanitized(line)) }

    /// Erases the status line drawn by ``showStatus(_:)``.
    package func eraseStatus() { writeError("\r\u{1B}[2K") }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        writeOut: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void, colors: Bool,
        errorIsTerminal: Bool = false, outputIsTerminal: Bool = false,
        terminalWidth: @escaping @Sendable () -> Int? = { nil },
        outputFailure: @escaping @Sendable () -> OutputFailure? = { nil }
    ) {
        self.writeOut = writeOut
        self.writeError = writeError
        self.colors = colors
        self.errorIsTerminal = errorIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.terminalWidth = terminalWidth
        self.outputFailure = outputFailure
    }
}
