import Foundation

/// A place a segment starts or ends at. Providers know different things: Kiwi knows airports and
/// city codes, Aviasales only city codes (`MOW` for all Moscow airports).
public struct Place: Sendable, Hashable {
    /// The IATA airport code, such as `SVO`, when known.
    public var airport: String?
    /// The IATA city code, such as `MOW`, when known. For single-airport cities it equals the airport.
    public var city: String?
    /// The city's name in the provider's language, for display.
    public var cityName: String?
    /// The ISO 3166 country code, when known.
    public var country: String?

    /// Creates a place.
    /// - Parameters:
    ///   - airport: the IATA airport code.
    ///   - city: the IATA city code.
    ///   - cityName: the city's display name.
    ///   - country: the ISO country code.
    public init(airport: String? = nil, city: String? = nil, cityName: String? = nil, country: String? = nil) {
        self.airport = airport?.uppercased()
        self.city = city?.uppercased()
        self.cityName = cityName
        self.country = country?.uppercased()
    }

    /// The most precise code known: the airport, else the city.
    public var code: String? { airport ?? city }

    /// Whether a code typed by a user names this place, as its airport or its city.
    /// - Parameter code: an IATA airport or city code, any case.
    /// - Returns: `true` when it is this place's airport or city code.
    public func matches(code: String) -> Bool {
        let upper = code.uppercased()
        return airport == upper || city == upper
    }
}
