import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// The command line's words for what the core reports as typed values: notes, hints, remedies and
/// set-up errors. The one place that turns a ``QueryField`` into the option that sets it, so that
/// renaming an option changes every message at once.
package enum Wording {
    /// `--from, --to and --date`.
    package static func options(_ fields: [QueryField]) -> String {
        list(fields.map { OptionKey.setting($0).name })
    }

    /// `a`, `a and b`, `a, b and c`.
    package static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// A provider's note.
    package static func note(_ note: ProviderNote) -> String {
        switch note {
        case .cannotHonour(let fields, lacking: .dates):
            "its offers carry no dates, so it cannot honour \(options(fields).replacingOccurrences(of: " and ", with: " or "))"
        case .cannotHonour(_, lacking: .roundTrips):
            "it cannot search round trips"
        case .cannotHonour(let fields, _):
            "it cannot honour \(options(fields))"
        case .answeredFromCache(let retrievedAt, let afterLiveFailure):
            (afterLiveFailure
                ? "its live request failed: answered from the cache" : "--offline: answered from the cache")
                + (retrievedAt.flatMap(LocalDateTime.init(utc:)).map { " retrieved \($0)Z" } ?? "")
        case .notStoredInCache(let reason):
            "its answer could not be cached: \(reason)"
        case .remark(let text):
            text
        case .nonWebLinksDropped(let count):
            "\(count == 1 ? "1 link" : "\(count) links") in its answer \(count == 1 ? "was" : "were") not a web link "
                + "(http or https with a host) and \(count == 1 ? "was" : "were") left out"
        }
    }

    /// `1 record repeats another exactly and is shown once`: what a provider's exact repeats came to.
    package static func repeats(_ count: Int) -> String {
        count == 1
            ? "1 record repeats another exactly and is shown once"
            : "\(count) records repeat others exactly and are shown once"
    }

    /// The option that asks the live services instead of the embedded samples, as the sample note names it.
    package static let liveOption = OptionKey.live.name

    /// The line under a table that says what `*` by a seller's price means, then what the table did with
    /// such prices: `* a price for another party than the 2 adults asked, as the seller sent it; …`.
    /// - Parameters:
    ///   - passengers: the party asked for.
    ///   - consequence: what became of those prices in this table.
    /// - Returns: the line.
    package static func otherPartyMark(_ passengers: Passengers, _ consequence: String) -> String {
        "* a price for another party than the \(passengers) asked, as the seller sent it; \(consequence)"
    }

    /// What the providers whose prices are not real answered from, one sentence per kind of sample:
    /// `kiwi, aviasales answered from built-in samples, not live prices; add --live to ask the live
    /// services`, `duffel answered in test mode: not real prices`. Only providers that answered for what
    /// the search looks for are named (a directory asked only to enrich the flights sells nothing).
    /// - Parameter outcomes: the providers' outcomes, in selection order.
    /// - Returns: the sentences; none when every price is real.
    package static func samples(_ outcomes: [ProviderOutcome]) -> [String] {
        let marked = outcomes.filter { $0.isSample && $0.status.answered && !$0.enrichesOnly }
        func ids(_ kind: SampleAnswer) -> String {
            marked.filter { $0.sample == kind }.map(\.provider.rawValue).joined(separator: ", ")
        }
        var lines: [String] = []
        for kind in SampleAnswer.allCases where marked.contains(where: { $0.sample == kind }) {
            switch kind {
            case .embedded:
                lines.append(
                    "\(ids(kind)) answered from built-in samples, not live prices; add \(liveOption) to ask the live "
                        + "services")
            case .testMode:
                lines.append("\(ids(kind)) answered in test mode: not real prices")
            }
        }
        return lines
    }

    /// A note about the whole search or comparison.
    package static func note(_ note: SearchNote) -> String {
        switch note {
        case .unconvertedPrices(let currencies, let date):
            "prices in \(currencies.map(\.rawValue).joined(separator: ", ")) cannot be converted with the rates of "
                + "\(date); they are shown as sent and ranked after the rest (pass --rates FILE to convert them)"
        case .pricesLeftOutOfComparison(let count, let currencies, let date):
            "\(count == 1 ? "1 price" : "\(count) prices") in \(currencies.map(\.rawValue).joined(separator: ", ")) "
                + "cannot be converted with the rates of \(date); shown as sent and left out of every comparison "
                + "(pass --rates FILE to convert them)"
        case .unknownValues(let field, let trips):
            "\(OptionKey.setting(field).name) left out \(trips == 1 ? "1 trip" : "\(trips) trips") whose "
                + unknownValue(field) + " unknown"
        case .lapInfantsNotPriced(let provider, let seated, let infants):
            "\(provider) prices per seat: its prices are for \(seated), without the "
                + (infants == 1 ? "lap infant" : "\(infants) lap infants")
        case .pricedForAnotherParty(let provider, let party, let offers):
            "\(provider): \(offers == 1 ? "1 price is" : "\(offers) prices are") for \(party), not the party asked "
                + "for; shown as the provider stated \(offers == 1 ? "it" : "them")"
        case .bagFeesUnknown(let trips):
            "\(OptionKey.bags.name): "
                + (trips == 1
                    ? "1 trip's bag fees are unknown, so its price is the ticket alone"
                    : "\(trips) trips' bag fees are unknown, so their prices are the tickets alone")
                + "; ranked after trips whose total is known"
        case .pricesOutOfRange(let count, let currencies, let target):
            "\(count == 1 ? "1 price" : "\(count) prices") in \(currencies.map(\.rawValue).joined(separator: ", ")) "
                + "\(count == 1 ? "has" : "have") no sensible amount in \(target) (too small or too large to convert) "
                + "and \(count == 1 ? "was" : "were") left out"
        case .stoppedEarly(let judged, let total):
            "stopped while judging the trips: only \(judged) of \(total) were judged, the rest are left out "
                + "(ask for fewer trips, or allow more time with --timeout)"
        }
    }

    /// What a filter could not see, with its verb: `duration is`, `connection times are`.
    package static func unknownValue(_ field: QueryField) -> String {
        switch field {
        case .departAfter, .departBefore: "departure time is"
        case .arriveAfter, .arriveBefore: "arrival time is"
        case .maxDuration: "duration is"
        case .minLayover, .maxLayover: "connection times are"
        case .cabin: "cabin is"
        case .maxPrice: "bag fees are"
        default: "value is"
        }
    }

    /// `without --color: 4`, `without --color and --max-price: 6`, `try --round-trip: 3`.
    package static func hint(_ hint: FilterHint) -> String {
        let added = hint.added.map { OptionKey.setting($0).name }.joined(separator: " ")
        let dropped = "without \(hint.dropped.map { OptionKey.setting($0).name }.joined(separator: " and "))"
        let change = [hint.added.isEmpty ? nil : "try \(added)", hint.dropped.isEmpty ? nil : dropped]
        return change.compactMap { $0 }.joined(separator: " ") + ": \(hint.offers)"
    }

    /// The option names a hint adds, for JSON.
    package static func added(_ hint: FilterHint) -> [String] {
        hint.added.map { OptionKey.setting($0).name }
    }

    /// The option names a hint drops, for JSON.
    package static func dropped(_ hint: FilterHint) -> [String] {
        hint.dropped.map { OptionKey.setting($0).name }
    }

    /// A provider's failure in one line: its message, then what to do about it.
    package static func error(_ error: ProviderError) -> String {
        let id = error.provider
        if error.code == .notAsked, case .addFields(let fields) = error.remedy {
            return "was not asked: it needs \(options(fields))"
        }
        guard let remedy = error.remedy else { return error.message }
        let advice: String =
            switch remedy {
            case .setEndpoint: "point it at a recording with --endpoint \(id)=file://PATH"
            case .checkEndpoint: "check --endpoint \(id)=file://PATH"
            case .searchOnline: "run the search once without --offline"
            case .addFields(let fields): "add \(options(fields))"
            case .checkCredentials(let names) where names.isEmpty: "check whether the service needs credentials"
            case .checkCredentials(let names): "check \(list(names.map { EnvironmentNames.credential($0, of: id) }))"
            case .setCredentials(let names):
                "set \(list(names.map { EnvironmentNames.credential($0, of: id) })) to let it ask its live service"
            case .noLiveService: "it has no live service; drop --live or give it an --endpoint"
            case .raiseSizeCap: "raise --max-response-size if it is expected"
            }
        return "\(error.message); \(advice)"
    }

    /// A set-up error in the command line's words.
    package static func setup(_ error: AggregatorSetupError) -> String {
        switch error.reason {
        case .offlineWithoutCache: "'--offline' needs the cache folder, and neither XDG_CACHE_HOME nor HOME is set"
        default: error.description
        }
    }
}
