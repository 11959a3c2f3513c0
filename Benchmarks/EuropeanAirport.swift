import Foundation

/// An airport the generated Kiwi responses fly between, with what Kiwi states about it.
struct EuropeanAirport {
    /// The IATA airport code.
    var code: String
    /// The IATA city code, which differs from the airport's for cities with several (`LGW` is in `LON`).
    var cityCode: String
    /// The city's English name.
    var city: String
    /// The ISO 3166 country code.
    var countryCode: String
    /// The country's English name.
    var country: String
    /// Latitude in millionths of a degree.
    var latitude: Int
    /// Longitude in millionths of a degree.
    var longitude: Int
    /// Hours ahead of UTC in December, when the generated flights leave.
    var utcOffsetHours: Int

    /// Kiwi's image key for the city, such as `london_gb`.
    var mapID: String { "\(city.lowercased())_\(countryCode.lowercased())" }

    /// Forty-one airports, among them several cities with two or three (London, Paris, Rome, Milan,
    /// Istanbul, Brussels), so that airport and city codes differ as in real answers, and four time zones.
    static let all: [EuropeanAirport] = [
        EuropeanAirport("VIE", "VIE", "Vienna", "AT", "Austria", 48_110_278, 16_569_722, 1),
        EuropeanAirport("AMS", "AMS", "Amsterdam", "NL", "Netherlands", 52_308_056, 4_764_167, 1),
        EuropeanAirport("BCN", "BCN", "Barcelona", "ES", "Spain", 41_297_078, 2_078_464, 1),
        EuropeanAirport("MAD", "MAD", "Madrid", "ES", "Spain", 40_472_200, -3_560_830, 1),
        EuropeanAirport("PMI", "PMI", "Palma", "ES", "Spain", 39_551_667, 2_738_889, 1),
        EuropeanAirport("AGP", "AGP", "Malaga", "ES", "Spain", 36_675_000, -4_499_167, 1),
        EuropeanAirport("LHR", "LON", "London", "GB", "United Kingdom", 51_477_500, -461_389, 0),
        EuropeanAirport("LGW", "LON", "London", "GB", "United Kingdom", 51_148_056, -190_278, 0),
        EuropeanAirport("STN", "LON", "London", "GB", "United Kingdom", 51_885_000, 235_000, 0),
        EuropeanAirport("CDG", "PAR", "Paris", "FR", "France", 49_009_722, 2_547_778, 1),
        EuropeanAirport("ORY", "PAR", "Paris", "FR", "France", 48_723_333, 2_379_444, 1),
        EuropeanAirport("FRA", "FRA", "Frankfurt", "DE", "Germany", 50_033_333, 8_570_556, 1),
        EuropeanAirport("MUC", "MUC", "Munich", "DE", "Germany", 48_353_889, 11_786_111, 1),
        EuropeanAirport("BER", "BER", "Berlin", "DE", "Germany", 52_366_667, 13_503_333, 1),
        EuropeanAirport("HAM", "HAM", "Hamburg", "DE", "Germany", 53_630_278, 9_988_228, 1),
        EuropeanAirport("ZRH", "ZRH", "Zurich", "CH", "Switzerland", 47_464_722, 8_549_167, 1),
        EuropeanAirport("GVA", "GVA", "Geneva", "CH", "Switzerland", 46_238_333, 6_109_444, 1),
        EuropeanAirport("FCO", "ROM", "Rome", "IT", "Italy", 41_800_278, 12_238_889, 1),
        EuropeanAirport("CIA", "ROM", "Rome", "IT", "Italy", 41_799_444, 12_594_722, 1),
        EuropeanAirport("MXP", "MIL", "Milan", "IT", "Italy", 45_630_000, 8_723_056, 1),
        EuropeanAirport("BGY", "MIL", "Milan", "IT", "Italy", 45_673_889, 9_704_167, 1),
        EuropeanAirport("VCE", "VCE", "Venice", "IT", "Italy", 45_505_278, 12_351_944, 1),
        EuropeanAirport("NAP", "NAP", "Naples", "IT", "Italy", 40_886_111, 14_290_833, 1),
        EuropeanAirport("LIS", "LIS", "Lisbon", "PT", "Portugal", 38_774_167, -9_134_167, 0),
        EuropeanAirport("OPO", "OPO", "Porto", "PT", "Portugal", 41_248_056, -8_681_389, 0),
        EuropeanAirport("DUB", "DUB", "Dublin", "IE", "Ireland", 53_421_389, -6_270_000, 0),
        EuropeanAirport("CPH", "CPH", "Copenhagen", "DK", "Denmark", 55_618_056, 12_656_111, 1),
        EuropeanAirport("ARN", "STO", "Stockholm", "SE", "Sweden", 59_651_944, 17_918_611, 1),
        EuropeanAirport("OSL", "OSL", "Oslo", "NO", "Norway", 60_193_917, 11_100_361, 1),
        EuropeanAirport("HEL", "HEL", "Helsinki", "FI", "Finland", 60_317_222, 24_963_333, 2),
        EuropeanAirport("WAW", "WAW", "Warsaw", "PL", "Poland", 52_165_833, 20_967_222, 1),
        EuropeanAirport("KRK", "KRK", "Krakow", "PL", "Poland", 50_077_778, 19_784_722, 1),
        EuropeanAirport("PRG", "PRG", "Prague", "CZ", "Czechia", 50_100_833, 14_260_000, 1),
        EuropeanAirport("BUD", "BUD", "Budapest", "HU", "Hungary", 47_439_444, 19_261_944, 1),
        EuropeanAirport("OTP", "BUH", "Bucharest", "RO", "Romania", 44_571_111, 26_085_000, 2),
        EuropeanAirport("SOF", "SOF", "Sofia", "BG", "Bulgaria", 42_695_000, 23_408_333, 2),
        EuropeanAirport("ATH", "ATH", "Athens", "GR", "Greece", 37_936_389, 23_947_222, 2),
        EuropeanAirport("IST", "IST", "Istanbul", "TR", "Turkey", 41_262_222, 28_727_778, 3),
        EuropeanAirport("SAW", "IST", "Istanbul", "TR", "Turkey", 40_898_611, 29_309_167, 3),
        EuropeanAirport("BRU", "BRU", "Brussels", "BE", "Belgium", 50_901_389, 4_484_444, 1),
        EuropeanAirport("CRL", "BRU", "Brussels", "BE", "Belgium", 50_459_167, 4_453_611, 1),
    ]
}

extension EuropeanAirport {
    /// Creates an airport from its table row.
    init(
        _ code: String, _ cityCode: String, _ city: String, _ countryCode: String, _ country: String,
        _ latitude: Int, _ longitude: Int, _ utcOffsetHours: Int
    ) {
        self.init(
            code: code, cityCode: cityCode, city: city, countryCode: countryCode, country: country,
            latitude: latitude, longitude: longitude, utcOffsetHours: utcOffsetHours)
    }

    /// The great-circle distance to another airport.
    /// - Parameter other: the other airport.
    /// - Returns: kilometres.
    func kilometres(to other: EuropeanAirport) -> Double {
        let radians = Double.pi / 180 / 1_000_000
        let lat1 = Double(latitude) * radians
        let lat2 = Double(other.latitude) * radians
        let deltaLat = lat2 - lat1
        let deltaLng = Double(other.longitude - longitude) * radians
        let haversine =
            sin(deltaLat / 2) * sin(deltaLat / 2) + cos(lat1) * cos(lat2) * sin(deltaLng / 2) * sin(deltaLng / 2)
        return 6371 * 2 * atan2(haversine.squareRoot(), (1 - haversine).squareRoot())
    }
}
