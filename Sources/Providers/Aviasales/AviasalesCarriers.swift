import Foundation

/// Resolves the airline display names Aviasales sends ("Аэрофлот", "Победа", "S7") to IATA codes.
///
/// Offers merge with other providers' flights on the carrier's code, and Aviasales sends only a
/// name, so this table decides whether its flights can merge at all. A name the table does not know
/// stays a name-only carrier: a wrong code would merge two different flights, which is worse than
/// not merging. For the same reason an arbitrary two-letter name is never taken for a code; only the
/// codes the table itself lists are recognised when a name is written as a code.
enum AviasalesCarriers {
    /// Each code with the names it is sold under, in Russian and in Latin script.
    private static let entries: [(code: String, names: [String])] = [
        // Russian carriers, the test service's own market.
        ("SU", ["Аэрофлот", "Aeroflot", "Аэрофлот - Российские авиалинии", "Aeroflot Russian Airlines"]),
        ("DP", ["Победа", "Pobeda", "Pobeda Airlines"]),
        ("S7", ["S7", "S7 Airlines", "Сибирь", "Siberia Airlines"]),
        ("5N", ["Smartavia", "Смартавиа", "Нордавиа", "Nordavia"]),
        ("FV", ["Россия", "Rossiya", "Rossiya Airlines"]),
        ("U6", ["Уральские авиалинии", "Ural Airlines"]),
        ("UT", ["ЮТэйр", "Utair", "UTair Aviation"]),
        ("A4", ["Азимут", "Azimuth", "Azimuth Airlines"]),
        ("N4", ["Северный ветер", "Nordwind", "Nordwind Airlines"]),
        ("WZ", ["Ред Вингс", "Red Wings", "Red Wings Airlines"]),
        ("HZ", ["Аврора", "Aurora", "Aurora Airlines"]),
        ("R3", ["Якутия", "Yakutia", "Yakutia Airlines"]),
        ("IO", ["ИрАэро", "IrAero"]),
        ("YC", ["Ямал", "Yamal", "Yamal Airlines"]),
        ("ZF", ["Азур Эйр", "Azur Air"]),
        ("7R", ["Руслайн", "RusLine"]),
        ("Y7", ["Нордстар", "NordStar", "NordStar Airlines"]),
        ("6R", ["Алроса", "Alrosa"]),
        ("EO", ["Пегас Флай", "Pegas Fly"]),
        ("4G", ["Газпром авиа", "Gazpromavia", "Gazprom Avia"]),
        // International carriers of the demo routes and other common ones.
        ("OS", ["Австрийские авиалинии", "Austrian Airlines", "Austrian"]),
        ("VY", ["Вуэлинг", "Vueling", "Vueling Airlines"]),
        ("W6", ["Уизз Эйр", "Визз Эйр", "Wizz Air", "Wizzair"]),
        ("V7", ["Вольотеа", "Волотеа", "Volotea"]),
        ("LH", ["Люфтганза", "Lufthansa"]),
        ("KL", ["KLM", "КЛМ", "KLM Royal Dutch Airlines"]),
        ("AF", ["Air France", "Эр Франс", "Эйр Франс"]),
        ("TK", ["Турецкие авиалинии", "Turkish Airlines"]),
        ("EK", ["Emirates", "Эмирейтс"]),
        ("LX", ["Swiss", "Свисс", "Swiss International Air Lines"]),
        ("PC", ["Pegasus", "Пегасус", "Pegasus Airlines"]),
        ("BT", ["airBaltic", "Air Baltic", "ЭйрБалтик", "Эйр Балтик"]),
        ("AY", ["Finnair", "Финнэйр"]),
    ]

    /// Normalised name → code. Where two entries share a name the first wins; a test checks that
    /// none do.
    private static let codesByName: [String: String] = {
        var table: [String: String] = [:]
        for entry in entries {
            for name in entry.names where table[normalized(name)] == nil {
                table[normalized(name)] = entry.code
            }
        }
        return table
    }()

    /// Each name exactly as the table lists it → code: the spelling services nearly always send, found
    /// with one hash lookup and no folding at all.
    private static let codesByListedName: [String: String] = {
        var table: [String: String] = [:]
        for entry in entries {
            for name in entry.names where table[name] == nil { table[name] = entry.code }
        }
        return table
    }()

    /// The codes the table knows: the only two-character names read as codes.
    static let knownCodes: Set<String> = Set(entries.map(\.code))

    /// Every name the table lists with its code, for tests that check the table against itself.
    static var allNames: [(name: String, code: String)] {
        entries.flatMap { entry in entry.names.map { (name: $0, code: entry.code) } }
    }

    /// The IATA code of an airline display name.
    /// - Parameter name: the name as the service sent it, in any case, quoting or spelling of `ё`.
    /// - Returns: the code, or `nil` when the table does not know the name.
    static func code(forName name: String) -> String? {
        if let code = codesByListedName[name] { return code }
        let key = asciiNormalized(name) ?? normalized(name)
        if let code = codesByName[key] { return code }
        let upper = key.uppercased()
        if upper.utf8.count == 2, knownCodes.contains(upper) { return upper }
        return nil
    }

    /// ``normalized(_:)`` for a name written in ASCII alone, done on its bytes: the same key, without
    /// Foundation's case mapping, diacritic folding and `Character` splitting, none of which can change
    /// ASCII text beyond what is done here.
    /// - Parameter name: a display name.
    /// - Returns: the lookup key, or `nil` when the name holds anything but ASCII.
    static func asciiNormalized(_ name: String) -> String? {
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count)
        var pendingSpace = false
        for byte in name.utf8 {
            guard byte < 0x80 else { return nil }
            switch byte {
            case 0x20, 0x09...0x0D, asciiQuote, asciiApostrophe, asciiBacktick, asciiHyphen:
                pendingSpace = !key.isEmpty
            default:
                if pendingSpace { key.append(0x20) }
                pendingSpace = false
                key.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// The ASCII members of ``separators``, which ``asciiNormalized(_:)`` must treat alike.
    private static let asciiQuote: UInt8 = 0x22
    private static let asciiApostrophe: UInt8 = 0x27
    private static let asciiBacktick: UInt8 = 0x60
    private static let asciiHyphen: UInt8 = 0x2D

    /// Folds the spellings one airline's name comes in into one key: lower case, no diacritics,
    /// `ё` as `е`, quotes and dashes as spaces, single spaces, and no leading "авиакомпания"
    /// (`Авиакомпания «Победа»` is Победа).
    /// - Parameter name: a display name.
    /// - Returns: the lookup key.
    static func normalized(_ name: String) -> String {
        let lowered = name.lowercased().replacingOccurrences(of: "ё", with: "е")
        let folded = lowered.folding(options: [.diacriticInsensitive], locale: nil)
        let separated = String(folded.map { separators.contains($0) ? " " : $0 })
        var words = separated.split(whereSeparator: \.isWhitespace)
        if words.count > 1, words.first == "авиакомпания" { words.removeFirst() }
        return words.joined(separator: " ")
    }

    /// Quotation marks of Russian and English typography, and dashes, all of which decorate names
    /// without changing which airline they mean.
    private static let separators: Set<Character> = [
        "«", "»", "„", "“", "”", "‟", "\"", "'", "‘", "’", "‚", "‛", "`", "´", "-", "‐", "‑", "‒", "–", "—",
    ]
}
