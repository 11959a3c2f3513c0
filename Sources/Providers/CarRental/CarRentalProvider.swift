import Foundation
import ProviderKit

/// Car rental offers from a car-booking service: every car it has, each priced per day in its own
/// currency.
///
/// The service's format has quirks the mapping absorbs:
/// - The body carries its own status. `204` with no `cars` key means "no cars" and is an empty answer,
///   not an error; any other non-2xx status is a failure that quotes the service's message.
/// - Records have no id and plate numbers repeat, so ids derive from each record's content and position.
/// - The model year comes as an Int or as the same digits in a string; colours are upper-case names.
///
/// The service cannot filter, so it is asked for every car and the pipeline applies `--color` and
/// `--max-price` (after converting each car's currency). A record without a brand, a model year from
/// 1900 to 2200, a positive price of sane size or a valid currency code is skipped and counted.
public struct CarRentalProvider: OfferProvider {
    /// The provider's id, `carrental`, as used on the command line and in offer ids.
    static let id: ProviderID = "carrental"

    /// Who the provider is: cars only, with no fixed currency, since every car states its own.
    public let descriptor: ProviderDescriptor

    /// Creates the provider; it holds no state, so one value serves any number of searches.
    public init() {
        descriptor = ProviderDescriptor(
            id: Self.id, displayName: "CarRental",
            summary: "Rental cars priced per day, each in its own currency, with brand, model year, plate and colour.",
            categories: [.cars], nativeCurrency: nil, capabilities: [],
            live: [LiveService("https://api.carbooking.app")],
            samples: ProviderSamples(
                EmbeddedResponses(["cars": CarRentalSamples.cars]), query: SearchQuery(kind: .cars),
                priceKeys: ["unit_price"], recordedAt: ProviderSamples.recorded(2026, 11, 25)))
    }

    /// Fetches `/cars` and maps every car it can read, in the service's order.
    /// - Parameters:
    ///   - query: what to look for; it must be a car search. Its filters are left to the pipeline,
    ///     since the service has none.
    ///   - client: fetches from the service's endpoint.
    /// - Returns: the offers, and how many records were skipped because they could not be read or mapped.
    ///   A `204` status without cars is an empty response.
    /// - Throws: ``ProviderError``: the client's errors for a failed fetch, `http_status` (or `rate_limited` for 429) when the body's status is a failure,
    ///   and `malformed_response` for a body that is not a car list (never quoting a body that is not
    ///   JSON); `timeout` when the search is cancelled while cars are read.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        try await client.read(.get("cars")) { root in
            // The body's own status first, so that a failure is reported as what it is whatever the rest
            // of the body holds.
            let status = try CarRentalStatus(root["status"])
            try Self.checkSuccess(status, provider: client.provider)
            guard let cars = try root["cars"].ifPresent else {
                if status.wholeCode == 204 { return ProviderResponse(offers: []) }
                throw client.malformed("status \(status) but cars is missing")
            }
            let retrievedAt = client.now()
            // A car's position in the array is part of its id and its reference, so positions count the
            // elements skipped before it too: `decode` sees every element, in order.
            var position = -1
            let read = try cars.decodeRecords { element in
                position += 1
                try Task.checkCancellation()
                return Offer(
                    carRental: try CarRentalCar(element), position: position, provider: client.provider,
                    retrievedAt: retrievedAt)
            }
            return ProviderResponse(offers: read.records, skipped: read.skipped)
        }
    }

    /// Throws unless the body's status is a success (2xx).
    /// - Parameters:
    ///   - status: the status the service put in the body.
    ///   - provider: the id the provider runs under.
    /// - Throws: ``ProviderError`` `rate_limited` for 429, else `http_status`, quoting the service's
    ///   message as a short printable excerpt.
    static func checkSuccess(_ status: CarRentalStatus, provider: ProviderID) throws(ProviderError) {
        guard !status.isSuccess else { return }
        throw ProviderError(
            status.wholeCode == 429 ? .rateLimited : .httpStatus, provider: provider,
            "the service answered status \(status)")
    }
}
