import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate.history.v1`: a watch's price history, as `history --format json` prints it and the
/// `price_history` MCP tool returns it.
///
/// ```
/// {"schema": "aggregate.history.v1", "watch", "currency",
///  "runs": [{"run", "at", "low", "providers": [{"id", "status", "error", "sample", "sample_kind"}…]}…],
///  "trips": [{"id", "route", "departure", "flights",
///             "sellers": [{"provider", "prices": [{"at", "run", "price", "converted", "cheapest", "link",
///                                                  "tags"}…]}…]}…],
///  "skipped": {"corrupt_lines", "unfinished_records"}}
/// ```
package struct HistoryDocument: OutputDocument {
    /// The schema's name; bump the version on an incompatible change.
    package static let schema = "aggregate.history.v1"

    /// The history, as read for the watch.
    package let view: PriceHistoryView

    package func write(to json: inout JSONWriter) {
        json.object { document in
            document.key("schema")
            document.string(Self.schema)
            document.key("watch")
            document.string(view.watch)
            document.key("currency")
            document.string(view.currency?.rawValue)
            document.key("runs")
            document.array { list in
                for run in view.runs {
                    list.object { entry in
                        entry.key("run")
                        entry.string(run.id)
                        entry.key("at")
                        entry.date(run.at)
                        entry.key("low")
                        entry.money(run.low)
                        entry.key("providers")
                        entry.array { providers in
                            for provider in run.providers {
                                providers.object { item in
                                    item.key("id")
                                    item.string(provider.provider.rawValue)
                                    item.key("status")
                                    item.string(provider.status.rawValue)
                                    item.key("error")
                                    item.string(provider.error)
                                    item.key("sample")
                                    item.bool(provider.sample != nil)
                                    item.key("sample_kind")
                                    item.string(provider.sample?.rawValue)
                                }
                            }
                        }
                    }
                }
            }
            document.key("trips")
            document.array { list in
                for trip in view.trips { write(trip, to: &list) }
            }
            document.key("skipped")
            document.object { skipped in
                skipped.key("corrupt_lines")
                skipped.int(view.corruptLines)
                skipped.key("unfinished_records")
                skipped.int(view.unfinishedRecords)
            }
        }
    }

    private func write(_ trip: PriceHistoryView.Trip, to json: inout JSONWriter) {
        json.object { entry in
            entry.key("id")
            entry.string(trip.id)
            entry.key("route")
            entry.string(trip.latest.route)
            entry.key("departure")
            entry.string(trip.latest.departure)
            entry.key("flights")
            entry.string(trip.latest.flights)
            entry.key("sellers")
            entry.array { sellers in
                for seller in trip.sellers {
                    sellers.object { item in
                        item.key("provider")
                        item.string(seller.provider.rawValue)
                        item.key("prices")
                        item.array { points in
                            for point in seller.points {
                                points.object { price in
                                    price.key("at")
                                    price.date(point.at)
                                    price.key("run")
                                    price.string(point.run)
                                    price.key("price")
                                    price.exactMoney(point.record.price)
                                    price.key("converted")
                                    price.money(point.record.converted)
                                    price.key("cheapest")
                                    price.bool(point.record.cheapest)
                                    price.key("link")
                                    price.string(point.record.link)
                                    price.key("tags")
                                    price.strings(point.record.tags)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(view: PriceHistoryView) {
        self.view = view
    }
}

// MARK: - Schema

extension HistoryDocument {
    /// The JSON Schema of the document: the members ``write(to:)`` writes.
    package static var shape: DocumentSchema {
        let text = DocumentSchema.text
        let money = DocumentSchema.nullable(DocumentSchema.money)
        let provider = DocumentSchema.object([
            .member("id", .string), .member("status", .string), .member("error", text), .member("sample", .boolean),
            .member("sample_kind", text),
        ])
        let run = DocumentSchema.object([
            .member("run", .string), .member("at", .dateTime), .member("low", money),
            .member("providers", .array(provider)),
        ])
        let price = DocumentSchema.object([
            .member("at", .dateTime), .member("run", .string), .member("price", money, "As the seller sent it"),
            .member("converted", money), .member("cheapest", .boolean), .member("link", text),
            .member("tags", DocumentSchema.strings),
        ])
        let trip = DocumentSchema.object([
            .member("id", .string), .member("route", text), .member("departure", text), .member("flights", text),
            .member(
                "sellers", .array(.object([.member("provider", .string), .member("prices", .array(price))]))),
        ])
        return .document(
            schema,
            [
                .member("watch", .string), .member("currency", text), .member("runs", .array(run)),
                .member("trips", .array(trip)),
                .member(
                    "skipped", .object([.member("corrupt_lines", .integer), .member("unfinished_records", .integer)])),
            ])
    }
}
