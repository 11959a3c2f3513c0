import AggregatorCore
import Foundation
import ProviderKit

/// What a command answers, as values: its output (the typed result a renderer holds, whose document is what
/// JSON front ends send), the lines it has for people, and its exit status. Nothing is printed yet: the
/// command line renders it, `serve` and MCP encode it.
package struct CommandAnswer<Output: CommandOutput> {
    /// The results, or `nil` when there are none to write (the command could not run).
    package var output: Output?
    /// Notes, warnings and errors, in the order they arose.
    package var notices: [Notice]
    /// The exit status.
    package var status: ExitCode
    /// Lines that say which prices are not real, written after everything else on a table or CSV (JSON
    /// carries the mark in each provider's outcome).
    package var sampleNotes: [String] = []
    /// Until when the same request would be answered the same, for a search every provider answered from
    /// answers still fresh in the store (``SearchResult/freshUntil``); `nil` when that is not known.
    package var freshUntil: Date?

    /// An answer that is only an error: nothing ran.
    /// - Parameters:
    ///   - text: the error's words, without `error:`.
    ///   - status: the exit status.
    /// - Returns: the answer.
    package static func failure(_ text: String, status: ExitCode) -> CommandAnswer {
        CommandAnswer(output: nil, notices: [.error(text)], status: status)
    }

    /// The errors' lines, as a front end without standard error reports them.
    package var errorLines: [String] { notices.filter { $0.level == .error }.map(\.line) }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        output: Output? = nil, notices: [Notice], status: ExitCode, sampleNotes: [String] = [],
        freshUntil: Date? = nil
    ) {
        self.output = output
        self.notices = notices
        self.status = status
        self.sampleNotes = sampleNotes
        self.freshUntil = freshUntil
    }
}
