import AggregatorCore
import Foundation
import ProviderKit

/// Prints a ``SourceComparison`` as tables, the `aggregate.compare.v1` JSON envelope, or CSV.
///
/// Amounts are rounded to the currency's minor units for display, except medians in JSON, which are
/// exact: the median of an even count may end in a half of the smallest unit.
struct CompareRenderer: OutputRenderer {
    /// The JSON envelope's schema name; bump the version on an incompatible change.
    static let schema = "aggregate.compare.v1"

    /// How the provider table narrows to fit a terminal, most expendable first (the README lists the
    /// same order): PROVIDER, STATUS, MATCHED and CHEAPEST always stay.
    static func providerNarrowing(currency: String) -> [TextTable.Narrowing] {
        [
            .leaveOut("SKIPPED"), .leaveOut("LATENCY"), .leaveOut("UNCONVERTED"), .leaveOut("OFFERS"),
            .leaveOut("MEDIAN \(currency)"), .leaveOut("SHARED"),
        ]
    }

    /// How the shared-trip table narrows: SAVING, DEPARTS, FLIGHTS and CHEAPEST always stay.
    static let sharedNarrowing: [TextTable.Narrowing] = [
        .leaveOut("%"), .shorten("SOLD BY", to: 32), .shorten("SOLD BY", to: 20), .shorten("FLIGHTS", to: 12),
        .shorten("ROUTE", to: 12), .shorten("SOLD BY", to: 12), .leaveOut("ROUTE"), .leaveOut("SOLD BY"),
    ]

    let comparison: SourceComparison

    // MARK: - Table

    /// The provider table; then the shared trips and the pair lines, when any trip is shared.
    func table(colors: Bool, width: Int?) -> String {
        var sections = [providerTable(colors: colors, width: width)]
        if !comparison.shared.isEmpty { sections.append(sharedTable(colors: colors, width: width)) }
        if !comparison.pairs.isEmpty { sections.append(comparison.pairs.map(pairLine).joined(separator: "\n")) }
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
        var table = TextTable(columns: [
            .init(title: "SAVING \(comparison.query.currency)", alignRight: true), .init(title: "%", alignRight: true),
            .init(title: "DEPARTS"), .init(title: "ROUTE"), .init(title: "FLIGHTS"), .init(title: "CHEAPEST"),
            .list("SOLD BY"),
        ])
        for trip in comparison.shared {
            let legs = trip.offer.product.itinerary?.legs ?? []
            let outbound = legs.count > 1 ? legs.first : nil
            table.append([
                trip.saving?.formattedAmount ?? "-", Self.percentText(trip.savingPercent),
                trip.offer.departureText, outbound?.routeText ?? trip.offer.routeText,
                outbound?.flightsText ?? trip.offer.flightsText, Self.cheapestText(trip),
                trip.sources.map(sourceText).joined(separator: ", "),
            ])
            // A round trip's return flight on a line of its own, as in the search table.
            for leg in legs.dropFirst() {
                table.append(["", "", leg.departureText, "↩ " + leg.routeText, leg.flightsText])
            }
        }
        return table.render(bold: colors, fitting: width, narrowing: Self.sharedNarrowing)
    }

    /// `aviasales 94.43 EUR (8900.00 RUB)`: the converted price, and the price as sent when it differs.
    private func sourceText(_ source: OfferSource) -> String {
        guard let converted = source.convertedPrice else { return "\(source.provider) \(source.price) (unconverted)" }
        let original = source.price.currency == converted.currency ? "" : " (\(source.price))"
        return "\(source.provider) \(converted)\(original)"
    }

    /// The cheapest provider; `tie` when several share the lowest price; `-` when nothing compares.
    static func cheapestText(_ trip: SourceComparison.SharedTrip) -> String {
        if let cheapest = trip.cheapest { return cheapest.rawValue }
        return trip.lowest == nil ? "-" : "tie"
    }

