import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// Reads and checks option values, each failure a ``UsageError`` naming the option.
package struct ValueReader {
    package let options: ParsedOptions
    package let command: String

    package func text(_ key: OptionKey) throws(UsageError) -> String? {
        guard let value = options.value(key) else { return nil }
        let name = key.name
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw UsageError("'\(name)' is empty", hint: "give it a value or leave it out", command: command)
        }
        return trimmed
    }

    /// The most codes `--from` or `--to` takes: more airports than a city has, few enough that a search
    /// over every pair of them and the longest ranges of days stays small (a provider asking one route per
    /// request plans at most its own few dozen requests, and counts the rest).
    package static let maxCodes = 30

    /// Comma-separated places, each a three-letter code (upper-cased: `--from VIE,BRQ`) or the name of a city
    /// anywhere, in English or its own language, or of a well-known station, standing for the city's code:
    /// `--from Vienna`, `--from Wien` and `--from "Wien Hbf"` are `--from VIE`, `--from "New York"` is `NYC`.
    /// At most ``maxCodes``, counted before any is read.
    package func airportCodes(_ key: OptionKey) throws(UsageError) -> [String] {
        guard let value = try text(key) else { return [] }
        let name = key.name
        let commas = value.utf8.lazy.filter { $0 == UInt8(ascii: ",") }.count
        guard commas < Self.maxCodes else {
            throw UsageError(
                "'\(name)' takes at most \(Self.maxCodes) places, got \(commas + 1)",
                hint: "search fewer places at once", command: command)
        }
        let examples = key == .to ? ("BCN", "BCN,GRO", "Barcelona") : ("VIE", "VIE,BRQ", "Vienna")
        let example = "\(name) " + (value.contains(",") ? examples.1 : examples.0)
        var codes: [String] = []
        for element in try list(key, value, example: example) {
            codes.append(try placeCode(element, name: name, example: example, examples: examples))
        }
        return codes
    }

    /// The code one place of `--from` or `--to` stands for: a three-letter code as written; a city's name in
    /// any language, or a station's, as its city's code (``KnownCities``, ``Gazetteer``); a city's key
    /// (`AMESBURY.GB`) as written. A name several cities of similar size bear, or none, is a mistake that
    /// lists the cities or the names meant.
    private func placeCode(
        _ element: String, name: String, example: String, examples: (String, String, String)
    ) throws(UsageError) -> String {
        if element.count == 3, element.allSatisfy({ $0.isASCII && $0.isLetter }) { return element.uppercased() }
        if let city = KnownCities.code(ofStation: element) ?? KnownCities.code(named: element) { return city }
        if element.contains("."), let city = Gazetteer.city(code: element) { return city.code }
        let shown = PrintableText.excerpt(element, limit: 40)
        switch Gazetteer.resolve(element) {
        case .city(let city):
            return city.code
        case .ambiguous(let cities):
            let listed = cities.map { "\($0.name) (\($0.country)) \($0.code)" }.joined(separator: ", ")
            throw UsageError(
                "'\(name)' \(shown) is more than one city: \(listed)",
                hint: "write the code of the one you mean, for example \(name) \(cities[0].code)", command: command)
        case .unknown(let suggestions) where !suggestions.isEmpty:
            let others = suggestions.dropFirst()
            throw UsageError(
                "'\(name)' knows no place named '\(shown)'",
                hint: "write \(name) \(suggestions[0]) if you meant \(suggestions[0])"
                    + (others.isEmpty ? "" : " (or \(others.joined(separator: ", ")))"),
                command: command)
        case .unknown:
            throw UsageError(
                "'\(name)' takes a three-letter IATA code or the name of a city or airport, got '\(shown)'",
                hint: "write for example \(example) or \(name) \(examples.2)", command: command)
        }
    }

    /// `--to BCN,GRO`, or nothing for `--to anywhere`.
    package func destinations() throws(UsageError) -> [String] {
        if options.value(.to)?.trimmingCharacters(in: .whitespaces).lowercased() == "anywhere" { return [] }
        return try airportCodes(.to)
    }

    /// The most airlines one option takes: far more than anyone types, few enough that matching them stays
    /// cheap whatever a caller (an MCP client) sends.
    package static let maxAirlines = 100

    /// Comma-separated airlines, codes or names: `--airline OS,VY`, `--airline "Austrian Airlines"`; at most
    /// ``maxAirlines``, counted before any is read.
    package func airlines(_ key: OptionKey) throws(UsageError) -> [String] {
        guard let value = try text(key) else { return [] }
        let commas = value.utf8.lazy.filter { $0 == UInt8(ascii: ",") }.count
        guard commas < Self.maxAirlines else {
            throw UsageError(
                "'\(key.name)' takes at most \(Self.maxAirlines) airlines, got \(commas + 1)",
                hint: "search for fewer airlines at once", command: command)
        }
        return try list(key, value, example: "\(key.name) OS,VY")
    }

    /// The elements of a comma-separated value, trimmed; an empty one is a mistake.
    private func list(_ key: OptionKey, _ value: String, example: String) throws(UsageError) -> [String] {
        let elements = value.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if elements.contains(where: \.isEmpty) {
            throw UsageError(
                "'\(key.name)' has an empty element in '\(PrintableText.excerpt(value, limit: 60))'",
                hint: "write for example \(example)", command: command)
        }
        return elements
    }

    package func date(_ key: OptionKey) throws(UsageError) -> LocalDate? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard let date = LocalDate(iso: value) else {
            throw UsageError(
                "'\(name)' takes a date as YYYY-MM-DD, got '\(value)'", hint: "write for example \(name) 2026-12-18",
                command: command)
        }
        return date
    }

    /// One day, `2026-12-18`, or a range of days, `2026-12-18..2026-12-22`.
    package func dateRange(_ key: OptionKey) throws(UsageError) -> DateRange? {
        guard let value = try text(key) else { return nil }
        guard value.contains("..") else { return try date(key).map(DateRange.init) }
        let name = key.name
        let parts = value.components(separatedBy: "..")
        guard parts.count == 2, let first = LocalDate(iso: parts[0]), let last = LocalDate(iso: parts[1]) else {
            throw UsageError(
                "'\(name)' takes a range of days as YYYY-MM-DD..YYYY-MM-DD, got '\(PrintableText.excerpt(value, limit: 40))'",
                hint: "write for example \(name) 2026-12-18..2026-12-22", command: command)
        }
        guard first <= last else {
            throw UsageError(
                "'\(name)' \(value) ends before it starts",
                hint: "write the earlier day first: \(name) \(last)..\(first)",
                command: command)
        }
        guard let range = DateRange(from: first, to: last) else {
            let days = last.daysSinceEpoch - first.daysSinceEpoch + 1
            throw UsageError(
                "'\(name)' \(value) spans \(days) days, more than \(DateRange.maximumDays)",
                hint: "search a shorter range", command: command)
        }
        return range
    }

    /// A time of day, `07:30`.
    package func clockTime(_ key: OptionKey) throws(UsageError) -> ClockTime? {
        guard let value = try text(key) else { return nil }
        guard let time = ClockTime(parsing: value) else {
            throw UsageError(
                "'\(key.name)' takes a time of day as HH:MM, got '\(PrintableText.excerpt(value, limit: 40))'",
                hint: "write for example \(key.name) 07:30", command: command)
        }
        return time
    }

    /// The longest duration an option takes: the longest plausible leg.
    package static let longestDuration = Leg.longestPlausibleDuration

    /// A duration in hours and minutes: `6h`, `3h30m`, `90m`; from one minute to ``longestDuration``.
    package func duration(_ key: OptionKey) throws(UsageError) -> Duration? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        let hours = Self.longestDuration.components.seconds / 3600
        guard let minutes = Self.minutes(in: value.lowercased()), minutes > 0, minutes <= hours * 60 else {
            throw UsageError(
                "'\(name)' takes a duration from 1m to \(hours)h such as 6h, 3h30m or 90m, got '\(PrintableText.excerpt(value, limit: 40))'",
                hint: "write for example \(name) \(key == .minLayover ? "45m" : "6h")", command: command)
        }
        return .seconds(minutes * 60)
    }

    /// Minutes in `6h`, `3h30m` or `90m`; `nil` for anything else, or a number too long to be a duration.
    private static func minutes(in text: String) -> Int64? {
        var rest = Substring(text)
        var total: Int64 = 0
        var sawUnit = false
        for (unit, factor) in [("h", Int64(60)), ("m", Int64(1))] {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { continue }
            let afterDigits = rest.dropFirst(digits.count)
            guard afterDigits.hasPrefix(unit), digits.count <= 6, let number = Int64(digits) else { continue }
            total += number * factor
            rest = afterDigits.dropFirst()
            sawUnit = true
        }
        return sawUnit && rest.isEmpty ? total : nil
    }

    /// A count between two bounds, with a hint of its own.
    package func count(
        _ key: OptionKey, in range: ClosedRange<Int>, what: String, hint: String
    ) throws(UsageError) -> Int? {
        guard let value = try text(key) else { return nil }
        guard let number = Int(value), range.contains(number) else {
            throw UsageError(
                "'\(key.name)' takes \(what) from \(range.lowerBound) to \(range.upperBound), got '\(PrintableText.excerpt(value, limit: 40))'",
                hint: hint, command: command)
        }
        return number
    }

    /// The party: `--adults`, `--children`, `--infants`, checked together.
    package func passengers() throws(UsageError) -> Passengers {
        let most = Passengers.maximum
        let party = Passengers(
            adults: try count(
                .adults, in: 1...most, what: "a number of adults", hint: "a party needs at least one adult")
                ?? 1,
            children: try count(
                .children, in: 0...(most - 1), what: "a number of children", hint: "write for example --children 2")
                ?? 0,
            infants: try count(
                .infants, in: 0...(most - 1), what: "a number of lap infants", hint: "write for example --infants 1")
                ?? 0)
        switch party.problem {
        case nil:
            return party
        case .tooMany:
            throw UsageError(
                "a party of \(party.total) is more than one booking takes (at most \(most) passengers)",
                hint: "search for at most \(most) together", command: command)
        case .moreInfantsThanAdults:
            throw UsageError(
                "\(party.infants) lap infants need as many adults, got \(party.adults) adult\(party.adults == 1 ? "" : "s")",
                hint: "add --adults \(party.infants), or count an infant with a seat of its own as a child",
                command: command)
        case .noAdult, .negativeCount:
            throw UsageError("a party needs at least one adult", hint: "write --adults 1 or more", command: command)
        }
    }

    package func integer(_ key: OptionKey, atLeast minimum: Int) throws(UsageError) -> Int? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard let number = Int(value), number >= minimum else {
            throw UsageError(
                "'\(name)' takes a whole number of at least \(minimum), got '\(value)'",
                hint: "write for example \(name) \(max(minimum, 1) * 5)", command: command)
        }
        return number
    }

    package func amount(_ key: OptionKey) throws(UsageError) -> Decimal? {
        guard let value = try text(key) else { return nil }
        let name = key.name
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

    package func size(_ key: OptionKey) throws(UsageError) -> Int? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard let bytes = ByteSize.parse(value) else {
            throw UsageError(
                "'\(name)' takes a size such as 32MiB, 500KiB or a number of bytes, got '\(value)'",
                hint: "write for example \(name) 16MiB", command: command)
        }
        return bytes
    }

    package func seconds(_ key: OptionKey) throws(UsageError) -> Duration? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 600 else {
            throw UsageError(
                "'\(name)' takes a number of seconds between 0 and 600, got '\(value)'",
                hint: "write for example \(name) 5", command: command)
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    package func currency(_ key: OptionKey) throws(UsageError) -> CurrencyCode? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard let code = CurrencyCode(value) else {
            throw UsageError(
                "'\(name)' takes an ISO 4217 code such as EUR, got '\(value)'", hint: "write for example \(name) USD",
                command: command)
        }
        return code
    }

    /// `--mode train,bus`: comma-separated travel modes, each once; empty when the option is absent.
    package func modes(_ key: OptionKey) throws(UsageError) -> [TravelMode] {
        guard let value = try text(key) else { return [] }
        var modes: [TravelMode] = []
        for element in try list(key, value, example: "\(key.name) train,bus") {
            guard let mode = TravelMode(rawValue: element.lowercased()) else {
                let names = TravelMode.allCases.map(\.rawValue)
                throw UsageError(
                    "'\(key.name)' takes modes among \(names.joined(separator: ", ")), got "
                        + "'\(PrintableText.excerpt(element, limit: 40))'",
                    hint: UsageError.suggesting(element.lowercased(), among: names, otherwise: nil), command: command)
            }
            modes.append(mode)
        }
        return modes
    }

    package func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: OptionKey, _ type: Choice.Type, among allowed: [Choice]? = nil
    )
        throws(UsageError) -> Choice? where Choice.RawValue == String
    {
        guard let value = try text(key) else { return nil }
        let name = key.name
        let choices = allowed ?? Array(Choice.allCases)
        if let choice = choices.first(where: { $0.rawValue == value.lowercased() }) { return choice }
        // A kept setting that is a choice, only not one this command can take, leaves the command on its
        // own default.
        if options.kept.contains(key), Choice.allCases.contains(where: { $0.rawValue == value.lowercased() }) {
            return nil
        }
        let names = choices.map(\.rawValue)
        throw UsageError(
            "'\(name)' takes one of \(names.joined(separator: ", ")), got '\(value)'",
            hint: UsageError.suggesting(value.lowercased(), among: names, otherwise: nil), command: command)
    }

    package func rates(_ path: String) throws(UsageError) -> ExchangeRates {
        let data: Data
        do {
            guard let read = try RegularFile.read(path, maxBytes: 1 << 20) else {
                throw UsageError(
                    "there is no rates file '\(path)'",
                    hint: "check the path, or leave out --rates to use the embedded table",
                    command: command)
            }
            data = read
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(
                "cannot read the rates file: \(error)",
                hint: "check the path, or leave out --rates to use the embedded table", command: command)
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

    /// The providers `--providers` names, in the order named; every installed provider that sells
    /// something without it or with `all`.
    package func providers(from catalog: ProviderCatalog) throws(UsageError) -> [any OfferProvider] {
        guard let value = try text(.providers), value.lowercased() != "all" else { return catalog.offerProviders }
        let names = value.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if names.contains(where: \.isEmpty) {
            throw UsageError(
                "'--providers' has an empty name in '\(value)'", hint: "write for example --providers kiwi,aviasales",
                command: command)
        }
        var selected: [any OfferProvider] = []
        for name in names {
            guard let provider = catalog.provider(ProviderID(rawValue: name)) else {
                throw Self.unknownProvider(name, among: catalog.all, command: command)
            }
            if !selected.contains(where: { $0.descriptor.id == provider.descriptor.id }) { selected.append(provider) }
        }
        return selected
    }

    package static func unknownProvider(
        _ name: String, among providers: [any OfferProvider], command: String
    ) -> UsageError {
        let ids = providers.map(\.descriptor.id.rawValue)
        return UsageError(
            "unknown provider '\(PrintableText.excerpt(name, limit: 40))'",
            hint: UsageError.suggesting(name, among: ids, otherwise: "installed: \(ids.joined(separator: ", "))"),
            command: command)
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(options: ParsedOptions, command: String) {
        self.options = options
        self.command = command
    }
}
