import AggregatorCore
import Foundation

/// Each provider's endpoint, from `--endpoint ID=URL`, `AGGREGATE_<ID>_ENDPOINT` or the config file
/// (in that order of precedence), else `embedded`.
struct EndpointSettings {
    /// The endpoint of every installed provider.
    var endpoints: [ProviderID: Endpoint] = [:]
    /// Where each setting came from: `--endpoint`, the variable's name, `config file`, or `default`.
    var origins: [ProviderID: String] = [:]

    init(
        flags: [String], environment: [String: String], config: ConfigFile = ConfigFile(),
        providers: [any OfferProvider], command: String
    )
        throws(UsageError)
    {
        for id in config.endpoints.keys.sorted()
        where !providers.contains(where: { $0.descriptor.id == ProviderID(rawValue: id) }) {
            let ids = providers.map(\.descriptor.id.rawValue).joined(separator: ", ")
            throw UsageError(
                "config file \(config.path ?? "config.json"): endpoints.\(id) names no installed provider",
                hint: "installed: \(ids)", command: command)
        }
        for provider in providers {
            let descriptor = provider.descriptor
            endpoints[descriptor.id] = .embedded
            origins[descriptor.id] = "default"
            if let value = config.endpoints[descriptor.id.rawValue] {
                endpoints[descriptor.id] = try Self.parse(
                    value, for: descriptor, origin: "config file", command: command)
                origins[descriptor.id] = "config file"
            }
            let variable = EnvironmentNames.endpoint(of: descriptor.id)
            if let value = environment[variable], !value.isEmpty {
                endpoints[descriptor.id] = try Self.parse(value, for: descriptor, origin: variable, command: command)
                origins[descriptor.id] = variable
            }
        }
        for flag in flags {
            guard let equals = flag.firstIndex(of: "="), equals != flag.startIndex else {
                throw UsageError(
                    "'--endpoint' takes ID=URL, got '\(flag)'",
                    hint: "write --endpoint kiwi=file:///path/response.json",
                    command: command)
            }
            let id = ProviderID(rawValue: String(flag[..<equals]).trimmingCharacters(in: .whitespaces))
            guard let provider = providers.first(where: { $0.descriptor.id == id }) else {
                throw ValueReader.unknownProvider(id.rawValue, among: providers, command: command)
            }
            let value = String(flag[flag.index(after: equals)...])
            endpoints[id] = try Self.parse(value, for: provider.descriptor, origin: "--endpoint", command: command)
            origins[id] = "--endpoint"
        }
    }

    private static func parse(
        _ value: String, for descriptor: ProviderDescriptor, origin: String, command: String
    )
        throws(UsageError) -> Endpoint
    {
        if value.lowercased() == "live" {
            guard let url = descriptor.liveURL else {
                throw UsageError("\(descriptor.id) has no live service", hint: "give its URL instead", command: command)
            }
            return .remote(url)
        }
        do {
            return try Endpoint(parsing: value)
        } catch {
            throw UsageError(
                "\(origin) for \(descriptor.id): \(error.text.isEmpty ? "the value is empty" : "'\(error.text)' is not usable: \(error.reason)")",
                hint: "use embedded, live, file:///path/response.json or https://host", command: command)
        }
    }
}
