import AggregatorCore
import Foundation
import ProviderKit

/// Prints a ``SearchResult`` as a table, the `aggregate.search.v1` JSON envelope, or CSV.
///
/// A round trip's table row is its outbound flight; the return flight follows on a line of its own,
/// `↩ BCN→VIE` in the route column, with its own departure, arrival, duration, flights and stops.
struct SearchRenderer: OutputRenderer {
    /// The JSON envelope's schema name; bump the version on an incompatible change.
    static let schema = "aggregate.search.v1"

    /// How the flight table narrows to fit a terminal, most expendable first (the README lists the same
    /// order): PRICE, ROUTE, DEPARTS and FLIGHTS always stay.
    static let flightNarrowing: [TextTable.Narrowing] = [
        .leaveOut("TAGS"), .leaveOut("SRC"), .leaveOut("STOPS"), .shorten("SOLD BY", to: 20),
        .leaveOut("DURATION"), .shorten("FLIGHTS", to: 12), .shorten("SOLD BY", to: 12), .shorten("ROUTE", to: 12),
        .leaveOut("ARRIVES"), .leaveOut("SOLD BY"),
    ]

    /// How the car table narrows: PRICE and CAR always stay.
    static let carNarrowing: [TextTable.Narrowing] = [
        .leaveOut("TAGS"), .leaveOut("SRC"), .shorten("SOLD BY", to: 20), .leaveOut("PLATE"),
        .shorten("CAR", to: 20), .leaveOut("COLOR"), .shorten("SOLD BY", to: 12), .leaveOut("SOLD BY"),
    ]

    let result: SearchResult

    /// Aligned columns; an empty result prints nothing (stderr says why).
    func table(colors: Bool, width: Int?) -> String {
        guard !result.offers.isEmpty else { return "" }
        let currency = result.query.currency.rawValue
        if result.query.kind == .cars {
            var table = TextTable(columns: [
                .init(title: "PRICE \(currency)/DAY", alignRight: true), .init(title: "CAR"), .init(title: "COLOR"),
                .init(title: "PLATE"), .init(title: "SRC", alignRight: true), .list("SOLD BY"),
                .list("TAGS"),
            ])
            for offer in result.offers {
                let car = offer.product.car
                table.append([
                    priceText(offer), offer.routeText, car?.color ?? "", car?.plateNumber ?? "",
                    "\(offer.sources.count)", offer.soldByText, offer.tagsText,
                ])
            }
            return table.render(bold: colors, fitting: width, narrowing: Self.carNarrowing) + "\n"
        }
        var table = TextTable(columns: [
            .init(title: "PRICE \(currency)", alignRight: true), .init(title: "ROUTE"), .init(title: "DEPARTS"),
            .init(title: "ARRIVES"), .init(title: "DURATION", alignRight: true), .init(title: "FLIGHTS"),
            .init(title: "STOPS", alignRight: true), .init(title: "SRC", alignRight: true), .list("SOLD BY"),
            .list("TAGS"),
        ])
        for offer in result.offers {
            guard let itinerary = offer.product.itinerary, itinerary.isRoundTrip, let outbound = itinerary.legs.first
            else {
                table.append([
                    priceText(offer), offer.routeText, offer.departureText, offer.arrivalText, offer.durationText,
                    favoriteMark(offer) + offer.flightsText, "\(offer.stops)", "\(offer.sources.count)",
                    offer.soldByText, offer.tagsText,
                ])
                continue
            }
            table.append([
                priceText(offer), outbound.routeText, outbound.departureText, outbound.arrivalText,
                outbound.durationText, favoriteMark(offer) + outbound.flightsText, "\(outbound.stops)",
                "\(offer.sources.count)", offer.soldByText, offer.tagsText,
            ])
            for leg in itinerary.legs.dropFirst() {
                table.append([
                    "", "↩ " + leg.routeText, leg.departureText, leg.arrivalText, leg.durationText, leg.flightsText,
                    "\(leg.stops)",
                ])
            }
        }
        return table.render(bold: colors, fitting: width, narrowing: Self.flightNarrowing) + "\n"
    }

