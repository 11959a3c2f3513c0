/// RegioJet answers written to the shape its public REST service sends, compiled into the module so that the
/// tool answers offline and the binary needs no resource bundle. The ids have the service's form (numbers)
/// but are the samples' own; prices are in euros, as `X-Currency: EUR` asks.
enum RegioJetSamples {
    /// The locations list, in English (`X-Lang: en`): five countries' cities with a few stations each. Cities
    /// are found by their names or aliases (`Praha` for Prague).
    static let locations = #"""
        [
          {"country": "Czech Republic", "code": "CZ", "cities": [
            {"id": 10202003, "name": "Prague", "aliases": ["Praha", "Prag"], "stationsTypes": ["TRAIN_STATION", "BUS_STATION"],
             "stations": [
               {"id": 372825000, "name": "Praha hl.n.", "fullname": "Praha, hl.n.", "aliases": ["Praha hlavní nádraží"],
                "stationsTypes": ["TRAIN_STATION"], "timeZone": "Europe/Prague"},
               {"id": 372825001, "name": "Praha ÚAN Florenc", "fullname": "Praha, ÚAN Florenc", "aliases": [],
                "stationsTypes": ["BUS_STATION"], "timeZone": "Europe/Prague"},
               {"id": 372825002, "name": "Praha-Holešovice", "fullname": "Praha, Holešovice", "aliases": [],
                "stationsTypes": ["TRAIN_STATION"], "timeZone": "Europe/Prague"}
             ]},
            {"id": 10202002, "name": "Brno", "aliases": ["Brünn"], "stationsTypes": ["TRAIN_STATION", "BUS_STATION"],
             "stations": [
               {"id": 372825010, "name": "Brno hl.n.", "fullname": "Brno, hl.n.", "aliases": [],
                "stationsTypes": ["TRAIN_STATION"], "timeZone": "Europe/Prague"},
               {"id": 372825011, "name": "Brno ÚAN Zvonařka", "fullname": "Brno, ÚAN Zvonařka", "aliases": [],
                "stationsTypes": ["BUS_STATION"], "timeZone": "Europe/Prague"}
             ]}
          ]},
          {"country": "Slovakia", "code": "SK", "cities": [
            {"id": 10202001, "name": "Bratislava", "aliases": ["Pressburg"], "stationsTypes": ["TRAIN_STATION", "BUS_STATION"],
             "stations": [
               {"id": 508808000, "name": "Bratislava hl.st.", "fullname": "Bratislava, hl.st.", "aliases": [],
                "stationsTypes": ["TRAIN_STATION"], "timeZone": "Europe/Bratislava"},
               {"id": 508808001, "name": "Bratislava AS Nivy", "fullname": "Bratislava, AS Nivy", "aliases": [],
                "stationsTypes": ["BUS_STATION"], "timeZone": "Europe/Bratislava"},
               {"id": 508808002, "name": "Bratislava-Petržalka", "fullname": "Bratislava, Petržalka", "aliases": [],
                "stationsTypes": ["TRAIN_STATION"], "timeZone": "Europe/Bratislava"}
             ]}
          ]},
          {"country": "Austria", "code": "AT", "cities": [
            {"id": 10202052, "name": "Vienna", "aliases": ["Wien", "Vídeň"], "stationsTypes": ["TRAIN_STATION", "BUS_STATION"],
             "stations": [
               {"id": 1313142001, "name": "Wien Hbf", "fullname": "Wien, Hauptbahnhof", "aliases": [],
                "stationsTypes": ["TRAIN_STATION"], "timeZone": "Europe/Vienna"},
               {"id": 1313142002, "name": "Wien Meidling", "fullname": "Wien, Meidling", "aliases": [],
                "stationsTypes": ["TRAIN_STATION"], "timeZone": "Europe/Vienna"},
               {"id": 1313142003, "name": "Wien Erdberg", "fullname": "Wien, Busterminal Erdberg (VIB)", "aliases": [],
                "stationsTypes": ["BUS_STATION"], "timeZone": "Europe/Vienna"}
             ]}
          ]},
          {"country": "Hungary", "code": "HU", "cities": [
            {"id": 10202091, "name": "Budapest", "aliases": ["Budapešť"], "stationsTypes": ["TRAIN_STATION", "BUS_STATION"],
             "stations": [
               {"id": 1763018002, "name": "Budapest-Keleti", "fullname": "Budapest, Keleti pályaudvar", "aliases": [],
                "stationsTypes": ["TRAIN_STATION"], "timeZone": "Europe/Budapest"},
               {"id": 1763018001, "name": "Budapest Népliget", "fullname": "Budapest, Népliget", "aliases": [],
                "stationsTypes": ["BUS_STATION"], "timeZone": "Europe/Budapest"},
               {"id": 1763018003, "name": "Budapest-Kelenföld", "fullname": "Budapest, Kelenföld", "aliases": [],
                "stationsTypes": ["TRAIN_STATION"], "timeZone": "Europe/Budapest"}
             ]}
          ]}
        ]
        """#

    /// The answer for any route or day the samples do not hold: no routes.
    static let noRoutes = #"""
        {"routes": [], "routesMessage": null}
        """#

    /// From Prague to Vienna on 2026-12-18, named for the two cities' ids and the day so that it answers that
    /// search only: seven routes as RegioJet lists them, in euros.
    ///
    /// Direct trains and coaches; one route changes from a train to a coach (two legs' ids joined by a comma,
    /// and where it changes is not given); the 10:07 train is sold out (not bookable, no seat, price 0) and is
    /// left out; a night coach arrives after midnight; the last route leaves the next morning, as the service
    /// also lists, and is left out of this day.
    static let pragueVienna = #"""
        {
          "routes": [
            {"id": "5990055004", "departureStationId": 372825000, "departureTime": "2026-12-18T06:07:00.000+01:00",
             "arrivalStationId": 1313142001, "arrivalTime": "2026-12-18T10:12:00.000+01:00", "vehicleTypes": ["TRAIN"],
             "transfersCount": 0, "freeSeatsCount": 146, "priceFrom": 19.9, "priceTo": 34.9, "pricesCount": 3,
             "actionPrice": false, "surcharge": false, "notices": false, "support": false, "nationalTrip": false,
             "bookable": true, "delay": null, "travelTime": "04:05 h", "vehicleStandardKey": "YELLOW"},
            {"id": "5990061120", "departureStationId": 372825001, "departureTime": "2026-12-18T07:00:00.000+01:00",
             "arrivalStationId": 1313142003, "arrivalTime": "2026-12-18T11:25:00.000+01:00", "vehicleTypes": ["BUS"],
             "transfersCount": 0, "freeSeatsCount": 23, "priceFrom": 14.9, "priceTo": 14.9, "pricesCount": 1,
             "actionPrice": true, "surcharge": false, "notices": false, "support": false, "nationalTrip": false,
             "bookable": true, "delay": null, "travelTime": "04:25 h", "vehicleStandardKey": "FUN_AND_RELAX"},
            {"id": "5990055101,5990061202", "departureStationId": 372825000, "departureTime": "2026-12-18T08:07:00.000+01:00",
             "arrivalStationId": 1313142001, "arrivalTime": "2026-12-18T13:05:00.000+01:00", "vehicleTypes": ["TRAIN", "BUS"],
             "transfersCount": 1, "freeSeatsCount": 12, "priceFrom": 22.4, "priceTo": 22.4, "pricesCount": 1,
             "actionPrice": false, "surcharge": false, "notices": true, "support": false, "nationalTrip": false,
             "bookable": true, "delay": null, "travelTime": "04:58 h", "vehicleStandardKey": null},
            {"id": "5990055006", "departureStationId": 372825000, "departureTime": "2026-12-18T10:07:00.000+01:00",
             "arrivalStationId": 1313142001, "arrivalTime": "2026-12-18T14:12:00.000+01:00", "vehicleTypes": ["TRAIN"],
             "transfersCount": 0, "freeSeatsCount": 0, "priceFrom": 0, "priceTo": 0, "pricesCount": 0,
             "actionPrice": false, "surcharge": false, "notices": false, "support": false, "nationalTrip": false,
             "bookable": false, "delay": null, "travelTime": "04:05 h", "vehicleStandardKey": "YELLOW"},
            {"id": "5990055010", "departureStationId": 372825000, "departureTime": "2026-12-18T16:07:00.000+01:00",
             "arrivalStationId": 1313142002, "arrivalTime": "2026-12-18T20:05:00.000+01:00", "vehicleTypes": ["TRAIN"],
             "transfersCount": 0, "freeSeatsCount": 4, "priceFrom": 24.9, "priceTo": 39.9, "pricesCount": 3,
             "actionPrice": false, "surcharge": false, "notices": false, "support": false, "nationalTrip": false,
             "bookable": true, "delay": null, "travelTime": "03:58 h", "vehicleStandardKey": "YELLOW"},
            {"id": "5990061130", "departureStationId": 372825001, "departureTime": "2026-12-18T23:30:00.000+01:00",
             "arrivalStationId": 1313142003, "arrivalTime": "2026-12-19T03:50:00.000+01:00", "vehicleTypes": ["BUS"],
             "transfersCount": 0, "freeSeatsCount": 38, "priceFrom": 11.9, "priceTo": 11.9, "pricesCount": 1,
             "actionPrice": false, "surcharge": false, "notices": false, "support": false, "nationalTrip": false,
             "bookable": true, "delay": null, "travelTime": "04:20 h", "vehicleStandardKey": "FUN_AND_RELAX"},
            {"id": "5990055104", "departureStationId": 372825000, "departureTime": "2026-12-19T06:07:00.000+01:00",
             "arrivalStationId": 1313142001, "arrivalTime": "2026-12-19T10:12:00.000+01:00", "vehicleTypes": ["TRAIN"],
             "transfersCount": 0, "freeSeatsCount": 180, "priceFrom": 17.9, "priceTo": 34.9, "pricesCount": 3,
             "actionPrice": false, "surcharge": false, "notices": false, "support": false, "nationalTrip": false,
             "bookable": true, "delay": null, "travelTime": "04:05 h", "vehicleStandardKey": "YELLOW"}
          ],
          "routesMessage": null
        }
        """#

    /// From Vienna to Budapest on 2026-12-18, named for the two cities' ids and the day: two trains into
    /// Budapest-Keleti and two coaches into Népliget, in euros.
    static let viennaBudapest = #"""
        {
          "routes": [
            {"id": "6120034001", "departureStationId": 1313142001, "departureTime": "2026-12-18T07:25:00.000+01:00",
             "arrivalStationId": 1763018002, "arrivalTime": "2026-12-18T10:05:00.000+01:00", "vehicleTypes": ["TRAIN"],
             "transfersCount": 0, "freeSeatsCount": 87, "priceFrom": 12.9, "priceTo": 24.9, "pricesCount": 3,
             "actionPrice": false, "surcharge": false, "notices": false, "support": false, "nationalTrip": false,
             "bookable": true, "delay": null, "travelTime": "02:40 h", "vehicleStandardKey": "YELLOW"},
            {"id": "6120041002", "departureStationId": 1313142003, "departureTime": "2026-12-18T09:00:00.000+01:00",
             "arrivalStationId": 1763018001, "arrivalTime": "2026-12-18T11:55:00.000+01:00", "vehicleTypes": ["BUS"],
             "transfersCount": 0, "freeSeatsCount": 31, "priceFrom": 9.9, "priceTo": 9.9, "pricesCount": 1,
             "actionPrice": true, "surcharge": false, "notices": false, "support": false, "nationalTrip": false,
             "bookable": true, "delay": null, "travelTime": "02:55 h", "vehicleStandardKey": "FUN_AND_RELAX"},
            {"id": "6120034005", "departureStationId": 1313142001, "departureTime": "2026-12-18T13:25:00.000+01:00",
             "arrivalStationId": 1763018002, "arrivalTime": "2026-12-18T16:05:00.000+01:00", "vehicleTypes": ["TRAIN"],
             "transfersCount": 0, "freeSeatsCount": 9, "priceFrom": 15.9, "priceTo": 29.9, "pricesCount": 3,
             "actionPrice": false, "surcharge": false, "notices": false, "support": false, "nationalTrip": false,
             "bookable": true, "delay": null, "travelTime": "02:40 h", "vehicleStandardKey": "YELLOW"},
            {"id": "6120041008", "departureStationId": 1313142003, "departureTime": "2026-12-18T18:00:00.000+01:00",
             "arrivalStationId": 1763018001, "arrivalTime": "2026-12-18T20:55:00.000+01:00", "vehicleTypes": ["BUS"],
             "transfersCount": 0, "freeSeatsCount": 44, "priceFrom": 11.9, "priceTo": 11.9, "pricesCount": 1,
             "actionPrice": false, "surcharge": false, "notices": false, "support": false, "nationalTrip": false,
             "bookable": true, "delay": null, "travelTime": "02:55 h", "vehicleStandardKey": "FUN_AND_RELAX"}
          ],
          "routesMessage": null
        }
        """#
}
