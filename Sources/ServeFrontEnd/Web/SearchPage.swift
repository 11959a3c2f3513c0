import AggregateEngine
import AggregatorCore
import Foundation
import ProviderKit

/// The search page's results, from the typed answer of `search`: the merged offers ranked, each with its
/// legs, services, tags and every seller's price (converted and as sent) with its booking link; how every
/// provider did; and a mark on every price that is a sample or from a service's test mode.
package enum SearchPage {
    /// The results of a search.
    /// - Parameters:
    ///   - answer: the command's answer.
    ///   - parameters: the query, for the links to the same query's other pages.
    /// - Returns: the content.
    package static func results(
        _ answer: CommandAnswer<SearchRenderer>, parameters: [(name: String, value: String)]
    ) -> WebPage.Content {
        guard let result = answer.output?.result else { return WebPage.Content(summary: "", html: "") }
        var html = OfferHTML.sampleBox(answer.sampleNotes)
        let summary =
            result.offers.isEmpty
            ? "No offers."
            : "\(result.offers.count) offer\(result.offers.count == 1 ? "" : "s")"
                + (result.matched > result.offers.count ? " of \(result.matched) that match" : "")
                + ", in \(result.query.currency.rawValue)."
        html += "<p class=\"summary\">\(HTML.escaped(summary)) "
        html +=
            "<a href=\"/compare?\(HTML.escaped(WebForms.carried(parameters, to: CompareCommand.configuration)))\">"
            + "Compare the providers</a> · "
        html +=
            "<a href=\"/dates?\(HTML.escaped(WebForms.carried(parameters, to: DatesCommand.configuration)))\">"
            + "Cheapest dates</a></p>\n"
        let samples = OfferHTML.samples(result.outcomes)
        if !result.offers.isEmpty {
            html += "<h2>Offers</h2>\n<ol class=\"offers\">\n"
            for (index, offer) in result.offers.enumerated() {
                html += OfferHTML.offer(offer, rank: index + 1, samples: samples)
            }
            html += "</ol>\n"
        }
        html += OfferHTML.notices(answer.notices)
        html += OfferHTML.outcomes(result.outcomes)
        return WebPage.Content(summary: summary, html: html)
    }
}

