import Foundation

/// One airline as an airline directory lists it: who it is, its codes, and whether it still flies.
///
/// Records come from any provider that delivers them with its answer (see
/// ``ProviderResponse/airlines``); an ``AirlineDirectory`` looks them up and uses them to enrich offers.
public struct AirlineRecord: Sendable, Hashable {
    /// The directory's own id for the airline.
    public var id: Int
    /// The airline's name, such as `Austrian Airlines` or `Türk Hava Yolları`.
    public var name: String
    /// The two-character IATA code, upper case, when it has one.
    public var iata: String?
    /// The three-letter ICAO code, upper case, when known.
    public var icao: String?
    /// The radio callsign, such as `AUSTRIAN`.
    public var callsign: String?
    /// The airline's country, as the directory names it.
    public var country: String?
    /// Whether the airline still flies.
    public var isActive: Bool
    /// The airline's logo.
    public var imageURL: URL?

    /// Creates a record.
    /// - Parameters:
    ///   - id: the directory's id.
    ///   - name: the airline's name.
    ///   - iata: the IATA code; upper-cased, and `nil` when empty.
    ///   - icao: the ICAO code; upper-cased, and `nil` when empty.
    ///   - callsign: the radio callsign.
    ///   - country: the country.
    ///   - isActive: whether it still flies.
    ///   - imageURL: the logo.
    public init(
        id: Int, name: String, iata: String? = nil, icao: String? = nil, callsign: String? = nil,
        country: String? = nil, isActive: Bool = true, imageURL: URL? = nil
    ) {
        self.id = id
        self.name = name
        self.iata = iata.flatMap { $0.isEmpty ? nil : $0.uppercased() }
        self.icao = icao.flatMap { $0.isEmpty ? nil : $0.uppercased() }
        self.callsign = callsign
        self.country = country
        self.isActive = isActive
        self.imageURL = imageURL
    }
}
