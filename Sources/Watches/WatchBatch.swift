import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// Runs the searches of several watches at once, politely: the watches that ask with the same settings
/// (endpoints, `--live`, `--offline`, time limit, size cap) share one ``ProviderRunner`` — one set of
/// connections, sign-ins, MCP sessions and per-host pacing — whose ``MemoryQuestionSharing`` keeps the run's
/// answers, and failures, so that a question several watches ask a provider is sent once in the run, also
/// when their searches do not overlap in time, and a failing service is not asked again in the run.
///
/// Each watch's search runs without a limit, so that its history covers every trip it matches, and is
/// turned into a result by its own pipeline (its own rates and currency).
package struct WatchBatch {
    /// A watch whose search options were read.
    package struct Prepared {
        package var watch: Watch
        package var options: QueryOptions
        /// What decides which runner it shares: its connection options as given.
        package var settingsKey: [Watch.Option]
    }

    /// The connection options: watches that write them alike ask alike.
    package static let connectionKeys: [OptionKey] = [.endpoint, .live, .offline, .timeout, .maxResponseSize]

    /// Reads a watch's search options as `search` reads them.
    /// - Parameters:
    ///   - watch: the watch.
    ///   - context: the environment, the config file and the installed providers.
    /// - Returns: the watch ready to run.
    /// - Throws: ``UsageError`` when its options no longer make a search (a provider uninstalled, a rates
    ///   file gone).
    package static func prepare(_ watch: Watch, context: CommandContext) throws(UsageError) -> Prepared {
        let command = "watch run"
        let options = try QueryOptions(watch.options(command: command), context: context, command: command)
        let key = watch.search.filter { connectionKeys.contains($0.key) }
        return Prepared(
            watch: watch, options: options,
            settingsKey: key.sorted { ($0.key.name, $0.value ?? "") < ($1.key.name, $1.value ?? "") })
    }

    /// Runs every watch's search once, all at once.
    /// - Parameters:
    ///   - watches: the watches.
    ///   - favorites: the favourite airlines, to tag offers as search does.
    /// - Returns: each watch's result, in the order given.
    package static func run(_ watches: [Prepared], favorites: FavoriteCarriers) async -> [SearchResult] {
        var runners: [[Watch.Option]: ProviderRunner] = [:]
        for watch in watches where runners[watch.settingsKey] == nil {
            let settings = watch.options.settings
            runners[watch.settingsKey] = ProviderRunner(
                network: URLSessionTransport(maxResponseBytes: settings.maxResponseBytes), settings: settings,
                // The process's sign-ins, sessions and pace; the questions asked, and their answers, this run's.
                connections: watch.options.engine.connections, questions: MemoryQuestionSharing(keepingAnswers: true))
        }
        return await withTaskGroup(of: (Int, SearchResult).self) { group in
            for (index, watch) in watches.enumerated() {
                guard let runner = runners[watch.settingsKey] else { continue }
                group.addTask {
                    var query = watch.options.query
                    query.limit = nil
                    let runs = await runner.run(watch.options.providers, query: query)
                    let pipeline = SearchPipeline(rates: watch.options.rates, favorites: favorites)
                    return (index, pipeline.run(runs, query: query))
                }
            }
            var results: [SearchResult?] = Array(repeating: nil, count: watches.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
    }
}
