import AggregatorCore
import Foundation
import ProviderKit

/// Prints the answer of `aggregate dates` as a table, the `aggregate.dates.v1` JSON envelope, or CSV.
///
/// The table has one row per departure day; with a range of return days it is a grid instead, departure
/// days down and return days across, each cell the cheapest round trip of that pair, followed by the
/// cheapest cell spelt out. In JSON, `days` is always there and `grid` is `null` unless a range of return
/// days was asked for.
struct DatesRenderer: OutputRenderer {
    /// The JSON envelope's schema name; bump the version on an incompatible change.
    static let schema = "aggregate.dates.v1"

    let result: SearchResult
    let days: CheapestDays

    // MARK: - Table

    /// The days, or the grid; nothing when no day has a trip (stderr says why).
    func table(colors: Bool, width: Int?) -> String {
        guard days.days.contains(where: { $0.cheapest != nil }) else { return "" }
        return (days.returnDates.isEmpty ? dayTable(colors: colors, width: width) : gridTable(colors: colors)) + "\n"
    }

    private func dayTable(colors: Bool, width: Int?) -> String {
        var table = TextTable(columns: [
            .init(title: "DATE"), .init(title: "DAY"), .init(title: "PRICE \(result.query.currency)", alignRight: true),
            .init(title: "PROVIDER"), .init(title: "FLIGHTS"), .init(title: "DEPARTS"),
            .init(title: "TRIPS", alignRight: true), .init(title: ""),
        ])
        for day in days.days {
            let offer = day.cheapest
            table.append([
                "\(day.date)", Self.weekday(day.date), offer.map(priceText) ?? "-",
                offer?.sources.first?.provider.rawValue ?? "", offer?.flightsText ?? "",
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
                + "\(offer.sources.first?.provider.rawValue ?? "?"), \(offer.flightsText)"
        }
        return text
    }

    private func priceText(_ offer: Offer) -> String {
        offer.isConverted ? offer.price.formattedAmount : "\(offer.price.formattedAmount) \(offer.price.currency)"
    }

    /// `12:30`: the cheapest trip's local departure time; its day is the row's.
    static func departureTime(_ offer: Offer) -> String? {
        guard let time = offer.product.itinerary?.legs.first?.departure?.local else { return nil }
        return ClockTime(of: time).description
    }

    /// `Mon` … `Sun`.
    static func weekday(_ date: LocalDate) -> String {
        // 1970-01-01 was a Thursday.
        let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let index = Int(((date.daysSinceEpoch % 7) + 7) % 7)
        return names[index]
    }

    // MARK: - JSON

    /// Writes the versioned envelope.
    func writeJSON(to json: inout JSONWriter) {
        let query = result.query
        json.object { json in
            SearchRenderer.writeHead(schema: Self.schema, query: query, rates: result.rates, to: &json)
            json.key("providers")
            json.array { json in
                for outcome in result.outcomes { SearchRenderer.write(outcome, to: &json) }
            }
            json.key("matched")
            json.int(result.matched)
            json.key("days")
            json.array { json in
                for day in days.days { Self.write(day, to: &json) }
            }
            json.key("grid")
            if days.returnDates.isEmpty {
                json.null()
            } else {
                json.object { json in
                    json.key("return_dates")
                    json.strings(days.returnDates.map(\.description))
                    json.key("cells")
                    json.array { json in
                        for cell in days.grid { Self.write(cell, to: &json) }
                    }
                }
            }
            json.key("undated")
            json.int(days.undated)
            json.key("hints")
            json.array { json in
                for hint in result.hints {
                    json.object { json in
                        json.key("drop")
                        json.strings(Wording.dropped(hint))
                        json.key("add")
                        json.strings(Wording.added(hint))
                        json.key("offers")
                        json.int(hint.offers)
                    }
                }
            }
            json.key("notes")
            json.strings(result.notes.map(Wording.note))
        }
    }

    /// A day, or a grid cell (which also has `return`).
    static func write(_ day: CheapestDays.Day, to json: inout JSONWriter) {
        let offer = day.cheapest
        json.object { json in
            json.key("date")
            json.string(day.date.description)
            if let returnDate = day.returnDate {
                json.key("return")
                json.string(returnDate.description)
            }
            json.key("price")
            json.money(offer?.price)
            json.key("converted")
            json.bool(offer?.isConverted)
            json.key("offer_id")
            json.string(offer?.id)
            json.key("provider")
            json.string(offer?.sources.first?.provider.rawValue)
            json.key("flights")
            json.string(offer?.flightsText)
            json.key("departure")
            json.localDateTime(offer?.product.itinerary?.legs.first?.departure?.local)
            json.key("offers")
            json.int(day.offers)
            json.key("cheapest")
            json.bool(day.isCheapest)
        }
    }

    // MARK: - CSV

    /// A header row, then one row per day (per cell of the grid with a range of return days).
    func csv() -> String {
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
}
