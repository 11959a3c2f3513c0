import AggregateEngine
import AggregatorCore
import Foundation
import ProviderKit

/// The price history of a watch as an SVG line chart (`aggregate history NAME --chart FILE.svg`): one
/// panel per trip, one colour per seller, time across and the price in the watch's currency up, with both
/// axes labelled; written with the tool's own ``SVGDocument``.
///
/// Rules:
/// - Every panel spans the same time, from the history's first run to its last, so panels line up; a
///   panel's price axis spans its trip's converted prices with a margin, in round steps.
/// - A seller's line joins its prices in consecutive runs; a run without its price breaks the line. Each
///   price is also a dot, so a seller seen once is visible.
/// - A seller keeps its colour across panels (``palette``, in the order of the sellers' ids). Prices that
///   could not be converted are not drawn.
package struct PriceChart {
    /// Distinct colours, one per seller, in order.
    package static let palette = [
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
    ]
    /// The document's width.
    package static let width: Double = 860
    /// Each panel's height.
    package static let panelHeight: Double = 300
    /// The plot area of a panel: left, right, top and bottom edges within the panel.
    package static let plotLeft: Double = 80
    package static let plotRight: Double = 690
    package static let plotTop: Double = 44
    package static let plotBottom: Double = 250

    /// One trip's panel: where it sits and how it maps times and prices to points.
    package struct Panel {
        /// The trip.
        package var trip: PriceHistoryView.Trip
        /// The panel's top edge in the document.
        package var top: Double
        /// The earliest and latest time shown.
        package var start: Date
        package var end: Date
        /// The lowest and highest price on the axis.
        package var low: Decimal
        package var high: Decimal
        /// The price axis' labelled values.
        package var ticks: [Decimal]

        /// The horizontal position of a time in the document.
        package func x(_ date: Date) -> Double {
            let span = end.timeIntervalSince(start)
            guard span > 0 else { return (PriceChart.plotLeft + PriceChart.plotRight) / 2 }
            let share = date.timeIntervalSince(start) / span
            return PriceChart.plotLeft + share * (PriceChart.plotRight - PriceChart.plotLeft)
        }

        /// The vertical position of a price in the document.
        package func y(_ amount: Decimal) -> Double {
            let share = NSDecimalNumber(decimal: (amount - low) / (high - low)).doubleValue
            return top + PriceChart.plotBottom - share * (PriceChart.plotBottom - PriceChart.plotTop)
        }

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(
            trip: PriceHistoryView.Trip, top: Double, start: Date, end: Date, low: Decimal, high: Decimal,
            ticks: [Decimal]
        ) {
            self.trip = trip
            self.top = top
            self.start = start
            self.end = end
            self.low = low
            self.high = high
            self.ticks = ticks
        }
    }

    package let view: PriceHistoryView
    /// The panels, one per trip that has a converted price.
    package let panels: [Panel]
    /// Each seller's colour.
    package let colors: [ProviderID: String]

    /// The watch's `--below` limit, drawn across every panel; `nil` for none.
    package let limit: Money?

    /// Lays out the chart of a view.
    /// - Parameters:
    ///   - view: the history.
    ///   - limit: the watch's `--below` limit, drawn when it is in the view's currency.
    package init(view: PriceHistoryView, limit: Money? = nil) {
        self.view = view
        self.limit = limit.flatMap { $0.currency == view.currency ? $0 : nil }
        let sellers = Set(view.trips.flatMap { $0.sellers.map(\.provider) }).sorted { $0.rawValue < $1.rawValue }
        colors = Dictionary(
            uniqueKeysWithValues: sellers.enumerated().map { ($1, Self.palette[$0 % Self.palette.count]) })
        let start = view.runs.first?.at ?? Date(timeIntervalSince1970: 0)
        let end = view.runs.last?.at ?? start
        var panels: [Panel] = []
        for trip in view.trips {
            let prices = trip.convertedPrices.map(\.amount)
            // The limit is on the scale, so that its line is drawn even when every price is far from it.
            let scale = prices.isEmpty ? [] : prices + (self.limit.map { [$0.amount] } ?? [])
            guard let lowest = scale.min(), let highest = scale.max() else { continue }
            let (low, high, ticks) = Self.axis(lowest, highest)
            panels.append(
                Panel(
                    trip: trip, top: 30 + Double(panels.count) * Self.panelHeight, start: start, end: end, low: low,
                    high: high, ticks: ticks))
        }
        self.panels = panels
    }

    /// The price axis for a range: round steps (1, 2 or 5 times a power of ten) giving about five labels,
    /// the range widened by a twelfth on each side (so no line runs along the frame) and then to whole
    /// steps, and at least one step wide.
    package static func axis(_ lowest: Decimal, _ highest: Decimal) -> (low: Decimal, high: Decimal, ticks: [Decimal]) {
        let margin = (highest - lowest) / 12
        let lowest = lowest - margin
        let highest = highest + margin
        let range = NSDecimalNumber(decimal: highest - lowest).doubleValue
        let rough = max(range / 4, max(abs(NSDecimalNumber(decimal: highest).doubleValue) * 0.02, 0.01))
        let power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        let stepDecimal = Decimal(string: String(format: "%.10g", step)) ?? 1
        var low = (NSDecimalNumber(decimal: lowest).doubleValue / step).rounded(.down) * step
        var high = (NSDecimalNumber(decimal: highest).doubleValue / step).rounded(.up) * step
        if high - low < step {
            low -= step / 2
            high += step / 2
        }
        let lowDecimal = Decimal(string: String(format: "%.10g", low)) ?? lowest
        let highDecimal = Decimal(string: String(format: "%.10g", high)) ?? highest
        var ticks: [Decimal] = []
        var tick = lowDecimal
        while tick <= highDecimal, ticks.count < 20 {
            ticks.append(tick)
            tick += stepDecimal
        }
        return (lowDecimal, highDecimal, ticks)
    }

    /// The chart as a document.
    package var document: SVGDocument {
        let height = 30 + Double(max(panels.count, 1)) * Self.panelHeight
        var elements: [SVGElement] = [
            .rect(x: 0, y: 0, width: Self.width, height: height, fill: "#ffffff"),
            .text(
                "\(view.watch): each seller's price over time" + (view.currency.map { ", in \($0.rawValue)" } ?? ""),
                x: Self.plotLeft, y: 20, size: 15, bold: true),
        ]
        if panels.isEmpty {
            elements.append(.text("No converted prices to draw yet.", x: Self.plotLeft, y: 60, size: 13))
        }
        for panel in panels { elements += self.elements(of: panel) }
        return SVGDocument(
            width: Self.width, height: height, title: "\(view.watch): price history", elements: elements)
    }

    private func elements(of panel: Panel) -> [SVGElement] {
        let top = panel.top
        let currency = view.currency?.rawValue ?? ""
        var elements: [SVGElement] = [
            .text(
                [WatchEventRenderer.trip(panel.trip.latest), panel.trip.id].filter { !$0.isEmpty }.joined(
                    separator: "  "), x: Self.plotLeft, y: top + 24, size: 13, bold: true),
            .rect(
                x: Self.plotLeft, y: top + Self.plotTop, width: Self.plotRight - Self.plotLeft,
                height: Self.plotBottom - Self.plotTop, fill: "#fafafa", stroke: "#888888"),
            .text(currency, x: Self.plotLeft - 8, y: top + Self.plotTop - 8, size: 11, anchor: .end, fill: "#555555"),
        ]
        for tick in panel.ticks {
            let y = panel.y(tick)
            elements.append(
                .line(x1: Self.plotLeft, y1: y, x2: Self.plotRight, y2: y, stroke: "#dddddd", width: 1, dashed: true))
            elements.append(
                .text(
                    Money(tick, view.currency ?? .eur).formattedAmount, x: Self.plotLeft - 8,
                    y: y + 4, size: 11, anchor: .end, fill: "#555555"))
        }
        for (date, label) in timeTicks(panel) {
            let x = panel.x(date)
            elements.append(
                .line(x1: x, y1: top + Self.plotBottom, x2: x, y2: top + Self.plotBottom + 5, stroke: "#888888"))
            elements.append(
                .text(label, x: x, y: top + Self.plotBottom + 20, size: 11, anchor: .middle, fill: "#555555"))
        }
        if let limit {
            let y = panel.y(limit.amount)
            elements.append(
                .line(x1: Self.plotLeft, y1: y, x2: Self.plotRight, y2: y, stroke: "#b00020", width: 2, dashed: true))
            elements.append(
                .text(
                    "below \(limit.formattedAmount)", x: Self.plotLeft + 6, y: y - 5, size: 11, fill: "#b00020"))
        }
        let runIndex = Dictionary(view.runs.enumerated().map { ($1.id, $0) }) { first, _ in first }
        for (row, seller) in panel.trip.sellers.enumerated() {
            let color = colors[seller.provider] ?? Self.palette[0]
            var segment: [(x: Double, y: Double)] = []
            var previousRun: Int?
            var dots: [SVGElement] = []
            for point in seller.points {
                guard let price = point.record.converted else {
                    previousRun = nil
                    continue
                }
                let position = (x: panel.x(point.at), y: panel.y(price.amount))
                let index = runIndex[point.run]
                if let previousRun, let index, index != previousRun + 1 {
                    if segment.count > 1 { elements.append(.polyline(segment, stroke: color, width: 2.5)) }
                    segment = []
                }
                segment.append(position)
                previousRun = index
                dots.append(.circle(x: position.x, y: position.y, radius: 3.5, fill: color))
            }
            if segment.count > 1 { elements.append(.polyline(segment, stroke: color, width: 2.5)) }
            elements += dots
            let legendY = top + Self.plotTop + 12 + Double(row) * 20
            elements.append(
                .line(
                    x1: Self.plotRight + 20, y1: legendY - 4, x2: Self.plotRight + 44, y2: legendY - 4, stroke: color,
                    width: 3))
            elements.append(.text(seller.provider.rawValue, x: Self.plotRight + 50, y: legendY, size: 12))
        }
        return elements
    }

    /// Up to five times evenly spread over the panel's span, each with its label, leaving out a time whose
    /// label repeats the one before; one when every run is at one time.
    private func timeTicks(_ panel: Panel) -> [(date: Date, label: String)] {
        let span = panel.end.timeIntervalSince(panel.start)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = span <= 7_200 ? "HH:mm:ss" : span <= 2 * 86_400 ? "MM-dd HH:mm" : "yyyy-MM-dd"
        let dates = span > 0 ? (0...4).map { panel.start.addingTimeInterval(span * Double($0) / 4) } : [panel.start]
        var ticks: [(date: Date, label: String)] = []
        for date in dates {
            let label = formatter.string(from: date)
            if ticks.last?.label != label { ticks.append((date, label)) }
        }
        return ticks
    }
}
