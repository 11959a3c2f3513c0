/// A recorded SITA directory response compiled into the module, so that the tool answers offline and the
/// binary needs no resource bundle that could go missing when it is moved.
enum SitaSamples {
    /// `GET /airlines`: every carrier of the shared Vienna / Amsterdam / Barcelona scenario and the
    /// Aviasales carriers, plus a few more to search: accented names (`Türk Hava Yolları`,
    /// `Aerolíneas Argentinas`), two airlines that have ceased flying (Air Berlin `N`, Alitalia `n`), one
    /// without an IATA code (Luxwing), logos missing, null or empty on some, one id sent as a number,
    /// one `active` with spaces around it, and two records SITA could not fill in properly (id `12a`,
    /// active `maybe`) that are skipped. SunWeb's carriers are named as SunWeb names them where the names
    /// agree (`Transavia`, `Eurowings`, `Austrian Airlines`), so they match by name.
    static let airlines = #"""
        [
          {"id": "1", "name": "Austrian Airlines", "iata": "OS", "icao": "AUA", "callsign": "AUSTRIAN", "country": "AT", "active": "Y", "image": "https://airlines.sita.aero/logos/OS.png"},
          {"id": "2", "name": "Vueling", "iata": "VY", "icao": "VLG", "callsign": "VUELING", "country": "ES", "active": "Y", "image": "https://airlines.sita.aero/logos/VY.png"},
          {"id": "3", "name": "KLM Royal Dutch Airlines", "iata": "KL", "icao": "KLM", "callsign": "KLM", "country": "NL", "active": "Y", "image": "https://airlines.sita.aero/logos/KL.png"},
          {"id": "4", "name": "Swiss International Air Lines", "iata": "LX", "icao": "SWR", "callsign": "SWISS", "country": "CH", "active": "Y", "image": "https://airlines.sita.aero/logos/LX.png"},
          {"id": "5", "name": "Pegasus Airlines", "iata": "PC", "icao": "PGT", "callsign": "SUNTURK", "country": "TR", "active": "Y", "image": null},
          {"id": "6", "name": "Emirates", "iata": "EK", "icao": "UAE", "callsign": "EMIRATES", "country": "AE", "active": "Y", "image": "https://airlines.sita.aero/logos/EK.png"},
          {"id": "7", "name": "Wizz Air", "iata": "W6", "icao": "WZZ", "callsign": "WIZZ AIR", "country": "HU", "active": "y", "image": ""},
          {"id": "8", "name": "Volotea", "iata": "V7", "icao": "VOE", "callsign": "VOLOTEA", "country": "ES", "active": "Y"},
          {"id": "9", "name": "Transavia", "iata": "HV", "icao": "TRA", "callsign": "TRANSAVIA", "country": "NL", "active": "Y", "image": "https://airlines.sita.aero/logos/HV.png"},
          {"id": "10", "name": "Eurowings", "iata": "EW", "icao": "EWG", "callsign": "EUROWINGS", "country": "DE", "active": "Y", "image": "https://airlines.sita.aero/logos/EW.png"},
          {"id": "11", "name": "Iberia", "iata": "IB", "icao": "IBE", "callsign": "IBERIA", "country": "ES", "active": "Y", "image": "https://airlines.sita.aero/logos/IB.png"},
          {"id": "12a", "name": "Nordic Regional", "iata": "NR", "icao": "NRG", "callsign": "NORDREG", "country": "FI", "active": "Y", "image": null},
          {"id": "13", "name": "Aeroflot", "iata": "SU", "icao": "AFL", "callsign": "AEROFLOT", "country": "RU", "active": "Y", "image": "https://airlines.sita.aero/logos/SU.png"},
          {"id": "14", "name": "Pobeda", "iata": "DP", "icao": "PBD", "callsign": "POBEDA", "country": "RU", "active": "Y", "image": null},
          {"id": "15", "name": "S7 Airlines", "iata": "S7", "icao": "SBI", "callsign": "SIBERIAN AIRLINES", "country": "RU", "active": "Y", "image": "https://airlines.sita.aero/logos/S7.png"},
          {"id": 16, "name": "Smartavia", "iata": "5N", "icao": "AUL", "callsign": "ARCHANGELSK", "country": "RU", "active": " Y ", "image": ""},
          {"id": "17", "name": "Türk Hava Yolları", "iata": "TK", "icao": "THY", "callsign": "TURKISH", "country": "TR", "active": "Y", "image": "https://airlines.sita.aero/logos/TK.png"},
          {"id": "18", "name": "Aerolíneas Argentinas", "iata": "AR", "icao": "ARG", "callsign": "ARGENTINA", "country": "AR", "active": "Y", "image": "https://airlines.sita.aero/logos/AR.png"},
          {"id": "19", "name": "Lufthansa", "iata": "LH", "icao": "DLH", "callsign": "LUFTHANSA", "country": "DE", "active": "Y", "image": "https://airlines.sita.aero/logos/LH.png"},
          {"id": "20", "name": "Air Berlin", "iata": "AB", "icao": "BER", "callsign": "AIR BERLIN", "country": "DE", "active": "N", "image": null},
          {"id": "21", "name": "Alitalia", "iata": "AZ", "icao": "AZA", "callsign": "ALITALIA", "country": "IT", "active": "n"},
          {"id": "22", "name": "Luxwing", "iata": "", "icao": "LWG", "callsign": "LUXWING", "country": "MT", "active": "Y", "image": null},
          {"id": "23", "name": "British Airways", "iata": "BA", "icao": "BAW", "callsign": "SPEEDBIRD", "country": "GB", "active": "Y", "image": "https://airlines.sita.aero/logos/BA.png"},
          {"id": "24", "name": "SAS Scandinavian Airlines", "iata": "SK", "icao": "SAS", "callsign": "SCANDINAVIAN", "country": "SE", "active": "Y", "image": "https://airlines.sita.aero/logos/SK.png"},
          {"id": "25", "name": "Ryanair", "iata": "FR", "icao": "RYR", "callsign": "RYANAIR", "country": "IE", "active": "maybe", "image": null},
          {"id": "26", "name": "easyJet", "iata": "U2", "icao": "EZY", "callsign": "EASY", "country": "GB", "active": "Y", "image": "https://airlines.sita.aero/logos/U2.png"}
        ]
        """#
}
