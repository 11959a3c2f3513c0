import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// `aggregate airlines`: the airline directory, searched and filtered, with favourites marked.
struct AirlinesCommand: Command {
    /// What `--format` takes.
    static let formats: [OutputFormat] = [.table, .json]

    static let configuration = CommandConfiguration(
        name: "airlines",
        abstract: "Search the airline directory: codes, names, countries, callsigns and which airlines still fly",
        options: [
            OptionSpec(
                key: .search, valueName: "TEXT",
                help: "Only airlines whose name, IATA or ICAO code, callsign or country contains TEXT"),
            OptionSpec(key: .active, valueName: nil, help: "Only airlines that still fly"),
            OptionSpec(key: .favorites, valueName: nil, help: "Only your favourite airlines"),
            OptionSpec(key: .format, choices: formats, help: "Output format (default: table)"),
        ] + DirectoryOptions.specs,
        discussion: """
            Every installed airline directory is asked (see 'aggregate providers'). --search ignores case and
            accents: 'turk' finds Türk Hava Yolları. Airlines are listed by name; ★ marks your favourites
            (see 'aggregate favorites'). The JSON envelope is aggregate.airlines.v1.

            EXIT CODES: 0 every directory answered (even with no airlines), 2 some directories failed and the
            rest were printed, 3 no directory answered, 64 usage error.

            EXAMPLES:
              aggregate airlines --search turk
              aggregate airlines --active --favorites --format json
              aggregate airlines --endpoint sita=file:///tmp/airlines.json
            """)

    let search: String?
    let activeOnly: Bool
    let favoritesOnly: Bool
    let format: OutputFormat
    let directory: DirectoryOptions
    let favoritesFolder: URL?

    init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        let command = Self.configuration.name
        if let word = options.positional.first {
            throw UsageError.unexpectedArgument(word, command: command) { "to search, write --search \($0)" }
        }
        let reader = ValueReader(options: options, command: command)
        search = try reader.text(.search)
        activeOnly = options.has(.active)
        favoritesOnly = options.has(.favorites)
        format = try reader.choice(.format, OutputFormat.self, among: Self.formats) ?? .table
        directory = try DirectoryOptions(options, context: context, command: command)
        favoritesFolder = FavoritesLocation.folder(environment: context.environment)
    }

    func run(console: Console) async -> ExitCode {
        guard !directory.providers.isEmpty else {
            console.printError("error: no airline directory is installed; 'aggregate providers' lists what is")
            return .noProviderAnswered
        }
        let result: SearchResult
        switch await directory.load() {
        case .success(let loaded): result = loaded
        case .failure(let error):
            console.printError("error: \(Wording.setup(error))")
            return .usage
        }
        let favorites = FavoriteCarriers(FavoritesLocation.load(from: favoritesFolder, console: console))
        var airlines = search.map(result.airlines.matching) ?? result.airlines.records
        if activeOnly { airlines = airlines.filter(\.isActive) }
        if favoritesOnly { airlines = airlines.filter { favorites.contains($0) } }
        airlines.sort { (AirlineNames.fold($0.name), $0.id) < (AirlineNames.fold($1.name), $1.id) }

        switch format {
        case .json:
            console.writeOut(
                AirlinesDocument(outcomes: result.outcomes, airlines: airlines, favorites: favorites).printed())
        default:
            if !airlines.isEmpty {
                console.writeOut(table(airlines, favorites: favorites, bold: console.colors) + "\n")
            }
        }
        Diagnostics(verbose: false, endpoints: [:], settings: directory.settings).report(result, to: console)
        if airlines.isEmpty, result.completeness != .none {
            console.printError(result.airlines.isEmpty ? "the directory is empty" : "no airlines match")
        }
        return ExitCode(result.completeness)
    }

    func table(_ airlines: [AirlineRecord], favorites: FavoriteCarriers, bold: Bool) -> String {
        var table = TextTable(columns: [
            .init(title: "IATA"), .init(title: "ICAO"), .init(title: "NAME"), .init(title: "COUNTRY"),
            .init(title: "CALLSIGN"), .init(title: "ACTIVE"), .init(title: "★"),
        ])
        for airline in airlines {
            table.append([
                airline.iata ?? "-", airline.icao ?? "-", airline.name, airline.country ?? "-", airline.callsign ?? "-",
                airline.isActive ? "yes" : "no", favorites.contains(airline) ? "★" : "",
            ])
        }
        return table.render(bold: bold)
    }
}
