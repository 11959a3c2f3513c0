import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit
import Watches

/// `aggregate watch add|list|remove|run`: searches kept under a name and run unattended, each run's prices
/// kept in a history, and what changed reported.
struct WatchCommand: Command {
    /// What to do.
    enum Action: String, CaseIterable {
        case add, list, remove, run
    }

    /// The search options a watch keeps: those of `search`, less what orders, cuts or prints the results
    /// (a watch looks at every trip it matches, and `watch run` prints events).
    static let searchSpecs = QueryOptions.specs.filter { ![.sort, .limit, .format, .wide, .verbose].contains($0.key) }
    /// The options only `watch add` takes.
    static let addSpecs = [
        OptionSpec(
            key: .below, valueName: "AMOUNT", help: "Tell when a trip costs this or less, in the watch's --currency"),
        OptionSpec(key: .trip, valueName: "OFFER_ID", help: "Watch only this trip, by the id search prints"),
    ]
    /// What `--format` takes here.
    static let formats: [OutputFormat] = [.table, .json]
    /// The options of `watch run` (and `--format` of `watch list`).
    static let runSpecs = [
        OptionSpec(
            key: .format, choices: formats, help: "Events as lines for people, or JSON lines (default: table)"),
        OptionSpec(key: .notify, valueName: "URL", help: "POST each run's events as one JSON document to this URL"),
        OptionSpec(
            key: .notifyCommand, valueName: "CMD", help: "Pipe each run's events as one JSON document to this command"),
        OptionSpec(
            key: .keep, valueName: "DURATION",
            help: "Keep each history this long, such as 90d, 12w or 36h; older runs are dropped (default: 90d)"),
        OptionSpec(key: .verbose, valueName: nil, help: "Also report each watch's run on stderr"),
    ]

    static let configuration = CommandConfiguration(
        name: "watch",
        abstract: "Keep a search under a name, run it unattended, and hear when a price matters",
        options: searchSpecs + addSpecs + runSpecs,
        arguments: "add|list|remove|run [NAME...]",
        argumentCompletion: ArgumentCompletion(leading: [.words(Action.allCases.map(\.rawValue))], rest: .text),
        discussion: """
            'add NAME' keeps a search with the options of 'search' (--date is required; a range is fine), its
            currency fixed, with an optional limit (--below) and optionally one trip (--trip, an id search
            prints). 'list' shows the watches, 'remove NAME...' removes watches and their histories.

            'run [NAME...]' (every watch when none is named) runs each watch's search once, the watches that
            ask alike sharing each provider's answers, keeps every seller's price for every trip in the
            watch's history, and prints one line per event: a new lowest price and by how much, a trip at or
            under --below, a trip whose cheapest seller changed, a seller that newly sells a trip, a trip no
            longer sold, and a provider that failed. --notify and --notify-command send the same events as one
            JSON document; 'aggregate history NAME' shows a watch's prices over time.

            Watches are kept in $XDG_DATA_HOME/aggregate/watches.json (default: ~/.local/share/aggregate),
            histories in history/NAME.jsonl beside it, readable by you alone.

            EXIT CODES: 'run': 0 nothing to tell, 10 something to tell, 2 some provider failed (or a watch
            could not run), 3 no provider answered, 1 a history or the watch list could not be read or
            written (the first that applies of 3, 2, 1, 10, 0). 'add', 'remove', 'list': 0 done, 1 a name
            that exists already or is not a watch, or the files cannot be read or written. 64 usage error.

            EXAMPLES:
              aggregate watch add vie-bcn --from VIE --to BCN --date 2026-12-18..2026-12-20 --below 90
              aggregate watch add os395 --from VIE --to BCN --date 2026-12-18 --trip f-2b0c3d4e5f607182
              aggregate watch run --notify https://hooks.example.com/T0/B0
              aggregate watch list
            """,
        actionOptions: Action.allCases.map {
            CommandConfiguration.ActionOptions(action: $0.rawValue, options: allowedOptions($0))
        })

    /// The options an action takes: the search's and `add`'s own for `add`, `run`'s for `run`, the format for
    /// `list`, none for `remove`.
    static func allowedOptions(_ action: Action) -> Set<OptionKey> {
        switch action {
        case .add: Set((searchSpecs + addSpecs).map(\.key))
        case .run: Set(runSpecs.map(\.key))
        case .list: [.format]
        case .remove: []
        }
    }

    let action: Action
    /// The names after the action, in lower case.
    let names: [String]
    let context: CommandContext
    /// `add`: the watch to keep.
    let watch: Watch?
    let format: OutputFormat
    let notifier: WatchNotifier
    /// How long a history keeps runs, in seconds.
    let keep: TimeInterval
    let verbose: Bool
    let folder: URL?

