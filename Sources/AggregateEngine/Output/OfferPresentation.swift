import AggregatorCore
import Foundation
import ProviderKit

/// How offers read for people and programs: the text of each column and field, in one place so that
/// table, CSV and JSON agree.
extension Offer {
    /// `VIE→BCN`, `VIE→ZRH→BCN`, `VIE→BCN / BCN→VIE`; for cars, the brand and model.
    package var routeText: String {
        switch product {
        case .flight(let itinerary):
            itinerary.legs.map(\.routeText).joined(separator: " / ")
        case .car(let car):
            "\(car.brand) \(car.model)"
        }
    }

    /// `2026-12-18 07:05` at the origin, or empty when unknown.
    package var departureText: String { product.itinerary?.legs.first?.departureText ?? "" }

    /// The last arrival of the first leg: `09:45`, with `+1` when it lands on a later day.
    package var arrivalText: String { product.itinerary?.legs.first?.arrivalText ?? "" }

    /// `2h 40m`, or empty when unknown.
    package var durationText: String {
        guard let duration = product.itinerary?.duration else { return "" }
        return Self.display(duration)
    }

    /// `OS 395`, `LX 1577, LX 1952`: the flights of every leg.
    package var flightsText: String {
        product.itinerary?.segments.map(\.flightDesignator).joined(separator: ", ") ?? ""
    }

    /// The distinct carriers: IATA codes, or names where no code is known.
    package var carrierCodes: [String] {
        product.itinerary?.carriers.map(\.displayCode) ?? []
    }

    /// Stops on the first leg (the most on any leg for round trips).
    package var stops: Int { product.itinerary?.stops ?? 0 }

    /// `aviasales 94.43, kiwi 98.00`: each seller's comparable price, cheapest first.
    package var soldByText: String {
        sources.map { "\($0.provider) \($0.comparablePrice.formattedAmount)" }.joined(separator: ", ")
    }

    /// ``soldByText`` as a table shows it: `aviasales 94.43*`, a `*` by each price that is for another party
    /// than the one asked (the table's footer says so).
    package var markedSoldByText: String {
        sources.map { "\($0.provider) \($0.comparablePrice.formattedAmount)\($0.forAnotherParty ? "*" : "")" }
            .joined(separator: ", ")
    }

    /// The seller whose booking link to show: the cheapest that has one. A seller with no booking page (Duffel
    /// sells through its API) can be the cheapest; its trip's link is then a dearer seller's, named with it.
    package var linkedSource: OfferSource? { sources.first { $0.link != nil } }

    /// The tags in alphabetical order, comma-separated.
    package var tagsText: String { tags.sorted().map(\.rawValue).joined(separator: ", ") }

    /// `"flight"`, `"car"`, or `"trip"` for an itinerary that is not all flights.
    package var kindName: String {
        switch product {
        case .car: "car"
        case .flight(let itinerary): itinerary.isAllFlights ? "flight" : "trip"
        }
    }

    /// Whether this is a trip by train, bus or ferry on some segment, rather than flights alone or a car.
    package var isTrip: Bool { product.itinerary.map { !$0.isAllFlights } ?? false }

    /// `flight OS 395, train ÖBB RJX 61`: every segment's service with its mode, for tables of mixed modes.
    package var servicesText: String {
        product.itinerary?.segments.map(\.serviceText).joined(separator: ", ") ?? ""
    }

    /// The column of a table that lists offers' flights: `FLIGHTS`, or `SERVICES` when any of them is a trip
    /// by other modes, whose cells then mark each service's mode (``servicesText``).
    /// - Parameter offers: the offers the table lists.
    /// - Returns: the column's title and how it shows one offer.
    package static func servicesColumn(for offers: some Sequence<Offer>) -> (title: String, text: (Offer) -> String) {
        offers.contains(where: \.isTrip) ? ("SERVICES", \.servicesText) : ("FLIGHTS", \.flightsText)
    }

    package static func display(_ time: LocalDateTime) -> String {
        "\(time.date) \(twoDigits(time.hour)):\(twoDigits(time.minute))"
    }

