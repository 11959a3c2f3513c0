import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate.airlines.v1`: the answer of `aggregate airlines --format json`.
///
/// ```
/// {"schema": "aggregate.airlines.v1", "providers": [outcome…], "skipped", "count",
///  "airlines": [{"id", "name", "iata", "icao", "callsign", "country", "active", "image", "favorite"}…]}
/// ```
///
/// The directories' outcomes are written as a search's (``SearchDocument/outcomeLayout``); `skipped` counts
/// the records they could not read; every airline member is there, `null` when unknown.
package struct AirlinesDocument: OutputDocument {
    /// The schema's name; bump the version on an incompatible change.
    package static let schema = "aggregate.airlines.v1"

    /// How each directory answered.
    package let outcomes: [ProviderOutcome]
    /// The airlines to list, in order.
    package let airlines: [AirlineRecord]
    /// The user's favourite airlines, to mark.
    package let favorites: FavoriteCarriers

    package func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("schema")
            json.string(Self.schema)
            json.key("providers")
            json.array { json in
                for outcome in outcomes {
                    ProviderOutcomeObject.write(outcome, SearchDocument.outcomeLayout, to: &json)
                }
            }
            json.key("skipped")
            json.int(outcomes.map(\.skipped).reduce(0, +))
            json.key("count")
            json.int(airlines.count)
            json.key("airlines")
            json.array { json in
                for airline in airlines { write(airline, to: &json) }
            }
        }
    }

    /// One airline.
    private func write(_ airline: AirlineRecord, to json: inout JSONWriter) {
        json.object { json in
            json.key("id")
            json.int(airline.id)
            json.key("name")
            json.string(airline.name)
            json.key("iata")
            json.string(airline.iata)
            json.key("icao")
            json.string(airline.icao)
            json.key("callsign")
            json.string(airline.callsign)
            json.key("country")
            json.string(airline.country)
            json.key("active")
            json.bool(airline.isActive)
            json.key("image")
            json.string(airline.imageURL?.absoluteString)
            json.key("favorite")
            json.bool(favorites.contains(airline))
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(outcomes: [ProviderOutcome], airlines: [AirlineRecord], favorites: FavoriteCarriers) {
        self.outcomes = outcomes
        self.airlines = airlines
        self.favorites = favorites
    }
}
