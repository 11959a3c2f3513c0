import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// One tool the MCP server offers: a subcommand run with its `--format json` output as the result.
///
/// A tool names its command rather than holding its own logic, so that a call is filled from the command's
/// option table, checked and answered exactly as `aggregate <command>` would: the server and the command line
/// cannot drift apart.
package struct MCPTool: Sendable {
    /// The tool's name, such as `search_flights`.
    package var name: String
    /// A short title for people.
    package var title: String
    /// What it does, for the model choosing a tool.
    package var description: String
    /// The subcommand it runs, such as `search`.
    package var command: String
    /// Options every call has, such as `--kind flights`: the option and its value, `nil` for a flag.
    package var fixedOptions: [(key: OptionKey, value: String?)] = []
    /// Options of the command the tool's caller may not set, besides those every tool hides.
    package var hiddenOptions: Set<OptionKey> = []
    /// The kind of search the tool runs, when it runs one kind only: options of another kind are not listed
    /// (``QueryOptions/kindOfOption``).
    package var kind: OfferCategory?
    /// The property for the words after the command, if it takes any.
    package var positional: MCPToolProperty?
    /// The `schema` of the command's JSON output, whose JSON Schema (``DocumentSchema/named(_:)``) is the tool's
    /// `outputSchema`.
    package var outputSchema: String?
    /// Whether it reaches outside services (MCP's `openWorldHint`).
    package var opensWorld = true
    /// How its result is summarised in words.
    package var summary: MCPSummary.Kind

    /// Options no tool exposes: the output format, the table's width and verbosity are the server's business,
    /// and endpoints and rate files are the operator's (`aggregate mcp --endpoint …`, the environment, the
    /// config file), so that a model cannot point a provider at a local file or an arbitrary address.
    package static let hiddenEverywhere: Set<OptionKey> = [.format, .wide, .verbose, .endpoint, .rates, .live]

    /// Every tool this server knows how to offer; those whose command is not installed are left out.
    package static func candidates(providerIDs: [String]) -> [MCPTool] {
        let ids = MCPToolProperty.ValueType.choice(providerIDs)
        return [
            MCPTool(
                name: "search_flights", title: "Search flights",
                description: """
                    Search flights across several travel providers at once. Prices are converted into one \
                    currency, the same flight sold by several providers becomes one offer listing every \
                    seller's price and booking link, and offers are ranked (cheapest first unless sort says \
                    otherwise). The result is the aggregate.search.v1 JSON document: each provider's outcome, \
                    how many offers matched, and the offers. Providers that fail are reported, not fatal. \
                    Flights only: search_trips adds trains, coaches and ferries.
                    """,
                command: "search", fixedOptions: [(.kind, "flights")], hiddenOptions: [.kind, .mode], kind: .flights,
                outputSchema: SearchDocument.schema, summary: .search),
            MCPTool(
                name: "search_trips", title: "Search trips by any mode",
                description: """
                    Search every way to get there at once: flights, trains, coaches and ferries from every \
                    provider that sells them, ranked in one list (cheapest first unless sort says otherwise). \
                    Places are IATA airport or city codes; a train or coach arrives at a station of the city. \
                    mode keeps some modes only (flight, train, bus, ferry). Each offer's segments say their \
                    mode, operator, service number and stations. The result is the aggregate.search.v1 JSON \
                    document.
                    """,
                command: "search", hiddenOptions: [.kind], kind: .flights, outputSchema: SearchDocument.schema,
                summary: .search),
            MCPTool(
                name: "search_cars", title: "Search rental cars",
                description: """
                    Search rental cars across the installed car providers. Prices are per day, converted into \
                    one currency and ranked. The result is the aggregate.search.v1 JSON document.
                    """,
                command: "search", fixedOptions: [(.kind, "cars")], hiddenOptions: [.kind], kind: .cars,
                outputSchema: SearchDocument.schema, summary: .search),
            MCPTool(
                name: "compare_sources", title: "Compare providers",
                description: """
                    Run one search and compare the providers side by side: how each did (status, offers, \
                    cheapest and median price), every trip sold by two or more providers with each one's price \
                    and the saving against the dearest, and per pair of providers how often each is cheaper. \
                    The result is the aggregate.compare.v1 JSON document.
                    """,
                command: "compare", outputSchema: CompareDocument.schema, summary: .compare),
            MCPTool(
                name: "cheapest_dates", title: "Cheapest dates",
                description: """
                    Search every day of a range of dates and say which day is cheapest: one entry per day \
                    with the cheapest trip's price, provider and offer. The result is the aggregate.dates.v1 \
                    JSON document.
                    """,
                command: "dates", kind: .flights, outputSchema: DatesDocument.schema, summary: .dates),
            // Listing stays on this machine; checking sends a live request to each provider. Two tools, so that
            // each one's hint and output schema are true whatever its arguments.
            MCPTool(
                name: "list_providers", title: "List providers",
                description: """
                    List the installed travel providers: what each offers, its currency, what it can honour, \
                    the endpoint it uses and whether its API key is set. Sends nothing. The result is the \
                    aggregate.providers.v1 JSON document.
                    """,
                command: "providers", hiddenOptions: [.check, .timeout],
                positional: MCPToolProperty(
                    positional: "providers", type: ids, description: "Provider ids to list (default: every one)"),
                outputSchema: ProvidersDocument.schema, opensWorld: false, summary: .providers),
            MCPTool(
                name: "check_providers", title: "Check providers",
                description: """
                    Send one live search to each provider that has a live endpoint and say how it went: \
                    status, latency and offers, or the error. The result is the aggregate.providers.check.v1 \
                    JSON document.
                    """,
                command: "providers", fixedOptions: [(.check, nil)], hiddenOptions: [.check],
                positional: MCPToolProperty(
                    positional: "providers", type: ids, description: "Provider ids to check (default: every live one)"),
                outputSchema: ProviderCheckDocument.schema, summary: .providers),
            MCPTool(
                name: "price_history", title: "Price history",
                description: """
                    Each seller's price over time for a watch: a search the user keeps under a name and \
                    runs unattended. The result is the aggregate.history.v1 JSON \
                    document: every run with how each provider did, and for the watch's cheapest trips (or \
                    the one trip named) every seller's price in each run, as sent and converted. It reads the \
                    kept history and asks no provider.
                    """,
                command: "history", hiddenOptions: [.chart], positional: MCPToolProperty.watchName,
                outputSchema: HistoryDocument.schema, opensWorld: false, summary: .history),
        ]
    }

    /// The tools whose commands exist, in the order of `candidates`.
    /// - Parameters:
    ///   - commands: the installed subcommands' names.
    ///   - providerIDs: the installed providers' ids.
    /// - Returns: the tools to offer.
    package static func available(commands: [String], providerIDs: [String]) -> [MCPTool] {
        candidates(providerIDs: providerIDs).filter { commands.contains($0.command) }
    }

    /// The properties of the tool's input, in the command's option order, the positional one last: every
    /// option the caller may set that applies to the tool's kind of search.
    /// - Parameters:
    ///   - options: the command's option table.
    ///   - providerIDs: the installed providers' ids.
    /// - Returns: the properties.
    package func properties(options: [OptionSpec], providerIDs: [String]) -> [MCPToolProperty] {
        let names = Self.propertyNames(options)
        let hidden = Self.hiddenEverywhere.union(hiddenOptions)
        let applies = { (spec: OptionSpec) in
            guard let kind, let only = QueryOptions.kindOfOption[spec.key] else { return true }
            return only == kind
        }
        var properties = options.filter { !hidden.contains($0.key) && applies($0) }.map {
            MCPToolProperty($0, providerIDs: providerIDs, names: names)
        }
        if let positional { properties.append(positional) }
        return properties
    }

    /// Property names by option name (`--max-price` → `max_price`), for wording messages.
    /// - Parameter options: the command's option table.
    /// - Returns: the map.
    package static func propertyNames(_ options: [OptionSpec]) -> [String: String] {
        Dictionary(options.map { ($0.name, MCPToolProperty.name(of: $0.key)) }) { first, _ in first }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        name: String, title: String, description: String, command: String,
        fixedOptions: [(key: OptionKey, value: String?)] = [], hiddenOptions: Set<OptionKey> = [],
        kind: OfferCategory? = nil, positional: MCPToolProperty? = nil, outputSchema: String? = nil,
        opensWorld: Bool = true, summary: MCPSummary.Kind
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.command = command
        self.fixedOptions = fixedOptions
        self.hiddenOptions = hiddenOptions
        self.kind = kind
        self.positional = positional
        self.outputSchema = outputSchema
        self.opensWorld = opensWorld
        self.summary = summary
    }
}
