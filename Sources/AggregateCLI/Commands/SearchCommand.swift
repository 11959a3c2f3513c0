import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate search`: asks the providers, merges and ranks their offers, and prints them.
struct SearchCommand: Command {
    static let configuration = CommandConfiguration(
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

    let options: QueryOptions
    /// `--wide`: every table column in full, whatever the terminal's width.
    let wide: Bool

    init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        self.options = try QueryOptions(options, context: context, command: Self.configuration.name)
        wide = options.has(.wide)
    }

    func run(console: Console) async -> ExitCode {
        let result: SearchResult
        do {
            result = try await options.search(options.query, console: console)
        } catch {
            console.printError("error: \(Wording.setup(error))")
            return .usage
        }
        // A terminal's table fits its width unless --wide; a pipe or a file gets the full table.
        let width = wide ? nil : console.terminalWidth()
        SearchRenderer(result: result).write(options.format, to: console, width: width)
        Diagnostics(
            verbose: options.verbose, endpoints: options.endpointOrigins, settings: options.settings,
            providersNamed: options.providersNamed, providers: options.providers
        )
        .report(result, to: console)
        Diagnostics.reportSamples(in: result.outcomes, format: options.format, to: console)
        return ExitCode(result.completeness)
    }
}
