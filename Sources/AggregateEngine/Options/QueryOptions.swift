import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// The query options `search` and `compare` share, validated: everything a search needs, checked before
/// any request is made.
package struct QueryOptions {
    /// The options, in the order help lists them.
    package static let specs: [OptionSpec] = [
        OptionSpec(
            key: .providers, valueName: "LIST|all",
            help: "Providers to ask, comma-separated (default: all that sell something; name a directory to add it)"),
        OptionSpec(
            key: .from, valueName: "CODE",
            help:
                "IATA airport or city code, or a known city's name, to leave from; several, comma-separated, for any"
                + " (default: anywhere)"),
        OptionSpec(
            key: .to, valueName: "CODE|anywhere",
            help:
                "IATA airport or city code, or a known city's name, to go to; several, comma-separated, for any"
                + " (default: anywhere)"),
        OptionSpec(
            key: .date, valueName: "YYYY-MM-DD[..YYYY-MM-DD]",
            help: "Departure day or range of days (YYYY-MM-DD..YYYY-MM-DD), local at the origin (default: any)"),
        OptionSpec(
            key: .returnDate, valueName: "YYYY-MM-DD[..YYYY-MM-DD]",
            help: "Return day or range of days; implies --round-trip"),
        OptionSpec(key: .roundTrip, valueName: nil, help: "Look for round trips instead of one-way trips"),
        OptionSpec(
            key: .adults, valueName: "N", help: "Passengers of 12 and over; prices are for the whole party (default: 1)"
        ),
        OptionSpec(key: .children, valueName: "N", help: "Passengers of 2 to 11, each with a seat (default: 0)"),
        OptionSpec(key: .infants, valueName: "N", help: "Lap infants under 2, at most one per adult (default: 0)"),
        OptionSpec(
            key: .cabin, choices: Cabin.allCases, help: "Class of travel on flights; a trip without a flight passes"),
        OptionSpec(key: .kind, choices: kinds, help: "What to look for (default: flights)"),
        OptionSpec(
            key: .mode, valueName: "LIST",
            help:
                "Modes to travel by, comma-separated among flight, train, bus, ferry (default: every mode; a plain"
                + " --kind flights: flights only)"),
        OptionSpec(key: .sort, choices: SortKey.allCases, help: "Result order (default: price)"),
        OptionSpec(key: .limit, valueName: "N", help: "Show at most N offers (default: all)"),
        OptionSpec(key: .maxPrice, valueName: "AMOUNT", help: "Highest price for the party, in the --currency"),
        OptionSpec(key: .maxStops, valueName: "N", help: "Most stops on any leg"),
        OptionSpec(
            key: .airline, valueName: "CODE",
            help:
                "Only trips with this carrier on some segment (airline, train or bus operator; code or name); several,"
                + " comma-separated, for any (also --carrier)",
            aliases: [.carrier]),
        OptionSpec(
            key: .excludeAirline, valueName: "CODE",
            help:
                "No trip with this carrier on any segment, marketing or operating; several, comma-separated (also"
                + " --exclude-carrier)",
            aliases: [.excludeCarrier]),
        OptionSpec(key: .departAfter, valueName: "HH:MM", help: "Outbound leaves at or after this local time"),
        OptionSpec(key: .departBefore, valueName: "HH:MM", help: "Outbound leaves at or before this local time"),
        OptionSpec(key: .arriveAfter, valueName: "HH:MM", help: "Outbound lands at or after this local time"),
        OptionSpec(key: .arriveBefore, valueName: "HH:MM", help: "Outbound lands at or before this local time"),
        OptionSpec(key: .maxDuration, valueName: "DURATION", help: "Longest whole trip, such as 6h, 3h30m or 90m"),
        OptionSpec(key: .minLayover, valueName: "DURATION", help: "Shortest connection between two flights"),
        OptionSpec(key: .maxLayover, valueName: "DURATION", help: "Longest connection between two flights"),
        OptionSpec(
            key: .bags, valueName: "N",
            help:
                "Checked bags per passenger: prices include the bag fees sellers state, for any mode (default: 0)"),
        OptionSpec(key: .noSelfTransfer, valueName: nil, help: "Leave out self-transfers (separate tickets)"),
        OptionSpec(
            key: .noHiddenCity, valueName: nil, help: "Leave out hidden-city fares (flights only; other modes pass)"),
        OptionSpec(
            key: .noThrowAway, valueName: nil, help: "Leave out throw-away fares (a return ticket never flown back)"),
        OptionSpec(key: .color, valueName: "NAME", help: "Only cars of this colour (case-insensitive)"),
        OptionSpec(key: .currency, valueName: "CODE", help: "Currency prices are converted into (default: EUR)"),
        OptionSpec(key: .format, choices: OutputFormat.allCases, help: "Output format (default: table)"),
        OptionSpec(
            key: .wide, valueName: nil, help: "Print every table column in full, however wide the terminal is"),
        ConnectionOptions.timeout,
        ConnectionOptions.endpoint,
        OptionSpec(key: .rates, valueName: "FILE", help: "Exchange-rates JSON to use instead of the embedded table"),
        ConnectionOptions.live,
        ConnectionOptions.offline,
        ConnectionOptions.maxResponseSize,
        OptionSpec(key: .verbose, valueName: nil, help: "Also report each provider's outcome and timing on stderr"),
    ]

    /// What `--kind` takes: the categories a search can look for (an airline directory is asked, not searched).
    package static let kinds: [OfferCategory] = [.flights, .cars]

    /// The options that mean something in a search of one kind only: a route, dates, a party, a cabin and the
    /// traveller's filters judge flights (a car has none of them, so it never passes them), a colour judges
    /// cars. A tool that searches one kind lists only the options of its kind; the others apply to any.
    package static let kindOfOption: [OptionKey: OfferCategory] = {
        let flights: [OptionKey] = [
            .from, .to, .date, .returnDate, .roundTrip, .adults, .children, .infants, .cabin, .maxStops, .airline,
            .excludeAirline, .departAfter, .departBefore, .arriveAfter, .arriveBefore, .maxDuration, .minLayover,
            .maxLayover, .bags, .noSelfTransfer, .noHiddenCity, .noThrowAway, .mode,
        ]
        var kinds = Dictionary(uniqueKeysWithValues: flights.map { ($0, OfferCategory.flights) })
        kinds[.color] = .cars
        return kinds
    }()

    /// The search.
    package var query: SearchQuery
    /// The providers to ask.
    package var providers: [any OfferProvider]
    /// Limits, endpoints and credentials: how the providers are asked.
    package let settings: SearchSettings
    /// The exchange rates prices are converted with.
    package let rates: ExchangeRates
    /// Where each provider's endpoint setting came from (`--endpoint`, the environment, default).
    package var endpointOrigins: [ProviderID: String]
    /// The output format.
    package var format: OutputFormat
    /// Whether to report every provider's outcome.
    package var verbose: Bool
    /// Whether `--providers` named the providers rather than taking all of them (no flag, or `all`).
    package var providersNamed: Bool
    /// Where the favourites are kept, to tag offers on favourite airlines.
    package var favoritesFolder: URL?
    /// The process's engine, which makes the aggregator the query runs on.
    package var engine: Engine

    /// Validates the parsed options.
    /// - Parameters:
    ///   - options: the parsed command line.
    ///   - context: the environment and the installed providers.
    ///   - command: the command's name, for error hints.
    /// - Throws: ``UsageError`` naming the first bad value and what to write instead.
    package init(_ options: ParsedOptions, context: CommandContext, command: String) throws(UsageError) {
        let reader = ValueReader(options: options, command: command)
        if let word = options.positional.first {
            throw UsageError.unexpectedArgument(word, command: command) {
                "every value follows its option, such as --from \($0)"
            }
        }
        providers = try reader.providers(from: context.catalog)
        providersNamed =
            options.typed(.providers)
            && options.value(.providers).map { $0.trimmingCharacters(in: .whitespaces).lowercased() != "all" } ?? false
        favoritesFolder = UserFolders(environment: context.environment).data
        engine = context.engine
        let kind = try reader.choice(.kind, OfferCategory.self, among: Self.kinds) ?? .flights
        let departureDates = try reader.dateRange(.date)
        let returnDates = try reader.dateRange(.returnDate)
        if let departureDates, let returnDates, returnDates.last < departureDates.first {
            throw UsageError(
                "'--return' \(returnDates) is before '--date' \(departureDates)",
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
        let minLayover = try reader.duration(.minLayover)
        let maxLayover = try reader.duration(.maxLayover)
        if let minLayover, let maxLayover, minLayover > maxLayover {
            throw UsageError(
                "'--min-layover' \(Offer.display(minLayover)) is longer than '--max-layover' \(Offer.display(maxLayover))",
                hint: "give a shortest connection no longer than the longest",
                command: command)
        }
        let times = try TimeWindows(reader, command: command)
        query = SearchQuery(
            kind: kind, origins: try reader.airportCodes(.from), destinations: try reader.destinations(),
            departureDates: departureDates, returnDates: returnDates, roundTrip: options.has(.roundTrip),
            passengers: try reader.passengers(), cabin: try reader.choice(.cabin, Cabin.self), currency: currency,
            maxPrice: try reader.amount(.maxPrice), maxStops: try reader.integer(.maxStops, atLeast: 0),
            airlines: try reader.airlines(.airline), excludedAirlines: try reader.airlines(.excludeAirline),
            departAfter: times.departAfter, departBefore: times.departBefore, arriveAfter: times.arriveAfter,
            arriveBefore: times.arriveBefore, maxDuration: try reader.duration(.maxDuration), minLayover: minLayover,
            maxLayover: maxLayover,
            bags: try reader.count(
                .bags, in: 0...9, what: "a number of checked bags per passenger",
                hint: "0 to 2 is what airlines usually allow") ?? 0,
            excludeSelfTransfer: options.has(.noSelfTransfer), excludeHiddenCity: options.has(.noHiddenCity),
            excludeThrowAway: options.has(.noThrowAway),
            color: try reader.text(.color), sort: try reader.choice(.sort, SortKey.self) ?? .price,
            limit: try reader.integer(.limit, atLeast: 1), modes: try Self.modes(reader, options: options, kind: kind))
        format = try reader.choice(.format, OutputFormat.self) ?? .table
        verbose = options.has(.verbose)
        let connection = try ConnectionOptions(options, context: context, command: command)
        endpointOrigins = connection.endpointOrigins
        settings = connection.settings
        self.rates = rates
        providers = try DirectorySelection.adding(
            to: providers, kind: kind,
            configured: DirectorySelection.configured(context.environment, connection.config),
            catalog: context.catalog, command: command)
    }
}

extension QueryOptions {
    /// The modes asked for: `--mode`'s, else flights alone when `--kind flights` is typed, else every mode.
    fileprivate static func modes(
        _ reader: ValueReader, options: ParsedOptions, kind: OfferCategory
    ) throws(UsageError) -> [TravelMode] {
        let modes = try reader.modes(.mode)
        if !modes.isEmpty { return modes }
        return kind == .flights && options.typed(.kind) ? [.flight] : []
    }
}

/// The four time-of-day limits of the outbound leg, read and checked together: an earliest time after the
/// latest one is a window no trip fits.
private struct TimeWindows {
    var departAfter: ClockTime?
    var departBefore: ClockTime?
    var arriveAfter: ClockTime?
    var arriveBefore: ClockTime?

    init(_ reader: ValueReader, command: String) throws(UsageError) {
        departAfter = try reader.clockTime(.departAfter)
        departBefore = try reader.clockTime(.departBefore)
        arriveAfter = try reader.clockTime(.arriveAfter)
        arriveBefore = try reader.clockTime(.arriveBefore)
        for (after, before, afterKey, beforeKey) in [
            (departAfter, departBefore, OptionKey.departAfter, OptionKey.departBefore),
            (arriveAfter, arriveBefore, .arriveAfter, .arriveBefore),
        ] {
            if let after, let before, after > before {
                throw UsageError(
                    "'\(afterKey)' \(after) is later than '\(beforeKey)' \(before)",
                    hint: "a window runs from the earlier time to the later, within one day", command: command)
            }
        }
    }
}