    private func favoriteMark(_ offer: Offer) -> String {
        offer.tags.contains(.favorite) ? "★ " : ""
    }

    private func priceText(_ offer: Offer) -> String {
        offer.isConverted ? offer.price.formattedAmount : "\(offer.price.formattedAmount) \(offer.price.currency)"
    }

    // MARK: - JSON

    /// The versioned envelope.
    func writeJSON(to json: inout JSONWriter) {
        let query = result.query
        json.object { json in
            Self.writeHead(schema: Self.schema, query: query, rates: result.rates, to: &json)
            json.key("providers")
            json.array { json in
                for outcome in result.outcomes { Self.write(outcome, to: &json) }
            }
            json.key("matched")
            json.int(result.matched)
            json.key("offers")
            json.array { json in
                for offer in result.offers { Self.write(offer, to: &json) }
            }
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

    /// A JSON size to reserve up front: about what an offer takes, so that a large result is not copied
    /// over and over as the buffer grows.
    var jsonCapacity: Int { 4096 + 2048 * result.offers.count }

    /// The query as the envelopes of `search`, `compare` and `dates` print it. The text fields `from`, `to`
    /// and `airline` stay comma-joined as they always were; the lists are in `origins`, `destinations`,
    /// `airlines` and `excluded_airlines`, durations in whole minutes, times of day as `HH:MM`.
    static func write(_ query: SearchQuery, to json: inout JSONWriter) {
        json.object { json in
            json.key("kind")
            json.string(query.kind.rawValue)
            json.key("from")
            json.string(joined(query.origins))
            json.key("to")
            json.string(joined(query.destinations))
            json.key("date")
            json.string(query.departureDates?.description)
            json.key("return")
            json.string(query.returnDates?.description)
            json.key("round_trip")
            json.bool(query.roundTrip)
            json.key("sort")
            json.string(query.sort.rawValue)
            json.key("limit")
            json.int(query.limit)
            json.key("max_price")
            json.decimal(query.maxPrice)
            json.key("max_stops")
            json.int(query.maxStops)
            json.key("airline")
            json.string(joined(query.airlines))
            json.key("color")
            json.string(query.color)
            json.key("currency")
            json.string(query.currency.rawValue)
            json.key("origins")
            json.strings(query.origins)
            json.key("destinations")
            json.strings(query.destinations)
            json.key("passengers")
            json.object { json in
                json.key("adults")
                json.int(query.passengers.adults)
                json.key("children")
                json.int(query.passengers.children)
                json.key("infants")
                json.int(query.passengers.infants)
            }
            json.key("cabin")
            json.string(query.cabin?.rawValue)
            json.key("airlines")
            json.strings(query.airlines)
            json.key("excluded_airlines")
            json.strings(query.excludedAirlines)
            json.key("depart_after")
            json.string(query.departAfter?.description)
            json.key("depart_before")
            json.string(query.departBefore?.description)
            json.key("arrive_after")
            json.string(query.arriveAfter?.description)
            json.key("arrive_before")
            json.string(query.arriveBefore?.description)
            json.key("max_duration_minutes")
            json.minutes(query.maxDuration)
            json.key("min_layover_minutes")
            json.minutes(query.minLayover)
            json.key("max_layover_minutes")
            json.minutes(query.maxLayover)
            json.key("bags")
            json.int(query.bags)
            json.key("no_self_transfer")
            json.bool(query.excludeSelfTransfer)
            json.key("no_hidden_city")
            json.bool(query.excludeHiddenCity)
            json.key("no_throw_away")
            json.bool(query.excludeThrowAway)
        }
    }

    /// A list as the query's text fields print it: comma-separated, or `nil` when empty.
    static func joined(_ list: [String]) -> String? {
        list.isEmpty ? nil : list.joined(separator: ",")
    }

    /// A provider's outcome, as the search and airlines envelopes print it.
    static func write(_ outcome: ProviderOutcome, to json: inout JSONWriter) {
        json.object { json in
            json.key("id")
            json.string(outcome.provider.rawValue)
            json.key("status")
            json.string(outcome.status.rawValue)
            json.key("offers")
            json.int(outcome.offerCount)
            json.key("records")
            json.int(outcome.recordCount)
            json.key("skipped")
            json.int(outcome.skipped)
            json.key("repeats")
            json.int(outcome.repeats)
            json.key("latency_ms")
            json.int(Int(outcome.latency.inMilliseconds))
            json.key("error")
            json.string(outcome.error.map(Wording.error))
            json.key("error_code")
            json.string(outcome.error?.code.rawValue)
            json.key("notes")
            json.strings(outcome.notes.map(Wording.note))
            json.key("stale")
            json.bool(outcome.stale)
            json.key("retrieved_at")
            json.date(outcome.retrievedAt)
            writeSampleMark(of: outcome, to: &json)
        }
    }

    /// `"sample"`, whether the outcome's prices are not real (embedded samples or the service's test mode),
    /// and `"sample_kind"`, which of the two (`embedded`, `test_mode`) or `null`: the members every
    /// document's provider outcomes end with.
    static func writeSampleMark(of outcome: ProviderOutcome, to json: inout JSONWriter) {
        json.key("sample")
        json.bool(outcome.isSample)
        json.key("sample_kind")
        json.string(outcome.sample?.rawValue)
    }

    static func write(_ offer: Offer, to json: inout JSONWriter) {
        json.object { json in
            json.key("id")
            json.string(offer.id)
            writeProductMembers(of: offer, to: &json)
            json.key("price")
            json.money(offer.price)
            json.key("price_basis")
            json.string(offer.priceBasis.rawValue)
            json.key("price_without_bags")
            json.money(offer.priceWithoutBags)
            json.key("converted")
            json.bool(offer.isConverted)
            json.key("sources")
            json.array { json in
                for source in offer.sources { write(source, to: &json) }
            }
            json.key("seats_left")
            json.int(offer.seatsLeft)
            json.key("image")
            json.string(offer.imageURL?.absoluteString)
            json.key("tags")
            json.strings(offer.tags.sorted().map(\.rawValue))
        }
    }

    /// What is sold, without prices or sellers: the members `compare` prints as a shared trip.
    static func writeProductMembers(of offer: Offer, to json: inout JSONWriter) {
        json.key("kind")
        json.string(offer.kindName)
        if let itinerary = offer.product.itinerary {
            let first = itinerary.legs.first
            json.key("origin")
            json.string(first?.origin?.code)
            json.key("destination")
            json.string(first?.destination?.code)
            json.key("departure")
            json.localDateTime(first?.departure?.local)
            json.key("arrival")
            json.localDateTime(first?.arrival?.local)
            json.key("departure_utc")
            json.date(first?.departure?.utc)
            json.key("arrival_utc")
            json.date(first?.arrival?.utc)
            json.key("duration_minutes")
            json.minutes(itinerary.duration)
            json.key("stops")
            json.int(itinerary.stops)
            json.key("carriers")
            json.strings(offer.carrierCodes)
            json.key("legs")
            json.array { json in
                for leg in itinerary.legs { write(leg, to: &json) }
            }
        }
        if let car = offer.product.car {
            json.key("brand")
            json.string(car.brand)
            json.key("model")
            json.string(car.model)
            json.key("plate_number")
            json.string(car.plateNumber)
            json.key("color")
            json.string(car.color)
        }
    }

    /// The members every JSON answer of a search starts with: its schema, the currency, the date of the
    /// exchange rates and the question asked.
    /// - Parameters:
    ///   - schema: the answer's schema name, such as `aggregate.search.v1`.
    ///   - query: the question.
    ///   - rates: the exchange rates the prices were converted with.
    ///   - json: the writer, inside the answer's object.
    static func writeHead(schema: String, query: SearchQuery, rates: ExchangeRates, to json: inout JSONWriter) {
        json.key("schema")
        json.string(schema)
        json.key("currency")
        json.string(query.currency.rawValue)
        json.key("rates_date")
        json.string(rates.date.description)
        json.key("query")
        write(query, to: &json)
    }

    static func write(_ leg: Leg, to json: inout JSONWriter) {
        json.object { json in
            json.key("duration_minutes")
            json.minutes(leg.duration)
            json.key("segments")
            json.array { json in
                for segment in leg.segments { write(segment, to: &json) }
            }
        }
    }

    static func write(_ segment: Segment, to json: inout JSONWriter) {
        json.object { json in
            json.key("carrier")
            json.string(segment.carrier.code)
            json.key("carrier_name")
            json.string(segment.carrier.name)
            json.key("carrier_country")
            json.string(segment.carrier.country)
            json.key("carrier_logo")
            json.string(segment.carrier.logoURL?.absoluteString)
            json.key("carrier_active")
            json.bool(segment.carrier.isActive)
            json.key("flight_number")
            json.string(segment.flightNumber)
            json.key("origin")
            json.string(segment.origin.code)
            json.key("origin_city")
            json.string(segment.origin.city)
            json.key("destination")
            json.string(segment.destination.code)
            json.key("destination_city")
            json.string(segment.destination.city)
            json.key("departure")
            json.localDateTime(segment.departure?.local)
            json.key("departure_utc")
            json.date(segment.departure?.utc)
            json.key("arrival")
            json.localDateTime(segment.arrival?.local)
            json.key("arrival_utc")
            json.date(segment.arrival?.utc)
        }
    }

    static func write(_ source: OfferSource, to json: inout JSONWriter) {
        json.object { json in
            json.key("provider")
            json.string(source.provider.rawValue)
            json.key("reference")
            json.string(source.reference)
            json.key("price")
            json.money(source.price)
            json.key("converted_price")
            json.money(source.convertedPrice)
            json.key("converted_price_without_bags")
            json.money(source.convertedPriceWithoutBags)
            json.key("bag_fees")
            json.money(source.includedBagFees)
            json.key("deep_link")
            json.string(source.link?.text)
            json.key("retrieved_at")
            json.date(source.retrievedAt)
            json.key("seats_left")
            json.int(source.seatsLeft)
        }
    }

    // MARK: - CSV

    /// A header row, then one row per offer; `return_departure`, `return_arrival` and `deep_link_source` come
    /// last so that the older columns keep their positions. `deep_link` is the cheapest seller's that has a
    /// link, and `deep_link_source` names that seller, who need not be the cheapest.
    func csv() -> String {
        var text = ""
        writeCSV { text += $0 }
        return text
    }

    /// Writes the CSV a few hundred kilobytes of whole lines at a time.
    func writeCSV(to write: (String) -> Void) {
        let header = [
            "id", "kind", "origin", "destination", "departure", "arrival", "duration_minutes", "stops", "carriers",
            "flights", "price", "currency", "sources", "sold_by", "cheapest_source", "deep_link", "tags",
            "return_departure", "return_arrival", "deep_link_source",
        ]
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
            piece +=
                CSV.line([
                    offer.id, offer.kindName, offer.origin?.code ?? "", offer.destination?.code ?? "",
                    first?.departure?.local?.description ?? "",
                    first?.arrival?.local?.description ?? "",
                    offer.product.itinerary?.duration.map { "\($0.components.seconds / 60)" } ?? "", "\(offer.stops)",
                    offer.carrierCodes.joined(separator: " "), offer.flightsText, offer.price.formattedAmount,
                    offer.price.currency.rawValue, "\(offer.sources.count)", offer.soldByText,
                    offer.sources.first?.provider.rawValue ?? "", linked?.link?.text ?? "",
                    offer.tags.sorted().map(\.rawValue).joined(separator: " "),
                    back?.departure?.local?.description ?? "", back?.arrival?.local?.description ?? "",
                    linked?.provider.rawValue ?? "",
                ]) + "\n"
        }
        write(piece)
    }
}