    /// `3.6%`, or `-`.
    static func percentText(_ percent: Decimal?) -> String {
        guard let percent else { return "-" }
        let text = "\(rounded(percent, places: 1))"
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

    // MARK: - JSON

    /// The versioned envelope.
    func writeJSON(to json: inout JSONWriter) {
        let query = comparison.query
        json.object { json in
            SearchRenderer.writeHead(schema: Self.schema, query: query, rates: comparison.rates, to: &json)
            json.key("order")
            json.string(comparison.order == .saving ? "saving" : query.sort.rawValue)
            json.key("providers")
            json.array { json in
                for row in comparison.providers { Self.write(row, to: &json) }
            }
            json.key("matched")
            json.int(comparison.matched)
            json.key("shared_total")
            json.int(comparison.sharedTotal)
            json.key("shared")
            json.array { json in
                for trip in comparison.shared { Self.write(trip, to: &json) }
            }
            json.key("pairs")
            json.array { json in
                for pair in comparison.pairs { Self.write(pair, to: &json) }
            }
            json.key("notes")
            json.strings(comparison.notes.map(Wording.note))
        }
    }

    /// About what the envelope takes: a shared trip is an offer with a few sellers.
    var jsonCapacity: Int { 8192 + 2048 * comparison.shared.count }

    static func write(_ row: SourceComparison.ProviderSummary, to json: inout JSONWriter) {
        let outcome = row.outcome
        json.object { json in
            json.key("id")
            json.string(outcome.provider.rawValue)
            json.key("status")
            json.string(outcome.status.rawValue)
            json.key("latency_ms")
            json.int(Int(outcome.latency.inMilliseconds))
            json.key("offers")
            json.int(outcome.offerCount)
            json.key("skipped")
            json.int(outcome.skipped)
            json.key("repeats")
            json.int(outcome.repeats)
            json.key("matched")
            json.int(row.matched)
            json.key("cheapest")
            json.money(row.cheapest)
            json.key("median")
            json.exactMoney(row.median)
            json.key("unconverted")
            json.int(row.unconverted)
            json.key("shared")
            json.int(row.shared)
            json.key("error")
            json.string(outcome.error.map(Wording.error))
            json.key("error_code")
            json.string(outcome.error?.code.rawValue)
            json.key("notes")
            json.strings(outcome.notes.map(Wording.note))
            SearchRenderer.writeSampleMark(of: outcome, to: &json)
        }
    }

    static func write(_ trip: SourceComparison.SharedTrip, to json: inout JSONWriter) {
        json.object { json in
            json.key("id")
            json.string(trip.offer.id)
            json.key("trip")
            json.object { json in SearchRenderer.writeProductMembers(of: trip.offer, to: &json) }
            json.key("sources")
            json.array { json in
                for source in trip.sources {
                    json.object { json in
                        json.key("provider")
                        json.string(source.provider.rawValue)
                        json.key("price")
                        json.money(source.price)
                        json.key("converted")
                        json.money(source.convertedPrice)
                        json.key("cheapest")
                        json.bool(trip.isCheapest(source))
                        json.key("deep_link")
                        json.string(source.link?.text)
                    }
                }
            }
            json.key("cheapest")
            json.string(trip.cheapest?.rawValue)
            json.key("dearest")
            json.string(trip.dearest?.rawValue)
            json.key("saving")
            json.money(trip.saving)
            json.key("saving_percent")
            json.decimal(trip.savingPercent.map { rounded($0, places: 1) })
        }
    }

    static func write(_ pair: SourceComparison.ProviderPair, to json: inout JSONWriter) {
        json.object { json in
            json.key("first")
            json.string(pair.first.rawValue)
            json.key("second")
            json.string(pair.second.rawValue)
            json.key("shared")
            json.int(pair.shared)
            json.key("compared")
            json.int(pair.compared)
            json.key("first_cheaper")
            json.int(pair.firstCheaper)
            json.key("second_cheaper")
            json.int(pair.secondCheaper)
            json.key("ties")
            json.int(pair.ties)
            json.key("median_difference")
            json.exactMoney(pair.medianDifference)
        }
    }

    static func rounded(_ value: Decimal, places: Int) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, places, .plain)
        return result
    }

    // MARK: - CSV

    /// A header row, then one row per shared trip and source, in the trips' order.
    func csv() -> String {
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
}
