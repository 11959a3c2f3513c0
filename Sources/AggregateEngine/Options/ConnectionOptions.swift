import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// The settings every command that asks providers shares, from options, the environment and the config
/// file: endpoints, the deadline, the size cap, credentials, the cache and offline mode, read once into
/// settings that do not change afterwards.
package struct ConnectionOptions {
    /// `--timeout`, as every command that asks providers lists it.
    package static let timeout = OptionSpec(
        key: .timeout, valueName: "SECONDS", help: "Deadline for the whole search (default: 10)")
    /// `--endpoint`, as every command that asks providers lists it.
    package static let endpoint = OptionSpec(
        key: .endpoint, valueName: "ID=URL",
        help: "Where a provider's responses come from: embedded, live, file:///path or https://host (repeatable)",
        repeatable: true)
    /// `--offline`, as every command that asks providers lists it.
    package static let offline = OptionSpec(
        key: .offline, valueName: nil,
        help: "Answer live providers from the cache of their last good answers; send nothing")
    /// `--live`, as every command that asks providers lists it.
    package static let live = OptionSpec(
        key: .live, valueName: nil,
        help: "Ask every provider's live service; keyless ones need nothing, the others their credentials")
    /// `--max-response-size`, as every command that asks providers lists it.
    package static let maxResponseSize = OptionSpec(
        key: .maxResponseSize, valueName: "SIZE", help: "Largest response accepted, such as 32MiB (default) or 500KiB")

    /// Whether every provider's live service is asked: `--live`, else `AGGREGATE_LIVE`, else the config
    /// file's `live`.
    /// - Throws: ``UsageError`` for an `AGGREGATE_LIVE` that is neither a yes nor a no.
    package static func live(
        _ options: ParsedOptions, environment: [String: String], config: ConfigFile, command: String
    ) throws(UsageError) -> Bool {
        if options.has(.live) { return true }
        if let value = environment[EnvironmentNames.live]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
            switch value.lowercased() {
            case "1", "true", "yes", "on": return true
            case "0", "false", "no", "off": return false
            default:
                throw UsageError(
                    "\(EnvironmentNames.live): '\(PrintableText.excerpt(value, limit: 20))' is neither yes nor no",
                    hint: "set it to 1 to ask the live services, or 0", command: command)
            }
        }
        return config.live ?? false
    }

    /// The settings.
    package let settings: SearchSettings
    /// Where each provider's endpoint setting came from.
    package let endpointOrigins: [ProviderID: String]
    /// The config file as read.
    package let config: ConfigFile

    /// Reads the settings.
    /// - Parameters:
    ///   - options: the parsed command line.
    ///   - context: the environment, the config file and the installed providers.
    ///   - command: the command, for hints.
    ///   - live: whether every provider's live service is asked whatever the options say; `nil` reads it
    ///     from `--live`, `AGGREGATE_LIVE` and the config file.
    /// - Throws: ``UsageError`` for a bad value.
    package init(
        _ options: ParsedOptions, context: CommandContext, command: String, live: Bool? = nil
    ) throws(UsageError) {
        let reader = ValueReader(options: options, command: command)
        let environment = context.environment
        let folders = UserFolders(environment: environment)
        config = try context.config(command: command)
        let deadline = try reader.seconds(.timeout) ?? config.timeout ?? .seconds(10)
        var asksLive = live ?? false
        if live == nil { asksLive = try Self.live(options, environment: environment, config: config, command: command) }
        let endpoints = try EndpointSettings(
            flags: options.all(.endpoint), environment: environment, config: config, providers: context.catalog.all,
            live: asksLive, command: command)
        endpointOrigins = endpoints.origins
        let offline = options.has(.offline)
        let cache = folders.cache.map(ResponseCache.init(folder:))
        if offline, cache == nil {
            throw UsageError(
                "'--offline' needs the cache folder, and neither XDG_CACHE_HOME nor HOME is set",
                hint: "set XDG_CACHE_HOME to an absolute path", command: command)
        }
        let maxResponseBytes =
            try reader.size(.maxResponseSize) ?? config.maxResponseBytes ?? HTTPResponse.defaultSizeCap
        do {
            settings = try SearchSettings(
                deadline: deadline, maxResponseBytes: maxResponseBytes, endpoints: endpoints.endpoints,
                credentials: CredentialVariables.credentials(from: environment, providers: context.catalog.all),
                cache: cache, offline: offline)
        } catch {
            throw UsageError(Wording.setup(error), hint: "check --timeout and --max-response-size", command: command)
        }
    }
}
