import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// The options of the commands that read the airline directory (`airlines`, `favorites`): which
/// endpoint each directory uses and how long to wait.
package struct DirectoryOptions {
    /// `--endpoint` and `--timeout`, as these commands list them.
    package static let specs: [OptionSpec] = [
        OptionSpec(
            key: .endpoint, valueName: "ID=URL",
            help: "Where a directory's responses come from: embedded, live, file:///path or https://host (repeatable)",
            repeatable: true),
        OptionSpec(key: .timeout, valueName: "SECONDS", help: "Deadline for reading the directory (default: 10)"),
        OptionSpec(
            key: .offline, valueName: nil,
            help: "Read a live directory from the cache of its last good answer; send nothing"),
        ConnectionOptions.maxResponseSize,
    ]

    /// The installed directories.
    package let providers: [any OfferProvider]
    /// Their endpoints and the deadline.
    package let settings: SearchSettings

    package init(_ options: ParsedOptions, context: CommandContext, command: String) throws(UsageError) {
        providers = context.catalog.directories
        // Only a directory's endpoint means anything here; another provider's is a mistake worth naming.
        for flag in options.all(.endpoint) {
            let id = ProviderID(rawValue: String(flag.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces))
            guard providers.contains(where: { $0.descriptor.id == id }) else {
                throw ValueReader.unknownProvider(id.rawValue, among: providers, command: command)
            }
        }
        settings = try ConnectionOptions(options, context: context, command: command).settings
    }

    /// Asks every installed directory for its records.
    /// - Returns: the result, whose `airlines` is the directory, or why the aggregator cannot be set up.
    package func load() async -> Result<SearchResult, AggregatorSetupError> {
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
