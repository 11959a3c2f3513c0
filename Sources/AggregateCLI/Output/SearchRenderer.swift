import AggregatorCore
import Foundation

/// Prints a ``SearchResult`` as a table, the `aggregate.search.v1` JSON envelope, or CSV.
struct SearchRenderer: OutputRenderer {
    /// The JSON envelope's schema name; bump the version on an incompatible change.
    static let schema = "aggregate.search.v1"

    let result: SearchResult

    /// Aligned columns; an empty result prints nothing (stderr says why).
    func table(colors: Bool) -> String {
        guard !result.offers.isEmpty else { return "" }
        let currency = result.query.currency.rawValue
        var table: TextTable
        if result.query.kind == .cars {
            table = TextTable(columns: [
                .init(title: "PRICE \(currency)/DAY", alignRight: true), .init(title: "CAR"), .init(title: "COLOR"),
                .init(title: "PLATE"), .init(title: "SRC", alignRight: true), .init(title: "SOLD BY"),
                .init(title: "TAGS"),
            ])
            for offer in result.offers {
                let car = offer.product.car
                table.rows.append([
                    priceText(offer), offer.routeText, car?.color ?? "", car?.plateNumber ?? "",
                    "\(offer.sources.count)",
                    offer.soldByText, offer.tagsText,
                ])
            }
        } else {
            table = TextTable(columns: [
                .init(title: "PRICE \(currency)", alignRight: true), .init(title: "ROUTE"), .init(title: "DEPARTS"),
                .init(title: "ARRIVES"), .init(title: "DURATION", alignRight: true), .init(title: "FLIGHTS"),
                .init(title: "STOPS", alignRight: true), .init(title: "SRC", alignRight: true), .init(title: "SOLD BY"),
                .init(title: "TAGS"),
            ])
            for offer in result.offers {
                table.rows.append([
                    priceText(offer), offer.routeText, offer.departureText, offer.arrivalText, offer.durationText,
                    (offer.tags.contains(.favorite) ? "★ " : "") + offer.flightsText, "\(offer.stops)",
                    "\(offer.sources.count)", offer.soldByText, offer.tagsText,
                ])
            }
        }
        return table.render(bold: colors) + "\n"
    }

    private func priceText(_ offer: Offer) -> String {
        offer.isConverted ? offer.price.formattedAmount : "\(offer.price.formattedAmount) \(offer.price.currency)"
    }

    /// The versioned envelope.
    func json() -> JSONValue {
        let query = result.query
        return .object([
            ("schema", .string(Self.schema)),
            ("currency", .string(query.currency.rawValue)),
            ("rates_date", .string(result.rates.date.description)),
            ("query", Self.json(query)),
            ("providers", .array(result.outcomes.map(Self.json))),
            ("matched", .int(result.matched)),
            ("offers", .array(result.offers.map(Self.json))),
            (
                "hints",
                .array(
                    result.hints.map {
                        .object([
                            ("drop", .array(Wording.dropped($0).map(JSONValue.string))),
                            ("add", .array(Wording.added($0).map(JSONValue.string))), ("offers", .int($0.offers)),
                        ])
                    })
            ),
            ("notes", .array(result.notes.map { .string(Wording.note($0)) })),
        ])
    }

