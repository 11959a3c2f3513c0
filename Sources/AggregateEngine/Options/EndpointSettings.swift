import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// Each provider's endpoint, from `--endpoint ID=URL`, `AGGREGATE_<ID>_ENDPOINT` or the config file
/// (in that order of precedence). Else, with `--live`, its first live service that it can ask (one that
/// needs no credentials, or whose credentials are set), or none when it has no live service or lacks the
/// credentials, so that it is not asked and says what would make it live. Else its first live service whose
/// credentials are all set (`AGGREGATE_<ID>_API_KEY`, or `AGGREGATE_<ID>_CLIENT_ID` and `…_CLIENT_SECRET`:
/// setting them is how a user says "ask the real service"); else `embedded`.
/// Every setting given is checked, also one a setting of higher precedence overrides, and a bad one is an
/// error that names where it was set: the flag, the variable, or the config file and its key
/// (`config file PATH: endpoints.kiwi: …`).
package struct EndpointSettings {
    /// The endpoint of every installed provider.
    package var endpoints: [ProviderID: Endpoint] = [:]
    /// Where each setting came from: `--endpoint`, the endpoint variable's name, `config file`, the credential
    /// variables' names (`AGGREGATE_KIWI_API_KEY`) when credentials made the provider live, or `default`.
    package var origins: [ProviderID: String] = [:]

    package init(
        flags: [String], environment: [String: String], config: ConfigFile = ConfigFile(),
        providers: [any OfferProvider], live: Bool = false, command: String
    )
        throws(UsageError)
    {
        let file = "config file \(config.path ?? "config.json")"
        for id in config.endpoints.keys.sorted()
        where !providers.contains(where: { $0.descriptor.id == ProviderID(rawValue: id) }) {
            let ids = providers.map(\.descriptor.id.rawValue).joined(separator: ", ")
            throw UsageError(
                "\(file): endpoints.\(PrintableText.excerpt(id, limit: 40)) names no installed provider",
                hint: "installed: \(ids)", command: command)
        }
        for provider in providers {
            let descriptor = provider.descriptor
            endpoints[descriptor.id] = .embedded
            origins[descriptor.id] = "default"
            if let value = config.endpoints[descriptor.id.rawValue] {
                endpoints[descriptor.id] = try Self.parse(
                    value, for: descriptor, environment: environment, origin: "\(file): endpoints.\(descriptor.id)",
                    command: command)
                origins[descriptor.id] = "config file"
            }
            let variable = EnvironmentNames.endpoint(of: descriptor.id)
            if let value = environment[variable], !value.isEmpty {
                endpoints[descriptor.id] = try Self.parse(
                    value, for: descriptor, environment: environment, origin: "\(variable) for \(descriptor.id)",
                    command: command)
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
            endpoints[id] = try Self.parse(
                value, for: provider.descriptor, environment: environment, origin: "--endpoint for \(id)",
                command: command)
            origins[id] = "--endpoint"
        }
        for provider in providers where origins[provider.descriptor.id] == "default" {
            let descriptor = provider.descriptor
            let credentials = CredentialVariables.credentials(for: descriptor, in: environment)
            if live {
                origins[descriptor.id] = OptionKey.live.name
                endpoints[descriptor.id] =
                    if let service = Self.askable(descriptor, credentials) {
                        Endpoint(service)
                    } else if let first = descriptor.live.first {
                        .notLive(.setCredentials(first.signIn.credentials))
                    } else {
                        .notLive(.noLiveService)
                    }
                continue
            }
            // Setting a service's credentials is how a user says "ask the real service": the first service
            // whose credentials are all set.
            guard
                let service = descriptor.live.first(where: {
                    $0.signIn.needsCredentials && credentials.has($0.signIn.credentials)
                })
            else { continue }
            endpoints[descriptor.id] = Endpoint(service)
            origins[descriptor.id] = Wording.list(CredentialVariables.variables(of: service.signIn, for: descriptor.id))
        }
    }

    /// The first live service a provider can ask: one that needs no credentials, or whose credentials are set.
    private static func askable(_ descriptor: ProviderDescriptor, _ credentials: Credentials) -> LiveService? {
        descriptor.live.first { credentials.has($0.signIn.credentials) }
    }

    /// Reads one setting.
    /// - Parameters:
    ///   - value: the setting as written.
    ///   - descriptor: the provider it is for.
    ///   - origin: where it was set, for the message: `--endpoint for kiwi`, `AGGREGATE_KIWI_ENDPOINT for
    ///     kiwi`, `config file PATH: endpoints.kiwi`.
    ///   - command: the command, for the hint.
    /// - Returns: the endpoint.
    /// - Throws: ``UsageError`` naming the origin, for `live` on a provider without a live service, an
    ///   empty value or an unsupported scheme (`javascript:`, `ftp://`). `live` is the first live service
    ///   whose credentials are set (or that needs none), else the first.
    private static func parse(
        _ value: String, for descriptor: ProviderDescriptor, environment: [String: String], origin: String,
        command: String
    )
        throws(UsageError) -> Endpoint
    {
        if value.trimmingCharacters(in: .whitespaces).lowercased() == "live" {
            let credentials = CredentialVariables.credentials(for: descriptor, in: environment)
            guard let service = askable(descriptor, credentials) ?? descriptor.live.first else {
                throw UsageError(
                    "\(origin): \(descriptor.id) has no live service", hint: "give its URL instead", command: command)
            }
            return Endpoint(service)
        }
        do {
            return try Endpoint(parsing: value)
        } catch {
            let text = PrintableText.excerpt(error.text, limit: 80)
            throw UsageError(
                "\(origin): \(text.isEmpty ? "the value is empty" : "'\(text)' is not usable: \(error.reason)")",
                hint: "use embedded, live, file:///path/response.json or https://host", command: command)
        }
    }
}
