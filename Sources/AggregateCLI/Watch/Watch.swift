import AggregatorCore
import Foundation
import ProviderKit

/// A search kept under a name to run unattended (`aggregate watch add NAME …`): the search's options as
/// typed, its currency fixed when it was added, and what is worth telling about it.
struct Watch: Sendable, Hashable {
    /// The name: lower-case letters, digits, `-`, `_` and `.`; also the name of its history file.
    var name: String
    /// The search's options as the command line writes them (`--from=VIE`, `--live`), in the order of
    /// the search's option table; read again by `search`'s own code on every run.
    var search: [String]
    /// The price limit in ``currency``: a trip at or under it is worth telling.
    var below: Decimal?
    /// The one trip watched, by its id, or `nil` for every trip the search finds.
    var trip: String?
    /// The currency its prices are converted into and compared in.
    var currency: CurrencyCode
    /// When it was added.
    var created: Date

    /// The longest name.
    static let maxNameLength = 64
    /// What a name may hold, for messages.
    static let nameRule = "letters, digits, '-', '_' and '.', at most 64, starting with a letter or a digit"

    /// A name as stored (lower case), or `nil` when it breaks ``nameRule``.
    /// - Parameter text: the name as typed.
    /// - Returns: the name in lower case.
    static func name(_ text: String) -> String? {
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
    static func isTripID(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...8).contains(parts[0].utf8.count), parts[1].utf8.count == 16 else { return false }
        return parts[0].unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
            && parts[1].unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// The price limit as money.
    var limit: Money? { below.map { Money($0, currency) } }

    /// The value of one option among the search's words, such as the `--date` range, for people.
    /// - Parameter key: the option.
    /// - Returns: its value as typed, or `nil` when the watch does not set it.
    func value(of key: OptionKey) -> String? {
        let prefix = key.name + "="
        return search.last { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// The search in a few words for people: `VIE→BCN, 2026-12-18..2026-12-20, kiwi,duffel`.
    var summary: String {
        var parts: [String] = []
        let route = [value(of: .from) ?? "anywhere", value(of: .to) ?? "anywhere"].joined(separator: "→")
        parts.append(route)
        if let date = value(of: .date) { parts.append(date) }
        if let back = value(of: .returnDate) { parts.append("back \(back)") }
        if let providers = value(of: .providers) { parts.append(providers) }
        if search.contains(OptionKey.live.name) { parts.append("live") }
        return parts.joined(separator: ", ")
    }
}
