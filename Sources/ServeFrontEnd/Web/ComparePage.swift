import AggregateEngine
import AggregatorCore
import Foundation
import ProviderKit

/// The compare page's results, from the typed answer of `compare`: the providers side by side as the
/// command's table shows them, the trips several of them sell with every seller's price, and each pair's
/// tally.
package enum ComparePage {
    /// The results of a comparison.
    /// - Parameters:
    ///   - answer: the command's answer.
    ///   - parameters: the query, for the link back to the search.
    /// - Returns: the content.
    package static func results(
        _ answer: CommandAnswer<CompareRenderer>, parameters: [(name: String, value: String)]
    ) -> WebPage.Content {
        guard let comparison = answer.output?.comparison else { return WebPage.Content(summary: "", html: "") }
        let currency = comparison.query.currency.rawValue
        var html = OfferHTML.sampleBox(answer.sampleNotes)
        let summary = "\(comparison.providers.count) providers, \(comparison.sharedTotal) trips sold by several."
        html += "<p class=\"summary\">\(HTML.escaped(summary)) "
        html +=
            "<a href=\"/search?\(HTML.escaped(WebForms.carried(parameters, to: SearchCommand.configuration)))\">"
            + "The search's offers</a></p>\n"
        html += "<h2>Providers side by side</h2>\n<div class=\"table-wrap\"><table class=\"providers\"><thead><tr>"
        for (title, numeric) in [
            ("Provider", false), ("Status", false), ("Latency", true), ("Offers", true), ("Skipped", true),
            ("Matched", true), ("Cheapest \(currency)", true), ("Median \(currency)", true), ("Shared", true),
            ("Unconverted", true),
        ] {
            html += "<th scope=\"col\"\(numeric ? " class=\"num\"" : "")>\(HTML.escaped(title))</th>"
        }
        html += "</tr></thead><tbody>"
        for row in comparison.providers {
            let sample = row.outcome.sample.map {
                " <span class=\"tag sample-tag\">\(OfferHTML.sampleWords($0))</span>"
            }
            html += "<tr><th scope=\"row\">\(HTML.escaped(row.provider.rawValue))\(sample ?? "")</th>"
            let status = row.outcome.status
            html +=
                "<td class=\"\(status.answered ? "status-ok" : status.isFailure ? "status-bad" : "")\">"
                + "\(HTML.escaped(status.rawValue.replacingOccurrences(of: "_", with: " ")))</td>"
            for cell in [
                "\(row.outcome.latency.inMilliseconds) ms", "\(row.outcome.offerCount)", "\(row.outcome.skipped)",
                "\(row.matched)", row.cheapest?.formattedAmount ?? "-", row.median?.formattedAmount ?? "-",
                "\(row.shared)", "\(row.unconverted)",
            ] {
                html += "<td class=\"num\">\(HTML.escaped(cell))</td>"
            }
            html += "</tr>"
        }
        html += "</tbody></table></div>\n"
        if !comparison.shared.isEmpty {
            let samples = OfferHTML.samples(comparison.providers.map(\.outcome))
            html += "<h2>Trips several providers sell</h2>\n<ol class=\"offers\">\n"
            for (index, trip) in comparison.shared.enumerated() {
                html += "<li class=\"offer\" id=\"shared-\(index + 1)\"><div class=\"offer-head\">"
                html += "<span class=\"route\">\(HTML.escaped(trip.offer.routeText))</span>"
                html += "<span>\(HTML.escaped(trip.offer.departureText))</span>"
                html +=
                    "<span class=\"services\">\(HTML.escaped(trip.offer.isTrip ? trip.offer.servicesText : trip.offer.flightsText))</span></div>"
                var facts: [String] = []
                if let saving = trip.saving {
                    facts.append(
                        "saving \(saving) (\(CompareRenderer.percentText(trip.savingPercent))) with the cheapest")
                }
                facts.append("cheapest: \(CompareRenderer.cheapestText(trip))")
                html += "<p>\(HTML.escaped(facts.joined(separator: "; ")))</p>"
                html += OfferHTML.sellers(trip.sources, samples: samples)
                html += "</li>\n"
            }
            html += "</ol>\n"
        }
        if !comparison.pairs.isEmpty {
            html += "<h2>Pairs</h2>\n<ul class=\"pairs\">"
            for pair in comparison.pairs {
                var parts = [
                    "\(pair.shared) shared", "\(pair.first) cheaper \(pair.firstCheaper)",
                    "\(pair.second) cheaper \(pair.secondCheaper)",
                ]
                if pair.ties > 0 { parts.append(pair.ties == 1 ? "1 tie" : "\(pair.ties) ties") }
                if let difference = pair.medianDifference { parts.append("median difference \(difference)") }
                html += "<li>\(HTML.escaped("\(pair.first) vs \(pair.second): " + parts.joined(separator: ", ")))</li>"
            }
            html += "</ul>\n"
        }
        html += OfferHTML.notices(answer.notices)
        return WebPage.Content(summary: summary, html: html)
    }
}

