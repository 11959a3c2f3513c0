import Foundation
import ProviderKit

// Duffel's `POST /air/offer_requests?return_offers=true` answer, read with the project's JSON reader only
// as far as the mapping needs. Everything else (conditions, payment requirements, emissions, services,
// aircraft, Duffel's own ids) is skipped unread, so new or oddly typed extras never fail a search. Each
// object is read in one pass over its members: an offer repeats its airports in every slice and segment,
// and looking each field up by name would scan past them again and again. Text is kept as sent here; the
// mapping validates codes and flight numbers and keeps names as sent.

/// The offers of one answer: `data.offers[]`, each read on its own so that one bad record is skipped and
/// counted while the rest are used.
struct DuffelAnswer: Sendable {
    /// The offers that could be read, in Duffel's order.
    var offers: [DuffelOffer]
    /// Offers that could not be read.
    var skipped: Int
    /// Whether Duffel says the answer comes from its test mode: `data.live_mode` is `false`, or an offer's
    /// is. A test token's answers are real schedules with prices nobody can buy at, and Duffel Airways (`ZZ`)
    /// among the airlines.
    var testMode: Bool

    /// Reads an answer.
    /// - Parameter root: the document's root.
    /// - Throws: `JSONError` when the document is not an offer request with a list of offers.
    init(_ root: JSONNode) throws {
        let data = try root["data"]
        let records = try data["offers"].decodeRecords { record in
            try Task.checkCancellation()
            return try DuffelOffer(record)
        }
        offers = records.records
        skipped = records.skipped
        // Only a stated `false` is test mode: a missing or odd `live_mode` says nothing either way.
        testMode = (try? data["live_mode"].ifPresent?.bool) == false || offers.contains { $0.liveMode == false }
    }
}

/// One offer: a price for a whole itinerary and the whole party.
struct DuffelOffer: Sendable {
    /// Duffel's `off_…` id: minted anew for every offer request, so it is a reference, never an offer id.
    var reference: String?
    /// `total_amount`, decimal text such as `"96.40"`: the price for every passenger asked for.
    var totalAmount: Decimal?
    /// `total_currency`, such as `EUR`.
    var totalCurrency: String?
    /// The airline that sells the offer.
    var owner: DuffelCarrier?
    /// `expires_at`: until when Duffel holds the price, ISO-8601 with an offset.
    var expiresAt: String?
    /// The passenger types the price covers (`adult`, `child`, `infant_without_seat`), one per passenger.
    var passengerTypes: [String]?
    /// The journeys: one for a one-way trip, two for a round trip.
    var slices: [DuffelSlice]
    /// `live_mode`: `false` for an offer of Duffel's test mode; `nil` when not stated as a boolean.
    var liveMode: Bool?

    init(_ node: JSONNode) throws {
        var slices: [DuffelSlice]?
        for member in try node.members {
            let value = member.value
            if member.hasName("id") {
                reference = try value.lenientString
            } else if member.hasName("total_amount") {
                totalAmount = try value.lenientDecimal
            } else if member.hasName("total_currency") {
                totalCurrency = try value.ifPresent?.string
            } else if member.hasName("owner") {
                owner = try value.ifPresent.map(DuffelCarrier.init)
            } else if member.hasName("expires_at") {
                expiresAt = try value.ifPresent?.string
            } else if member.hasName("passengers") {
                passengerTypes = try value.ifPresent.map { passengers in
                    try passengers.elements.map { try $0["type"].ifPresent?.string ?? "" }
                }
            } else if member.hasName("slices") {
                slices = try value.elements.map(DuffelSlice.init)
            } else if member.hasName("live_mode") {
                liveMode = try? value.ifPresent?.bool
            }
        }
        guard let slices else { throw try node["slices"].error("is missing") }
        self.slices = slices
    }
}

/// One direction of the trip, with its connections.
struct DuffelSlice: Sendable {
    /// ISO-8601 door-to-door duration, such as `PT4H40M`.
    var duration: String?
    /// The fare brand (`Basic`, `Optima`), which tells two offers on the same flights apart.
    var fareBrandName: String?
    /// The flights in order.
    var segments: [DuffelSegment]

    init(_ node: JSONNode) throws {
        var segments: [DuffelSegment]?
        for member in try node.members {
            if member.hasName("duration") {
                duration = try member.value.ifPresent?.string
            } else if member.hasName("fare_brand_name") {
                fareBrandName = try member.value.ifPresent?.string
            } else if member.hasName("segments") {
                segments = try member.value.elements.map(DuffelSegment.init)
            }
        }
        guard let segments else { throw try node["segments"].error("is missing") }
        self.segments = segments
    }
}

