import AggregatorCore
import Foundation

/// How results are printed.
enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people.
    case table
    /// The versioned JSON envelope for programs.
    case json
    /// Comma-separated values with a header row.
    case csv
}

/// The query flags `search` and `compare` share, validated: everything a search needs, checked before
/// any request is made.
struct QueryOptions {
    /// The options, in the order help lists them.
    static let specs: [OptionSpec] = [
        OptionSpec(
            name: "--providers", valueName: "LIST|all",
            help: "Providers to ask, comma-separated (default: all that sell something; name a directory to add it)"),
        OptionSpec(
            name: "--from", valueName: "CODE", help: "IATA airport or city code to leave from (default: anywhere)"),
        OptionSpec(
            name: "--to", valueName: "CODE|anywhere", help: "IATA airport or city code to go to (default: anywhere)"),
        OptionSpec(name: "--date", valueName: "YYYY-MM-DD", help: "Departure date, local at the origin (default: any)"),
        OptionSpec(name: "--return", valueName: "YYYY-MM-DD", help: "Return date; implies --round-trip"),
        OptionSpec(name: "--round-trip", valueName: nil, help: "Look for round trips instead of one-way trips"),
        OptionSpec(name: "--kind", valueName: "flights|cars", help: "What to look for (default: flights)"),
        OptionSpec(name: "--sort", valueName: "price|duration|departure|best", help: "Result order (default: price)"),
        OptionSpec(name: "--limit", valueName: "N", help: "Show at most N offers (default: all)"),
        OptionSpec(name: "--max-price", valueName: "AMOUNT", help: "Highest price, in the --currency"),
        OptionSpec(name: "--max-stops", valueName: "N", help: "Most stops on any leg"),
        OptionSpec(name: "--airline", valueName: "CODE", help: "Only trips with this carrier (IATA code or name)"),
        OptionSpec(name: "--color", valueName: "NAME", help: "Only cars of this colour (case-insensitive)"),
        OptionSpec(name: "--currency", valueName: "CODE", help: "Currency prices are converted into (default: EUR)"),
        OptionSpec(name: "--format", valueName: "table|json|csv", help: "Output format (default: table)"),
        OptionSpec(name: "--timeout", valueName: "SECONDS", help: "Deadline for the whole search (default: 10)"),
        OptionSpec(
            name: "--endpoint", valueName: "ID=URL",
            help: "Where a provider's responses come from: embedded, live, file:///path or https://host (repeatable)",
            repeatable: true),
        OptionSpec(
            name: "--rates", valueName: "FILE", help: "Exchange-rates JSON to use instead of the embedded table"),
        OptionSpec(
            name: "--offline", valueName: nil,
            help: "Answer live providers from the cache of their last good answers; send nothing"),
        ConnectionOptions.maxResponseSize,
        OptionSpec(name: "--verbose", valueName: nil, help: "Also report each provider's outcome and timing on stderr"),
    ]

    /// The search.
    var query: SearchQuery
    /// The providers to ask.
    var providers: [any OfferProvider]
    /// Limits, rates and endpoints.
    var settings: Aggregator.Settings
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

    /// Validates the parsed flags.
    /// - Parameters:
    ///   - options: the parsed command line.
    ///   - environment: the process environment.
    ///   - command: the command's name, for error hints.
    /// - Throws: ``UsageError`` naming the first bad value and what to write instead.
    init(_ options: ParsedOptions, environment: [String: String], command: String) throws(UsageError) {
        let reader = ValueReader(options: options, command: command)
        if let word = options.positional.first {
            throw UsageError(
                "unexpected argument '\(word)'", hint: "every value follows its option, such as --from \(word)",
                command: command)
        }
        providers = try reader.providers()
        providersNamed =
            options.value("--providers").map { $0.trimmingCharacters(in: .whitespaces).lowercased() != "all" }
            ?? false
        favoritesFolder = UserFolders(environment: environment).data
        let kind = try reader.choice("--kind", OfferCategory.self, among: [.flights, .cars]) ?? .flights
        let departureDate = try reader.date("--date")
        let returnDate = try reader.date("--return")
        if let departureDate, let returnDate, returnDate < departureDate {
            throw UsageError(
                "'--return' \(returnDate) is before '--date' \(departureDate)",
                hint: "give a return on or after the departure",
                command: command)
        }
        var rates = ExchangeRates.embedded
        if let path = options.value("--rates") { rates = try reader.rates(path) }
        let currency = try reader.currency("--currency") ?? .eur
        guard rates.rate(for: currency) != nil else {
            throw UsageError(
                "there is no rate for \(currency) in the rates table of \(rates.date)",
                hint:
                    "pick one of \(rates.rates.keys.sorted().map(\.rawValue).joined(separator: ", ")) or pass --rates FILE",
                command: command)
        }
        query = SearchQuery(
            kind: kind, origin: try reader.airportCode("--from"), destination: try reader.destination(),
            departureDate: departureDate, returnDate: returnDate, roundTrip: options.has("--round-trip"),
            currency: currency, maxPrice: try reader.amount("--max-price"),
            maxStops: try reader.integer("--max-stops", atLeast: 0), airline: try reader.text("--airline"),
            color: try reader.text("--color"), sort: try reader.choice("--sort", SortKey.self) ?? .price,
            limit: try reader.integer("--limit", atLeast: 1))
        format = try reader.choice("--format", OutputFormat.self) ?? .table
        verbose = options.has("--verbose")
        let connection = try ConnectionOptions(options, environment: environment, command: command)
        endpointOrigins = connection.endpointOrigins
        settings = connection.settings
        settings.rates = rates
        providers = try DirectorySelection.adding(
            to: providers, kind: kind,
            configured: environment[DirectorySelection.variable]
                ?? connection.config.extra["directory"], command: command)
    }
}

