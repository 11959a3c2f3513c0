import AggregatorCore
import Foundation

extension AviasalesSearchResponse {
    /// The passenger count the prices are for; a missing or nonsensical count is read as one, the
    /// service's default.
    var passengers: Int {
        guard let count = passengersCount?.value, count > 0 else { return 1 }
        return count
    }

    /// Maps every result to an offer.
    ///
    /// A result that decoded but cannot be mapped (a date that is not a date, a price that is not
    /// positive, a currency that is not an ISO code, an exact repeat) is skipped and counted with the
    /// records that did not decode at all.
    /// - Parameters:
    ///   - provider: the provider's id, for errors and for each offer's source.
    ///   - retrievedAt: when the answer arrived.
    /// - Returns: the offers in the response's order and the number of skipped results.
    /// - Throws: ``ProviderError`` `malformedResponse` when the route itself is unusable, since then
    ///   no result can be placed.
    func offers(provider: ProviderID, retrievedAt: Date) throws -> (offers: [Offer], skipped: Int) {
        let route = try AviasalesRoute(origin: origin, destination: destination, provider: provider)
        var offers: [Offer] = []
        var seenIDs: Set<String> = []
        var skipped = results.skipped
        for result in results.elements {
            try Task.checkCancellation()
            // An exact repeat of a flight (same route, airline, times and price) has the same id, which
            // downstream stages key on: the first one wins and the repeat is counted.
            guard
                let offer = Offer(
                    aviasales: result, route: route, passengers: passengers, provider: provider,
                    retrievedAt: retrievedAt),
                seenIDs.insert(offer.id).inserted
            else {
                skipped += 1
                continue
            }
            offers.append(offer)
        }
        return (offers, skipped)
    }
}

/// The origin and destination of a response, checked once for all its results.
struct AviasalesRoute: Sendable {
    /// The IATA city code flights leave from.
    var originCode: String
    /// The IATA city code flights go to.
    var destinationCode: String
    /// Where flights leave from, as a city: Aviasales codes (`MOW`) name cities, not airports.
    var origin: Place
    /// Where flights go to.
    var destination: Place

    /// Checks the route's codes.
    /// - Parameters:
    ///   - origin: the response's origin.
    ///   - destination: the response's destination.
    ///   - provider: the provider's id, for errors.
    /// - Throws: ``ProviderError`` `malformedResponse` when a code is not three letters.
    init(origin: AviasalesCity, destination: AviasalesCity, provider: ProviderID) throws {
        originCode = try Self.cityCode(origin.iata, role: "origin", provider: provider)
        destinationCode = try Self.cityCode(destination.iata, role: "destination", provider: provider)
        self.origin = Place(city: originCode, cityName: Self.displayName(origin.name?.value))
        self.destination = Place(city: destinationCode, cityName: Self.displayName(destination.name?.value))
    }

    private static func cityCode(_ text: String, role: String, provider: ProviderID) throws -> String {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw ProviderError(
                .malformedResponse, provider: provider,
                "the response's \(role) '\(text)' is not an IATA city code such as MOW")
        }
        return code
    }

    private static func displayName(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
            return nil
        }
        return trimmed
    }
}

extension Offer {
    /// Maps one Aviasales result: a one-segment flight (the test search sells direct flights and
    /// does not describe stops) priced for the whole booking.
    ///
    /// The times stay wall-clock times with no UTC instant and the leg has no duration, because the
    /// service does not say which zone each airport is in. The carrier's code comes from
    /// ``AviasalesCarriers``; an unknown airline keeps its name and no code.
    /// - Parameters:
    ///   - result: the record.
    ///   - route: the response's checked route.
    ///   - passengers: how many passengers the price is for, which the booking link carries.
    ///   - provider: the provider's id, for the source.
    ///   - retrievedAt: when the answer arrived.
    /// - Returns: `nil` when a time cannot be read, the price is not positive, the currency is not an
    ///   ISO code or the id is empty.
    ///
    /// The offer's id derives from the flight's content (route, airline, times and price), not from the
    /// service's result id, which it mints anew for every search; that id stays the source's reference.
    init?(
        aviasales result: AviasalesResult, route: AviasalesRoute, passengers: Int, provider: ProviderID,
        retrievedAt: Date
    ) {
        let reference = result.id.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reference.isEmpty,
            let departure = LocalDateTime(parsing: result.departureDateTime),
            let arrival = LocalDateTime(parsing: result.arrivalDateTime),
            let currency = CurrencyCode(result.price.currency.trimmingCharacters(in: .whitespaces)),
            result.price.value.value > 0
        else { return nil }

        let airline = result.airline.trimmingCharacters(in: .whitespacesAndNewlines)
        let carrier = Carrier(
            code: AviasalesCarriers.code(forName: airline), name: airline.isEmpty ? nil : airline)
        let segment = Segment(
            carrier: carrier, flightNumber: nil, origin: route.origin, destination: route.destination,
            departure: FlightTime(local: departure), arrival: FlightTime(local: arrival))
        let seats = result.availableTicketsCount?.value.flatMap { $0 >= 0 ? $0 : nil }
        let source = OfferSource(
            provider: provider, reference: reference, price: Money(result.price.value.value, currency),
            deepLink: Self.aviasalesSearchLink(route: route, departure: departure, passengers: passengers),
            retrievedAt: retrievedAt, seatsLeft: seats)
        self.init(
            id: StableIdentifier.make(
                prefix: provider.rawValue,
                [
                    route.originCode, route.destinationCode, airline.lowercased(), departure.description,
                    arrival.description, "\(result.price.value.value) \(currency)",
                ]),
            product: .flight(Itinerary(legs: [Leg(segments: [segment], duration: nil)])),
            priceBasis: .total, source: source)
    }

    /// Aviasales' own search link, which opens the same search on the site:
    /// `https://www.aviasales.ru/search/{ORIGIN}{DDMM}{DESTINATION}{passengers}`.
    /// - Parameters:
    ///   - route: the searched route.
    ///   - departure: the local departure, whose day and month the link carries.
    ///   - passengers: the passenger count.
    /// - Returns: for example `https://www.aviasales.ru/search/VIE1812BCN1`.
    static func aviasalesSearchLink(route: AviasalesRoute, departure: LocalDateTime, passengers: Int) -> URL? {
        let dayMonth = String(format: "%02d%02d", departure.date.day, departure.date.month)
        let search = route.originCode + dayMonth + route.destinationCode + String(passengers)
        return URL(string: "https://www.aviasales.ru/search/" + search)
    }
}
