import AggregatorCore
import Foundation

/// Prints a ``SourceComparison`` as tables, the `aggregate.compare.v1` JSON envelope, or CSV.
///
/// Amounts are rounded to the currency's minor units for display, except medians in JSON, which are
/// exact: the median of an even count may end in a half of the smallest unit.
struct CompareRenderer: OutputRenderer {
    /// The JSON envelope's schema name; bump the version on an incompatible change.
    static let schema = "aggregate.compare.v1"

    let comparison: SourceComparison

    // MARK: - Table

    /// The provider table; then the shared trips and the pair lines, when any trip is shared.
    func table(colors: Bool) -> String {
        var sections = [providerTable(colors: colors)]
        if !comparison.shared.isEmpty { sections.append(sharedTable(colors: colors)) }
        if !comparison.pairs.isEmpty { sections.append(comparison.pairs.map(pairLine).joined(separator: "\n")) }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private func providerTable(colors: Bool) -> String {
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
            table.rows.append(cells)
        }
        return table.render(bold: colors)
    }

    private func sharedTable(colors: Bool) -> String {
        var table = TextTable(columns: [
            .init(title: "SAVING \(comparison.query.currency)", alignRight: true), .init(title: "%", alignRight: true),
            .init(title: "DEPARTS"), .init(title: "ROUTE"), .init(title: "FLIGHTS"), .init(title: "CHEAPEST"),
            .init(title: "SOLD BY"),
        ])
        for trip in comparison.shared {
            table.rows.append([
                trip.saving?.formattedAmount ?? "-", Self.percentText(trip.savingPercent), trip.offer.departureText,
                trip.offer.routeText, trip.offer.flightsText, Self.cheapestText(trip),
                trip.sources.map(sourceText).joined(separator: ", "),
            ])
        }
        return table.render(bold: colors)
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
    func json() -> JSONValue {
        let query = comparison.query
        let order = comparison.order == .saving ? "saving" : query.sort.rawValue
        return .object([
            ("schema", .string(Self.schema)),
            ("currency", .string(query.currency.rawValue)),
            ("rates_date", .string(comparison.rates.date.description)),
            ("query", SearchRenderer.json(query)),
            ("order", .string(order)),
            ("providers", .array(comparison.providers.map(Self.json))),
            ("matched", .int(comparison.matched)),
            ("shared_total", .int(comparison.sharedTotal)),
            ("shared", .array(comparison.shared.map(Self.json))),
            ("pairs", .array(comparison.pairs.map(Self.json))),
            ("notes", .array(comparison.notes.map { .string(Wording.note($0)) })),
        ])
    }

    static func json(_ row: SourceComparison.ProviderSummary) -> JSONValue {
        let outcome = row.outcome
        return .object([
            ("id", .string(outcome.provider.rawValue)), ("status", .string(outcome.status.rawValue)),
            ("latency_ms", .number(Decimal(outcome.latency.inMilliseconds))),
            ("offers", .int(outcome.offerCount)), ("skipped", .int(outcome.skipped)), ("matched", .int(row.matched)),
            ("cheapest", row.cheapest?.json ?? .null), ("median", row.median.map(exact) ?? .null),
            ("unconverted", .int(row.unconverted)), ("shared", .int(row.shared)),
            ("error", .string(outcome.error.map(Wording.error))), ("error_code", .string(outcome.error?.code.rawValue)),
            ("notes", .array(outcome.notes.map { .string(Wording.note($0)) })),
        ])
    }

    static func json(_ trip: SourceComparison.SharedTrip) -> JSONValue {
        .object([
            ("id", .string(trip.offer.id)),
            ("trip", .object(SearchRenderer.productMembers(trip.offer))),
            (
                "sources",
                .array(
                    trip.sources.map { source in
                        .object([
                            ("provider", .string(source.provider.rawValue)), ("price", source.price.json),
                            ("converted", source.convertedPrice?.json ?? .null),
                            ("cheapest", .bool(trip.isCheapest(source))),
                            ("deep_link", .string(source.deepLink?.absoluteString)),
                        ])
                    })
            ),
            ("cheapest", .string(trip.cheapest?.rawValue)), ("dearest", .string(trip.dearest?.rawValue)),
            ("saving", trip.saving?.json ?? .null),
            ("saving_percent", trip.savingPercent.map { .number(rounded($0, places: 1)) } ?? .null),
        ])
    }

    static func json(_ pair: SourceComparison.ProviderPair) -> JSONValue {
        .object([
            ("first", .string(pair.first.rawValue)), ("second", .string(pair.second.rawValue)),
            ("shared", .int(pair.shared)), ("compared", .int(pair.compared)),
            ("first_cheaper", .int(pair.firstCheaper)), ("second_cheaper", .int(pair.secondCheaper)),
            ("ties", .int(pair.ties)), ("median_difference", pair.medianDifference.map(exact) ?? .null),
        ])
    }

    /// `{"amount": -1.355, "currency": "EUR"}`: unrounded, for medians, so programs get the exact value.
    static func exact(_ money: Money) -> JSONValue {
        .object([("amount", .number(money.amount)), ("currency", .string(money.currency.rawValue))])
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
                        source.deepLink?.absoluteString ?? "",
                    ]))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