    /// The query as the envelopes of `search`, `compare` and `dates` print it. The text fields `from`, `to`
    /// and `airline` stay comma-joined as they always were; the lists are in `origins`, `destinations`,
    /// `airlines` and `excluded_airlines`, durations in whole minutes, times of day as `HH:MM`.
    static func json(_ query: SearchQuery) -> JSONValue {
        let party = query.passengers
        func minutes(_ duration: Duration?) -> JSONValue { .int(duration.map { Int($0.components.seconds / 60) }) }
        func codes(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
        return .object([
            ("kind", .string(query.kind.rawValue)), ("from", .string(Self.joined(query.origins))),
            ("to", .string(Self.joined(query.destinations))),
            ("date", .string(query.departureDates?.description)), ("return", .string(query.returnDates?.description)),
            ("round_trip", .bool(query.roundTrip)), ("sort", .string(query.sort.rawValue)),
            ("limit", .int(query.limit)),
            ("max_price", query.maxPrice.map(JSONValue.number) ?? .null), ("max_stops", .int(query.maxStops)),
            ("airline", .string(Self.joined(query.airlines))), ("color", .string(query.color)),
            ("currency", .string(query.currency.rawValue)),
            ("origins", codes(query.origins)), ("destinations", codes(query.destinations)),
            (
                "passengers",
                .object([
                    ("adults", .int(party.adults)), ("children", .int(party.children)),
                    ("infants", .int(party.infants)),
                ])
            ),
            ("cabin", .string(query.cabin?.rawValue)),
            ("airlines", codes(query.airlines)), ("excluded_airlines", codes(query.excludedAirlines)),
            ("depart_after", .string(query.departAfter?.description)),
            ("depart_before", .string(query.departBefore?.description)),
            ("arrive_after", .string(query.arriveAfter?.description)),
            ("arrive_before", .string(query.arriveBefore?.description)),
            ("max_duration_minutes", minutes(query.maxDuration)), ("min_layover_minutes", minutes(query.minLayover)),
            ("max_layover_minutes", minutes(query.maxLayover)), ("bags", .int(query.bags)),
            ("no_self_transfer", .bool(query.excludeSelfTransfer)), ("no_hidden_city", .bool(query.excludeHiddenCity)),
        ])
    }

    /// A list as the query's text fields print it: comma-separated, or `nil` when empty.
    static func joined(_ list: [String]) -> String? {
        list.isEmpty ? nil : list.joined(separator: ",")
    }

    static func json(_ outcome: ProviderOutcome) -> JSONValue {
        .object([
            ("id", .string(outcome.provider.rawValue)), ("status", .string(outcome.status.rawValue)),
            ("offers", .int(outcome.offerCount)), ("records", .int(outcome.recordCount)),
            ("skipped", .int(outcome.skipped)),
            ("latency_ms", .number(Decimal(outcome.latency.inMilliseconds))),
            ("error", .string(outcome.error.map(Wording.error))), ("error_code", .string(outcome.error?.code.rawValue)),
            ("notes", .array(outcome.notes.map { .string(Wording.note($0)) })), ("stale", .bool(outcome.stale)),
            ("retrieved_at", .string(outcome.retrievedAt?.isoText)),
        ])
    }

    static func json(_ offer: Offer) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(offer.id))] + productMembers(offer)
        members += [
            ("price", offer.price.json), ("price_basis", .string(offer.priceBasis.rawValue)),
            ("price_without_bags", offer.priceWithoutBags?.json ?? .null),
            ("converted", .bool(offer.isConverted)),
            ("sources", .array(offer.sources.map(json))),
            ("seats_left", .int(offer.seatsLeft)), ("image", .string(offer.imageURL?.absoluteString)),
            ("tags", .array(offer.tags.sorted().map { .string($0.rawValue) })),
        ]
        return .object(members)
    }

    /// What is sold, without prices or sellers: the part of an offer `compare` prints as a shared trip.
    static func productMembers(_ offer: Offer) -> [(String, JSONValue)] {
        let itinerary = offer.product.itinerary
        var members: [(String, JSONValue)] = [("kind", .string(offer.kindName))]
        if let itinerary {
            let first = itinerary.legs.first
            members += [
                ("origin", .string(first?.origin?.code)), ("destination", .string(first?.destination?.code)),
                ("departure", .string(first?.departure?.local?.description)),
                ("arrival", .string(first?.arrival?.local?.description)),
                ("departure_utc", .string(first?.departure?.utc?.isoText)),
                ("arrival_utc", .string(first?.arrival?.utc?.isoText)),
                ("duration_minutes", .int(itinerary.duration.map { Int($0.components.seconds / 60) })),
                ("stops", .int(itinerary.stops)),
                ("carriers", .array(offer.carrierCodes.map(JSONValue.string))),
                ("legs", .array(itinerary.legs.map(json))),
            ]
        }
        if let car = offer.product.car {
            members += [
                ("brand", .string(car.brand)), ("model", .string(car.model)),
                ("plate_number", .string(car.plateNumber)),
                ("color", .string(car.color)),
            ]
        }
        return members
    }

    static func json(_ leg: Leg) -> JSONValue {
        .object([
            ("duration_minutes", .int(leg.duration.map { Int($0.components.seconds / 60) })),
            (
                "segments",
                .array(
                    leg.segments.map { segment in
                        .object([
                            ("carrier", .string(segment.carrier.code)), ("carrier_name", .string(segment.carrier.name)),
                            ("carrier_country", .string(segment.carrier.country)),
                            ("carrier_logo", .string(segment.carrier.logoURL?.absoluteString)),
                            ("carrier_active", segment.carrier.isActive.map(JSONValue.bool) ?? .null),
                            ("flight_number", .string(segment.flightNumber)),
                            ("origin", .string(segment.origin.code)), ("origin_city", .string(segment.origin.city)),
                            ("destination", .string(segment.destination.code)),
                            ("destination_city", .string(segment.destination.city)),
                            ("departure", .string(segment.departure?.local?.description)),
                            ("departure_utc", .string(segment.departure?.utc?.isoText)),
                            ("arrival", .string(segment.arrival?.local?.description)),
                            ("arrival_utc", .string(segment.arrival?.utc?.isoText)),
                        ])
                    })
            ),
        ])
    }

    static func json(_ source: OfferSource) -> JSONValue {
        .object([
            ("provider", .string(source.provider.rawValue)), ("reference", .string(source.reference)),
            ("price", source.price.json), ("converted_price", source.convertedPrice?.json ?? .null),
            ("converted_price_without_bags", source.convertedPriceWithoutBags?.json ?? .null),
            ("bag_fees", source.includedBagFees?.json ?? .null),
            ("deep_link", .string(source.deepLink?.absoluteString)),
            ("retrieved_at", .string(source.retrievedAt.isoText)),
            ("seats_left", .int(source.seatsLeft)),
        ])
    }

    /// A header row, then one row per offer.
    func csv() -> String {
        let header = [
            "id", "kind", "origin", "destination", "departure", "arrival", "duration_minutes", "stops", "carriers",
            "flights", "price", "currency", "sources", "sold_by", "cheapest_source", "deep_link", "tags",
        ]
        var lines = [CSV.line(header)]
        for offer in result.offers {
            let first = offer.product.itinerary?.legs.first
            lines.append(
                CSV.line([
                    offer.id, offer.kindName, offer.origin?.code ?? "", offer.destination?.code ?? "",
                    first?.departure?.local?.description ?? "",
                    first?.arrival?.local?.description ?? "",
                    offer.product.itinerary?.duration.map { "\($0.components.seconds / 60)" } ?? "", "\(offer.stops)",
                    offer.carrierCodes.joined(separator: " "), offer.flightsText, offer.price.formattedAmount,
                    offer.price.currency.rawValue, "\(offer.sources.count)", offer.soldByText,
                    offer.sources.first?.provider.rawValue ?? "", offer.sources.first?.deepLink?.absoluteString ?? "",
                    offer.tags.sorted().map(\.rawValue).joined(separator: " "),
                ]))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