    package static func display(_ duration: Duration) -> String {
        let minutes = duration.components.seconds / 60
        return minutes >= 60 ? "\(minutes / 60)h \(twoDigits(Int(minutes % 60)))m" : "\(minutes)m"
    }

    /// `07`: at least two digits, as `String(format: "%02d")` writes them, without its cost per cell.
    package static func twoDigits(_ value: Int) -> String {
        (0..<10).contains(value) ? "0\(value)" : "\(value)"
    }
}

extension Leg {
    /// `VIE→BCN`, `VIE→ZRH→BCN`: every airport of the leg; a station without an airport code by its name,
    /// and a station where the trip changes by its city's name, so that the ends still fit
    /// (`Vienna Erdberg→Győr→Budapest-Keleti`).
    package var routeText: String {
        let places = [origin] + segments.map(\.destination)
        return places.indices.map { index in
            let place = places[index]
            let end = index == places.startIndex || index == places.index(before: places.endIndex)
            return (end ? place?.routeLabel : place?.changeLabel) ?? "?"
        }.joined(separator: "→")
    }

    /// `2026-12-18 07:05` at the origin, or empty when unknown.
    package var departureText: String { departure?.local.map(Offer.display) ?? "" }

    /// The leg's last arrival: `09:45`, with `+1` when it lands on a later day than it left.
    package var arrivalText: String {
        guard let arrival = arrival?.local else { return "" }
        let time = "\(Offer.twoDigits(arrival.hour)):\(Offer.twoDigits(arrival.minute))"
        guard let departure = departure?.local else { return Offer.display(arrival) }
        let days = arrival.date.daysSinceEpoch - departure.date.daysSinceEpoch
        return days == 0 ? time : time + (days > 0 ? " +\(days)" : " \(days)")
    }

    /// `2h 40m`, or empty when unknown.
    package var durationText: String { duration.map(Offer.display) ?? "" }

    /// `OS 395`, `LX 1577, LX 1952`.
    package var flightsText: String { segments.map(\.flightDesignator).joined(separator: ", ") }

    /// `flight OS 395`, `train ÖBB RJX 61`: each service with its mode.
    package var servicesText: String { segments.map(\.serviceText).joined(separator: ", ") }
}

extension Segment {
    /// `train ÖBB RJX 61`: the mode, then the designator.
    package var serviceText: String { "\(mode.rawValue) \(flightDesignator)" }
}

extension Place {
    /// What a route shows: the airport code, else the station's name, else the code as before.
    package var routeLabel: String? { airport ?? name ?? code }

    /// The place as a column people read shows it: its airport or city code, else its station's or city's
    /// name; never the seller's own id for a station.
    package var readableCode: String? { airport ?? city ?? name ?? cityName }

    /// What a route shows for a place where the trip changes: a station's city, else what it shows for an end.
    package var changeLabel: String? { station != nil && airport == nil ? cityName ?? routeLabel : routeLabel }
}

extension JSONWriter {
    /// Writes `{"amount": 94.43, "currency": "EUR"}`, the amount rounded to the currency's minor units, or
    /// `null` for `nil`.
    package mutating func money(_ money: Money?) {
        guard let money else { return null() }
        exactMoney(money.rounded)
    }

    /// Writes `{"amount": -1.355, "currency": "EUR"}` unrounded, for medians, so programs get the exact
    /// value; `null` for `nil`.
    package mutating func exactMoney(_ money: Money?) {
        guard let money else { return null() }
        object { json in
            json.key("amount")
            json.decimal(money.amount)
            json.key("currency")
            json.string(money.currency.rawValue)
        }
    }

    /// Writes a list of strings as an array.
    package mutating func strings(_ values: [String]) {
        array { json in
            for value in values { json.string(value) }
        }
    }

    /// Writes `{"adults": 2, "children": 1, "infants": 0}`, or `null` for `nil`.
    package mutating func party(_ party: Passengers?) {
        guard let party else { return null() }
        object { json in
            json.key("adults")
            json.int(party.adults)
            json.key("children")
            json.int(party.children)
            json.key("infants")
            json.int(party.infants)
        }
    }

    /// Writes a duration as whole minutes, or `null` for `nil`.
    package mutating func minutes(_ duration: Duration?) {
        int(duration.map { Int($0.components.seconds / 60) })
    }
}
