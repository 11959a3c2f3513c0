import AggregatorCore
import Foundation

/// `aggregate favorites add|remove|list AIRLINE`: the favourite airlines that `search` tags and
/// `airlines --favorites` lists.
struct FavoritesCommand: Command {
    static let configuration = CommandConfiguration(
        name: "favorites",
        abstract: "Add, remove or list your favourite airlines, which search results mark",
        options: DirectoryOptions.specs,
        arguments: "add|remove|list [AIRLINE]",
        discussion: """
            AIRLINE is an IATA code (OS) or, for an airline without one, its name ("Luxwing"). It is looked up
            in the airline directory: a known code, or a known name in any case and without accents, is stored
            as the airline's IATA code (its name when it has none). An airline the directory does not know is
            stored as typed, with a note. 'list' prints one favourite per line with the directory's name.

            Favourites are kept in $XDG_DATA_HOME/aggregate/favorites.json (default:
            ~/.local/share/aggregate), readable by you alone. A corrupt file is moved aside to
            favorites.json.corrupt-<time> with a warning, and the favourites start empty.

            EXIT CODES: 0 done (adding one that is already there is done too), 1 'remove' of an airline that
            is not a favourite (nothing changed), or the favourites file cannot be read or written, 64 usage error.

            EXAMPLES:
              aggregate favorites add OS
              aggregate favorites add "turk hava yollari"
              aggregate favorites remove os
              aggregate favorites list
            """)

    /// What to do.
    enum Action: String, CaseIterable {
        case add, remove, list
    }

    let action: Action
    let airline: String?
    let directory: DirectoryOptions
    let folder: URL?

    init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        let command = Self.configuration.name
        guard let word = options.positional.first else {
            throw UsageError("missing action", hint: "write add, remove or list", command: command)
        }
        guard let action = Action(rawValue: word.lowercased()) else {
            throw UsageError(
                "unknown action '\(word)'",
                hint: UsageError.suggesting(
                    word.lowercased(), among: Action.allCases.map(\.rawValue), otherwise: "write add, remove or list"),
                command: command)
        }
        let rest = options.positional.dropFirst().joined(separator: " ").trimmingCharacters(in: .whitespaces)
        switch action {
        case .list where !rest.isEmpty:
            throw UsageError(
                "'list' takes no airline, got '\(rest)'", hint: "write aggregate favorites list", command: command)
        case .add where rest.isEmpty, .remove where rest.isEmpty:
            throw UsageError(
                "'\(action.rawValue)' needs an airline",
                hint: "write for example aggregate favorites \(action.rawValue) OS",
                command: command)
        default: break
        }
        self.action = action
        airline = rest.isEmpty ? nil : rest
        directory = try DirectoryOptions(options, context: context, command: command)
        folder = FavoritesLocation.folder(environment: context.environment)
    }

    func run(console: Console) async -> ExitCode {
        guard let folder else {
            console.printError("error: cannot tell where to keep favourites; set XDG_DATA_HOME or HOME")
            return .failure
        }
        let store = FavoritesStore(folder: folder)
        let airlines = await loadDirectory(console: console)
        do {
            switch action {
            case .list: return try list(store, airlines: airlines, console: console)
            case .add, .remove: return try change(store, airlines: airlines, console: console)
            }
        } catch {
            console.printError("error: \(error.message)")
            return .failure
        }
    }

    /// The directory's records; a directory that fails is a warning, since favourites work without it.
    private func loadDirectory(console: Console) async -> AirlineDirectory {
        guard case .success(let result) = await directory.load() else { return AirlineDirectory() }
        for outcome in result.outcomes where outcome.status.isFailure {
            let message = outcome.error.map(Wording.error) ?? outcome.status.rawValue
            console.printError(
                "warning: \(outcome.provider) \(outcome.status.rawValue): \(message); airlines are not looked up")
        }
        return result.airlines
    }

    private func list(
        _ store: FavoritesStore, airlines: AirlineDirectory, console: Console
    ) throws(FavoritesError) -> ExitCode {
        let snapshot = try store.list()
        report(snapshot.warnings, console: console)
        guard !snapshot.entries.isEmpty else {
            console.printError("no favourites yet; add one with 'aggregate favorites add CODE'")
            return .success
        }
        // A table without a header: entries can be anything a user typed or a file held, so they are
        // sanitised, bounded and aligned by terminal columns like every other table.
        var table = TextTable(columns: [.init(title: "AIRLINE"), .init(title: "NAME")], showsHeader: false)
        for entry in snapshot.entries {
            let record = Self.record(for: entry, in: airlines)
            let name = record?.name ?? (airlines.isEmpty ? nil : "(not in the directory)")
            guard let name, AirlineDirectory.fold(name) != AirlineDirectory.fold(entry) else {
                table.append([entry])
                continue
            }
            table.append([entry, name])
        }
        console.writeOut(table.render(bold: false) + "\n")
        return .success
    }

    private func change(
        _ store: FavoritesStore, airlines: AirlineDirectory, console: Console
    ) throws(FavoritesError) -> ExitCode {
        let typed = airline ?? ""
        let record = Self.record(for: typed, in: airlines)
        let stored = record.map { $0.iata ?? $0.name } ?? typed
        let label = record.map { $0.iata == nil ? $0.name : "\(stored) (\($0.name))" } ?? stored
        if action == .add {
            if record == nil, !airlines.isEmpty {
                console.printError(
                    "note: '\(typed)' is not in the airline directory; it is stored as typed and matched by code or name"
                )
            }
            let snapshot = try store.add(stored)
            report(snapshot.warnings, console: console)
            console.print(snapshot.changed ? "added \(label)" : "\(label) is already a favourite")
            return .success
        }
        var snapshot = try store.remove(stored)
        report(snapshot.warnings, console: console)
        if !snapshot.changed, AirlineDirectory.fold(typed) != AirlineDirectory.fold(stored) {
            // Stored as typed before the directory knew it.
            snapshot = try store.remove(typed)
            report(snapshot.warnings, console: console)
        }
        guard snapshot.changed else {
            console.printError("error: \(label) is not a favourite; 'aggregate favorites list' shows them")
            return .failure
        }
        console.print("removed \(label)")
        return .success
    }

    private func report(_ warnings: [String], console: Console) {
        for warning in warnings { console.printError("warning: \(warning)") }
    }

    /// The record a typed airline names: an IATA code, else an exact name (case and accents ignored).
    static func record(for typed: String, in airlines: AirlineDirectory) -> AirlineRecord? {
        airlines.record(iata: typed) ?? airlines.record(named: typed)
    }
}