    init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        let command = Self.configuration.name
        guard let word = options.positional.first else {
            throw UsageError("missing action", hint: "write add, list, remove or run", command: command)
        }
        guard let action = Action(rawValue: word.lowercased()) else {
            throw UsageError(
                "unknown action '\(PrintableText.excerpt(word, limit: 40))'",
                hint: UsageError.suggesting(
                    word.lowercased(), among: Action.allCases.map(\.rawValue),
                    otherwise: "write add, list, remove or run"),
                command: command)
        }
        self.action = action
        self.context = context
        try Self.checkOptions(options, for: action)
        var names: [String] = []
        for typed in options.positional.dropFirst() {
            guard let name = Watch.name(typed) else {
                throw UsageError(
                    "'\(PrintableText.excerpt(typed, limit: 40))' is not a watch name",
                    hint: "a name is \(Watch.nameRule)",
                    command: command)
            }
            names.append(name)
        }
        switch action {
        case .add where names.count != 1:
            throw UsageError(
                "'add' takes one name", hint: "write aggregate watch add NAME --date YYYY-MM-DD [search options]",
                command: command)
        case .remove where names.isEmpty:
            throw UsageError("'remove' needs a name", hint: "'aggregate watch list' shows them", command: command)
        case .list where !names.isEmpty:
            throw UsageError("'list' takes no name", hint: "write aggregate watch list", command: command)
        default: break
        }
        self.names = names
        let reader = ValueReader(options: options, command: command)
        format = try reader.choice(.format, OutputFormat.self, among: Self.formats) ?? .table
        verbose = options.has(.verbose)
        keep = try Self.keep(reader, options: options, command: command)
        let notify = try Self.webhook(reader, command: command)
        notifier = WatchNotifier(
            webhook: notify, command: try reader.text(.notifyCommand), environment: context.environment)
        folder = UserFolders(environment: context.environment).data
        watch = action == .add ? try Self.watch(named: names[0], options, context: context, command: command) : nil
    }

    /// Refuses an option typed for another action than the one given.
    private static func checkOptions(_ options: ParsedOptions, for action: Action) throws(UsageError) {
        let allowed = allowedOptions(action)
        for spec in configuration.options where options.typed(spec.key) && !allowed.contains(spec.key) {
            let owner = Set(runSpecs.map(\.key)).contains(spec.key) ? "run" : "add"
            throw UsageError(
                "'\(spec.name)' is an option of 'watch \(owner)', not of 'watch \(action.rawValue)'",
                hint: owner == "add"
                    ? "a watch keeps its search when added: remove it and add it again to change it"
                    : "write aggregate watch \(owner) … \(spec.name)",
                command: configuration.name)
        }
    }

    /// `--keep`: `90d`, `12w`, `36h`.
    private static func keep(
        _ reader: ValueReader, options: ParsedOptions, command: String
    ) throws(UsageError) -> TimeInterval {
        guard let text = try reader.text(.keep)?.lowercased() else { return 90 * 86_400 }
        let units: [Character: TimeInterval] = ["h": 3_600, "d": 86_400, "w": 7 * 86_400]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int(text.dropLast()), count > 0,
            Double(count) * unit <= 3_660 * 86_400
        else {
            throw UsageError(
                "'\(OptionKey.keep)' takes a number of hours, days or weeks such as 36h, 90d or 12w, got "
                    + "'\(PrintableText.excerpt(text, limit: 20))'",
                hint: "write for example \(OptionKey.keep) 90d (at most 10 years)", command: command)
        }
        return Double(count) * unit
    }

    /// `--notify`: an `http` or `https` address.
    private static func webhook(_ reader: ValueReader, command: String) throws(UsageError) -> URL? {
        guard let text = try reader.text(.notify) else { return nil }
        guard let url = WebLink.url(text) else {
            throw UsageError(
                "'\(OptionKey.notify)' takes an http or https address, got '\(PrintableText.excerpt(text, limit: 40))'",
                hint: "write for example \(OptionKey.notify) https://hooks.example.com/aggregate", command: command)
        }
        return url
    }

    /// The watch `add` keeps: the search options as typed (a kept currency or provider list included, so that
    /// a later change of the environment does not change the watch), checked as `search` checks them.
    private static func watch(
        named name: String, _ options: ParsedOptions, context: CommandContext, command: String
    ) throws(UsageError) -> Watch {
        guard options.gave(.date) else {
            throw UsageError(
                "a watch needs --date", hint: "write the day or days to watch, such as --date 2026-12-18..2026-12-20",
                command: command)
        }
        let reader = ValueReader(options: options, command: command)
        let directory = FileManager.default.currentDirectoryPath
        var search = Watch.options(options, specs: searchSpecs) { key, value in
            Self.absolute(value, for: key, in: directory)
        }
        // Read as each run will read them: nothing from the environment but what any search reads.
        let draft = Watch(name: name, search: search, below: nil, trip: nil, currency: .eur, created: Date())
        let query = try QueryOptions(draft.options(command: command), context: context, command: command)
        if !options.gave(.currency) {
            search.append(Watch.Option(key: .currency, value: query.query.currency.rawValue))
        }
        let trip = try reader.text(.trip)?.lowercased()
        if let trip, !Watch.isTripID(trip) {
            throw UsageError(
                "'\(OptionKey.trip)' takes a trip's id as search prints it, such as f-10f914b65a6c4678, got "
                    + "'\(PrintableText.excerpt(trip, limit: 40))'",
                hint: "run the search with --format json and copy an offer's id", command: command)
        }
        return Watch(
            name: name, search: search, below: try reader.amount(.below), trip: trip, currency: query.query.currency,
            created: Date())
    }

    /// A file named by a relative path (`--rates`, `--endpoint ID=PATH`) made absolute, so that a run from
    /// another folder (cron's, systemd's) finds it.
    private static func absolute(_ value: String, for key: OptionKey, in directory: String) -> String {
        func absolutePath(_ path: String) -> String {
            path.hasPrefix("/") || path.isEmpty ? path : (directory as NSString).appendingPathComponent(path)
        }
        switch key {
        case .rates:
            return absolutePath(value)
        case .endpoint:
            guard let equals = value.firstIndex(of: "=") else { return value }
            let setting = String(value[value.index(after: equals)...])
            guard !setting.contains("://"), !["embedded", "live"].contains(setting.lowercased()) else { return value }
            return String(value[...equals]) + absolutePath(setting)
        default:
            return value
        }
    }

    func run(console: Console) async -> ExitCode {
        guard let folder else {
            console.printError("error: cannot tell where to keep watches; set XDG_DATA_HOME or HOME")
            return .failure
        }
        let store = WatchStore(folder: folder)
        do {
            switch action {
            case .add: return try add(store, console: console)
            case .list: return try list(store, console: console)
            case .remove: return try remove(store, console: console)
            case .run:
                return await WatchRun(
                    store: store, names: names, context: context, format: format, notifier: notifier, keep: keep,
                    verbose: verbose
                )
                .run(console: console)
            }
        } catch {
            console.printError("error: \(error.message)")
            return .failure
        }
    }

    private func add(_ store: WatchStore, console: Console) throws(StateFileError) -> ExitCode {
        guard let watch else { return .usage }
        let (added, warnings) = try store.add(watch)
        for warning in warnings { console.printError("warning: \(warning)") }
        guard added else {
            console.printError(
                "error: there is a watch named \(watch.name) already; 'aggregate watch remove \(watch.name)' removes it"
            )
            return .failure
        }
        var line = "added watch \(watch.name): \(watch.summary)"
        if let limit = watch.limit { line += ", below \(limit)" }
        if let trip = watch.trip { line += ", trip \(trip)" }
        console.print(line)
        return .success
    }

    private func remove(_ store: WatchStore, console: Console) throws(StateFileError) -> ExitCode {
        let (removed, warnings) = try store.remove(names)
        for warning in warnings { console.printError("warning: \(warning)") }
        for (name, wasRemoved) in zip(names, removed) {
            if wasRemoved {
                console.print("removed watch \(name) and its history")
            } else {
                console.printError("error: there is no watch named \(name); 'aggregate watch list' shows them")
            }
        }
        return removed.allSatisfy { $0 } ? .success : .failure
    }

    private func list(_ store: WatchStore, console: Console) throws(StateFileError) -> ExitCode {
        let snapshot = try store.list()
        for warning in snapshot.warnings { console.printError("warning: \(warning)") }
        var lastRuns: [String: Date] = [:]
        for watch in snapshot.watches {
            do {
                lastRuns[watch.name] = try store.history(of: watch.name).lastRun()?.at
            } catch {
                console.printError("warning: \(watch.name): \(error.message)")
            }
        }
        if format == .json {
            JSONWriter.print(to: console) { json in
                json.object { document in
                    document.key("schema")
                    document.string(WatchStore.wordsSchema)
                    document.key("watches")
                    document.array { list in
                        for watch in snapshot.watches {
                            list.object { entry in
                                entry.key("name")
                                entry.string(watch.name)
                                entry.key("search")
                                entry.strings(watch.words)
                                entry.key("below")
                                entry.money(watch.limit)
                                entry.key("trip")
                                entry.string(watch.trip)
                                entry.key("currency")
                                entry.string(watch.currency.rawValue)
                                entry.key("created_at")
                                entry.date(watch.created)
                                entry.key("last_run")
                                entry.date(lastRuns[watch.name])
                            }
                        }
                    }
                }
            }
            return .success
        }
        guard !snapshot.watches.isEmpty else {
            console.printError("no watches yet; add one with 'aggregate watch add NAME --date YYYY-MM-DD …'")
            return .success
        }
        var table = TextTable(columns: [
            .init(title: "NAME"), .init(title: "SEARCH"), .init(title: "BELOW", alignRight: true),
            .init(title: "TRIP"), .init(title: "LAST RUN"),
        ])
        for watch in snapshot.watches {
            table.append([
                watch.name, watch.summary, watch.limit.map(\.description) ?? "", watch.trip ?? "",
                lastRuns[watch.name].map(HistoryRenderer.localTime) ?? "never",
            ])
        }
        console.writeOut(table.render(bold: console.colors) + "\n")
        return .success
    }
}
