import AggregatorCore
import Foundation
import ProviderKit

/// Writes answers in Kiwi's wire format (the fields its mapping reads), so that a binary test can give the
/// tool the trips it needs through `--endpoint kiwi=FILE` without touching the embedded samples.
enum KiwiRecording {
    /// One flight of a recorded trip.
    struct Flight {
        var carrier: String
        var number: Int
        var from: String
        var to: String
        /// Local departure, `YYYY-MM-DD HH:mm`.
        var departs: String
        var minutes: Int
        /// Hours the local clocks are ahead of UTC.
        var utcOffset = 1
        var inbound = false
    }

    /// A whole answer: one record per trip, each with its price in euros.
    static func answer(_ trips: [(flights: [Flight], price: Int)]) -> String {
        let records = trips.enumerated().map { index, trip in record(index, trip.flights, price: trip.price) }
        return #"{"search_id": "recorded", "currency": "EUR", "data": ["# + records.joined(separator: ",") + "]}"
    }

    private static func record(_ index: Int, _ flights: [Flight], price: Int) -> String {
        let outbound = flights.filter { !$0.inbound }
        let first = outbound[0]
        let last = outbound[outbound.count - 1]
        let route = flights.map { flight in
            let times = self.times(flight)
            return """
                {"flyFrom": "\(flight.from)", "flyTo": "\(flight.to)", "cityCodeFrom": "\(flight.from)",
                 "cityCodeTo": "\(flight.to)", "dTime": \(times.dTime), "dTimeUTC": \(times.dTimeUTC),
                 "aTime": \(times.aTime), "aTimeUTC": \(times.aTimeUTC), "airline": "\(flight.carrier)",
                 "flight_no": \(flight.number), "return": \(flight.inbound ? 1 : 0)}
                """
        }
        let start = times(first)
        let end = times(last)
        return """
            {"id": "recorded-\(index)", "flyFrom": "\(first.from)", "flyTo": "\(last.to)",
             "cityCodeFrom": "\(first.from)", "cityCodeTo": "\(last.to)", "dTime": \(start.dTime),
             "dTimeUTC": \(start.dTimeUTC), "aTime": \(end.aTime), "aTimeUTC": \(end.aTimeUTC), "price": \(price),
             "route": [\(route.joined(separator: ","))],
             "deep_link": "https://www.kiwi.com/deep?recorded=\(index)"}
            """
    }

    private static func times(_ flight: Flight) -> (dTime: Int64, dTimeUTC: Int64, aTime: Int64, aTimeUTC: Int64) {
        let local = (LocalDateTime(parsing: flight.departs)?.minutesSinceEpoch ?? 0) * 60
        let utc = local - Int64(flight.utcOffset) * 3600
        let duration = Int64(flight.minutes) * 60
        return (local, utc, local + duration, utc + duration)
    }
}
