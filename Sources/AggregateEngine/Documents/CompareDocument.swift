import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate.compare.v1`: the answer of `aggregate compare --format json`. docs/output.md's "JSON:
/// `aggregate.compare.v1`" shows it with a comment on every member.
///
/// ```
/// {"schema": "aggregate.compare.v1", "currency", "rates_date", "query": {…}, "order",
///  "providers": [row…], "matched", "shared_total", "shared": [trip…], "pairs": [pair…], "notes"}
/// ```
///
/// The head and the query are those of ``SearchDocument``; a provider's row is its outcome
/// (``outcomeLayout``, see ``ProviderOutcomeObject``) with the comparison's figures for it; a shared trip's
/// `trip` has the trip members of a search's offer. Amounts are rounded to the currency's minor units,
/// except medians, which are exact: the median of an even count may end in a half of the smallest unit.
package struct CompareDocument: OutputDocument {
    /// The schema's name; bump the version on an incompatible change.
    package static let schema = "aggregate.compare.v1"

    /// The members of a provider's row, in order; the comparison's own figures stand after `skipped`.
    package static let outcomeLayout: [ProviderOutcomeObject.Member] = [
        .id, .status, .latency, .offers, .skipped, .repeats, .documentMembers, .error, .errorCode, .notes,
    ]

    /// The comparison.
    package let comparison: SourceComparison

    package func write(to json: inout JSONWriter) {
        let query = comparison.query
        json.object { json in
            SearchDocument.writeHead(schema: Self.schema, query: query, rates: comparison.rates, to: &json)
            json.key("order")
            json.string(comparison.order == .saving ? "saving" : query.sort.rawValue)
            json.key("providers")
            json.array { json in
                for row in comparison.providers { Self.write(row, to: &json) }
            }
            json.key("matched")
            json.int(comparison.matched)
            json.key("shared_total")
            json.int(comparison.sharedTotal)
            json.key("shared")
            json.array { json in
                for trip in comparison.shared { Self.write(trip, to: &json) }
            }
            json.key("pairs")
            json.array { json in
                for pair in comparison.pairs { Self.write(pair, to: &json) }
            }
            json.key("notes")
            json.strings(comparison.notes.map(Wording.note))
        }
    }

    /// About what the document takes: a shared trip is an offer with a few sellers.
    package var capacity: Int { 8192 + 2048 * comparison.shared.count }

    /// A provider's row: its outcome, with the comparison's figures for it among the outcome's members.
    package static func write(_ row: SourceComparison.ProviderSummary, to json: inout JSONWriter) {
        ProviderOutcomeObject.write(row.outcome, outcomeLayout, to: &json) { json in
            json.key("matched")
            json.int(row.matched)
            json.key("cheapest")
            json.money(row.cheapest)
            json.key("median")
            json.exactMoney(row.median)
            json.key("unconverted")
            json.int(row.unconverted)
            json.key("shared")
            json.int(row.shared)
        }
    }

    /// A trip several providers sell: what it is, each seller's price, and the saving.
    package static func write(_ trip: SourceComparison.SharedTrip, to json: inout JSONWriter) {
        json.object { json in
            json.key("id")
            json.string(trip.offer.id)
            json.key("trip")
            json.object { json in SearchDocument.writeProductMembers(of: trip.offer, to: &json) }
            json.key("sources")
            json.array { json in
                for source in trip.sources {
                    json.object { json in
                        json.key("provider")
                        json.string(source.provider.rawValue)
                        json.key("price")
                        json.money(source.price)
                        json.key("converted")
                        json.money(source.convertedPrice)
                        json.key("party")
                        json.party(source.pricedFor)
                        json.key("other_party")
                        json.bool(source.forAnotherParty)
                        json.key("cheapest")
                        json.bool(trip.isCheapest(source))
                        json.key("deep_link")
                        json.string(source.link?.text)
                    }
                }
            }
            json.key("cheapest")
            json.string(trip.cheapest?.rawValue)
            json.key("dearest")
            json.string(trip.dearest?.rawValue)
            json.key("saving")
            json.money(trip.saving)
            json.key("saving_percent")
            json.decimal(trip.savingPercent.map { rounded($0, places: 1) })
        }
    }

    /// Two providers measured on the trips both sell.
    package static func write(_ pair: SourceComparison.ProviderPair, to json: inout JSONWriter) {
        json.object { json in
            json.key("first")
            json.string(pair.first.rawValue)
            json.key("second")
            json.string(pair.second.rawValue)
            json.key("shared")
            json.int(pair.shared)
            json.key("compared")
            json.int(pair.compared)
            json.key("first_cheaper")
            json.int(pair.firstCheaper)
            json.key("second_cheaper")
            json.int(pair.secondCheaper)
            json.key("ties")
            json.int(pair.ties)
            json.key("median_difference")
            json.exactMoney(pair.medianDifference)
        }
    }

    /// A value rounded half-up to `places` decimal places.
    package static func rounded(_ value: Decimal, places: Int) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, places, .plain)
        return result
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(comparison: SourceComparison) {
        self.comparison = comparison
    }
}

// MARK: - Schema

extension CompareDocument {
    /// The JSON Schema of the document: the members ``write(to:)`` writes.
    package static var shape: DocumentSchema {
        let money = DocumentSchema.nullable(DocumentSchema.money)
        let row = ProviderOutcomeObject.shape(
            outcomeLayout,
            documentMembers: [
                .member("matched", .integer), .member("cheapest", money), .member("median", money),
                .member("unconverted", .integer), .member("shared", .integer),
            ])
        let seller = DocumentSchema.object([
            .member("provider", .string), .member("price", money), .member("converted", money),
            .member(
                "party", .nullable(SearchDocument.partyShape),
                "The passengers the price is for; null when the seller does not say"),
            .member(
                "other_party", .boolean,
                "Whether the price is for another party than the one asked, so left out of every figure"),
            .member("cheapest", .boolean), .member("deep_link", DocumentSchema.text),
        ])
        let trip = DocumentSchema.object([
            .member("id", .string), .member("trip", .object(SearchDocument.productMembers)),
            .member("sources", .array(seller)), .member("cheapest", DocumentSchema.text),
            .member("dearest", DocumentSchema.text), .member("saving", money),
            .member("saving_percent", .nullable(.number)),
        ])
        let pair = DocumentSchema.object([
            .member("first", .string), .member("second", .string), .member("shared", .integer),
            .member("compared", .integer), .member("first_cheaper", .integer), .member("second_cheaper", .integer),
            .member("ties", .integer), .member("median_difference", money),
        ])
        return .document(
            schema,
            SearchDocument.headMembers + [
                .member("order", .string), .member("providers", .array(row)), .member("matched", .integer),
                .member("shared_total", .integer), .member("shared", .array(trip), "Trips two or more providers sell"),
                .member("pairs", .array(pair)), .member("notes", DocumentSchema.strings),
            ])
    }
}
