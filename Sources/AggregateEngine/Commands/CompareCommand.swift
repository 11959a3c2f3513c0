import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// `aggregate compare`: runs the same query as `search` and shows the providers side by side — how each
/// did, and who sells the same trip for less.
package struct CompareCommand: AnsweringCommand {
    /// It prints its answer and the process exits.
    package static let answersOnceAndExits = true

    package static let configuration = CommandConfiguration(
        name: "compare",
        abstract: "Show the providers side by side: how each did, and who sells the same trip for less",
        options: QueryOptions.specs.map(adapted),
        discussion: """
            One row per provider: status, latency, offers returned, records skipped, matched offers, its
            cheapest and median price in --currency, and how many of its offers another provider sells too.
            Then every trip sold by two or more providers with each one's price (converted, and as sent), the
            cheapest, and the saving against the dearest; largest saving first unless --sort is given. Then
            one line per pair of providers: on the trips both sell, how often each is cheaper and the median
            of first minus second (negative: the first is usually cheaper). A price that cannot be converted
            is shown as sent and left out of every comparison.

            EXIT CODES: 0 every provider answered (even with no offers), 2 some providers failed and the
            rest were compared, 3 no provider answered, 64 usage error.

            EXAMPLES:
              aggregate compare --providers kiwi,aviasales
              aggregate compare --to BCN --limit 3 --format json
              aggregate compare --endpoint aviasales=file:///tmp/aviasales-response.json --format csv
            """)

    /// The shared query options, with the two whose meaning changes here reworded.
    private static func adapted(_ spec: OptionSpec) -> OptionSpec {
        var spec = spec
        switch spec.key {
        case .sort: spec.help = "Order of the shared trips (default: largest saving first)"
        case .limit: spec.help = "Show at most N shared trips; provider rows and pairs cover all (default: all)"
        default: break
        }
        return spec
    }

    package let options: QueryOptions
    package let order: SourceComparison.Order
    /// `--wide`: every table column in full, whatever the terminal's width.
    package let wide: Bool

    package init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        self.options = try QueryOptions(options, context: context, command: Self.configuration.name)
        // QueryOptions defaults the sort to price; only a --sort actually typed replaces the saving order,
        // not a kept one: comparing sources is about what each saves.
        order = options.typed(.sort) ? .ranked : .saving
        wide = options.has(.wide)
    }

    package var format: OutputFormat { options.format }

    package func answer(progress: (@Sendable (SearchProgress) -> Void)?) async -> CommandAnswer<CompareRenderer> {
        var query = options.query
        // The figures must cover every matching trip, so the search runs unlimited and the limit is
        // applied to the shared trips alone.
        let limit = query.limit
        query.limit = nil
        let search: (result: SearchResult, warnings: [Notice])
        do {
            search = try await options.search(query, progress: progress)
        } catch {
            return .failure(Wording.setup(error), status: .usage)
        }
        let result = search.result
        let comparison = SourceComparison(result, order: order, limit: limit)
        // The comparison's notes are the search's plus its own, so they are reported in their place.
        var reported = result
        reported.notes = comparison.notes
        var notices = search.warnings + options.notices(for: reported)
        if !result.offers.isEmpty, comparison.sharedTotal == 0 {
            notices.append(.note("no trip is sold by more than one of the selected providers"))
        }
        return CommandAnswer(
            output: CompareRenderer(comparison: comparison), notices: notices, status: ExitCode(result.completeness),
            sampleNotes: Wording.samples(result.outcomes), freshUntil: result.freshUntil)
    }
}
