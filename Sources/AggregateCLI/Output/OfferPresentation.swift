import AggregatorCore
import Foundation

/// How offers read for people and programs: the text of each column and field, in one place so that
/// table, CSV and JSON agree.
extension Offer {
    /// `VIE→BCN`, `VIE→ZRH→BCN`, `VIE→BCN / BCN→VIE`; for cars, the brand and model.
    var routeText: String {
        switch product {
        case .flight(let itinerary):
            itinerary.legs.map { leg in
                let stops = [leg.origin] + leg.segments.map(\.destination)
                return stops.map { $0?.code ?? "?" }.joined(separator: "→")
            }.joined(separator: " / ")
        case .car(let car):
            "\(car.brand) \(car.model)"
        }
    }

    /// `2026-12-18 07:05` at the origin, or empty when unknown.
    var departureText: String {
        product.itinerary?.legs.first?.departure?.local.map(Self.display) ?? ""
    }

    /// The last arrival of the first leg: `09:45`, with `+1` when it lands on a later day.
    var arrivalText: String {
        guard let leg = product.itinerary?.legs.first, let arrival = leg.arrival?.local else { return "" }
        let time = String(format: "%02d:%02d", arrival.hour, arrival.minute)
        guard let departure = leg.departure?.local else { return Self.display(arrival) }
        let days = arrival.date.daysSinceEpoch - departure.date.daysSinceEpoch
        return days == 0 ? time : time + (days > 0 ? " +\(days)" : " \(days)")
    }

    /// `2h 40m`, or empty when unknown.
    var durationText: String {
        guard let duration = product.itinerary?.duration else { return "" }
        return Self.display(duration)
    }

    /// `OS 395`, `LX 1577, LX 1952`: the flights of every leg.
    var flightsText: String {
        product.itinerary?.segments.map(\.flightDesignator).joined(separator: ", ") ?? ""
    }

    /// The distinct carriers: IATA codes, or names where no code is known.
    var carrierCodes: [String] {
        product.itinerary?.carriers.map(\.displayCode) ?? []
    }

    /// Stops on the first leg (the most on any leg for round trips).
    var stops: Int { product.itinerary?.stops ?? 0 }

    /// `aviasales 94.43, kiwi 98.00`: each seller's comparable price, cheapest first.
    var soldByText: String {
        sources.map { "\($0.provider) \($0.comparablePrice.formattedAmount)" }.joined(separator: ", ")
    }

    /// The tags in alphabetical order, comma-separated.
    var tagsText: String { tags.sorted().map(\.rawValue).joined(separator: ", ") }

    /// `"flight"` or `"car"`.
    var kindName: String { product.category == .cars ? "car" : "flight" }

    static func display(_ time: LocalDateTime) -> String {
        "\(time.date) " + String(format: "%02d:%02d", time.hour, time.minute)
    }

    static func display(_ duration: Duration) -> String {
        let minutes = duration.components.seconds / 60
        return minutes >= 60 ? "\(minutes / 60)h \(String(format: "%02d", minutes % 60))m" : "\(minutes)m"
    }
}

extension Money {
    /// `{"amount": 94.43, "currency": "EUR"}`, the amount rounded to the currency's minor units.
    var json: JSONValue {
        .object([("amount", .number(rounded.amount)), ("currency", .string(currency.rawValue))])
    }
}

extension Date {
    /// `2026-12-18T06:05:00Z`.
    var isoText: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: self)
    }
}
