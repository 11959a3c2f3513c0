import AggregatorCore
import Foundation

/// The query options `search` and `compare` share, validated: everything a search needs, checked before
/// any request is made.
struct QueryOptions {
    /// The options, in the order help lists them.
    static let specs: [OptionSpec] = [
        OptionSpec(
            key: .providers, valueName: "LIST|all",
            help: "Providers to ask, comma-separated (default: all that sell something; name a directory to add it)"),
        OptionSpec(key: .from, valueName: "CODE", help: "IATA airport or city code to leave from (default: anywhere)"),
        OptionSpec(
            key: .to, valueName: "CODE|anywhere", help: "IATA airport or city code to go to (default: anywhere)"),
        OptionSpec(key: .date, valueName: "YYYY-MM-DD", help: "Departure date, local at the origin (default: any)"),
        OptionSpec(key: .returnDate, valueName: "YYYY-MM-DD", help: "Return date; implies --round-trip"),
        OptionSpec(key: .roundTrip, valueName: nil, help: "Look for round trips instead of one-way trips"),
        OptionSpec(key: .kind, valueName: "flights|cars", help: "What to look for (default: flights)"),
        OptionSpec(key: .sort, valueName: "price|duration|departure|best", help: "Result order (default: price)"),
        OptionSpec(key: .limit, valueName: "N", help: "Show at most N offers (default: all)"),
        OptionSpec(key: .maxPrice, valueName: "AMOUNT", help: "Highest price, in the --currency"),
        OptionSpec(key: .maxStops, valueName: "N", help: "Most stops on any leg"),
        OptionSpec(key: .airline, valueName: "CODE", help: "Only trips with this carrier (IATA code or name)"),
        OptionSpec(key: .color, valueName: "NAME", help: "Only cars of this colour (case-insensitive)"),
        OptionSpec(key: .currency, valueName: "CODE", help: "Currency prices are converted into (default: EUR)"),
        OptionSpec(key: .format, valueName: "table|json|csv", help: "Output format (default: table)"),
        ConnectionOptions.timeout,
        ConnectionOptions.endpoint,
        OptionSpec(key: .rates, valueName: "FILE", help: "Exchange-rates JSON to use instead of the embedded table"),
        ConnectionOptions.offline,
        ConnectionOptions.maxResponseSize,
        OptionSpec(key: .verbose, valueName: nil, help: "Also report each provider's outcome and timing on stderr"),
    ]

    /// The search.
    var query: SearchQuery
    /// The providers to ask.
    var providers: [any OfferProvider]
    /// Limits, rates, endpoints and keys.
    var settings: SearchSettings
    /// Where each provider's endpoint setting came from (`--endpoint`, the environment, default).
    var endpointOrigins: [ProviderID: String]
    /// The output format.
    var format: OutputFormat
    /// Whether to report every provider's outcome.
    var verbose: Bool
    /// Whether `--providers` named the providers rather than taking all of them (no flag, or `all`).
    var providersNamed: Bool
    /// Where the favourites are kept, to tag offers on favourite airlines.
    var favoritesFolder: URL?

    /// Validates the parsed options.
    /// - Parameters:
    ///   - options: the parsed command line.
    ///   - context: the environment and the installed providers.
    ///   - command: the command's name, for error hints.
    /// - Throws: ``UsageError`` naming the first bad value and what to write instead.
    init(_ options: ParsedOptions, context: CommandContext, command: String) throws(UsageError) {
        let reader = ValueReader(options: options, command: command)
        if let word = options.positional.first {
            throw UsageError.unexpectedArgument(word, command: command) {
                "every value follows its option, such as --from \($0)"
            }
        }
        providers = try reader.providers(from: context.catalog)
        providersNamed =
            options.value(.providers).map { $0.trimmingCharacters(in: .whitespaces).lowercased() != "all" } ?? false
        favoritesFolder = UserFolders(environment: context.environment).data
        let kind = try reader.choice(.kind, OfferCategory.self, among: [.flights, .cars]) ?? .flights
        let departureDate = try reader.date(.date)
        let returnDate = try reader.date(.returnDate)
        if let departureDate, let returnDate, returnDate < departureDate {
            throw UsageError(
                "'--return' \(returnDate) is before '--date' \(departureDate)",
                hint: "give a return on or after the departure", command: command)
        }
        var rates = ExchangeRates.embedded
        if let path = options.value(.rates) { rates = try reader.rates(path) }
        let currency = try reader.currency(.currency) ?? .eur
        guard rates.rate(for: currency) != nil else {
            throw UsageError(
                "there is no rate for \(currency) in the rates table of \(rates.date)",
                hint:
                    "pick one of \(rates.rates.keys.sorted().map(\.rawValue).joined(separator: ", ")) or pass --rates FILE",
                command: command)
        }
        query = SearchQuery(
            kind: kind, origin: try reader.airportCode(.from), destination: try reader.destination(),
            departureDate: departureDate, returnDate: returnDate, roundTrip: options.has(.roundTrip),
            currency: currency, maxPrice: try reader.amount(.maxPrice),
            maxStops: try reader.integer(.maxStops, atLeast: 0), airline: try reader.text(.airline),
            color: try reader.text(.color), sort: try reader.choice(.sort, SortKey.self) ?? .price,
            limit: try reader.integer(.limit, atLeast: 1))
        format = try reader.choice(.format, OutputFormat.self) ?? .table
        verbose = options.has(.verbose)
        let connection = try ConnectionOptions(options, context: context, command: command)
        endpointOrigins = connection.endpointOrigins
        settings = connection.settings
        settings.rates = rates
        providers = try DirectorySelection.adding(
            to: providers, kind: kind,
            configured: DirectorySelection.configured(context.environment, connection.config),
            catalog: context.catalog, command: command)
    }
}
