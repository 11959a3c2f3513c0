import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// A search kept under a name to run unattended (`aggregate watch add NAME …`): the search's options as
/// given, its currency fixed when it was added, and what is worth telling about it.
package struct Watch: Sendable, Hashable {
    /// One option of the search: the option of `search`'s table and its value, `nil` for a flag.
    package struct Option: Sendable, Hashable {
        /// The option.
        package var key: OptionKey
        /// Its value; `nil` for a flag.
        package var value: String?

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(key: OptionKey, value: String? = nil) {
            self.key = key
            self.value = value
        }
    }

    /// The name: lower-case letters, digits, `-`, `_` and `.`; also the name of its history file.
    package var name: String
    /// The search's options, in the order of the search's option table; filled into `search`'s own options
    /// and checked by its own code on every run.
    package var search: [Option]
    /// The price limit in ``currency``: a trip at or under it is worth telling.
    package var below: Decimal?
    /// The one trip watched, by its id, or `nil` for every trip the search finds.
    package var trip: String?
    /// The currency its prices are converted into and compared in.
    package var currency: CurrencyCode
    /// When it was added.
    package var created: Date

    /// The longest name.
    package static let maxNameLength = 64
    /// What a name may hold, for messages.
    package static let nameRule = "letters, digits, '-', '_' and '.', at most 64, starting with a letter or a digit"

    /// A name as stored (lower case), or `nil` when it breaks ``nameRule``.
    /// - Parameter text: the name as typed.
    /// - Returns: the name in lower case.
    package static func name(_ text: String) -> String? {
        let name = text.lowercased()
        guard (1...maxNameLength).contains(name.utf8.count),
            let first = name.unicodeScalars.first, ("a"..."z").contains(first) || ("0"..."9").contains(first),
            name.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
            })
        else { return nil }
        return name
    }

    /// Whether a text is a trip id as search prints them (`f-10f914b65a6c4678`): a short lower-case prefix,
    /// a dash and 16 lower-case hexadecimal digits, so that a typo is refused when the watch is added, not
    /// found to match nothing in every run after.
    package static func isTripID(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...8).contains(parts[0].utf8.count), parts[1].utf8.count == 16 else { return false }
        return parts[0].unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
            && parts[1].unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// The price limit as money.
    package var limit: Money? { below.map { Money($0, currency) } }

    /// The value of one option among the search's words, such as the `--date` range, for people.
    /// - Parameter key: the option.
    /// - Returns: its value as typed, or `nil` when the watch does not set it.
    package func value(of key: OptionKey) -> String? {
        search.last { $0.key == key }?.value
    }

    /// The search's options as the command line writes them (`--from=VIE`, `--live`), for people and for the
    /// `watch list` document.
    package var words: [String] {
        search.map { option in option.value.map { "\(option.key)=\($0)" } ?? option.key.name }
    }

    /// The search's options as `search`'s option table reads them.
    /// - Parameter command: the command, for messages.
    /// - Returns: the options.
    /// - Throws: ``UsageError`` for an option this version's search does not take, or a value it cannot have.
    package func options(command: String) throws(UsageError) -> ParsedOptions {
        var given: [GivenOption] = []
        for option in search {
            guard let spec = QueryOptions.specs.first(where: { $0.key == option.key }) else {
                throw UsageError(
                    "the watch \(name) has an option this version's search does not take, '\(option.key)'",
                    hint: "remove the watch and add it again", command: command)
            }
            given.append(GivenOption(spec: spec, value: option.value))
        }
        return try ParsedOptions(given: given, command: command)
    }

    /// The options that command-line words give, in their order: how watches written by an earlier version,
    /// which kept the words (`--from=VIE`, `--live`), are read.
    /// - Parameter words: the words.
    /// - Returns: the options, or `nil` when a word is not an option of the search's table in that form.
    package static func options(fromWords words: [String]) -> [Option]? {
        var options: [Option] = []
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let spec = QueryOptions.specs.first(where: { $0.name == parts[0] }),
                (spec.valueName == nil) == (parts.count == 1)
            else { return nil }
            options.append(Option(key: spec.key, value: parts.count == 2 ? parts[1] : nil))
        }
        return options
    }

    /// The options of a table given in parsed options, in the table's order.
    /// - Parameters:
    ///   - parsed: the options.
    ///   - specs: the options to keep, in order.
    ///   - value: turns a value into what is kept (a relative path made absolute, say).
    /// - Returns: the options.
    package static func options(
        _ parsed: ParsedOptions, specs: [OptionSpec], value: (OptionKey, String) -> String
    ) -> [Option] {
        var options: [Option] = []
        for spec in specs where parsed.gave(spec.key) {
            if spec.valueName == nil {
                options.append(Option(key: spec.key, value: nil))
            } else {
                options += parsed.all(spec.key).map { Option(key: spec.key, value: value(spec.key, $0)) }
            }
        }
        return options
    }

    /// The search in a few words for people: `VIE→BCN, 2026-12-18..2026-12-20, kiwi,duffel`.
    package var summary: String {
        var parts: [String] = []
        let route = [value(of: .from) ?? "anywhere", value(of: .to) ?? "anywhere"].joined(separator: "→")
        parts.append(route)
        if let date = value(of: .date) { parts.append(date) }
        if let back = value(of: .returnDate) { parts.append("back \(back)") }
        if let providers = value(of: .providers) { parts.append(providers) }
        if search.contains(where: { $0.key == .live }) { parts.append("live") }
        return parts.joined(separator: ", ")
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        name: String, search: [Option], below: Decimal? = nil, trip: String? = nil, currency: CurrencyCode,
        created: Date
    ) {
        self.name = name
        self.search = search
        self.below = below
        self.trip = trip
        self.currency = currency
        self.created = created
    }
}