/// The parts of an offer and of a search's outcome as HTML, shared by the pages.
package enum OfferHTML {
    /// Which providers answered with samples or from a test mode, and which.
    package static func samples(_ outcomes: [ProviderOutcome]) -> [ProviderID: SampleAnswer] {
        var samples: [ProviderID: SampleAnswer] = [:]
        for outcome in outcomes { if let sample = outcome.sample { samples[outcome.provider] = sample } }
        return samples
    }

    /// The box that says which prices are not real, with the lines the command line writes last.
    package static func sampleBox(_ lines: [String]) -> String {
        guard !lines.isEmpty else { return "" }
        return "<div class=\"notice sample\" role=\"note\" id=\"sample-note\"><p><strong>Not real prices.</strong></p>"
            + "<ul>" + lines.map { "<li>\(HTML.escaped($0))</li>" }.joined() + "</ul></div>\n"
    }

    /// The words of a sample mark.
    package static func sampleWords(_ sample: SampleAnswer) -> String {
        switch sample {
        case .embedded: "sample"
        case .testMode: "test mode"
        }
    }

    /// A price: its amount, with its currency when it was not converted.
    package static func price(_ offer: Offer) -> String {
        offer.isConverted ? offer.price.description : "\(offer.price.description) (unconverted)"
    }

    /// One offer as a list item.
    package static func offer(_ offer: Offer, rank: Int, samples: [ProviderID: SampleAnswer]) -> String {
        var html = "<li class=\"offer\" id=\"offer-\(rank)\" data-offer=\"\(HTML.escaped(offer.id))\">"
        html += "<div class=\"offer-head\"><span class=\"price\">\(HTML.escaped(price(offer)))</span>"
        html += "<span class=\"route\">\(HTML.escaped(offer.routeText))</span></div>\n"
        if let itinerary = offer.product.itinerary {
            html += "<ul class=\"legs\">"
            for (index, leg) in itinerary.legs.enumerated() {
                let name = itinerary.legs.count > 1 ? (index == 0 ? "Outbound" : "Return") : "Departs"
                var parts = ["\(name) \(leg.departureText)", "arrives \(leg.arrivalText)"]
                if !leg.durationText.isEmpty { parts.append(leg.durationText) }
                parts.append(leg.stops == 0 ? "direct" : "\(leg.stops) stop\(leg.stops == 1 ? "" : "s")")
                let services = offer.isTrip ? leg.servicesText : leg.flightsText
                var carriers: [String] = []
                for name in leg.segments.compactMap(\.carrier.name) where !carriers.contains(name) {
                    carriers.append(name)
                }
                html +=
                    "<li>\(HTML.escaped(parts.joined(separator: ", "))) · <span class=\"services\">"
                    + "\(HTML.escaped(services))</span>"
                    + (carriers.isEmpty
                        ? "" : " <span class=\"carriers\">\(HTML.escaped(carriers.joined(separator: ", ")))</span>")
                    + " · \(HTML.escaped(leg.routeText))</li>"
            }
            html += "</ul>\n"
        }
        var tags = offer.tags.sorted().map { $0.rawValue }
        let sampleKinds = Set(offer.sources.compactMap { samples[$0.provider] })
        for kind in sampleKinds.sorted(by: { $0.rawValue < $1.rawValue }) where !tags.contains(kind.rawValue) {
            tags.append(kind.rawValue)
        }
        if !tags.isEmpty {
            html += "<ul class=\"tags\" aria-label=\"Tags\">"
            for tag in tags {
                let sampleClass = tag == "sample" || tag == "test_mode" || tag == "embedded" ? " sample-tag" : ""
                html +=
                    "<li class=\"tag\(sampleClass)\">\(HTML.escaped(tag == "embedded" ? "sample" : tag.replacingOccurrences(of: "_", with: " ")))</li>"
            }
            html += "</ul>\n"
        }
        html += sellers(offer.sources, samples: samples)
        html += "</li>\n"
        return html
    }

    /// Every seller of an offer: its price in the search's currency, as it sent it, and its booking link.
    package static func sellers(_ sources: [OfferSource], samples: [ProviderID: SampleAnswer]) -> String {
        var html = "<div class=\"table-wrap\"><table class=\"sellers\"><caption class=\"skip\">Sellers</caption>"
        html +=
            "<thead><tr><th scope=\"col\">Seller</th><th scope=\"col\" class=\"num\">Price</th>"
            + "<th scope=\"col\" class=\"num\">As sent</th><th scope=\"col\">Book</th></tr></thead><tbody>"
        for source in sources {
            var mark =
                samples[source.provider].map { " <span class=\"tag sample-tag\">\(sampleWords($0))</span>" } ?? ""
            // A price for another party is shown as the seller sent it, and says for whom, as the table's `*` does.
            if source.forAnotherParty {
                let party = source.pricedFor.map { "for \($0)" } ?? "for another party"
                mark += " <span class=\"tag sample-tag\">\(HTML.escaped(party))</span>"
            }
            let converted = source.convertedPrice.map(\.description) ?? "not converted"
            let link = HTML.externalLink(source.link, label: "Book at \(source.provider.rawValue)") ?? "—"
            html +=
                "<tr><th scope=\"row\" class=\"seller\">\(HTML.escaped(source.provider.rawValue))\(mark)</th>"
                + "<td class=\"num\">\(HTML.escaped(converted))</td>"
                + "<td class=\"num\">\(HTML.escaped(source.price.description))</td><td>\(link)</td></tr>"
        }
        html += "</tbody></table></div>\n"
        return html
    }

    /// How every provider did: answered, failed and why, or was not asked and what to add.
    package static func outcomes(_ outcomes: [ProviderOutcome]) -> String {
        guard !outcomes.isEmpty else { return "" }
        var html = "<h2>Providers</h2>\n<div class=\"table-wrap\"><table class=\"outcomes\"><thead><tr>"
        html +=
            "<th scope=\"col\">Provider</th><th scope=\"col\">Result</th><th scope=\"col\" class=\"num\">Offers</th>"
            + "<th scope=\"col\" class=\"num\">Time</th><th scope=\"col\">Details</th></tr></thead><tbody>"
        for outcome in outcomes {
            let good = outcome.status.answered
            var details: [String] = []
            if let sample = outcome.sample {
                details.append(
                    sample == .embedded ? "sample prices compiled into the tool, not real" : "the service's test mode")
            }
            if let error = outcome.error { details.append(Wording.error(error)) }
            if outcome.stale { details.append("answered from the cache after its live request failed") }
            details += outcome.notes.map(Wording.note)
            let status = outcome.status.rawValue.replacingOccurrences(of: "_", with: " ")
            html +=
                "<tr><th scope=\"row\">\(HTML.escaped(outcome.provider.rawValue))</th>"
                + "<td class=\"\(good ? "status-ok" : outcome.status.isFailure ? "status-bad" : "")\">"
                + "\(HTML.escaped(status))</td><td class=\"num\">\(outcome.offerCount)</td>"
                + "<td class=\"num\">\(outcome.latency.inMilliseconds) ms</td>"
                + "<td>\(HTML.escaped(details.joined(separator: "; ")))</td></tr>"
        }
        html += "</tbody></table></div>\n"
        return html
    }

    /// The command's notes and warnings, as the command line prints them.
    package static func notices(_ notices: [Notice]) -> String {
        guard !notices.isEmpty else { return "" }
        return "<h2>Notes</h2>\n<ul class=\"notices\">"
            + notices.map { "<li>\(HTML.escaped($0.line))</li>" }.joined() + "</ul>\n"
    }
}
