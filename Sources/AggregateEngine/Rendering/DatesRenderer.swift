import AggregatorCore
import Foundation
import ProviderKit

/// Prints the answer of `aggregate dates` as a table, the ``DatesDocument`` (`aggregate.dates.v1`), or CSV.
///
/// The table has one row per departure day; with a range of return days it is a grid instead, departure
/// days down and return days across, each cell the cheapest round trip of that pair, followed by the
/// cheapest cell spelt out.
package struct DatesRenderer: OutputRenderer {
    package let result: SearchResult
    package let days: CheapestDays

    // MARK: - Table

    /// The days, or the grid; nothing when no day has a trip (stderr says why).
    package func table(colors: Bool, width: Int?) -> String {
        guard days.days.contains(where: { $0.cheapest != nil }) else { return "" }
        return (days.returnDates.isEmpty ? dayTable(colors: colors, width: width) : gridTable(colors: colors)) + "\n"
    }

    private func dayTable(colors: Bool, width: Int?) -> String {
        let services = Offer.servicesColumn(for: days.days.compactMap(\.cheapest))
        var table = TextTable(columns: [
            .init(title: "DATE"), .init(title: "DAY"), .init(title: "PRICE \(result.query.currency)", alignRight: true),
            .init(title: "PROVIDER"), .init(title: services.title), .init(title: "DEPARTS"),
            .init(title: "TRIPS", alignRight: true), .init(title: ""),
        ])
        for day in days.days {
            let offer = day.cheapest
            table.append([
                "\(day.date)", Self.weekday(day.date), offer.map(priceText) ?? "-",
                offer?.sources.first?.provider.rawValue ?? "", offer.map(services.text) ?? "",
                offer.flatMap(Self.departureTime) ?? "", "\(day.offers)", day.isCheapest ? "← cheapest" : "",
            ])
        }
        return table.render(bold: colors, fitting: width)
    }

    private func gridTable(colors: Bool) -> String {
        var table = TextTable(
            columns: [.init(title: "DEPART \\ RETURN")]
                + days.returnDates.map { .init(title: "\($0) \(Self.weekday($0))", alignRight: true) })
        for departure in days.days {
            let cells = days.grid.filter { $0.date == departure.date }
            table.append(
                ["\(departure.date) \(Self.weekday(departure.date))"]
                    + cells.map { cell in
                        guard let offer = cell.cheapest else { return "-" }
                        return (cell.isCheapest ? "*" : "") + priceText(offer)
                    })
        }
        var text = table.render(bold: colors)
        if let cheapest = days.grid.first(where: \.isCheapest), let offer = cheapest.cheapest,
            let returnDate = cheapest.returnDate
        {
            text +=
                "\n\n* cheapest: \(cheapest.date) → \(returnDate), \(offer.price) from "
                + "\(offer.sources.first?.provider.rawValue ?? "?"), "
                + Offer.servicesColumn(for: days.grid.compactMap(\.cheapest)).text(offer)
        }
        return text
    }

    private func priceText(_ offer: Offer) -> String {
        offer.isConverted ? offer.price.formattedAmount : "\(offer.price.formattedAmount) \(offer.price.currency)"
    }

    /// `12:30`: the cheapest trip's local departure time; its day is the row's.
    package static func departureTime(_ offer: Offer) -> String? {
        guard let time = offer.product.itinerary?.legs.first?.departure?.local else { return nil }
        return ClockTime(of: time).description
    }

    /// `Mon` … `Sun`.
    package static func weekday(_ date: LocalDate) -> String {
        // 1970-01-01 was a Thursday.
        let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let index = Int(((date.daysSinceEpoch % 7) + 7) % 7)
        return names[index]
    }

    /// The `aggregate.dates.v1` document.
    package var document: DatesDocument { DatesDocument(result: result, days: days) }

    // MARK: - CSV

    /// A header row, then one row per day (per cell of the grid with a range of return days).
    package func csv() -> String {
        let header = [
            "date", "return", "price", "currency", "offer_id", "provider", "flights", "departure", "offers", "cheapest",
        ]
        var lines = [CSV.line(header)]
        for day in days.returnDates.isEmpty ? days.days : days.grid {
            let offer = day.cheapest
            lines.append(
                CSV.line([
                    "\(day.date)", day.returnDate?.description ?? "", offer?.price.formattedAmount ?? "",
                    offer?.price.currency.rawValue ?? "", offer?.id ?? "",
                    offer?.sources.first?.provider.rawValue ?? "",
                    offer?.flightsText ?? "", offer?.product.itinerary?.legs.first?.departure?.local?.description ?? "",
                    "\(day.offers)", day.isCheapest ? "yes" : "no",
                ]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(result: SearchResult, days: CheapestDays) {
        self.result = result
        self.days = days
    }
}
