import AggregatorCore
import Foundation
import ProviderKit

/// Prints a ``SearchResult`` as a table, the ``SearchDocument`` (`aggregate.search.v1`), or CSV.
///
/// A round trip's table row is its outbound flight; the return flight follows on a line of its own,
/// `↩ BCN→VIE` in the route column, with its own departure, arrival, duration, flights and stops. A result
/// holding a trip by train, bus or ferry calls the FLIGHTS column SERVICES and marks each service with its mode
/// (`train ÖBB RJX 61`, `flight OS 395`); a result of flights alone prints as it always did.
package struct SearchRenderer: OutputRenderer {
    /// How the flight table narrows to fit a terminal, most expendable first (docs/commands.md lists the same
    /// order): PRICE, ROUTE, DEPARTS and FLIGHTS always stay.
    package static let flightNarrowing: [TextTable.Narrowing] = [
        .leaveOut("TAGS"), .leaveOut("SRC"), .leaveOut("STOPS"), .shorten("SOLD BY", to: 20),
        .leaveOut("DURATION"), .shorten("FLIGHTS", to: 12), .shorten("SOLD BY", to: 12), .shorten("ROUTE", to: 12),
        .leaveOut("ARRIVES"), .leaveOut("SOLD BY"),
    ]

    /// How the table of mixed modes narrows: as the flight table, with SERVICES for FLIGHTS, except that a
    /// route of station names (`Wien Hauptbahnhof→Budapest Népliget`) is cut to 30 columns, then, once ARRIVES
    /// has gone, to 22, and to 12 only after SOLD BY: cut to 12 at once it would name neither end.
    package static let servicesNarrowing: [TextTable.Narrowing] = [
        .leaveOut("TAGS"), .leaveOut("SRC"), .leaveOut("STOPS"), .shorten("SOLD BY", to: 20),
        .leaveOut("DURATION"), .shorten("SERVICES", to: 12), .shorten("SOLD BY", to: 12), .shorten("ROUTE", to: 30),
        .leaveOut("ARRIVES"), .shorten("ROUTE", to: 22), .leaveOut("SOLD BY"), .shorten("ROUTE", to: 12),
    ]

    /// How the car table narrows: PRICE and CAR always stay.
    package static let carNarrowing: [TextTable.Narrowing] = [
        .leaveOut("TAGS"), .leaveOut("SRC"), .shorten("SOLD BY", to: 20), .leaveOut("PLATE"),
        .shorten("CAR", to: 20), .leaveOut("COLOR"), .shorten("SOLD BY", to: 12), .leaveOut("SOLD BY"),
    ]

    package let result: SearchResult

    /// Aligned columns; an empty result prints nothing (stderr says why).
    package func table(colors: Bool, width: Int?) -> String {
        guard !result.offers.isEmpty else { return "" }
        let currency = result.query.currency.rawValue
        if result.query.kind == .cars {
            var table = TextTable(columns: [
                .init(title: "PRICE \(currency)/DAY", alignRight: true), .init(title: "CAR"), .init(title: "COLOR"),
                .init(title: "PLATE"), .init(title: "SRC", alignRight: true), .wholeItems("SOLD BY"),
                .list("TAGS"),
            ])
            for offer in result.offers {
                let car = offer.product.car
                table.append([
                    priceText(offer), offer.routeText, car?.color ?? "", car?.plateNumber ?? "",
                    "\(offer.sources.count)", offer.markedSoldByText, offer.tagsText,
                ])
            }
            return table.render(bold: colors, fitting: width, narrowing: Self.carNarrowing) + "\n" + footer()
        }
        let mixed = result.offers.contains(where: \.isTrip)
        var table = TextTable(columns: [
            .init(title: "PRICE \(currency)", alignRight: true), .init(title: "ROUTE"), .init(title: "DEPARTS"),
            .init(title: "ARRIVES"), .init(title: "DURATION", alignRight: true),
            .init(title: mixed ? "SERVICES" : "FLIGHTS"),
            .init(title: "STOPS", alignRight: true), .init(title: "SRC", alignRight: true), .wholeItems("SOLD BY"),
            .list("TAGS"),
        ])
        for offer in result.offers {
            guard let itinerary = offer.product.itinerary, itinerary.isRoundTrip, let outbound = itinerary.legs.first
            else {
                table.append([
                    priceText(offer), offer.routeText, offer.departureText, offer.arrivalText, offer.durationText,
                    favoriteMark(offer) + (mixed ? offer.servicesText : offer.flightsText), "\(offer.stops)",
                    "\(offer.sources.count)",
                    offer.markedSoldByText, offer.tagsText,
                ])
                continue
            }
            table.append([
                priceText(offer), outbound.routeText, outbound.departureText, outbound.arrivalText,
                outbound.durationText,
                favoriteMark(offer) + (mixed ? outbound.servicesText : outbound.flightsText), "\(outbound.stops)",
                "\(offer.sources.count)", offer.markedSoldByText, offer.tagsText,
            ])
            for leg in itinerary.legs.dropFirst() {
                table.append([
                    "", "↩ " + leg.routeText, leg.departureText, leg.arrivalText, leg.durationText,
                    mixed ? leg.servicesText : leg.flightsText,
                    "\(leg.stops)",
                ])
            }
        }
        return table.render(
            bold: colors, fitting: width, narrowing: mixed ? Self.servicesNarrowing : Self.flightNarrowing)
            + "\n" + footer()
    }

    /// The lines under a table that say what its marks mean and which of its prices are not live: `*` by a
    /// seller's price in SOLD BY (a price for another party, as the seller sent it), then, last, the sample
    /// sentences, so that a table read without its standard error still says its prices are samples.
    private func footer() -> String {
        var lines: [String] = []
        if result.offers.contains(where: { $0.sources.contains(where: \.forAnotherParty) }) {
            lines.append(
                Wording.otherPartyMark(
                    result.query.passengers, "a trip priced only so is tagged other_party and ranked last"))
        }
        lines += Wording.samples(result.outcomes).map { "note: \($0)" }
        return lines.map { $0 + "\n" }.joined()
    }

    private func favoriteMark(_ offer: Offer) -> String {
        offer.tags.contains(.favorite) ? "★ " : ""
    }

    private func priceText(_ offer: Offer) -> String {
        offer.isConverted ? offer.price.formattedAmount : "\(offer.price.formattedAmount) \(offer.price.currency)"
    }

    /// The `aggregate.search.v1` document.
    package var document: SearchDocument { SearchDocument(result: result) }

    // MARK: - CSV

    /// A header row, then one row per offer; `return_departure`, `return_arrival`, `deep_link_source` and
    /// `sample` come last so that the older columns keep their positions. `origin` and `destination` are codes
    /// or names people read (an airport or city code, else the station's name), never a seller's own id for a
    /// station; `sample` is `true` when the trip's price is a sample's (embedded samples or a service's test
    /// mode), never a live price. `deep_link` is the cheapest seller's that has a
    /// link, and `deep_link_source` names that seller, who need not be the cheapest. A result holding a trip by
    /// train, bus or ferry adds `modes`, `services`, `origin_name` and `destination_name` after them; one of
    /// flights alone has the columns it always had. A result holding cars adds what each car is, as the seller
    /// gives it: `brand`, `model`, `color` and `plate_number`.
    package func csv() -> String {
        var text = ""
        writeCSV { text += $0 }
        return text
    }

    /// Writes the CSV a few hundred kilobytes of whole lines at a time.
    package func writeCSV(to write: (String) -> Void) {
        let mixed = result.offers.contains(where: \.isTrip)
        var header = [
            "id", "kind", "origin", "destination", "departure", "arrival", "duration_minutes", "stops", "carriers",
            "flights", "price", "currency", "sources", "sold_by", "cheapest_source", "deep_link", "tags",
            "return_departure", "return_arrival", "deep_link_source", "sample",
        ]
        if mixed { header += ["modes", "services", "origin_name", "destination_name"] }
        let cars = result.offers.contains { $0.product.car != nil }
        if cars { header += ["brand", "model", "color", "plate_number"] }
        var piece = CSV.line(header) + "\n"
        for offer in result.offers {
            if piece.utf8.count >= JSONWriter.printedPiece {
                write(piece)
                piece = ""
            }
            let legs = offer.product.itinerary?.legs ?? []
            let first = legs.first
            let back = legs.count > 1 ? legs.last : nil
            let linked = offer.linkedSource
            var row: [String] = [
                offer.id, offer.kindName, offer.origin?.readableCode ?? "", offer.destination?.readableCode ?? "",
                first?.departure?.local?.description ?? "",
                first?.arrival?.local?.description ?? "",
                offer.product.itinerary?.duration.map { "\($0.components.seconds / 60)" } ?? "", "\(offer.stops)",
                offer.carrierCodes.joined(separator: " "), offer.flightsText, offer.price.formattedAmount,
                offer.price.currency.rawValue, "\(offer.sources.count)", offer.soldByText,
                offer.sources.first?.provider.rawValue ?? "", linked?.link?.text ?? "",
                offer.tags.sorted().map(\.rawValue).joined(separator: " "),
                back?.departure?.local?.description ?? "", back?.arrival?.local?.description ?? "",
                linked?.provider.rawValue ?? "", offer.sources.first?.sample == true ? "true" : "false",
            ]
            if mixed {
                let modes: [TravelMode] = offer.product.itinerary?.modes ?? []
                let origin: String = offer.origin?.name ?? ""
                let destination: String = offer.destination?.name ?? ""
                row += [modes.map(\.rawValue).joined(separator: " "), offer.servicesText, origin, destination]
            }
            if cars {
                let car = offer.product.car
                row += [car?.brand ?? "", car?.model ?? "", car?.color ?? "", car?.plateNumber ?? ""]
            }
            piece += CSV.line(row) + "\n"
        }
        write(piece)
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(result: SearchResult) {
        self.result = result
    }
}
