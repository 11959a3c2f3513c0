import AggregatorCore
import ProviderKit

/// A command whose work is one typed answer: `search`, `compare`, `dates`, `providers` and `history`. Every
/// front end fills the command from the same option table (the command line's words, `serve`'s query
/// parameters, an MCP call's arguments), calls ``answer(progress:)`` and renders or encodes what it gets back;
/// none of them reads printed text.
package protocol AnsweringCommand: Command, SendableMetatype {
    /// What its answer holds and how it is rendered.
    associatedtype Output: CommandOutput

    /// The format the command line writes the answer in.
    var format: OutputFormat { get }
    /// Whether a table keeps every column whatever the terminal's width.
    var wide: Bool { get }

    /// Does the work and answers with values; prints nothing.
    /// - Parameter progress: told how a search is going, for a progress line; `nil` for none.
    /// - Returns: the answer.
    func answer(progress: (@Sendable (SearchProgress) -> Void)?) async -> CommandAnswer<Output>
}

extension AnsweringCommand {
    package var wide: Bool { false }

    /// Answers, then writes the answer as the command line does: the results on standard output in the format
    /// asked, the notices on standard error, and last the lines that mark sample prices.
    package func run(console: Console) async -> ExitCode {
        let progress = console.errorIsTerminal ? ProgressLine(console: console) : nil
        var report: (@Sendable (SearchProgress) -> Void)?
        if let progress { report = { progress.show($0) } }
        let answer = await answer(progress: report)
        progress?.clear()
        if let output = answer.output {
            // A terminal's table fits its width unless --wide; a pipe or a file gets the full table.
            output.write(format, to: console, width: wide ? nil : console.terminalWidth())
        }
        for notice in answer.notices { console.printError(notice.line) }
        // Standard error says it too, last, beside the marks on standard output (a search's table ends with the
        // same line, its CSV has a `sample` column): a reader that stopped early still saw prices, and is told.
        // A table on the terminal already showed the line on the same screen, so it is not said twice; results
        // that could not be written get no such line.
        let shownOnScreen = format == .table && console.outputIsTerminal
        if format != .json, !shownOnScreen, console.outputFailure().map(\.isClosedPipe) ?? true {
            for line in answer.sampleNotes { console.printError("note: \(line)") }
        }
        return answer.status
    }
}