/// The dates page's results, from the typed answer of `dates`: the cheapest trip of each day with the
/// cheapest day marked, and for a range of return days the departure × return grid as a calendar, each
/// price linking to the search of that pair of days.
package enum DatesPage {
    /// The results.
    /// - Parameters:
    ///   - answer: the command's answer.
    ///   - parameters: the query, for the links to each day's search.
    /// - Returns: the content.
    package static func results(
        _ answer: CommandAnswer<DatesRenderer>, parameters: [(name: String, value: String)]
    ) -> WebPage.Content {
        guard let output = answer.output else { return WebPage.Content(summary: "", html: "") }
        let days = output.days
        let currency = output.result.query.currency.rawValue
        var html = OfferHTML.sampleBox(answer.sampleNotes)
        let best = (days.returnDates.isEmpty ? days.days : days.grid).first(where: \.isCheapest)
        let summary: String
        if let best, let offer = best.cheapest {
            let pair =
                best.returnDate.map { "\(best.date) → \($0)" } ?? "\(best.date) (\(DatesRenderer.weekday(best.date)))"
            summary =
                "Cheapest: \(pair), \(OfferHTML.price(offer)) from \(offer.sources.first?.provider.rawValue ?? "?")."
        } else {
            summary = "No day has a trip."
        }
        html += "<p class=\"summary\" id=\"cheapest-day\"><strong>\(HTML.escaped(summary))</strong></p>\n"
        let base = parameters.filter { $0.name != "date" && $0.name != "return" }
        func searchLink(_ day: CheapestDays.Day, text: String) -> String {
            var query = base + [(name: "date", value: "\(day.date)")]
            if let back = day.returnDate { query.append((name: "return", value: "\(back)")) }
            let carried = WebForms.carried(query, to: SearchCommand.configuration)
            return "<a href=\"/search?\(HTML.escaped(carried))\">\(HTML.escaped(text))</a>"
        }
        if !days.returnDates.isEmpty {
            html += "<h2>Departure × return</h2>\n<div class=\"table-wrap\"><table class=\"calendar\" id=\"grid\">"
            html +=
                "<caption>Cheapest round trip in \(HTML.escaped(currency)) for each pair of days</caption><thead><tr>"
            html += "<th scope=\"col\">Depart ↓ / return →</th>"
            for back in days.returnDates {
                html += "<th scope=\"col\">\(HTML.escaped("\(DatesRenderer.weekday(back)) \(back)"))</th>"
            }
            html += "</tr></thead><tbody>"
            for departure in days.days {
                html +=
                    "<tr><th scope=\"row\">\(HTML.escaped("\(DatesRenderer.weekday(departure.date)) \(departure.date)"))</th>"
                for cell in days.grid where cell.date == departure.date {
                    guard let offer = cell.cheapest else {
                        html += "<td class=\"num\"><span aria-label=\"no trip\">–</span></td>"
                        continue
                    }
                    let mark = cell.isCheapest ? " <strong>cheapest</strong>" : ""
                    html +=
                        "<td class=\"num\(cell.isCheapest ? " best" : "")\">"
                        + searchLink(cell, text: offer.price.formattedAmount) + mark + "</td>"
                }
                html += "</tr>"
            }
            html += "</tbody></table></div>\n"
        }
        let services = Offer.servicesColumn(for: days.days.compactMap(\.cheapest))
        html += "<h2>By departure day</h2>\n<div class=\"table-wrap\"><table class=\"days\" id=\"days\"><thead><tr>"
        html +=
            "<th scope=\"col\">Date</th><th scope=\"col\" class=\"num\">Price \(HTML.escaped(currency))</th>"
            + "<th scope=\"col\">Provider</th><th scope=\"col\">\(HTML.escaped(services.title.capitalized))</th>"
            + "<th scope=\"col\">Departs</th><th scope=\"col\" class=\"num\">Trips</th></tr></thead><tbody>"
        for day in days.days {
            let offer = day.cheapest
            let price = offer.map { searchLink(day, text: OfferHTML.price($0)) } ?? "–"
            html +=
                "<tr\(day.isCheapest ? " class=\"best\"" : "")><th scope=\"row\">"
                + "\(HTML.escaped("\(DatesRenderer.weekday(day.date)) \(day.date)"))"
                + (day.isCheapest ? " <strong>cheapest</strong>" : "") + "</th>"
                + "<td class=\"num\">\(price)</td>"
                + "<td>\(HTML.escaped(offer?.sources.first?.provider.rawValue ?? ""))</td>"
                + "<td>\(HTML.escaped(offer.map(services.text) ?? ""))</td>"
                + "<td>\(HTML.escaped(offer.flatMap(DatesRenderer.departureTime) ?? ""))</td>"
                + "<td class=\"num\">\(day.offers)</td></tr>"
        }
        html += "</tbody></table></div>\n"
        html += OfferHTML.notices(answer.notices)
        html += OfferHTML.outcomes(output.result.outcomes)
        return WebPage.Content(summary: summary, html: html)
    }
}
