import AggregatorCore
import Foundation

/// Reads and checks option values, each failure a ``UsageError`` naming the option.
struct ValueReader {
    let options: ParsedOptions
    let command: String

    func text(_ key: OptionKey) throws(UsageError) -> String? {
        guard let value = options.value(key) else { return nil }
        let name = key.name
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw UsageError("'\(name)' is empty", hint: "give it a value or leave it out", command: command)
        }
        return trimmed
    }

    func airportCode(_ key: OptionKey) throws(UsageError) -> String? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard value.count == 3, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw UsageError(
                "'\(name)' takes a three-letter IATA code, got '\(value)'", hint: "write for example \(name) VIE",
                command: command)
        }
        return value.uppercased()
    }

    func destination() throws(UsageError) -> String? {
        if options.value(.to)?.lowercased() == "anywhere" { return nil }
        return try airportCode(.to)
    }

    func date(_ key: OptionKey) throws(UsageError) -> LocalDate? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard let date = LocalDate(iso: value) else {
            throw UsageError(
                "'\(name)' takes a date as YYYY-MM-DD, got '\(value)'", hint: "write for example \(name) 2026-12-18",
                command: command)
        }
        return date
    }

    func integer(_ key: OptionKey, atLeast minimum: Int) throws(UsageError) -> Int? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard let number = Int(value), number >= minimum else {
            throw UsageError(
                "'\(name)' takes a whole number of at least \(minimum), got '\(value)'",
                hint: "write for example \(name) \(max(minimum, 1) * 5)", command: command)
        }
        return number
    }

    func amount(_ key: OptionKey) throws(UsageError) -> Decimal? {
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

    func size(_ key: OptionKey) throws(UsageError) -> Int? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard let bytes = ByteSize.parse(value) else {
            throw UsageError(
                "'\(name)' takes a size such as 32MiB, 500KiB or a number of bytes, got '\(value)'",
                hint: "write for example \(name) 16MiB", command: command)
        }
        return bytes
    }

    func seconds(_ key: OptionKey) throws(UsageError) -> Duration? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 600 else {
            throw UsageError(
                "'\(name)' takes a number of seconds between 0 and 600, got '\(value)'",
                hint: "write for example \(name) 5", command: command)
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    func currency(_ key: OptionKey) throws(UsageError) -> CurrencyCode? {
        guard let value = try text(key) else { return nil }
        let name = key.name
        guard let code = CurrencyCode(value) else {
            throw UsageError(
                "'\(name)' takes an ISO 4217 code such as EUR, got '\(value)'", hint: "write for example \(name) USD",
                command: command)
        }
        return code
    }

    func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: OptionKey, _ type: Choice.Type, among allowed: [Choice]? = nil
    )
        throws(UsageError) -> Choice? where Choice.RawValue == String
    {
        guard let value = try text(key) else { return nil }
        let name = key.name
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
    func providers(from catalog: ProviderCatalog) throws(UsageError) -> [any OfferProvider] {
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

    static func unknownProvider(_ name: String, among providers: [any OfferProvider], command: String) -> UsageError {
        let ids = providers.map(\.descriptor.id.rawValue)
        return UsageError(
            "unknown provider '\(PrintableText.excerpt(name, limit: 40))'",
            hint: UsageError.suggesting(name, among: ids, otherwise: "installed: \(ids.joined(separator: ", "))"),
            command: command)
    }
}
