import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// `aggregate history NAME`: each seller's price over time for a watch's cheapest trips, or one trip, as a
/// table with a sparkline per seller, JSON or CSV, and as an SVG chart.
package struct HistoryCommand: AnsweringCommand {
    /// What `--format` takes.
    package static let formats: [OutputFormat] = [.table, .json, .csv]
    /// How many trips are shown unless `--limit` says otherwise.
    package static let defaultTrips = 5

    package static let configuration = CommandConfiguration(
        name: "history",
        abstract: "Show each seller's price over time for a watch's trips, as a table, JSON, CSV or a chart",
        options: [
            OptionSpec(key: .trip, valueName: "OFFER_ID", help: "Show only this trip (default: the cheapest trips)"),
            OptionSpec(key: .limit, valueName: "N", help: "Show at most N trips (default: \(defaultTrips))"),
            OptionSpec(key: .format, choices: formats, help: "Output format (default: table)"),
            OptionSpec(key: .chart, valueName: "FILE.svg", help: "Also draw the prices as an SVG line chart in FILE"),
        ],
        arguments: "NAME",
        argumentCompletion: ArgumentCompletion(leading: [.text]),
        discussion: """
            The trips are those of the watch's last run, cheapest first (then those it no longer found), or the
            one --trip names. For each, the table lists its last 10 runs with every seller's price in the
            watch's currency ('-' not sold, '?' the seller could not be asked), then one line per seller: a
            sparkline of its prices scaled to the trip's price range, its lowest and highest price, and its
            price now. --format json prints aggregate.history.v1 (every run), --format csv one row per price.
            --chart writes an SVG line chart, one panel per trip and one colour per seller, that a browser
            shows.

            EXIT CODES: 0 done, 1 no such watch or trip, or the files cannot be read or written, 64 usage error.

            EXAMPLES:
              aggregate history vie-bcn
              aggregate history vie-bcn --trip f-10f914b65a6c4678 --chart prices.svg
              aggregate history vie-bcn --format csv > prices.csv
            """)

    package let name: String
    package let trip: String?
    package let limit: Int
    package let format: OutputFormat
    package let chart: String?
    package let folder: URL?

    package init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        let command = Self.configuration.name
        guard let typed = options.positional.first else {
            throw UsageError("missing watch name", hint: "write aggregate history NAME", command: command)
        }
        guard let name = Watch.name(typed) else {
            throw UsageError(
                "'\(PrintableText.excerpt(typed, limit: 40))' is not a watch name", hint: "a name is \(Watch.nameRule)",
                command: command)
        }
        if let extra = options.positional.dropFirst().first {
            throw UsageError.unexpectedArgument(extra, command: command) { _ in "name one watch" }
        }
        self.name = name
        let reader = ValueReader(options: options, command: command)
        trip = try reader.text(.trip)?.lowercased()
        if let trip, !Watch.isTripID(trip) {
            throw UsageError(
                "'\(OptionKey.trip)' takes a trip's id such as f-10f914b65a6c4678, got "
                    + "'\(PrintableText.excerpt(trip, limit: 40))'",
                hint: "the history of \(name) without \(OptionKey.trip) lists the trips with their ids",
                command: command)
        }
        limit = try reader.integer(.limit, atLeast: 1) ?? Self.defaultTrips
        format = try reader.choice(.format, OutputFormat.self, among: Self.formats) ?? .table
        chart = try reader.text(.chart)
        folder = UserFolders(environment: context.environment).data
    }

    package func answer(progress: (@Sendable (SearchProgress) -> Void)?) async -> CommandAnswer<HistoryOutput> {
        guard let folder else {
            return .failure("cannot tell where watches are kept; set XDG_DATA_HOME or HOME", status: .failure)
        }
        let store = WatchStore(folder: folder)
        let view: PriceHistoryView
        do {
            view = try Self.view(of: name, trip: trip, limit: limit, store: store)
        } catch {
            return .failure(error.message, status: .failure)
        }
        var notices: [Notice] = []
        if view.corruptLines > 0 {
            notices.append(
                .note(
                    "\(view.corruptLines) line\(view.corruptLines == 1 ? "" : "s") of the history could not be read "
                        + "and \(view.corruptLines == 1 ? "was" : "were") skipped"))
        }
        if view.unfinishedRecords > 0 {
            notices.append(
                .note(
                    "\(view.unfinishedRecords) record\(view.unfinishedRecords == 1 ? "" : "s") of a run that never "
                        + "finished \(view.unfinishedRecords == 1 ? "was" : "were") skipped"))
        }
        if let trip, view.trips.isEmpty, !view.runs.isEmpty {
            notices.append(
                .error("the history of \(name) has no trip \(trip); its history without \(OptionKey.trip) lists them"))
            return CommandAnswer(output: nil, notices: notices, status: .failure)
        }
        if view.runs.isEmpty, format == .table {
            notices.append(.plain("\(name) has not run yet; 'aggregate watch run \(name)' runs it"))
        }
        var status = ExitCode.success
        if let chart {
            // The watch's --below limit is drawn as the web page draws it.
            let limit = (try? store.list())?.watch(named: name)?.limit
            let text = PriceChart(view: view, limit: limit).document.text
            do throws(OwnerOnlyFile.Failure) {
                try OwnerOnlyFile.save(Data(text.utf8), to: URL(fileURLWithPath: chart))
                if format == .table { notices.append(.plain("wrote the chart to \(chart)")) }
            } catch {
                notices.append(.error("the chart was not written: \(error)"))
                status = .failure
            }
        }
        return CommandAnswer(output: HistoryOutput(view: view), notices: notices, status: status)
    }

    /// The view of a watch's history, for this command and the `price_history` tool.
    /// - Throws: ``HistoryCommand/Failure`` for no such watch, or a history that cannot be read.
    package static func view(
        of name: String, trip: String?, limit: Int, store: WatchStore
    ) throws(Failure) -> PriceHistoryView {
        do {
            let snapshot = try store.list()
            guard snapshot.watch(named: name) != nil else {
                let known = snapshot.watches.map(\.name)
                throw Failure(
                    message: "there is no watch named \(name); "
                        + (known.isEmpty
                            ? "add one with 'aggregate watch add'" : "the watches are \(known.joined(separator: ", "))")
                )
            }
            let reading = try store.history(of: name).read()
            return PriceHistoryView(watch: name, reading: reading, trip: trip, limit: limit)
        } catch let error as Failure {
            throw error
        } catch let error as StateFileError {
            throw Failure(message: error.message)
        } catch {
            throw Failure(message: "\(error)")
        }
    }

    /// Why a history cannot be shown, in one line.
    package struct Failure: Error {
        package var message: String

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(message: String) {
            self.message = message
        }
    }
}
