import AggregatorCore
import Foundation

/// The directory a flight search is enriched with: `AGGREGATE_DIRECTORY=<id>`, or `"directory"` in
/// the config file, adds that installed airline directory to a flight search that has not selected it
/// already.
enum DirectorySelection {
    /// The environment variable's name.
    static let variable = "AGGREGATE_DIRECTORY"

    /// The selection with the configured directory added.
    /// - Throws: ``UsageError`` when the variable names no installed airline directory.
    static func adding(
        to providers: [any OfferProvider], kind: OfferCategory, configured: String?, command: String
    ) throws(UsageError) -> [any OfferProvider] {
        guard let value = configured?.trimmingCharacters(in: .whitespaces).lowercased(), !value.isEmpty
        else { return providers }
        let directories = ProviderCatalog.directories
        guard let directory = directories.first(where: { $0.descriptor.id.rawValue == value }) else {
            let ids = directories.map(\.descriptor.id.rawValue)
            throw UsageError(
                "\(variable)=\(value) is not an installed airline directory",
                hint: UsageError.suggesting(
                    value, among: ids, otherwise: "the installed directories are \(ids.joined(separator: ", "))"),
                command: command)
        }
        guard kind == .flights, !providers.contains(where: { $0.descriptor.id == directory.descriptor.id }) else {
            return providers
        }
        return providers + [directory]
    }
}

/// The options of the commands that read the airline directory (`airlines`, `favorites`): which
/// endpoint each directory uses and how long to wait.
struct DirectoryOptions {
    /// `--endpoint` and `--timeout`, as these commands list them.
    static let specs: [OptionSpec] = [
        OptionSpec(
            name: "--endpoint", valueName: "ID=URL",
            help: "Where a directory's responses come from: embedded, live, file:///path or https://host (repeatable)",
            repeatable: true),
        OptionSpec(name: "--timeout", valueName: "SECONDS", help: "Deadline for reading the directory (default: 10)"),
        OptionSpec(
            name: "--offline", valueName: nil,
            help: "Read a live directory from the cache of its last good answer; send nothing"),
        ConnectionOptions.maxResponseSize,
    ]

    /// The installed directories.
    let providers: [any OfferProvider]
    /// Their endpoints and the deadline.
    let settings: Aggregator.Settings

    init(_ options: ParsedOptions, environment: [String: String], command: String) throws(UsageError) {
        providers = ProviderCatalog.directories
        // Only a directory's endpoint means anything here; another provider's is a mistake worth naming.
        for flag in options.all("--endpoint") {
            let id = ProviderID(rawValue: String(flag.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces))
            guard providers.contains(where: { $0.descriptor.id == id }) else {
                throw ValueReader.unknownProvider(id.rawValue, among: providers, command: command)
            }
        }
        settings = try ConnectionOptions(options, environment: environment, command: command).settings
    }

    /// Asks every installed directory for its records.
    /// - Returns: the result, whose `airlines` is the directory, or why the aggregator cannot be set up.
    func load() async -> Result<SearchResult, AggregatorSetupError> {
        do {
            let aggregator = try Aggregator(
                providers: providers, transport: URLSessionTransport(maxResponseBytes: settings.maxResponseBytes),
                settings: settings)
            return .success(await aggregator.search(SearchQuery(kind: .airlineDirectory)))
        } catch {
            return .failure(error)
        }
    }
}

/// Where the favourites live: `$XDG_DATA_HOME/aggregate`, else `$HOME/.local/share/aggregate`.
enum FavoritesLocation {
    /// The folder, or `nil` when neither `XDG_DATA_HOME` nor `HOME` gives an absolute path.
    static func folder(environment: [String: String]) -> URL? { UserFolders(environment: environment).data }

    /// The favourites for marking offers and airlines; problems become warnings on standard error,
    /// because a search should not fail over its decoration.
    static func load(from folder: URL?, console: Console) -> Set<String> {
        guard let folder else { return [] }
        do {
            let snapshot = try FavoritesStore(folder: folder).list()
            for warning in snapshot.warnings { console.printError("warning: \(warning)") }
            return Set(snapshot.entries)
        } catch {
            console.printError("warning: favourites are not marked: \(error.message)")
            return []
        }
    }
}
