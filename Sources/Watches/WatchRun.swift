import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// `aggregate watch run [NAME…]`: runs each watch's search once, appends what it saw to the watch's
/// history, reports what changed, and notifies.
///
/// Order of work: read the watches; read every watch's search options (a watch whose options no longer
/// make a search is an error line and counts as a failure); run every search at once (``WatchBatch``);
/// then watch by watch, under its history's lock, read the last run, work out the events
/// (``WatchComparison``) and append the new run, and compact the history when it is due; print the
/// events; notify.
///
/// The exit status is the first that applies: 3 no provider answered in any watch, 2 some provider failed
/// or a watch could not run, 1 a history or the watch list could not be read or written, 10 there are
/// events, 0 nothing to tell.
package struct WatchRun {
    package let store: WatchStore
    /// The watches named, or every watch when none is.
    package let names: [String]
    package let context: CommandContext
    package let format: OutputFormat
    package let notifier: WatchNotifier
    /// How long each history keeps runs, in seconds.
    package let keep: TimeInterval
    package let verbose: Bool

    package func run(console: Console) async -> ExitCode {
        let snapshot: WatchStore.Snapshot
        do {
            snapshot = try store.list()
        } catch {
            console.printError("error: \(error.message)")
            return .failure
        }
        for warning in snapshot.warnings { console.printError("warning: \(warning)") }
        var watches: [Watch] = []
        for name in names {
            guard let watch = snapshot.watch(named: name) else {
                let known = snapshot.watches.map(\.name)
                console.printError(
                    UsageError(
                        "there is no watch named \(name)",
                        hint: UsageError.suggesting(
                            name, among: known,
                            otherwise: known.isEmpty
                                ? "add one with aggregate watch add"
                                : "the watches are \(known.joined(separator: ", "))"),
                        command: "watch"
                    ).description)
                return .usage
            }
            if !watches.contains(watch) { watches.append(watch) }
        }
        if names.isEmpty { watches = snapshot.watches }
        guard !watches.isEmpty else {
            console.printError("no watches yet; add one with 'aggregate watch add NAME --date YYYY-MM-DD …'")
            return .success
        }

        let started = Date()
        var prepared: [WatchBatch.Prepared] = []
        var couldNotRun = false
        for watch in watches {
            do {
                prepared.append(try WatchBatch.prepare(watch, context: context))
            } catch {
                couldNotRun = true
                console.printError("error: \(watch.name) cannot run: \(error.message)")
            }
        }
        let favorites = FavoriteCarriers(
            FavoritesLocation.load(from: UserFolders(environment: context.environment).data, console: console))
        let results = await WatchBatch.run(prepared, favorites: favorites)

        var events: [WatchEvent] = []
        var anyAnswered = false
        var anyFailed = couldNotRun
        var fileFailed = false
        var samples: [ProviderOutcome] = []
        for (watch, result) in zip(prepared, results) {
            let at = Date()
            let snapshot = WatchSnapshot(
                result: result, watch: watch.watch, id: HistoryRun.newID(at: at), at: at,
                offline: watch.options.settings.offline)
            anyAnswered = anyAnswered || snapshot.anyAnswered
            anyFailed = anyFailed || snapshot.anyFailed
            samples += result.outcomes
            let history = store.history(of: watch.watch.name)
            let comparison = WatchComparison(watch: watch.watch)
            var found: [WatchEvent] = []
            var first = false
            do {
                found = try history.append(readingBack: WatchComparison.lookBack) { recent in
                    var run = snapshot.run
                    run.low = [recent.last?.low, run.cheapest].compactMap { $0 }.filter { $0.currency == run.currency }
                        .min()
                    first = recent.isEmpty
                    return (run, comparison.events(recent: recent, snapshot: snapshot))
                }
            } catch {
                fileFailed = true
                console.printError("error: \(watch.watch.name): \(error.message); this run was not recorded")
                found = comparison.events(recent: [], snapshot: snapshot)
            }
            events += snapshot.failures + found
            report(watch.watch, snapshot: snapshot, first: first, events: found, console: console)
            compact(history, watch: watch.watch, console: console)
        }

        let status: ExitCode =
            if !anyAnswered {
                .noProviderAnswered
            } else if anyFailed {
                .partial
            } else if fileFailed {
                .failure
            } else if !events.isEmpty {
                .somethingToTell
            } else {
                .success
            }
        for event in events {
            switch format {
            case .json: console.writeOut(WatchEventRenderer.jsonLine(event) + "\n")
            default: console.print(WatchEventRenderer.line(event))
            }
        }
        if !events.isEmpty {
            for line in Wording.samples(samples.filter { !$0.enrichesOnly }) { console.printError("note: \(line)") }
        }
        if !events.isEmpty, !notifier.isEmpty {
            let document = WatchEventRenderer.notification(events, at: started, status: status)
            for warning in await notifier.send(document) { console.printError("warning: \(warning)") }
        }
        return status
    }

    /// Notes on standard error: the first run of a watch, trips left out, and under `--verbose` a line per
    /// watch.
    private func report(_ watch: Watch, snapshot: WatchSnapshot, first: Bool, events: [WatchEvent], console: Console) {
        let trips = Set(snapshot.run.prices.map(\.trip)).count
        let cheapest = snapshot.run.cheapest.map { ", cheapest \($0)" } ?? ""
        if first {
            console.printError(
                "note: \(watch.name): first run, \(trips) trip\(trips == 1 ? "" : "s")\(cheapest); changes are "
                    + "reported from the next run")
        }
        if snapshot.tripsLeftOut > 0 {
            console.printError(
                "note: \(watch.name): \(snapshot.tripsLeftOut) more trips matched than the \(WatchSnapshot.maxTrips) "
                    + "a run records; narrow the search to follow them")
        }
        if let trip = watch.trip, !snapshot.matched.contains(trip), !first {
            console.printError("note: \(watch.name): the trip \(trip) is not sold now")
        }
        if let range = watch.value(of: .date).flatMap(DateRange.init(parsing:)), range.last < Self.today() {
            console.printError(
                "note: \(watch.name): its dates (\(range)) have passed; 'aggregate watch remove \(watch.name)'")
        }
        if verbose {
            console.printError(
                "\(watch.name): \(trips) trip\(trips == 1 ? "" : "s")\(cheapest), \(events.count) change"
                    + "\(events.count == 1 ? "" : "s"), \(snapshot.failures.count) provider"
                    + "\(snapshot.failures.count == 1 ? "" : "s") failed")
        }
    }

    /// Today at the machine's clock, as a local date.
    private static func today() -> LocalDate {
        let parts = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
        return LocalDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? LocalDate(daysSinceEpoch: 0)
    }

    private func compact(_ history: PriceHistory, watch: Watch, console: Console) {
        do {
            guard let done = try history.compact(keeping: keep, now: Date()) else { return }
            if verbose || done.droppedDamage > 0 {
                console.printError(
                    "note: \(watch.name): the history dropped \(done.droppedRuns) runs older than it keeps"
                        + (done.droppedDamage > 0 ? " and \(done.droppedDamage) unreadable lines" : ""))
            }
        } catch {
            console.printError("warning: \(watch.name): the history was not compacted: \(error.message)")
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        store: WatchStore, names: [String], context: CommandContext, format: OutputFormat, notifier: WatchNotifier,
        keep: TimeInterval, verbose: Bool
    ) {
        self.store = store
        self.names = names
        self.context = context
        self.format = format
        self.notifier = notifier
        self.keep = keep
        self.verbose = verbose
    }
}
