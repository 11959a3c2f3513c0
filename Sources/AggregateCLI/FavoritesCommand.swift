import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// `aggregate favorites add|remove|list AIRLINE...`: the favourite airlines that `search` tags and
/// `airlines --favorites` lists.
struct FavoritesCommand: Command {
    static let configuration = CommandConfiguration(
        name: "favorites",
        abstract: "Add, remove or list your favourite airlines, which search results mark",
        options: DirectoryOptions.specs,
        arguments: "add|remove|list [AIRLINE...]",
        argumentCompletion: ArgumentCompletion(leading: [.words(Action.allCases.map(\.rawValue))], rest: .text),
        discussion: """
            AIRLINE is an IATA code (OS) or, for an airline without one, its name ("Luxwing"); 'add' and
            'remove' take several at once (add OS LH), so quote a name of several words. Each is looked up
            in the airline directory: a known code, or a known name in any case and without accents, is stored
            as the airline's IATA code (its name when it has none). An airline the directory does not know is
            stored as typed, with a note. 'list' prints one favourite per line with the directory's name.

            Favourites are kept in $XDG_DATA_HOME/aggregate/favorites.json (default:
            ~/.local/share/aggregate), readable by you alone. A corrupt file is moved aside to
            favorites.json.corrupt-<time> with a warning, and the favourites start empty.

            EXIT CODES: 0 done (adding one that is already there is done too), 1 'remove' of an airline that
            is not a favourite (the others named are removed), or the favourites file cannot be read or
            written, 64 usage error.

            EXAMPLES:
              aggregate favorites add OS LH
              aggregate favorites add "turk hava yollari"
              aggregate favorites remove os
              aggregate favorites list
            """)

    /// What to do.
    enum Action: String, CaseIterable {
        case add, remove, list
    }

    let action: Action
    /// The airlines named, as typed and trimmed, in order.
    let airlines: [String]
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
        let named = options.positional.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        let rest = named.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        switch action {
        case .list where !rest.isEmpty:
            throw UsageError(
                "'list' takes no airline, got '\(PrintableText.excerpt(rest, limit: 40))'",
                hint: "write aggregate favorites list", command: command)
        case .add where rest.isEmpty, .remove where rest.isEmpty:
            throw UsageError(
                "'\(action.rawValue)' needs an airline",
                hint: "write for example aggregate favorites \(action.rawValue) OS",
                command: command)
        default: break
        }
        // Every airline has a letter or a digit: a blank word or a lone '-' is a slip, not an airline.
        if let blank = named.first(where: { !$0.contains(where: { $0.isLetter || $0.isNumber }) }) {
            throw UsageError(
                "'\(PrintableText.excerpt(blank, limit: 40))' is not an airline code or name",
                hint: "write for example aggregate favorites \(action.rawValue) OS", command: command)
        }
        self.action = action
        airlines = named
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
            guard let name, AirlineNames.fold(name) != AirlineNames.fold(entry) else {
                table.append([entry])
                continue
            }
            table.append([entry, name])
        }
        console.writeOut(table.render(bold: false) + "\n")
        return .success
    }

    private func change(
        _ store: FavoritesStore, airlines directory: AirlineDirectory, console: Console
    ) throws(FavoritesError) -> ExitCode {
        let resolved = airlines.map { typed in Resolved(typed: typed, record: Self.record(for: typed, in: directory)) }
        if action == .add {
            for airline in resolved where airline.record == nil && !directory.isEmpty {
                console.printError(
                    "note: '\(PrintableText.sanitized(airline.typed))' is not in the airline directory; it is stored "
                        + "as typed and matched by code or name")
            }
            let snapshot = try store.add(resolved.map(\.stored))
            report(snapshot.warnings, console: console)
            for (airline, added) in zip(resolved, snapshot.changes) {
                console.print(added ? "added \(airline.label)" : "\(airline.label) is already a favourite")
            }
            return .success
        }
        let snapshot = try store.remove(resolved.map(\.stored))
        report(snapshot.warnings, console: console)
        var removed = snapshot.changes
        // Those stored as typed before the directory knew them.
        let retry = resolved.indices.filter { !removed[$0] && resolved[$0].typedDiffersFromStored }
        if !retry.isEmpty {
            let second = try store.remove(retry.map { resolved[$0].typed })
            report(second.warnings, console: console)
            for (index, changed) in zip(retry, second.changes) { removed[index] = changed }
        }
        for (airline, wasRemoved) in zip(resolved, removed) {
            if wasRemoved {
                console.print("removed \(airline.label)")
            } else {
                console.printError(
                    "error: \(airline.label) is not a favourite; 'aggregate favorites list' shows them")
            }
        }
        return removed.allSatisfy { $0 } ? .success : .failure
    }

    /// An airline as typed, and what the directory makes of it.
    private struct Resolved {
        let typed: String
        let record: AirlineRecord?

        /// What is stored: the directory's IATA code, its name for an airline without one, else as typed.
        var stored: String { record.map { $0.iata ?? $0.name } ?? typed }
        /// `OS (Austrian Airlines)`, `Luxwing`, or as typed; safe on a terminal, since names come from a
        /// provider.
        var label: String {
            PrintableText.sanitized(record.map { $0.iata == nil ? $0.name : "\(stored) (\($0.name))" } ?? stored)
        }
        var typedDiffersFromStored: Bool { AirlineNames.fold(typed) != AirlineNames.fold(stored) }
    }

    private func report(_ warnings: [String], console: Console) {
        for warning in warnings { console.printError("warning: \(warning)") }
    }

    /// The record a typed airline names: an IATA code, else an exact name (case and accents ignored).
    static func record(for typed: String, in airlines: AirlineDirectory) -> AirlineRecord? {
        airlines.record(iata: typed) ?? airlines.record(named: typed)
    }
}
