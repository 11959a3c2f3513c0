import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate.watch.event.v1`: one event of a watch run, one JSON line each under `watch run --format json`
/// and in a notification's `events`.
///
/// ```
/// {"schema": "aggregate.watch.event.v1", "watch", "run", "at", "event",
///  "trip": null | {"id", "route", "departure", "flights"}, "provider", "price", "price_as_sent", "link",
///  "previous_provider", "previous_price", "change", "limit", "error", "error_code"}
/// ```
package struct WatchEventDocument: OutputDocument {
    /// The schema's name; bump the version on an incompatible change.
    package static let schema = "aggregate.watch.event.v1"

    /// The event.
    package let event: WatchEvent

    package func write(to writer: inout JSONWriter) {
        writer.object { json in
            json.key("schema")
            json.string(Self.schema)
            json.key("watch")
            json.string(event.watch)
            json.key("run")
            json.string(event.run)
            json.key("at")
            json.date(event.at)
            json.key("event")
            json.string(event.kind.rawValue)
            json.key("trip")
            if let record = event.record ?? event.previousRecord, event.kind != .failed {
                json.object { trip in
                    trip.key("id")
                    trip.string(record.trip)
                    trip.key("route")
                    trip.string(record.route)
                    trip.key("departure")
                    trip.string(record.departure)
                    trip.key("flights")
                    trip.string(record.flights)
                }
            } else {
                json.null()
            }
            json.key("provider")
            json.string(event.provider?.rawValue)
            json.key("price")
            json.money(event.record?.converted)
            json.key("price_as_sent")
            json.exactMoney(event.record?.price)
            json.key("link")
            json.string(event.record?.link ?? event.previousRecord?.link)
            json.key("previous_provider")
            json.string(event.previousRecord?.provider.rawValue)
            json.key("previous_price")
            json.money(event.previousLow ?? event.previousRecord?.converted)
            json.key("change")
            json.money(event.change)
            json.key("limit")
            json.money(event.limit)
            json.key("error")
            json.string(event.error)
            json.key("error_code")
            json.string(event.errorCode)
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(event: WatchEvent) {
        self.event = event
    }
}