/// The settings every command that asks providers shares, from flags, the environment and the config
/// file: endpoints, the deadline, the size cap, API keys, the cache and `--offline`.
struct ConnectionOptions {
    /// `--max-response-size`, as every command that asks providers lists it.
    static let maxResponseSize = OptionSpec(
        name: "--max-response-size", valueName: "SIZE",
        help: "Largest response accepted, such as 32MiB (default) or 500KiB")

    /// The settings, with the embedded rates.
    var settings: Aggregator.Settings
    /// Where each provider's endpoint setting came from.
    var endpointOrigins: [ProviderID: String]
    /// The config file as read.
    var config: ConfigFile

    init(_ options: ParsedOptions, environment: [String: String], command: String) throws(UsageError) {
        let reader = ValueReader(options: options, command: command)
        let folders = UserFolders(environment: environment)
        config = try ConfigFile.load(from: folders, command: command)
        let deadline = try reader.seconds("--timeout") ?? config.timeout ?? .seconds(10)
        let endpoints = try EndpointSettings(
            flags: options.all("--endpoint"), environment: environment, config: config,
            providers: ProviderCatalog.all, command: command)
        endpointOrigins = endpoints.origins
        let offline = options.has("--offline")
        let cache = folders.cache.map(ResponseCache.init(folder:))
        if offline, cache == nil {
            throw UsageError(
                "'--offline' needs the cache folder, and neither XDG_CACHE_HOME nor HOME is set",
                hint: "set XDG_CACHE_HOME to an absolute path", command: command)
        }
        settings = Aggregator.Settings(
            deadline: deadline, requestTimeout: deadline,
            maxResponseBytes: try reader.size("--max-response-size") ?? config.maxResponseBytes ?? 32 << 20,
            endpoints: endpoints.endpoints,
            headers: APIKeys.headers(from: environment, providers: ProviderCatalog.all), cache: cache,
            offline: offline)
    }
}

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
            let variable = descriptor.id.endpointVariable
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

/// Reads and checks option values, each failure a ``UsageError`` naming the option.
struct ValueReader {
    let options: ParsedOptions
    let command: String

