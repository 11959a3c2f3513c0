import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// `aggregate providers`: what is installed, what each offers, and which endpoint each uses now; with
/// `--check`, one small real request to each live provider, with its status and latency.
package struct ProvidersCommand: AnsweringCommand {
    /// What `--format` takes.
    package static let formats: [OutputFormat] = [.table, .json]

    package static let configuration = CommandConfiguration(
        name: "providers",
        abstract: "List the installed providers, what each offers and which endpoint each uses",
        options: [
            OptionSpec(key: .format, choices: formats, help: "Output format (default: table)"),
            OptionSpec(
                key: .endpoint, valueName: "ID=URL", help: "Show the effect of an endpoint setting (repeatable)",
                repeatable: true),
            OptionSpec(
                key: .check, valueName: nil,
                help: "Ask each provider's live service one small question and show its status and latency"),
            ConnectionOptions.timeout,
        ],
        arguments: "[ID...]",
        argumentCompletion: ArgumentCompletion(rest: .providerIDs))

    package let format: OutputFormat
    package let endpoints: EndpointSettings
    /// What `--live` would ask of each provider.
    package let liveEndpoints: EndpointSettings
    /// The settings to ask providers with, when `--check` was given.
    package let check: SearchSettings?
    package let catalog: ProviderCatalog
    /// The providers to list: those named, or every installed one.
    package let listed: [any OfferProvider]

    package init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        let environment = context.environment
        catalog = context.catalog
        let reader = ValueReader(options: options, command: Self.configuration.name)
        var listed: [any OfferProvider] = []
        for word in options.positional {
            guard let provider = catalog.provider(ProviderID(rawValue: word)) else {
                throw ValueReader.unknownProvider(word, among: catalog.all, command: Self.configuration.name)
            }
            if !listed.contains(where: { $0.descriptor.id == provider.descriptor.id }) { listed.append(provider) }
        }
        self.listed = listed.isEmpty ? catalog.all : listed
        format = try reader.choice(.format, OutputFormat.self, among: Self.formats) ?? .table
        let config = try context.config(command: Self.configuration.name)
        endpoints = try EndpointSettings(
            flags: options.all(.endpoint), environment: environment, config: config, providers: catalog.all,
            command: Self.configuration.name)
        liveEndpoints = try EndpointSettings(
            flags: options.all(.endpoint), environment: environment, config: config, providers: catalog.all,
            live: true, command: Self.configuration.name)
        self.environment = environment
        // A check asks the live services, as --live does: keyless ones need nothing, the others their credentials.
        check =
            options.has(.check)
            ? try ConnectionOptions(options, context: context, command: Self.configuration.name, live: true).settings
            : nil
    }

    private let environment: [String: String]

    /// `set`, `not set`, `partly set`, or `-` for a provider that needs no credentials: never a value.
    private func credentialState(_ descriptor: ProviderDescriptor) -> String {
        CredentialVariables.state(of: descriptor, in: environment)
    }

    /// What `--live` asks of a provider: its live endpoint, `needs AGGREGATE_…` when it lacks credentials, or
    /// `-` when it has no live service.
    private func liveState(_ descriptor: ProviderDescriptor) -> String {
        switch liveEndpoints.endpoints[descriptor.id] {
        case .notLive(.setCredentials(let names)):
            "needs " + Wording.list(names.map { EnvironmentNames.credential($0, of: descriptor.id) })
        case .notLive, nil: "-"
        case let endpoint?: endpoint.description
        }
    }

    /// `installed` for a provider the tool was built with; for an outside program, where it was found.
    private func foundIn(_ descriptor: ProviderDescriptor) -> String {
        (catalog.provider(descriptor.id) as? ExternalProvider)?.program.foundIn ?? "installed"
    }

    package func answer(progress: (@Sendable (SearchProgress) -> Void)?) async -> CommandAnswer<ProvidersOutput> {
        if let check { return await answerCheck(settings: check) }
        // Where each was found matters only once outside programs are among them.
        let rows = listed.map(\.descriptor).map { descriptor in
            ProvidersOutput.Row(
                entry: entry(descriptor), capabilities: descriptor.capabilities.map(\.rawValue).sorted(),
                foundIn: foundIn(descriptor))
        }
        return CommandAnswer(
            output: .list(rows, showFoundIn: listed.contains { $0 is ExternalProvider }), notices: [],
            status: .success)
    }

    /// A provider as the JSON document lists it.
    private func entry(_ descriptor: ProviderDescriptor) -> ProvidersDocument.Entry {
        ProvidersDocument.Entry(
            descriptor: descriptor, endpoint: endpoints.endpoints[descriptor.id]?.description ?? "embedded",
            endpointSource: endpoints.origins[descriptor.id] ?? "default", liveEndpoint: liveState(descriptor),
            apiKey: credentialState(descriptor),
            apiKeyVariable: descriptor.credentials.contains(.apiKey) ? EnvironmentNames.apiKey(of: descriptor.id) : nil,
            credentialVariables: CredentialVariables.variables(of: descriptor), foundIn: foundIn(descriptor))
    }

    /// Asks every live provider listed one small question, and answers how each did.
    private func answerCheck(settings: SearchSettings) async -> CommandAnswer<ProvidersOutput> {
        let live = listed.filter { settings.endpoint(of: $0.descriptor.id).isRemote }
        guard !live.isEmpty else {
            return CommandAnswer(
                output: nil,
                notices: [
                    .plain(
                        "no provider can be asked live: set a provider's credentials (AGGREGATE_<ID>_API_KEY, or "
                            + "_CLIENT_ID and _CLIENT_SECRET) or its endpoint "
                            + "(--endpoint ID=live or ID=https://…); 'aggregate providers' shows each one's endpoint")
                ], status: .success)
        }
        let seconds = Int64(Date().timeIntervalSince1970.rounded(.down)) / 86_400
        let results = await ProviderCheck(providers: live, settings: settings).run(
            today: LocalDate(daysSinceEpoch: seconds))
        let answered = results.filter { $0.outcome.status.answered }.count
        return CommandAnswer(
            output: .check(results), notices: [],
            status: answered == results.count ? .success : answered == 0 ? .noProviderAnswered : .partial)
    }
}
