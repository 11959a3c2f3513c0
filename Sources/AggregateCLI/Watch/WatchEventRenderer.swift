import AggregatorCore
import Foundation
import ProviderKit

/// Words and writes a run's events: one line each for people, one JSON line each for programs
/// (`aggregate.watch.event.v1`), and the one document a notification carries
/// (`aggregate.watch.notification.v1`).
///
/// A line for people names the watch, what happened, the prices in the watch's currency and the trip:
///
/// ```
/// vie-bcn: new low 90.00 EUR (4.43 EUR less than 94.43 EUR) from aviasales: VIE→BCN 2026-12-18 12:30 VY 1815
/// vie-bcn: cheapest seller now aviasales 90.00 EUR, was kiwi 98.00 EUR: VIE→BCN 2026-12-18 12:30 VY 1815
/// ```
enum WatchEventRenderer {
    /// The schema of each JSON line.
    static let schema = "aggregate.watch.event.v1"
    /// The schema of a notification's document.
    static let notificationSchema = "aggregate.watch.notification.v1"
    /// The most events one notification carries; the rest are counted in `omitted`.
    static let maxNotifiedEvents = 500

    // MARK: People

    /// One line for people.
    static func line(_ event: WatchEvent) -> String {
        let what: String
        switch event.kind {
        case .failed:
            let provider = event.failedProvider?.rawValue ?? "a provider"
            return "\(event.watch): \(provider) failed (\(event.errorCode ?? "failed")): \(event.error ?? "")"
        case .newLow:
            var text = "new low \(price(event.record))"
            if let change = event.change, let before = event.previousLow {
                text += " (\(Money(-change.amount, change.currency)) less than \(before))"
            }
            what = text + " from \(seller(event.record))"
        case .below:
            what =
                "\(price(event.record)) from \(seller(event.record)), at or under \(event.limit.map { "\($0)" } ?? "")"
        case .sellerChanged:
            what =
                "cheapest seller now \(seller(event.record)) \(price(event.record)), was "
                + "\(seller(event.previousRecord)) \(price(event.previousRecord))"
        case .newSeller:
            what = "new seller \(seller(event.record)) at \(price(event.record))"
        case .gone:
            what = "no longer sold (last \(price(event.previousRecord)) from \(seller(event.previousRecord)))"
        }
        return "\(event.watch): \(what): \(trip(event.record ?? event.previousRecord))"
    }

    private static func price(_ record: PriceRecord?) -> String {
        guard let record else { return "-" }
        return "\(record.converted ?? record.price)"
    }

    private static func seller(_ record: PriceRecord?) -> String { record?.provider.rawValue ?? "-" }

    /// `VIE→BCN 2026-12-18 12:30 VY 1815`.
    static func trip(_ record: PriceRecord?) -> String {
        guard let record else { return "" }
        var parts = [record.route]
        if let departure = record.departure { parts.append(departure.replacingOccurrences(of: "T", with: " ")) }
        if !record.flights.isEmpty { parts.append(record.flights) }
        return parts.joined(separator: " ")
    }

    // MARK: Programs

    /// One JSON line, without its line break.
    static func jsonLine(_ event: WatchEvent) -> String {
        var writer = JSONWriter(style: .compact, escaping: .terminalSafe)
        write(event, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The document a notification carries: the run's events and how the run went.
    /// - Parameters:
    ///   - events: the events, in order.
    ///   - at: when the run started.
    ///   - status: the run's exit status.
    /// - Returns: the document's text.
    static func notification(_ events: [WatchEvent], at: Date, status: ExitCode) -> Data {
        var writer = JSONWriter(style: .compact, escaping: .required)
        writer.object { json in
            json.key("schema")
            json.string(notificationSchema)
            json.key("at")
            json.date(at)
            json.key("exit_status")
            json.int(Int(status.rawValue))
            json.key("watches")
            var names: [String] = []
            for event in events where !names.contains(event.watch) { names.append(event.watch) }
            json.strings(names)
            json.key("events")
            json.array { list in for event in events.prefix(maxNotifiedEvents) { write(event, to: &list) } }
            json.key("omitted")
            json.int(max(0, events.count - maxNotifiedEvents))
        }
        return Data(writer.bytes)
    }

    private static func write(_ event: WatchEvent, to writer: inout JSONWriter) {
        writer.object { json in
            json.key("schema")
            json.string(schema)
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
}