    func text(_ name: String) throws(UsageError) -> String? {
        guard let value = options.value(name) else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw UsageError("'\(name)' is empty", hint: "give it a value or leave it out", command: command)
        }
        return trimmed
    }

    func airportCode(_ name: String) throws(UsageError) -> String? {
        guard let value = try text(name) else { return nil }
        guard value.count == 3, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw UsageError(
                "'\(name)' takes a three-letter IATA code, got '\(value)'", hint: "write for example \(name) VIE",
                command: command)
        }
        return value.uppercased()
    }

    func destination() throws(UsageError) -> String? {
        if options.value("--to")?.lowercased() == "anywhere" { return nil }
        return try airportCode("--to")
    }

    func date(_ name: String) throws(UsageError) -> LocalDate? {
        guard let value = try text(name) else { return nil }
        guard let date = LocalDate(iso: value) else {
            throw UsageError(
                "'\(name)' takes a date as YYYY-MM-DD, got '\(value)'", hint: "write for example \(name) 2026-12-18",
                command: command)
        }
        return date
    }

    func integer(_ name: String, atLeast minimum: Int) throws(UsageError) -> Int? {
        guard let value = try text(name) else { return nil }
        guard let number = Int(value), number >= minimum else {
            throw UsageError(
                "'\(name)' takes a whole number of at least \(minimum), got '\(value)'",
                hint: "write for example \(name) \(max(minimum, 1) * 5)", command: command)
        }
        return number
    }

    func amount(_ name: String) throws(UsageError) -> Decimal? {
        guard let value = try text(name) else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let amount = Decimal(string: value), amount > 0
        else {
            throw UsageError(
                "'\(name)' takes a positive amount such as 150 or 99.50, got '\(value)'",
                hint: "write the number alone, in the --currency", command: command)
        }
        return amount
    }

    func size(_ name: String) throws(UsageError) -> Int? {
        guard let value = try text(name) else { return nil }
        guard let bytes = ByteSize.parse(value) else {
            throw UsageError(
                "'\(name)' takes a size such as 32MiB, 500KiB or a number of bytes, got '\(value)'",
                hint: "write for example \(name) 16MiB", command: command)
        }
        return bytes
    }

    func seconds(_ name: String) throws(UsageError) -> Duration? {
        guard let value = try text(name) else { return nil }
        guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 600 else {
            throw UsageError(
                "'\(name)' takes a number of seconds between 0 and 600, got '\(value)'",
                hint: "write for example \(name) 5", command: command)
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    func currency(_ name: String) throws(UsageError) -> CurrencyCode? {
        guard let value = try text(name) else { return nil }
        guard let code = CurrencyCode(value) else {
            throw UsageError(
                "'\(name)' takes an ISO 4217 code such as EUR, got '\(value)'", hint: "write for example \(name) USD",
                command: command)
        }
        return code
    }

    func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ type: Choice.Type, among allowed: [Choice]? = nil
    )
        throws(UsageError) -> Choice? where Choice.RawValue == String
    {
        guard let value = try text(name) else { return nil }
        let choices = allowed ?? Array(Choice.allCases)
        if let choice = choices.first(where: { $0.rawValue == value.lowercased() }) { return choice }
        let names = choices.map(\.rawValue)
        throw UsageError(
            "'\(name)' takes one of \(names.joined(separator: ", ")), got '\(value)'",
            hint: UsageError.suggesting(value.lowercased(), among: names, otherwise: nil), command: command)
    }

    func rates(_ path: String) throws(UsageError) -> ExchangeRates {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw UsageError(
                "cannot read the rates file '\(path)'",
                hint: "check the path, or leave out --rates to use the embedded table",
                command: command)
        }
        do {
            return try ExchangeRates(json: data)
        } catch {
            throw UsageError(
                "the rates file '\(path)' is unusable: \(error.reason)",
                hint: "write it as {\"base\": \"EUR\", \"date\": \"2026-11-20\", \"rates\": {\"USD\": 1.06}}",
                command: command)
        }
    }

    func providers() throws(UsageError) -> [any OfferProvider] {
        guard let value = try text("--providers"), value.lowercased() != "all" else {
            return ProviderCatalog.offerProviders
        }
        var selected: [any OfferProvider] = []
        for name in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
        where !name.isEmpty {
            guard let provider = ProviderCatalog.provider(ProviderID(rawValue: name)) else {
                throw Self.unknownProvider(name, among: ProviderCatalog.all, command: command)
            }
            if !selected.contains(where: { $0.descriptor.id == provider.descriptor.id }) { selected.append(provider) }
        }
        guard !selected.isEmpty else {
            throw UsageError(
                "'--providers' names no provider", hint: "write for example --providers kiwi,aviasales",
                command: command)
        }
        return selected
    }

    static func unknownProvider(_ name: String, among providers: [any OfferProvider], command: String) -> UsageError {
        let ids = providers.map(\.descriptor.id.rawValue)
        return UsageError(
            "unknown provider '\(name)'",
            hint: UsageError.suggesting(name, among: ids, otherwise: "installed: \(ids.joined(separator: ", "))"),
            command: command)
    }
}

/// API keys, from `AGGREGATE_<ID>_API_KEY` only, sent in the header field each provider names. They are
/// never printed: output shows only whether a key is set.
enum APIKeys {
    /// The header fields to send, by provider.
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - providers: the installed providers.
    /// - Returns: for each provider that takes a key and has one set, its header field.
    static func headers(
        from environment: [String: String], providers: [any OfferProvider]
    ) -> [ProviderID: [String: String]] {
        var headers: [ProviderID: [String: String]] = [:]
        for provider in providers {
            let descriptor = provider.descriptor
            guard let field = descriptor.apiKeyHeader, let key = key(for: descriptor.id, in: environment) else {
                continue
            }
            headers[descriptor.id] = [field: key]
        }
        return headers
    }

    /// The key set for a provider, without surrounding white space; `nil` when unset or blank.
    static func key(for id: ProviderID, in environment: [String: String]) -> String? {
        let key = environment[id.apiKeyVariable]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return key.isEmpty ? nil : key
    }
}
