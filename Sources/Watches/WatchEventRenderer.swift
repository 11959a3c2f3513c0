import AggregateEngine
import AggregatorCore
import Foundation
import ProviderKit

/// Words and writes a run's events: one line each for people, one JSON line each for programs
/// (``WatchEventDocument``), and the one document a notification carries (``WatchNotificationDocument``).
///
/// A line for people names the watch, what happened, the prices in the watch's currency and the trip:
///
/// ```
/// vie-bcn: new low 90.00 EUR (4.43 EUR less than 94.43 EUR) from aviasales: VIE→BCN 2026-12-18 12:30 VY 1815
/// vie-bcn: cheapest seller now aviasales 90.00 EUR, was kiwi 98.00 EUR: VIE→BCN 2026-12-18 12:30 VY 1815
/// ```
package enum WatchEventRenderer {
    // MARK: People

    /// One line for people.
    package static func line(_ event: WatchEvent) -> String {
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
    package static func trip(_ record: PriceRecord?) -> String {
        guard let record else { return "" }
        var parts = [record.route]
        if let departure = record.departure { parts.append(departure.replacingOccurrences(of: "T", with: " ")) }
        if !record.flights.isEmpty { parts.append(record.flights) }
        return parts.joined(separator: " ")
    }

    // MARK: Programs

    /// One JSON line, ``WatchEventDocument``, without its line break.
    package static func jsonLine(_ event: WatchEvent) -> String {
        var writer = JSONWriter(style: .compact, escaping: .terminalSafe)
        WatchEventDocument(event: event).write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The document a notification carries, ``WatchNotificationDocument``: the run's events and how the run
    /// went.
    /// - Parameters:
    ///   - events: the events, in order.
    ///   - at: when the run started.
    ///   - status: the run's exit status.
    /// - Returns: the document's text.
    package static func notification(_ events: [WatchEvent], at: Date, status: ExitCode) -> Data {
        var writer = JSONWriter(style: .compact, escaping: .required)
        WatchNotificationDocument(events: events, at: at, status: status).write(to: &writer)
        return Data(writer.bytes)
    }
}
