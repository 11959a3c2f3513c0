import AggregateEngine
import AggregatorCore
import Foundation
import ProviderKit

/// Prints a watch's price history: a table and a sparkline per seller for each trip, the JSON document
/// ``HistoryDocument`` (`aggregate.history.v1`, what the `price_history` MCP tool returns too), or CSV.
package struct HistoryRenderer {
    /// The most runs a trip's table lists, the latest.
    package static let tableRuns = 10
    /// The most runs a sparkline covers, the latest.
    package static let sparklineRuns = 60

    package let view: PriceHistoryView

    /// `2026-12-18 07:05`, on the machine's clock.
    package static func localTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// Writes the history in a format.
    package func write(_ format: OutputFormat, to console: Console) {
        switch format {
        case .json: writeJSON(to: console)
        case .csv: writeCSV(to: console)
        case .table: writeTable(to: console)
        }
    }

    // MARK: Table

    private func writeTable(to console: Console) {
        guard let first = view.runs.first, let last = view.runs.last else { return }
        let span =
            view.runs.count == 1
            ? "1 run, \(Self.localTime(first.at))"
            : "\(view.runs.count) runs from \(Self.localTime(first.at)) to \(Self.localTime(last.at))"
        console.print("\(view.watch): \(span); prices in \(view.currency?.rawValue ?? "their own currencies")")
        let statuses = Dictionary(
            uniqueKeysWithValues: view.runs.map { run in
                (run.id, Dictionary(run.providers.map { ($0.provider, $0.status) }) { first, _ in first })
            })
        for trip in view.trips {
            console.print()
            console.print(
                [WatchEventRenderer.trip(trip.latest), trip.id].filter { !$0.isEmpty }.joined(separator: "  "))
            // The runs since the trip was first seen.
            let firstSeen =
                trip.sellers.compactMap { $0.points.first?.run }.compactMap { id in
                    view.runs.firstIndex { $0.id == id }
                }.min() ?? 0
            let runs = Array(view.runs[firstSeen...])
            let prices = trip.sellers.map { seller in
                Dictionary(seller.points.map { ($0.run, $0.record) }) { first, _ in first }
            }
            var table = TextTable(
                columns: [.init(title: "RUN")]
                    + trip.sellers.map { .init(title: $0.provider.rawValue.uppercased(), alignRight: true) })
            if runs.count > Self.tableRuns {
                console.print("… \(runs.count - Self.tableRuns) earlier runs (--format csv lists every one)")
            }
            for run in runs.suffix(Self.tableRuns) {
                let cells = trip.sellers.indices.map { index -> String in
                    if let record = prices[index][run.id] { return Self.amount(record) }
                    // A seller that could not look is unknown, not absent.
                    return statuses[run.id]?[trip.sellers[index].provider]?.isFailure == true ? "?" : "-"
                }
                table.append([Self.localTime(run.at)] + cells)
            }
            console.writeOut(table.render(bold: console.colors) + "\n")
            let converted = trip.convertedPrices
            let low = converted.min()?.amount ?? 0
            let high = converted.max()?.amount ?? 0
            let width = trip.sellers.map(\.provider.rawValue.count).max() ?? 0
            let shown = runs.suffix(Self.sparklineRuns)
            for (index, seller) in trip.sellers.enumerated() {
                let values = shown.map { prices[index][$0.id]?.converted?.amount }
                let own = seller.points.compactMap(\.record.converted)
                var range = ""
                if let lowest = own.min(), let highest = own.max() {
                    range =
                        lowest == highest
                        ? lowest.formattedAmount : "\(lowest.formattedAmount)–\(highest.formattedAmount)"
                }
                let now = prices[index][last.id].map { "now \(Self.amount($0))" } ?? "not sold now"
                console.print(
                    seller.provider.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                        + Sparkline.line(values, low: low, high: high) + "  "
                        + [range, now].filter { !$0.isEmpty }
                        .joined(separator: ", "))
            }
        }
    }

    /// A record's converted price, or its price as sent with its currency when it could not be converted.
    private static func amount(_ record: PriceRecord) -> String {
        record.converted?.formattedAmount ?? record.price.description
    }

    // MARK: JSON

    private func writeJSON(to console: Console) {
        HistoryDocument(view: view).print(to: console)
    }

    // MARK: CSV

    private func writeCSV(to console: Console) {
        console.writeOut(
            CSV.line([
                "at", "run", "trip", "route", "departure", "flights", "provider", "price", "currency", "converted",
                "converted_currency", "cheapest", "link", "tags",
            ]) + "\n")
        let formatter = ISO8601DateFormatter()
        for trip in view.trips {
            let points = trip.sellers.flatMap(\.points).sorted {
                ($0.at, $0.record.provider.rawValue) < ($1.at, $1.record.provider.rawValue)
            }
            for point in points {
                let record = point.record
                console.writeOut(
                    CSV.line([
                        formatter.string(from: point.at), point.run, trip.id, record.route, record.departure ?? "",
                        record.flights, record.provider.rawValue, "\(record.price.amount)",
                        record.price.currency.rawValue, record.converted?.formattedAmount ?? "",
                        record.converted?.currency.rawValue ?? "", record.cheapest ? "yes" : "", record.link ?? "",
                        record.tags.joined(separator: " "),
                    ]) + "\n")
            }
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(view: PriceHistoryView) {
        self.view = view
    }
}

/// A watch's price history as an answer: ``HistoryDocument`` for every front end, ``HistoryRenderer``'s
/// table, JSON or CSV on the command line.
package struct HistoryOutput: CommandOutput {
    /// The history as shown.
    package let view: PriceHistoryView

    package var document: HistoryDocument { HistoryDocument(view: view) }

    package func write(_ format: OutputFormat, to console: Console, width: Int?) {
        HistoryRenderer(view: view).write(format, to: console)
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(view: PriceHistoryView) {
        self.view = view
    }
}
