import Testing

@testable import Aviasales

@Suite("Aviasales airline names → IATA codes")
struct AviasalesCarriersTests {
    @Test(
        "Russian names resolve",
        arguments: [
            ("Аэрофлот", "SU"), ("Победа", "DP"), ("Сибирь", "S7"), ("Смартавиа", "5N"), ("Нордавиа", "5N"),
            ("Россия", "FV"), ("Уральские авиалинии", "U6"), ("ЮТэйр", "UT"), ("Азимут", "A4"),
            ("Северный ветер", "N4"), ("Ред Вингс", "WZ"), ("Аврора", "HZ"), ("Якутия", "R3"), ("ИрАэро", "IO"),
            ("Ямал", "YC"), ("Азур Эйр", "ZF"), ("Руслайн", "7R"), ("Нордстар", "Y7"), ("Алроса", "6R"),
            ("Пегас Флай", "EO"), ("Газпром авиа", "4G"), ("Австрийские авиалинии", "OS"), ("Вуэлинг", "VY"),
            ("Уизз Эйр", "W6"), ("Люфтганза", "LH"), ("КЛМ", "KL"), ("Эр Франс", "AF"),
            ("Турецкие авиалинии", "TK"), ("Эмирейтс", "EK"), ("Свисс", "LX"), ("Пегасус", "PC"),
            ("ЭйрБалтик", "BT"), ("Финнэйр", "AY"), ("Вольотеа", "V7"),
        ])
    func cyrillic(name: String, code: String) {
        #expect(AviasalesCarriers.code(forName: name) == code)
    }

    @Test(
        "Latin names resolve",
        arguments: [
            ("Aeroflot", "SU"), ("Pobeda", "DP"), ("S7 Airlines", "S7"), ("Siberia Airlines", "S7"),
            ("Smartavia", "5N"), ("Nordavia", "5N"), ("Rossiya", "FV"), ("Ural Airlines", "U6"), ("Utair", "UT"),
            ("Azimuth", "A4"), ("Nordwind", "N4"), ("Red Wings", "WZ"), ("Aurora", "HZ"), ("Yakutia", "R3"),
            ("IrAero", "IO"), ("Yamal", "YC"), ("Azur Air", "ZF"), ("RusLine", "7R"), ("NordStar", "Y7"),
            ("Alrosa", "6R"), ("Pegas Fly", "EO"), ("Gazpromavia", "4G"), ("Austrian Airlines", "OS"),
            ("Vueling", "VY"), ("Wizz Air", "W6"), ("Lufthansa", "LH"), ("KLM", "KL"), ("Air France", "AF"),
            ("Turkish Airlines", "TK"), ("Emirates", "EK"), ("Swiss", "LX"), ("Pegasus", "PC"), ("airBaltic", "BT"),
            ("Finnair", "AY"), ("Volotea", "V7"),
        ])
    func latin(name: String, code: String) {
        #expect(AviasalesCarriers.code(forName: name) == code)
    }

    @Test(
        "Case, quotes, dashes, spacing, ё and the word авиакомпания do not change the airline",
        arguments: [
            ("АЭРОФЛОТ", "SU"), ("аэрофлот", "SU"), ("«Победа»", "DP"), ("\"S7 Airlines\"", "S7"),
            ("'Utair'", "UT"), ("„Россия“", "FV"), ("  Ред   Вингс\u{00A0}", "WZ"), ("Авиакомпания «Россия»", "FV"),
            ("Северный ветёр", "N4"), ("Аэрофлот — Российские авиалинии", "SU"), ("AEROFLOT", "SU"),
            ("Vuéling", "VY"), ("Ютэйр", "UT"), ("red wings", "WZ"), ("Air-Baltic", "BT"),
        ])
    func spellingVariants(name: String, code: String) {
        #expect(AviasalesCarriers.code(forName: name) == code)
    }

    @Test("Unknown names stay unresolved", arguments: ["Unknown Airways", "Неведомые авиалинии", "", "   ", "«»"])
    func unknownName(name: String) {
        #expect(AviasalesCarriers.code(forName: name) == nil)
    }

    @Test("Only codes the table knows are read as codes", arguments: ["S7", "s7", "SU", " dp ", "«FV»"])
    func knownCodeAsName(name: String) throws {
        let code = try #require(AviasalesCarriers.code(forName: name))
        #expect(code == name.uppercased().filter { $0.isLetter || $0.isNumber })
    }

    @Test("Arbitrary two-character names are not codes", arguments: ["XX", "zz", "Q9", "ab", "7Q", "Ю7"])
    func arbitraryTwoCharacters(name: String) {
        #expect(AviasalesCarriers.code(forName: name) == nil)
    }

    @Test("Every name in the table resolves to its own code, so no two entries collide")
    func tableIsConsistent() {
        for entry in AviasalesCarriers.allNames {
            #expect(AviasalesCarriers.code(forName: entry.name) == entry.code, "\(entry.name)")
        }
        for code in AviasalesCarriers.knownCodes {
            #expect(code.count == 2 && code.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }, "\(code)")
        }
    }

    @Test("Normalisation folds the spellings of one name into one key")
    func normalisation() {
        #expect(AviasalesCarriers.normalized(" «Ред —  ВИНГС» ") == "ред вингс")
        #expect(AviasalesCarriers.normalized("ЁЛКА ёлка") == "елка елка")
        #expect(AviasalesCarriers.normalized("Авиакомпания") == "авиакомпания")
    }

    @Test(
        "The ASCII fast path folds exactly as the full normalisation does",
        arguments: [
            "Austrian Airlines", "  VUELING ", "\"S7 Airlines\"", "'Utair'", "Air-Baltic", "red   wings", "KLM",
            "`Swiss`", "a\tb\nc", "--", "", "   ", "x-\"-y", "Wizz-Air\r\n", "Über", "Pobeda~^", "A\u{1B}B",
        ])
    func asciiFastPath(name: String) {
        let fast = AviasalesCarriers.asciiNormalized(name)
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(fast == AviasalesCarriers.normalized(name), "\(name.debugDescription)")
        } else {
            #expect(fast == nil)
        }
    }

    @Test("Every ASCII name in the table takes the fast path to its own code")
    func asciiNamesOfTheTable() {
        for entry in AviasalesCarriers.allNames where entry.name.utf8.allSatisfy({ $0 < 0x80 }) {
            #expect(AviasalesCarriers.asciiNormalized(entry.name) == AviasalesCarriers.normalized(entry.name))
            #expect(AviasalesCarriers.code(forName: " \(entry.name.uppercased()) ") == entry.code, "\(entry.name)")
        }
    }
}
