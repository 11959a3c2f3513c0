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
struct WatchNotificationDocument: OutputDocument {
    /// The schema's name; bump the version on an incompatible change.
    static let schema = "aggregate.watch.notification.v1"
    /// The most events one notification carries.
    static let maxEvents = 500

    /// The run's events, in order.
    let events: [WatchEvent]
    /// When the run started.
    let at: Date
    /// The run's exit status.
    let status: ExitCode

    func write(to json: inout JSONWriter) {
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
}
