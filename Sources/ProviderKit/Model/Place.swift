import Foundation

/// A place a segment starts or ends at. Providers know different things: Kiwi knows airports and
/// city codes, Aviasales only city codes (`MOW` for all Moscow airports). A railway station, bus stop or port
/// has no IATA code: it keeps the seller's own id for it, its name and the city it serves, so that a search
/// for a city finds its airports and its stations alike.
public struct Place: Sendable, Hashable {
    /// The IATA airport code, such as `SVO`, when known.
    public var airport: String?
    /// The IATA city code, such as `MOW`, when known. For single-airport cities it equals the airport.
    public var city: String?
    /// The city's name in the provider's language, for display.
    public var cityName: String?
    /// The ISO 3166 country code, when known.
    public var country: String?
    /// The seller's own id for a station, stop or port without an IATA code, kept as the seller writes it.
    public var station: String?
    /// The station's or airport's name, such as `Wien Hauptbahnhof`, when known.
    public var name: String?

    /// Creates a place.
    /// - Parameters:
    ///   - airport: the IATA airport code.
    ///   - city: the IATA city code.
    ///   - cityName: the city's display name.
    ///   - country: the ISO country code.
    ///   - station: the seller's id for a station without an IATA code.
    ///   - name: the station's or airport's name.
    @inlinable public init(
        airport: String? = nil, city: String? = nil, cityName: String? = nil, country: String? = nil,
        station: String? = nil, name: String? = nil
    ) {
        // Codes come in upper case nearly always: `uppercasedCode` returns those as they are.
        self.airport = airport?.uppercasedCode
        self.city = city?.uppercasedCode
        self.cityName = cityName
        self.country = country?.uppercasedCode
        self.station = station
        self.name = name
    }

    /// The most precise code known: the airport, else the seller's station id, else the city.
    public var code: String? { airport ?? station ?? city }

    /// What a table shows for the place: its code, else its name, else its city's name.
    public var label: String? { airport ?? name ?? city ?? cityName ?? station }

    /// Whether a code typed by a user names this place, as its airport or its city.
    /// - Parameter code: an IATA airport or city code, any case.
    /// - Returns: `true` when it is this place's airport or city code.
    public func matches(code: String) -> Bool {
        let upper = code.uppercased()
        return airport == upper || city == upper || station?.uppercased() == upper
    }
}
