import AggregatorCore
import Foundation
import ProviderKit

/// Prints a ``SourceComparison`` as tables, the ``CompareDocument`` (`aggregate.compare.v1`), or CSV.
///
/// Amounts are rounded to the currency's minor units for display.
package struct CompareRenderer: OutputRenderer {
    /// How the provider table narrows to fit a terminal, most expendable first (docs/commands.md lists the
    /// same order): PROVIDER, STATUS, MATCHED and CHEAPEST always stay.
    package static func providerNarrowing(currency: String) -> [TextTable.Narrowing] {
        [
            .leaveOut("SKIPPED"), .leaveOut("LATENCY"), .leaveOut("UNCONVERTED"), .leaveOut("OFFERS"),
            .leaveOut("MEDIAN \(currency)"), .leaveOut("SHARED"),
        ]
    }

    /// How the shared-trip table narrows: SAVING, DEPARTS, FLIGHTS and CHEAPEST always stay.
    package static let sharedNarrowing: [TextTable.Narrowing] = [
        .leaveOut("%"), .shorten("SOLD BY", to: 32), .shorten("SOLD BY", to: 20), .shorten("FLIGHTS", to: 12),
        .shorten("ROUTE", to: 12), .shorten("SOLD BY", to: 12), .leaveOut("ROUTE"), .leaveOut("SOLD BY"),
    ]

    package let comparison: SourceComparison

    // MARK: - Table

    /// The provider table; then the shared trips and the pair lines, when any trip is shared.
    package func table(colors: Bool, width: Int?) -> String {
        var sections = [providerTable(colors: colors, width: width)]
        if !comparison.shared.isEmpty { sections.append(sharedTable(colors: colors, width: width)) }
        if !comparison.pairs.isEmpty { sections.append(comparison.pairs.map(pairLine).joined(separator: "\n")) }
        if comparison.shared.contains(where: { $0.sources.contains(where: \.forAnotherParty) }) {
            sections.append(
                Wording.otherPartyMark(
                    comparison.query.passengers, "left out of every saving, cheapest, median and pair"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private func providerTable(colors: Bool, width: Int?) -> String {
        let currency = comparison.query.currency.rawValue
        let showUnconverted = comparison.providers.contains { $0.unconverted > 0 }
        var columns: [TextTable.Column] = [
            .init(title: "PROVIDER"), .init(title: "STATUS"), .init(title: "LATENCY", alignRight: true),
            .init(title: "OFFERS", alignRight: true), .init(title: "SKIPPED", alignRight: true),
            .init(title: "MATCHED", alignRight: true), .init(title: "CHEAPEST \(currency)", alignRight: true),
            .init(title: "MEDIAN \(currency)", alignRight: true), .init(title: "SHARED", alignRight: true),
        ]
        if showUnconverted { columns.append(.init(title: "UNCONVERTED", alignRight: true)) }
        var table = TextTable(columns: columns)
        for row in comparison.providers {
            var cells = [
                row.provider.rawValue, row.outcome.status.rawValue, "\(row.outcome.latency.inMilliseconds) ms",
                "\(row.outcome.offerCount)", "\(row.outcome.skipped)", "\(row.matched)",
                row.cheapest?.formattedAmount ?? "-", row.median?.formattedAmount ?? "-", "\(row.shared)",
            ]
            if showUnconverted { cells.append("\(row.unconverted)") }
            table.append(cells)
        }
        return table.render(bold: colors, fitting: width, narrowing: Self.providerNarrowing(currency: currency))
    }

    private func sharedTable(colors: Bool, width: Int?) -> String {
        // Trips by other modes mark each service's mode, as the search table does.
        let mixed = comparison.shared.contains { $0.offer.isTrip }
        var table = TextTable(columns: [
            .init(title: "SAVING \(comparison.query.currency)", alignRight: true), .init(title: "%", alignRight: true),
            .init(title: "DEPARTS"), .init(title: "ROUTE"), .init(title: mixed ? "SERVICES" : "FLIGHTS"),
            .init(title: "CHEAPEST"), .list("SOLD BY"),
        ])
        for trip in comparison.shared {
            let legs = trip.offer.product.itinerary?.legs ?? []
            let outbound = legs.count > 1 ? legs.first : nil
            table.append([
                trip.saving?.formattedAmount ?? "-", Self.percentText(trip.savingPercent),
                trip.offer.departureText, outbound?.routeText ?? trip.offer.routeText,
                mixed
                    ? outbound?.servicesText ?? trip.offer.servicesText
                    : outbound?.flightsText ?? trip.offer.flightsText, Self.cheapestText(trip),
                trip.sources.map(sourceText).joined(separator: ", "),
            ])
            // A round trip's return flight on a line of its own, as in the search table.
            for leg in legs.dropFirst() {
                table.append([
                    "", "", leg.departureText, "↩ " + leg.routeText, mixed ? leg.servicesText : leg.flightsText,
                ])
            }
        }
        let narrowing =
            mixed ? Self.sharedNarrowing.map { $0.renaming("FLIGHTS", to: "SERVICES") } : Self.sharedNarrowing
        return table.render(bold: colors, fitting: width, narrowing: narrowing)
    }

    /// `aviasales 94.43 EUR (8900.00 RUB)`: the converted price, and the price as sent when it differs; `*`
    /// after a price for another party than the one asked, as in the search table.
    private func sourceText(_ source: OfferSource) -> String {
        let mark = source.forAnotherParty ? "*" : ""
        guard let converted = source.convertedPrice else {
            return "\(source.provider) \(source.price)\(mark) (unconverted)"
        }
        let original = source.price.currency == converted.currency ? "" : " (\(source.price))"
        return "\(source.provider) \(converted)\(mark)\(original)"
    }

    /// The cheapest provider; `tie` when several share the lowest price; `-` when nothing compares.
    package static func cheapestText(_ trip: SourceComparison.SharedTrip) -> String {
        if let cheapest = trip.cheapest { return cheapest.rawValue }
        return trip.lowest == nil ? "-" : "tie"
    }

    /// `3.6%`, or `-`.
    package static func percentText(_ percent: Decimal?) -> String {
        guard let percent else { return "-" }
        let text = "\(CompareDocument.rounded(percent, places: 1))"
        return (text.contains(".") ? text : text + ".0") + "%"
    }

    /// `kiwi vs aviasales: 4 shared, kiwi cheaper 2, aviasales cheaper 2, median difference -1.36 EUR`.
    private func pairLine(_ pair: SourceComparison.ProviderPair) -> String {
        var parts = [
            "\(pair.shared) shared", "\(pair.first) cheaper \(pair.firstCheaper)",
            "\(pair.second) cheaper \(pair.secondCheaper)",
        ]
        if pair.ties > 0 { parts.append(pair.ties == 1 ? "1 tie" : "\(pair.ties) ties") }
        if pair.compared < pair.shared { parts.append("\(pair.shared - pair.compared) not compared") }
        if let difference = pair.medianDifference {
            let sign = difference.rounded.amount > 0 ? "+" : ""
            parts.append("median difference \(sign)\(difference)")
        }
        return "\(pair.first) vs \(pair.second): " + parts.joined(separator: ", ")
    }

    /// The `aggregate.compare.v1` document.
    package var document: CompareDocument { CompareDocument(comparison: comparison) }

    // MARK: - CSV

    /// A header row, then one row per shared trip and source, in the trips' order.
    package func csv() -> String {
        let header = [
            "trip_id", "departure", "route", "flights", "provider", "price", "currency", "converted",
            "converted_currency", "cheapest", "saving", "deep_link",
        ]
        var lines = [CSV.line(header)]
        for trip in comparison.shared {
            let departure = trip.offer.product.itinerary?.legs.first?.departure?.local?.description ?? ""
            for source in trip.sources {
                lines.append(
                    CSV.line([
                        trip.offer.id, departure, trip.offer.routeText, trip.offer.flightsText,
                        source.provider.rawValue, source.price.formattedAmount, source.price.currency.rawValue,
                        source.convertedPrice?.formattedAmount ?? "", source.convertedPrice?.currency.rawValue ?? "",
                        trip.isCheapest(source) ? "yes" : "no", trip.saving?.formattedAmount ?? "",
                        source.link?.text ?? "",
                    ]))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(comparison: SourceComparison) {
        self.comparison = comparison
    }
}
