import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate.watch.notification.v1`: what `--notify` posts and `--notify-command` reads after a watch run.
///
/// ```
/// {"schema": "aggregate.watch.notification.v1", "at", "exit_status", "watches": [name…],
///  "events": [event…], "omitted"}
/// ```
///
/// `event` is a ``WatchEventDocument``; at most ``maxEvents`` are carried, and the rest are counted in
/// `omitted`.
package struct WatchNotificationDocument: OutputDocument {
    /// The schema's name; bump the version on an incompatible change.
    package static let schema = "aggregate.watch.notification.v1"
    /// The most events one notification carries.
    package static let maxEvents = 500

    /// The run's events, in order.
    package let events: [WatchEvent]
    /// When the run started.
    package let at: Date
    /// The run's exit status.
    package let status: ExitCode

    package func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("schema")
            json.string(Self.schema)
            json.key("at")
            json.date(at)
            json.key("exit_status")
            json.int(Int(status.rawValue))
            json.key("watches")
            var names: [String] = []
            for event in events where !names.contains(event.watch) { names.append(event.watch) }
            json.strings(names)
            json.key("events")
            json.array { list in
                for event in events.prefix(Self.maxEvents) { WatchEventDocument(event: event).write(to: &list) }
            }
            json.key("omitted")
            json.int(max(0, events.count - Self.maxEvents))
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(events: [WatchEvent], at: Date, status: ExitCode) {
        self.events = events
        self.at = at
        self.status = status
    }
}
