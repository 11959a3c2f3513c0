import Foundation

/// The cities the tool knows by name, and a few well-known railway stations, coach stations and ports in each,
/// so that a search for a city finds its airports and its stations alike: `--from Vienna` is `--from VIE`, and a
/// train seller that names only `Wien Hbf` sells a trip from `VIE`.
///
/// A city is named by its IATA city code (`VIE`, `LON` for all of London) or by one of the names below, in
/// English or in its own language; case and accents do not matter. Every other city of the world is looked up
/// in the ``Gazetteer``: this table holds the names and stations sellers write that the gazetteer does not.
public enum KnownCities {
    /// One city: its IATA city code, its names (English first) and stations in it.
    private struct City {
        let code: String
        let names: [String]
        let stations: [String]
    }

    private static let cities: [City] = [
        City(
            code: "VIE", names: ["Vienna", "Wien"],
            stations: ["Wien Hbf", "Wien Hauptbahnhof", "Wien Westbahnhof", "Wien Meidling", "Vienna Erdberg"]),
        City(
            code: "BUD", names: ["Budapest"],
            stations: [
                "Budapest-Keleti", "Budapest-Nyugati", "Budapest-Deli", "Budapest Nepliget", "Budapest Kelenfold",
            ]
        ),
        City(
            code: "PRG", names: ["Prague", "Praha"],
            stations: ["Praha hl.n.", "Praha hlavni nadrazi", "Praha Florenc", "Praha-Holesovice"]),
        City(
            code: "BTS", names: ["Bratislava"],
            stations: ["Bratislava hl.st.", "Bratislava Nivy", "Bratislava-Petrzalka"]),
        City(
            code: "BER", names: ["Berlin"],
            stations: ["Berlin Hbf", "Berlin Hauptbahnhof", "Berlin ZOB", "Berlin Ostbahnhof", "Berlin Suedkreuz"]),
        City(
            code: "MUC", names: ["Munich", "Muenchen", "München"],
            stations: ["Muenchen Hbf", "München Hbf", "München ZOB"]),
        City(code: "ZRH", names: ["Zurich", "Zürich"], stations: ["Zürich HB", "Zurich HB", "Zürich Sihlquai"]),
        City(
            code: "PAR", names: ["Paris"],
            stations: ["Paris Gare de Lyon", "Paris Gare du Nord", "Paris Gare de l'Est", "Paris Bercy Seine"]),
        City(code: "LON", names: ["London"], stations: ["London St Pancras", "London Victoria Coach Station"]),
        City(
            code: "BCN", names: ["Barcelona"],
            stations: ["Barcelona Sants", "Barcelona Estacio del Nord", "Barcelona Nord"]),
        City(code: "MIL", names: ["Milan", "Milano"], stations: ["Milano Centrale", "Milano Lampugnano"]),
        City(code: "ROM", names: ["Rome", "Roma"], stations: ["Roma Termini", "Roma Tiburtina"]),
        City(code: "VCE", names: ["Venice", "Venezia"], stations: ["Venezia Santa Lucia", "Venezia Mestre"]),
        City(code: "LJU", names: ["Ljubljana"], stations: ["Ljubljana zelezniska postaja", "Ljubljana AP"]),
        City(code: "ZAG", names: ["Zagreb"], stations: ["Zagreb Glavni kolodvor", "Zagreb autobusni kolodvor"]),
        City(code: "SPU", names: ["Split"], stations: ["Split ferry port", "Split bus station"]),
        City(code: "ATH", names: ["Athens", "Athina"], stations: ["Piraeus", "Rafina", "Lavrio"]),
        City(code: "JTR", names: ["Santorini", "Thira", "Thera"], stations: ["Athinios"]),
        City(code: "JMK", names: ["Mykonos"], stations: ["Mykonos New Port", "Mykonos Old Port"]),
        City(code: "JNX", names: ["Naxos"], stations: ["Naxos Port"]),
        City(code: "HER", names: ["Heraklion", "Iraklion", "Iraklio"], stations: ["Heraklion Port"]),
    ]

    private static let codesByName: [String: String] = {
        var codes: [String: String] = [:]
        for city in cities {
            for name in city.names { codes[fold(name)] = city.code }
        }
        return codes
    }()

    private static let codesByStation: [String: String] = {
        var codes: [String: String] = [:]
        for city in cities {
            for station in city.stations { codes[fold(station)] = city.code }
        }
        return codes
    }()

    private static let englishNames: [String: String] = {
        var names: [String: String] = [:]
        for city in cities { names[city.code] = city.names.first }
        return names
    }()

    /// Every known city's IATA city code and English name, in the order the tool lists them: what a search
    /// form suggests.
    public static var directory: [(code: String, name: String)] {
        cities.map { (code: $0.code, name: $0.names.first ?? $0.code) }
    }

    /// The code of a city the tool knows by this name: from the table, else the gazetteer's city of that name
    /// (the far largest, when several bear it).
    /// - Parameter name: a city's name, any case, with or without accents: `Vienna`, `wien`, `Bristol`.
    /// - Returns: its code, such as `VIE` or `SHEFFIELD.GB`, or `nil` for a name the tool does not know or that
    ///   several cities of similar size bear.
    public static func code(named name: String) -> String? {
        if let code = codesByName[fold(name)] { return code }
        guard case .city(let city) = Gazetteer.resolve(name) else { return nil }
        return city.code
    }

    /// The IATA city code of the city a well-known station serves.
    /// - Parameter station: a station's name as sellers write it, such as `Wien Hbf`.
    /// - Returns: its city's code, or `nil` for a station the tool does not know.
    public static func code(ofStation station: String) -> String? {
        codesByStation[fold(station)]
    }

    /// The English name of a known city, or the gazetteer's name of the city a code stands for or an airport
    /// serves.
    /// - Parameter code: an IATA city or airport code, or a gazetteer city key.
    /// - Returns: the name, such as `Vienna`, or `nil`.
    public static func name(of code: String) -> String? {
        let upper = code.uppercased()
        if let name = englishNames[upper] { return name }
        return (Gazetteer.city(code: upper) ?? Gazetteer.city(servedBy: upper))?.name
    }

    /// Whether a text is one of a known city's names.
    /// - Parameters:
    ///   - text: a name, any case, with or without accents: `Wien`.
    ///   - code: the city's IATA code, such as `VIE`.
    /// - Returns: `true` when the tool knows the city by that name.
    public static func isName(_ text: String, of code: String) -> Bool {
        let upper = code.uppercased()
        if codesByName[fold(text)] == upper { return true }
        return englishNames[upper] == nil && Gazetteer.isName(text, of: upper)
    }

    /// Case, accents, hyphens and repeated spaces folded away, so `Budapest-Keleti` and `budapest keleti` agree.
    private static func fold(_ text: String) -> String {
        let folded = AirlineNames.fold(text).replacingOccurrences(of: "-", with: " ")
        return folded.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
