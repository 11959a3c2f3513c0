import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// `aggregate dates`: which day is cheapest? One search over a range of days, its matching trips grouped by
/// the day they leave, each day's cheapest trip shown.
package struct DatesCommand: AnsweringCommand {
    package static let configuration = CommandConfiguration(
        name: "dates",
        abstract: "Find the cheapest day to fly: one row per day of a range with its cheapest trip",
        options: QueryOptions.specs.filter { ![.kind, .sort, .limit, .color].contains($0.key) },
        discussion: """
            Runs one search over the whole --date range (providers that can search a range do so), filters
            and merges the trips as search does, and prints one row per day: the cheapest trip's price,
            provider, flights and departure, and how many trips match that day; the cheapest day is marked.
            A day's answer is what 'aggregate search --date DAY' would list first. Without --date, the days
            are those the matching trips cover. With a --return range, a grid of departure by return days.

            EXIT CODES: 0 every provider answered (even with no offers), 2 some providers failed and the
            rest were used, 3 no provider answered, 64 usage error.

            EXAMPLES:
              aggregate dates --from VIE --to BCN --date 2026-12-18..2026-12-22
              aggregate dates --from VIE --to BCN --date 2026-12-18..2026-12-19 --return 2026-12-21..2026-12-22
              aggregate dates --to BCN --format json
            """)

    package let options: QueryOptions
    /// `--wide`: every table column in full, whatever the terminal's width.
    package let wide: Bool

    package init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        self.options = try QueryOptions(options, context: context, command: Self.configuration.name)
        wide = options.has(.wide)
    }

    package var format: OutputFormat { options.format }

    package func answer(progress: (@Sendable (SearchProgress) -> Void)?) async -> CommandAnswer<DatesRenderer> {
        var query = options.query
        // Every matching trip, cheapest first: a day's first trip is then its cheapest.
        query.sort = .price
        query.limit = nil
        let search: (result: SearchResult, warnings: [Notice])
        do {
            search = try await options.search(query, progress: progress)
        } catch {
            return .failure(Wording.setup(error), status: .usage)
        }
        let result = search.result
        let days = CheapestDays(result)
        var notices = search.warnings + options.notices(for: result)
        if days.undated > 0 {
            notices.append(
                .note(
                    "\(days.undated == 1 ? "1 matching trip carries" : "\(days.undated) matching trips carry") "
                        + "no departure date, so no day shows \(days.undated == 1 ? "it" : "them")"))
        }
        return CommandAnswer(
            output: DatesRenderer(result: result, days: days), notices: notices, status: ExitCode(result.completeness),
            sampleNotes: Wording.samples(result.outcomes), freshUntil: result.freshUntil)
    }
}
