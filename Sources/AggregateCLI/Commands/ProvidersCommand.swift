import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate providers`: what is installed, what each offers, and which endpoint each uses now; with
/// `--check`, one small real request to each live provider, with its status and latency.
struct ProvidersCommand: Command {
    /// What `--format` takes.
    static let formats: [OutputFormat] = [.table, .json]

    static let configuration = CommandConfiguration(
        name: "providers",
        abstract: "List the installed providers, what each offers and which endpoint each uses",
        options: [
            OptionSpec(key: .format, choices: formats, help: "Output format (default: table)"),
            OptionSpec(
                key: .endpoint, valueName: "ID=URL", help: "Show the effect of an endpoint setting (repeatable)",
                repeatable: true),
            OptionSpec(
                key: .check, valueName: nil,
                help: "Ask each live provider one small question and show its status and latency"),
            ConnectionOptions.timeout,
        ],
        arguments: "[ID...]",
        argumentCompletion: ArgumentCompletion(rest: .providerIDs))

    let format: OutputFormat
    let endpoints: EndpointSettings
    /// The settings to ask providers with, when `--check` was given.
    let check: SearchSettings?
    let catalog: ProviderCatalog
    /// The providers to list: those named, or every installed one.
    let listed: [any OfferProvider]

    init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
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
        self.environment = environment
        check =
            options.has(.check)
            ? try ConnectionOptions(options, context: context, command: Self.configuration.name).settings : nil
    }

    private let environment: [String: String]

    /// `set`, `not set`, or `-` for a provider that takes no key: never the key itself.
    private func apiKeyState(_ descriptor: ProviderDescriptor) -> String {
        guard descriptor.authentication.takesKey else { return "-" }
        return APIKeys.key(for: descriptor.id, in: environment) == nil ? "not set" : "set"
    }

    /// `installed` for a provider the tool was built with; for an outside program, where it was found.
    private func foundIn(_ descriptor: ProviderDescriptor) -> String {
        (catalog.provider(descriptor.id) as? ExternalProvider)?.program.foundIn ?? "installed"
    }

    func run(console: Console) async -> ExitCode {
        if let check { return await runCheck(settings: check, console: console) }
        let descriptors = listed.map(\.descriptor)
        if format == .json {
            console.writeOut(ProvidersDocument(entries: descriptors.map(entry)).printed())
            return .success
        }
        var table = TextTable(columns: [
            .init(title: "ID"), .init(title: "NAME"), .init(title: "OFFERS"), .init(title: "CURRENCY"),
            .init(title: "CAN HONOUR"), .init(title: "ENDPOINT"), .init(title: "SET BY"), .init(title: "API KEY"),
        ])
        // Where each was found matters only once outside programs are among them.
        let showFoundIn = listed.contains { $0 is ExternalProvider }
        if showFoundIn { table.columns.append(.list("FOUND IN")) }
        // A row's cells beyond the table's columns are dropped: FOUND IN only shows when it was added.
        for descriptor in descriptors {
            table.append([
                descriptor.id.rawValue, descriptor.displayName,
                descriptor.categories.sorted().map(\.rawValue).joined(separator: ", "),
                descriptor.nativeCurrency?.rawValue ?? "-",
                descriptor.capabilities.map(\.rawValue).sorted().joined(separator: ", "),
                endpoints.endpoints[descriptor.id]?.description ?? "embedded",
                endpoints.origins[descriptor.id] ?? "default", apiKeyState(descriptor), foundIn(descriptor),
            ])
        }
        console.writeOut(table.render(bold: console.colors) + "\n")
        return .success
    }

    /// A provider as the JSON document lists it.
    private func entry(_ descriptor: ProviderDescriptor) -> ProvidersDocument.Entry {
        ProvidersDocument.Entry(
            descriptor: descriptor, endpoint: endpoints.endpoints[descriptor.id]?.description ?? "embedded",
            endpointSource: endpoints.origins[descriptor.id] ?? "default", apiKey: apiKeyState(descriptor),
            apiKeyVariable: descriptor.authentication.takesKey ? EnvironmentNames.apiKey(of: descriptor.id) : nil,
            foundIn: foundIn(descriptor))
    }

    /// Asks every live provider listed one small question, and shows how each answered.
    private func runCheck(settings: SearchSettings, console: Console) async -> ExitCode {
        let live = listed.filter { settings.endpoint(of: $0.descriptor.id).isRemote }
        guard !live.isEmpty else {
            console.printError(
                "no provider is live: set a provider's API key (AGGREGATE_<ID>_API_KEY) or its endpoint "
                    + "(--endpoint ID=live or ID=https://…); 'aggregate providers' shows each one's endpoint")
            return .success
        }
        let seconds = Int64(Date().timeIntervalSince1970.rounded(.down)) / 86_400
        let results = await ProviderCheck(providers: live, settings: settings).run(
            today: LocalDate(daysSinceEpoch: seconds))
        let answered = results.filter { $0.outcome.status.answered }.count
        if format == .json {
            console.writeOut(ProviderCheckDocument(results: results).printed())
        } else {
            var table = TextTable(columns: [
                .init(title: "ID"), .init(title: "ENDPOINT"), .init(title: "STATUS"),
                .init(title: "TIME", alignRight: true), .init(title: "OFFERS", alignRight: true),
                .list("PROBLEM"),
            ])
            for result in results {
                let outcome = result.outcome
                table.append([
                    outcome.provider.rawValue, result.endpoint.description, outcome.status.rawValue,
                    "\(outcome.latency.inMilliseconds) ms", "\(outcome.offerCount)",
                    outcome.error.map(Wording.error) ?? "",
                ])
            }
            console.writeOut(table.render(bold: console.colors) + "\n")
        }
        return answered == results.count ? .success : answered == 0 ? .noProviderAnswered : .partial
    }
}
