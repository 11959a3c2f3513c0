import Foundation
import ProviderKit

/// Flight sellers are asked for airports. A city with no airport of its own (``Gazetteer``'s `SHEFFIELD.GB`)
/// is searched by ground sellers only: a seller of flights alone is asked without it, or, when it was the only
/// place on one side of the route, not asked, with the nearest airports named.
enum FlightPlaces {
    /// Whether a provider sells flights and nothing else, so that it can only be asked for airports.
    static func sellsOnlyFlights(_ descriptor: ProviderDescriptor) -> Bool {
        descriptor.modes == [.flight]
    }

    /// Whether a place code names a city with no airport: a gazetteer key, written `NAME.CC`.
    static func hasNoAirport(_ code: String) -> Bool {
        code.contains(".")
    }

    /// The query a provider is asked: without the places it cannot be asked for.
    /// - Parameters:
    ///   - query: the search's query.
    ///   - descriptor: the provider.
    /// - Returns: the query, unchanged unless the provider sells only flights and a place has no airport.
    static func query(_ query: SearchQuery, for descriptor: ProviderDescriptor) -> SearchQuery {
        guard sellsOnlyFlights(descriptor),
            query.origins.contains(where: hasNoAirport) || query.destinations.contains(where: hasNoAirport)
        else { return query }
        var asked = query
        asked.origins.removeAll(where: hasNoAirport)
        asked.destinations.removeAll(where: hasNoAirport)
        return asked
    }

    /// The run of a seller of flights alone that a side of the route leaves with no airport to ask for.
    /// - Parameters:
    ///   - descriptor: the provider.
    ///   - query: the search's query.
    /// - Returns: its `not_asked` run, or `nil` when it can be asked.
    static func runWithoutAirports(_ descriptor: ProviderDescriptor, query: SearchQuery) -> ProviderRun? {
        guard sellsOnlyFlights(descriptor), descriptor.categories.contains(.flights) else { return nil }
        for side in [query.origins, query.destinations] where !side.isEmpty && side.allSatisfy(hasNoAirport) {
            let cities = side.compactMap { Gazetteer.city(code: $0) }
            let names = cities.isEmpty ? side.joined(separator: ", ") : cities.map(\.name).joined(separator: ", ")
            let nearest = cities.first.map { Gazetteer.airports(near: $0) } ?? []
            let airports =
                nearest.isEmpty
                ? ""
                : "; the nearest airports are "
                    + nearest.map { "\($0.airport.code) (\(Int($0.kilometres.rounded())) km)" }.joined(separator: ", ")
            let error = ProviderError(
                .notAsked, provider: descriptor.id,
                "was not asked: it sells flights, and \(names) has no airport\(airports)")
            return ProviderRun(outcome: ProviderOutcome(provider: descriptor.id, status: .notAsked, error: error))
        }
        return nil
    }
}
