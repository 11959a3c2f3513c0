import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderChecks
import ProviderKit

/// `aggregate provider check ID`: the conformance checks a provider's author needs, for an installed
/// provider and an outside program alike, one line per check.
///
/// An installed provider is checked by the core's ``ConformanceCheck`` on its embedded samples, as its
/// tests check it with `ProviderTestKit`; an outside program by ``ExternalConformance``, which runs it.
/// Outside programs are found here, not by the tool before the command (see ``AggregateTool``), so that
/// one whose spec cannot be used is still found and checked, with the reason on its first line rather than
/// in a warning.
struct ProviderCheckCommand: Command {
    static let configuration = CommandConfiguration(
        name: "provider",
        abstract: "Check that a provider, installed or an outside program, keeps the provider contract",
        options: [
            OptionSpec(key: .timeout, valueName: "SECONDS", help: "Deadline for each search it makes (default: 10)"),
            ConnectionOptions.maxResponseSize,
        ],
        arguments: "check ID",
        argumentCompletion: ArgumentCompletion(leading: [.words(Action.allCases.map(\.rawValue)), .providerIDs]),
        discussion: """
            Runs the checks an author needs and prints one line per check, ✓ or ✗ with a short reason. An
            installed provider is checked on its embedded samples; an outside program (aggregate-provider-ID on
            PATH, or listed under external_providers in the config file) is run: 'spec' must print a valid
            aggregate.provider.v1 spec, its sample search must map to well-formed offers with unique, stable
            ids, positive prices in known currencies, sane times and web links, every output line must read,
            it must finish before the deadline, and a broken line must be skipped and counted.

            EXIT CODES: 0 every check passed, 1 a check failed (the first failure is repeated on standard
            error), 64 usage error.

            EXAMPLES:
              aggregate provider check kiwi
              aggregate provider check myflights --timeout 5
            """)

    /// The words that can follow `provider`.
    enum Action: String, CaseIterable {
        case check
    }

    /// What is checked.
    enum Subject {
        /// A provider compiled into the tool.
        case installed(any OfferProvider)
        /// An outside program.
        case program(ExternalProgram)
    }

    let subject: Subject
    let deadline: Duration
    let maxResponseBytes: Int
    let environment: [String: String]
    let folders: UserFolders

    init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        let command = Self.configuration.name
        guard let word = options.positional.first else {
            throw UsageError("missing action", hint: "write aggregate provider check ID", command: command)
        }
        guard Action(rawValue: word.lowercased()) == .check else {
            throw UsageError(
                "unknown action '\(PrintableText.excerpt(word, limit: 40))'",
                hint: UsageError.suggesting(
                    word.lowercased(), among: Action.allCases.map(\.rawValue),
                    otherwise: "write aggregate provider check ID"),
                command: command)
        }
        let ids = options.positional.dropFirst()
        guard let name = ids.first, ids.count == 1 else {
            throw UsageError(
                ids.isEmpty ? "'check' needs a provider id" : "'check' takes one provider id, got \(ids.count)",
                hint: "write for example aggregate provider check \(context.catalog.ids.first?.rawValue ?? "ID")",
                command: command)
        }
        environment = context.environment
        folders = UserFolders(environment: environment)
        let installed = context.catalog.all.filter { !($0 is ExternalProvider) }
        let config = try context.config(command: command)
        let reader = ValueReader(options: options, command: command)
        deadline = try reader.seconds(.timeout) ?? config.timeout ?? .seconds(10)
        maxResponseBytes = try reader.size(.maxResponseSize) ?? config.maxResponseBytes ?? 32 << 20
        if let provider = installed.first(where: { $0.descriptor.id.rawValue == name }) {
            subject = .installed(provider)
            return
        }
        let found = ExternalDiscovery.find(
            environment: environment, configured: config.externalProviders, configPath: config.path,
            installed: Set(installed.map(\.descriptor.id)))
        if let program = found.programs.first(where: { $0.id.rawValue == name }) {
            subject = .program(program)
            return
        }
        let known = installed.map(\.descriptor.id.rawValue) + found.programs.map(\.id.rawValue)
        throw UsageError(
            "unknown provider '\(PrintableText.excerpt(name, limit: 40))'",
            hint: UsageError.suggesting(
                name, among: known,
                otherwise: "installed: \(known.joined(separator: ", ")); an outside program is found as "
                    + "\(ExternalProgram.namePrefix)\(PrintableText.excerpt(name, limit: 40)) on PATH"),
            command: command)
    }

    func run(console: Console) async -> ExitCode {
        let id: String
        let lines: [ConformanceLine]
        switch subject {
        case .installed(let provider):
            id = provider.descriptor.id.rawValue
            console.print("Checking \(id) (installed), each search within \(ExternalProvider.format(deadline))")
            lines = await Self.check(provider, deadline: deadline)
        case .program(let program):
            id = program.id.rawValue
            console.print(
                "Checking \(id) (\(program.foundIn)), each search within \(ExternalProvider.format(deadline))")
            let children = ExternalChildren()
            lines = await ExternalConformance.check(
                program, environment: environment, deadline: deadline, maxOutputBytes: maxResponseBytes,
                cache: ExternalSpecCache(cacheFolder: folders.cache), children: children)
            await children.stopAll()
        }
        for line in lines { console.print(line.text) }
        let failed = lines.filter { $0.verdict == .failed }
        let notRun = lines.filter { $0.verdict == .notChecked }.count
        guard let first = failed.first else {
            console.print("\(id) passes all \(lines.count) checks")
            return .success
        }
        var summary = "error: \(id) fails \(failed.count == 1 ? "1 check" : "\(failed.count) checks")"
        if notRun > 0 { summary += " (\(notRun) not run)" }
        console.printError(summary + "; \(first.title): " + first.detail)
        return .failure
    }

    /// The checks of an installed provider: those for an airline directory when it sells nothing.
    static func check(_ provider: any OfferProvider, deadline: Duration) async -> [ConformanceLine] {
        let categories = provider.descriptor.categories
        let check = ConformanceCheck(deadline: deadline)
        if categories.isDisjoint(with: [.flights, .cars]) {
            let planned: [ConformanceCheck.Aspect] = [
                .descriptor, .sampleSearch, .deadline, .stableIDs, .offers, .timesAndLinks, .livePaths,
                .malformedInput,
            ]
            return ConformanceLine.lines(
                for: await check.runDirectory(provider), planned: planned, provider: provider.descriptor.id,
                unit: "records")
        }
        let planned: [ConformanceCheck.Aspect] = [
            .descriptor, .sampleSearch, .deadline, .stableIDs, .offers, .prices, .timesAndLinks, .anyProviderID,
            .livePaths, .perRequestValues, .nonPositivePrices, .malformedInput,
        ]
        return ConformanceLine.lines(
            for: await check.run(provider), planned: planned, provider: provider.descriptor.id)
    }
}
