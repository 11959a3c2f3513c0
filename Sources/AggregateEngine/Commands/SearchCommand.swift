import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// `aggregate search`: asks the providers, merges and ranks their offers, and prints them.
package struct SearchCommand: AnsweringCommand {
    /// It prints its answer and the process exits.
    package static let answersOnceAndExits = true

    package static let configuration = CommandConfiguration(
        name: "search",
        abstract: "Ask several travel providers at once and print one merged, ranked list of offers",
        options: QueryOptions.specs,
        discussion: """
            Prices are converted into --currency before they are compared; the same flight sold by several
            providers is one row whose SOLD BY column lists every seller's price. Results go to standard
            output; warnings and notes go to standard error.

            EXIT CODES: 0 every provider answered (even with no offers), 2 some providers failed and the
            rest were printed, 3 no provider answered, 64 usage error.

            EXAMPLES:
              aggregate search --providers kiwi,aviasales --from VIE --to BCN
              aggregate search --date 2026-12-18 --sort best --format json
              aggregate search --endpoint kiwi=file:///tmp/kiwi-response.json
            """)

    package let options: QueryOptions
    /// `--wide`: every table column in full, whatever the terminal's width.
    package let wide: Bool

    package init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        self.options = try QueryOptions(options, context: context, command: Self.configuration.name)
        wide = options.has(.wide)
    }

    package var format: OutputFormat { options.format }

    package func answer(progress: (@Sendable (SearchProgress) -> Void)?) async -> CommandAnswer<SearchRenderer> {
        let search: (result: SearchResult, warnings: [Notice])
        do {
            search = try await options.search(options.query, progress: progress)
        } catch {
            return .failure(Wording.setup(error), status: .usage)
        }
        return CommandAnswer(
            output: SearchRenderer(result: search.result),
            notices: search.warnings + options.notices(for: search.result),
            status: ExitCode(search.result.completeness), sampleNotes: Wording.samples(search.result.outcomes),
            freshUntil: search.result.freshUntil)
    }
}