/// One flight.
struct DuffelSegment: Sendable {
    /// The airline that sells the seat under its own flight number.
    var marketingCarrier: DuffelCarrier?
    /// The marketing carrier's flight number, such as `"1815"`.
    var marketingFlightNumber: String?
    /// The airline that flies the plane: another one on a codeshare.
    var operatingCarrier: DuffelCarrier?
    /// The operating carrier's flight number.
    var operatingFlightNumber: String?
    /// Where the flight takes off.
    var origin: DuffelAirport?
    /// Where it lands.
    var destination: DuffelAirport?
    /// Take-off on the origin's wall clock, `2026-12-18T12:30:00`, with no offset.
    var departingAt: String?
    /// Landing on the destination's wall clock.
    var arrivingAt: String?
    /// ISO-8601 flight time, such as `PT2H35M`.
    var duration: String?
    /// The class of travel of the first passenger (every passenger of an offer flies in one cabin).
    var cabinClass: String?
    /// Checked bags included per passenger: the fewest any passenger gets, `nil` when not every
    /// passenger's allowance is stated.
    var includedCheckedBags: Int?

    init(_ node: JSONNode) throws {
        var cabin: String?
        var checked: [Int?] = []
        for member in try node.members {
            let value = member.value
            if member.hasName("origin") {
                origin = try value.ifPresent.map(DuffelAirport.init)
            } else if member.hasName("destination") {
                destination = try value.ifPresent.map(DuffelAirport.init)
            } else if member.hasName("departing_at") {
                departingAt = try value.ifPresent?.string
            } else if member.hasName("arriving_at") {
                arrivingAt = try value.ifPresent?.string
            } else if member.hasName("duration") {
                duration = try value.ifPresent?.string
            } else if member.hasName("marketing_carrier") {
                marketingCarrier = try value.ifPresent.map(DuffelCarrier.init)
            } else if member.hasName("marketing_carrier_flight_number") {
                marketingFlightNumber = try value.lenientString
            } else if member.hasName("operating_carrier") {
                operatingCarrier = try value.ifPresent.map(DuffelCarrier.init)
            } else if member.hasName("operating_carrier_flight_number") {
                operatingFlightNumber = try value.lenientString
            } else if member.hasName("passengers"), let passengers = value.ifPresent {
                for passenger in try passengers.elements {
                    if cabin == nil { cabin = try passenger["cabin_class"].ifPresent?.string }
                    checked.append(try Self.checkedBags(in: passenger))
                }
            }
        }
        cabinClass = cabin
        includedCheckedBags = checked.isEmpty || checked.contains(nil) ? nil : checked.compactMap { $0 }.min()
    }

    /// The `checked` quantity of a passenger's `baggages`, `nil` when it is not stated.
    private static func checkedBags(in passenger: JSONNode) throws -> Int? {
        guard let baggages = try passenger["baggages"].ifPresent else { return nil }
        var total: Int?
        for baggage in try baggages.elements {
            guard try baggage["type"].ifPresent?.string == "checked" else { continue }
            guard let quantity = try baggage["quantity"].lenientInt, (0...20).contains(quantity) else { return nil }
            total = (total ?? 0) + quantity
        }
        // A stated allowance without a checked entry includes no checked bag.
        return total ?? 0
    }
}

/// An airport as a segment or slice names it.
struct DuffelAirport: Sendable {
    /// The IATA airport code, such as `VIE`.
    var iataCode: String?
    /// The IATA code of the city it serves, such as `LON` for `LHR`.
    var iataCityCode: String?
    /// The city's name.
    var cityName: String?
    /// The ISO 3166 country code.
    var countryCode: String?
    /// The IANA time zone, such as `Europe/Vienna`: what turns the local times into instants.
    var timeZone: String?

    init(_ node: JSONNode) throws {
        for member in try node.members {
            let value = member.value
            if member.hasName("iata_code") {
                iataCode = try value.ifPresent?.string
            } else if member.hasName("iata_city_code") {
                iataCityCode = try value.ifPresent?.string
            } else if member.hasName("city_name") {
                cityName = try value.ifPresent?.string
            } else if member.hasName("iata_country_code") {
                countryCode = try value.ifPresent?.string
            } else if member.hasName("time_zone") {
                timeZone = try value.ifPresent?.string
            }
        }
    }
}

/// An airline, as `owner`, `marketing_carrier` or `operating_carrier`.
struct DuffelCarrier: Sendable {
    /// The two-character IATA code; Duffel's test airline is `ZZ`.
    var iataCode: String?
    /// The airline's name.
    var name: String?

    /// The code of Duffel's test airline, "Duffel Airways", which only test mode sells.
    static let testAirline = "ZZ"

    init(_ node: JSONNode) throws {
        iataCode = try node["iata_code"].ifPresent?.string
        name = try node["name"].ifPresent?.string
    }
}
