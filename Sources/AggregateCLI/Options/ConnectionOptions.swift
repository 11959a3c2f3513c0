import AggregatorCore
import Foundation
import ProviderKit

/// The settings every command that asks providers shares, from options, the environment and the config
/// file: endpoints, the deadline, the size cap, credentials, the cache and offline mode, read once into
/// settings that do not change afterwards.
struct ConnectionOptions {
    /// `--timeout`, as every command that asks providers lists it.
    static let timeout = OptionSpec(
        key: .timeout, valueName: "SECONDS", help: "Deadline for the whole search (default: 10)")
    /// `--endpoint`, as every command that asks providers lists it.
    static let endpoint = OptionSpec(
        key: .endpoint, valueName: "ID=URL",
        help: "Where a provider's responses come from: embedded, live, file:///path or https://host (repeatable)",
        repeatable: true)
    /// `--offline`, as every command that asks providers lists it.
    static let offline = OptionSpec(
        key: .offline, valueName: nil,
        help: "Answer live providers from the cache of their last good answers; send nothing")
    /// `--max-response-size`, as every command that asks providers lists it.
    static let maxResponseSize = OptionSpec(
        key: .maxResponseSize, valueName: "SIZE", help: "Largest response accepted, such as 32MiB (default) or 500KiB")

    /// The settings.
    let settings: SearchSettings
    /// Where each provider's endpoint setting came from.
    let endpointOrigins: [ProviderID: String]
    /// The config file as read.
    let config: ConfigFile

    init(_ options: ParsedOptions, context: CommandContext, command: String) throws(UsageError) {
        let reader = ValueReader(options: options, command: command)
        let environment = context.environment
        let folders = UserFolders(environment: environment)
        config = try context.config(command: command)
        let deadline = try reader.seconds(.timeout) ?? config.timeout ?? .seconds(10)
        let endpoints = try EndpointSettings(
            flags: options.all(.endpoint), environment: environment, config: config, providers: context.catalog.all,
            command: command)
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
