import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate.search.v1`: the answer of `aggregate search --format json`, and the parts of it other
/// documents repeat (the head, the query, an offer's trip). docs/output.md's "JSON: `aggregate.search.v1`"
/// shows it with a comment on every member.
///
/// ```
/// {"schema": "aggregate.search.v1", "currency", "rates_date", "query": {…},
///  "providers": [outcome…], "matched", "offers": [offer…], "hints": [{"drop", "add", "offers"}], "notes"}
/// ```
///
/// A provider's outcome has the members of ``outcomeLayout`` (see ``ProviderOutcomeObject``); an offer
/// those of ``write(_:to:)-(Offer,_)``, its trip those of ``writeProductMembers(of:to:)``, each leg,
/// segment and source those of its own writer below; the query those of ``write(_:forProgram:to:)``.
package struct SearchDocument: OutputDocument {
    /// The schema's name; bump the version on an incompatible change.
    package static let schema = "aggregate.search.v1"

    /// The members of each provider's outcome, in order: also those of `dates` and `airlines`.
    package static let outcomeLayout: [ProviderOutcomeObject.Member] = [
        .id, .status, .offers, .records, .skipped, .repeats, .latency, .error, .errorCode, .notes, .stale, .retrievedAt,
    ]

    /// The search's answer.
    package let result: SearchResult

    package func write(to json: inout JSONWriter) {
        let query = result.query
        json.object { json in
            Self.writeHead(schema: Self.schema, query: query, rates: result.rates, to: &json)
            json.key("providers")
            json.array { json in
                for outcome in result.outcomes { ProviderOutcomeObject.write(outcome, Self.outcomeLayout, to: &json) }
            }
            json.key("matched")
            json.int(result.matched)
            json.key("offers")
            json.array { json in
                for offer in result.offers { Self.write(offer, to: &json) }
            }
            json.key("hints")
            json.array { json in
                for hint in result.hints { Self.write(hint, to: &json) }
            }
            json.key("notes")
            // The sample sentences too: a program reading only the document learns that prices are not live.
            json.strings(result.notes.map(Wording.note) + Wording.samples(result.outcomes))
        }
    }

    /// About what an offer takes, so that a large result is not copied over and over as the buffer grows.
    package var capacity: Int { 4096 + 2048 * result.offers.count }

    /// A hint of an empty result: the options to drop or add, and how many offers that brings back.
    package static func write(_ hint: FilterHint, to json: inout JSONWriter) {
        json.object { json in
            json.key("drop")
            json.strings(Wording.dropped(hint))
            json.key("add")
            json.strings(Wording.added(hint))
            json.key("offers")
            json.int(hint.offers)
        }
    }

    /// The query as the documents of `search`, `compare` and `dates` print it, and as an outside program reads
    /// it (``ProgramQueryDocument``). The text fields `from`, `to` and `airline` stay comma-joined as they
    /// always were; the lists are in `origins`, `destinations`, `airlines` and `excluded_airlines`, durations
    /// in whole minutes, times of day as `HH:MM`.
    ///
    /// `kind` is what the search looks for in a traveller's words (``SearchQuery/sought``: `flights`, `trains`,
    /// `buses`, `ferries`, `trips` or `cars`), so a train search does not say `flights`; an outside program's
    /// query says `flights` or `cars`, as its protocol states, and `modes` tells it the rest.
    /// - Parameters:
    ///   - query: the question.
    ///   - program: whether an outside program reads it.
    ///   - json: the writer.
    package static func write(_ query: SearchQuery, forProgram program: Bool = false, to json: inout JSONWriter) {
        json.object { json in
            json.key("kind")
            json.string(program ? query.kind.rawValue : query.sought)
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
            // Only a search narrowed to modes other than flights alone says so: a flight search's document
            // stays as it was.
            if !query.modes.isEmpty, query.modes != [.flight] {
                json.key("modes")
                json.strings(query.modes.map(\.rawValue))
            }
        }
    }

    /// A list as the query's text fields print it: comma-separated, or `nil` when empty.
    package static func joined(_ list: [String]) -> String? {
        list.isEmpty ? nil : list.joined(separator: ",")
    }

    /// An offer: its id, its trip, its headline price and every seller.
    package static func write(_ offer: Offer, to json: inout JSONWriter) {
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
    package static func writeProductMembers(of offer: Offer, to json: inout JSONWriter) {
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
            let trip = !itinerary.isAllFlights
            json.array { json in
                for leg in itinerary.legs { write(leg, trip: trip, to: &json) }
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
    package static func writeHead(schema: String, query: SearchQuery, rates: ExchangeRates, to json: inout JSONWriter) {
        json.key("schema")
        json.string(schema)
        json.key("currency")
        json.string(query.currency.rawValue)
        json.key("rates_date")
        json.string(rates.date.description)
        json.key("query")
        write(query, to: &json)
    }

    /// One leg of a trip: its duration and segments; a leg of a trip that is not all flights writes each
    /// segment's mode, service number and place names too.
    package static func write(_ leg: Leg, trip: Bool = false, to json: inout JSONWriter) {
        json.object { json in
            json.key("duration_minutes")
            json.minutes(leg.duration)
            json.key("segments")
            json.array { json in
                for segment in leg.segments { write(segment, trip: trip, to: &json) }
            }
        }
    }

    /// One segment: carrier, number, places and times. A segment of a trip (an offer of kind `trip`) adds
    /// `mode`, `service_number` (as the operator writes it), `origin_name` and `destination_name` (the station
    /// or airport); a flight itinerary's segments keep the members they always had.
    package static func write(_ segment: Segment, trip: Bool = false, to json: inout JSONWriter) {
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
            if trip {
                json.key("mode")
                json.string(segment.mode.rawValue)
                json.key("service_number")
                json.string(segment.service)
                json.key("origin_name")
                json.string(segment.origin.name)
                json.key("destination_name")
                json.string(segment.destination.name)
            }
        }
    }

    /// One seller of an offer: its price as sent and converted, the party it is for (`null` when the seller
    /// does not say) and whether the tool scaled it from one passenger's fare, its link, and whether it is a
    /// sample (then `retrieved_at` is when the sample was recorded).
    package static func write(_ source: OfferSource, to json: inout JSONWriter) {
        json.object { json in
            json.key("provider")
            json.string(source.provider.rawValue)
            json.key("reference")
            json.string(source.reference)
            json.key("price")
            json.money(source.price)
            json.key("party")
            json.party(source.pricedFor)
            json.key("scaled")
            json.bool(source.scaled)
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
            json.key("sample")
            json.bool(source.sample)
            json.key("seats_left")
            json.int(source.seatsLeft)
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(result: SearchResult) {
        self.result = result
    }
}

// MARK: - Schema

extension SearchDocument {
    /// The JSON Schema of the document: the members ``write(to:)`` writes.
    package static var shape: DocumentSchema {
        .document(
            schema,
            headMembers + [
                .member("providers", .array(ProviderOutcomeObject.shape(outcomeLayout)), "Each provider's outcome"),
                .member("matched", .integer, "Offers that passed the filters, before the limit"),
                .member("offers", .array(offerShape)),
                .member("hints", .array(hintShape), "For an empty result: what to drop or add to find offers"),
                .member("notes", DocumentSchema.strings),
            ])
    }

    /// The members ``writeHead(schema:query:rates:to:)`` writes after `schema`.
    package static var headMembers: [DocumentSchema.Member] {
        [
            .member("currency", .string, "The currency prices are converted into"),
            .member("rates_date", .string, "The date of the exchange rates, YYYY-MM-DD"),
            .member("query", queryShape, "The question asked"),
        ]
    }

    /// The members ``write(_:forProgram:to:)`` writes.
    package static var queryShape: DocumentSchema {
        let clock = DocumentSchema.text
        let minutes = DocumentSchema.nullable(.integer)
        return .object([
            .member(
                "kind",
                .choice(
                    TravelMode.allCases.map { TravelMode.plural(of: [$0]) } + ["trips", OfferCategory.cars.rawValue]),
                "What the search looks for: flights, one other mode, trips of several modes, or cars"),
            .member("from", DocumentSchema.text), .member("to", DocumentSchema.text),
            .member("date", DocumentSchema.text), .member("return", DocumentSchema.text),
            .member("round_trip", .boolean), .member("sort", .string), .member("limit", .nullable(.integer)),
            .member("max_price", .nullable(.number)), .member("max_stops", .nullable(.integer)),
            .member("airline", DocumentSchema.text), .member("color", DocumentSchema.text),
            .member("currency", .string), .member("origins", DocumentSchema.strings),
            .member("destinations", DocumentSchema.strings),
            .member(
                "passengers",
                .object([.member("adults", .integer), .member("children", .integer), .member("infants", .integer)])),
            .member("cabin", DocumentSchema.text), .member("airlines", DocumentSchema.strings),
            .member("excluded_airlines", DocumentSchema.strings), .member("depart_after", clock),
            .member("depart_before", clock), .member("arrive_after", clock), .member("arrive_before", clock),
            .member("max_duration_minutes", minutes), .member("min_layover_minutes", minutes),
            .member("max_layover_minutes", minutes), .member("bags", .integer), .member("no_self_transfer", .boolean),
            .member("no_hidden_city", .boolean), .member("no_throw_away", .boolean),
            .conditional("modes", DocumentSchema.strings, "The modes asked, when not flights alone"),
        ])
    }

    /// The members of an offer, as ``write(_:to:)-(Offer,_)`` writes them.
    package static var offerShape: DocumentSchema {
        .object(
            [.member("id", .string)] + productMembers + [
                .member("price", .nullable(DocumentSchema.money), "The headline price, in the currency"),
                .member("price_basis", .string), .member("price_without_bags", .nullable(DocumentSchema.money)),
                .member("converted", .nullable(.boolean), "Whether the price was converted"),
                .member("sources", .array(sourceShape), "Every seller, with its price and link"),
                .member("seats_left", .nullable(.integer)), .member("image", DocumentSchema.text),
                .member("tags", DocumentSchema.strings),
            ])
    }

    /// The members ``writeProductMembers(of:to:)`` writes: a trip's or a car's.
    package static var productMembers: [DocumentSchema.Member] {
        let text = DocumentSchema.text
        return [
            .member("kind", .string), .conditional("origin", text), .conditional("destination", text),
            .conditional("departure", text, "Local time at the origin"),
            .conditional("arrival", text, "Local time at the destination"),
            .conditional("departure_utc", .nullable(.dateTime)), .conditional("arrival_utc", .nullable(.dateTime)),
            .conditional("duration_minutes", .nullable(.integer)), .conditional("stops", .nullable(.integer)),
            .conditional("carriers", DocumentSchema.strings), .conditional("legs", .array(legShape)),
            .conditional("brand", text), .conditional("model", text), .conditional("plate_number", text),
            .conditional("color", text),
        ]
    }

    /// The members ``write(_:trip:to:)-(Leg,_,_)`` writes.
    package static var legShape: DocumentSchema {
        .object([.member("duration_minutes", .nullable(.integer)), .member("segments", .array(segmentShape))])
    }

    /// The members ``write(_:trip:to:)-(Segment,_,_)`` writes; a trip's segments add the last four.
    package static var segmentShape: DocumentSchema {
        let text = DocumentSchema.text
        return .object([
            .member("carrier", text), .member("carrier_name", text), .member("carrier_country", text),
            .member("carrier_logo", text), .member("carrier_active", .nullable(.boolean)),
            .member("flight_number", text), .member("origin", text), .member("origin_city", text),
            .member("destination", text), .member("destination_city", text), .member("departure", text),
            .member("departure_utc", .nullable(.dateTime)), .member("arrival", text),
            .member("arrival_utc", .nullable(.dateTime)), .conditional("mode", .string),
            .conditional("service_number", text), .conditional("origin_name", text),
            .conditional("destination_name", text),
        ])
    }

    /// The members ``write(_:to:)-(OfferSource,_)`` writes.
    package static var sourceShape: DocumentSchema {
        let money = DocumentSchema.nullable(DocumentSchema.money)
        return .object([
            .member("provider", .string), .member("reference", DocumentSchema.text),
            .member("price", money, "As the seller sent it"),
            .member(
                "party", .nullable(partyShape), "The passengers the price is for; null when the seller does not say"),
            .member("scaled", .boolean, "Whether the tool scaled the price from one passenger's fare"),
            .member("converted_price", money),
            .member("converted_price_without_bags", money), .member("bag_fees", money),
            .member("deep_link", DocumentSchema.text), .member("retrieved_at", .nullable(.dateTime)),
            .member("sample", .boolean, "Whether the price is a built-in sample or recording, not a live one"),
            .member("seats_left", .nullable(.integer)),
        ])
    }

    /// The party a seller's price is for, as `JSONWriter.party(_:)` writes it.
    package static var partyShape: DocumentSchema {
        .object([.member("adults", .integer), .member("children", .integer), .member("infants", .integer)])
    }

    /// The members ``write(_:to:)-(FilterHint,_)`` writes.
    package static var hintShape: DocumentSchema {
        .object([
            .member("drop", DocumentSchema.strings), .member("add", DocumentSchema.strings),
            .member("offers", .integer),
        ])
    }
}
