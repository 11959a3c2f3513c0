import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate.dates.v1`: the answer of `aggregate dates --format json`. docs/commands.md's "aggregate dates"
/// section shows it.
///
/// ```
/// {"schema": "aggregate.dates.v1", "currency", "rates_date", "query": {…}, "providers": [outcome…],
///  "matched", "days": [day…], "grid": null | {"return_dates", "cells": [day…]}, "undated", "hints", "notes"}
/// ```
///
/// The head, the query, the outcomes and the hints are those of ``SearchDocument``. `days` is always there;
/// `grid` is `null` unless a range of return days was asked for, and each of its cells is a day with a
/// `return`.
package struct DatesDocument: OutputDocument {
    /// The schema's name; bump the version on an incompatible change.
    package static let schema = "aggregate.dates.v1"

    /// The search's answer.
    package let result: SearchResult
    /// The cheapest trip of each day, or of each pair of days.
    package let days: CheapestDays

    package func write(to json: inout JSONWriter) {
        let query = result.query
        json.object { json in
            SearchDocument.writeHead(schema: Self.schema, query: query, rates: result.rates, to: &json)
            json.key("providers")
            json.array { json in
                for outcome in result.outcomes {
                    ProviderOutcomeObject.write(outcome, SearchDocument.outcomeLayout, to: &json)
                }
            }
            json.key("matched")
            json.int(result.matched)
            json.key("days")
            json.array { json in
                for day in days.days { Self.write(day, to: &json) }
            }
            json.key("grid")
            if days.returnDates.isEmpty {
                json.null()
            } else {
                json.object { json in
                    json.key("return_dates")
                    json.strings(days.returnDates.map(\.description))
                    json.key("cells")
                    json.array { json in
                        for cell in days.grid { Self.write(cell, to: &json) }
                    }
                }
            }
            json.key("undated")
            json.int(days.undated)
            json.key("hints")
            json.array { json in
                for hint in result.hints { SearchDocument.write(hint, to: &json) }
            }
            json.key("notes")
            json.strings(result.notes.map(Wording.note) + Wording.samples(result.outcomes))
        }
    }

    /// A day, or a grid cell (which also has `return`).
    package static func write(_ day: CheapestDays.Day, to json: inout JSONWriter) {
        let offer = day.cheapest
        json.object { json in
            json.key("date")
            json.string(day.date.description)
            if let returnDate = day.returnDate {
                json.key("return")
                json.string(returnDate.description)
            }
            json.key("price")
            json.money(offer?.price)
            json.key("converted")
            json.bool(offer?.isConverted)
            json.key("offer_id")
            json.string(offer?.id)
            json.key("provider")
            json.string(offer?.sources.first?.provider.rawValue)
            json.key("flights")
            json.string(offer?.flightsText)
            json.key("departure")
            json.localDateTime(offer?.product.itinerary?.legs.first?.departure?.local)
            json.key("offers")
            json.int(day.offers)
            json.key("cheapest")
            json.bool(day.isCheapest)
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(result: SearchResult, days: CheapestDays) {
        self.result = result
        self.days = days
    }
}

// MARK: - Schema

extension DatesDocument {
    /// The JSON Schema of the document: the members ``write(to:)`` writes.
    package static var shape: DocumentSchema {
        let text = DocumentSchema.text
        let day = DocumentSchema.object([
            .member("date", .string), .conditional("return", .string),
            .member("price", .nullable(DocumentSchema.money)), .member("converted", .nullable(.boolean)),
            .member("offer_id", text), .member("provider", text), .member("flights", text),
            .member("departure", text), .member("offers", .integer), .member("cheapest", .boolean),
        ])
        return .document(
            schema,
            SearchDocument.headMembers + [
                .member("providers", .array(ProviderOutcomeObject.shape(SearchDocument.outcomeLayout))),
                .member("matched", .integer), .member("days", .array(day), "The cheapest trip of each day"),
                .member(
                    "grid",
                    .nullable(
                        .object([.member("return_dates", DocumentSchema.strings), .member("cells", .array(day))])),
                    "For a range of return days: the cheapest trip of each pair of days"),
                .member("undated", .integer), .member("hints", .array(SearchDocument.hintShape)),
                .member("notes", DocumentSchema.strings),
            ])
    }
}
