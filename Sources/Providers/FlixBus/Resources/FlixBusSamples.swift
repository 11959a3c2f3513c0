/// FlixBus answers written to the shape its public search service sends, compiled into the module so that
/// the tool answers offline and the binary needs no resource bundle. The ids have the service's form (UUIDs)
/// but are the samples' own.
enum FlixBusSamples {
    /// The autocomplete answer, with every city the tool knows by name: the provider takes the entry named as
    /// the city it looks for, so one list answers each name. `Vienne`, a town in France, is what a loose
    /// match on `Vienna` can also find; it is never taken for Vienna.
    static let cities = #"""
        [
          {"id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c", "name": "Vienna", "country": "AT", "score": 1.0,
           "location": {"lat": 48.2083, "lon": 16.3731}, "is_flixbus_city": true},
          {"id": "b7c1d2e3-8646-11e6-9066-549f350fcb0c", "name": "Vienne", "country": "FR", "score": 0.82,
           "location": {"lat": 45.5255, "lon": 4.8746}, "is_flixbus_city": true},
          {"id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c", "name": "Budapest", "country": "HU", "score": 1.0,
           "location": {"lat": 47.4979, "lon": 19.0402}, "is_flixbus_city": true},
          {"id": "a3f3c9e6-8646-11e6-9066-549f350fcb0c", "name": "Prague", "country": "CZ", "score": 1.0,
           "location": {"lat": 50.0755, "lon": 14.4378}, "is_flixbus_city": true},
          {"id": "a3f4dbf8-8646-11e6-9066-549f350fcb0c", "name": "Bratislava", "country": "SK", "score": 1.0,
           "location": {"lat": 48.1486, "lon": 17.1077}, "is_flixbus_city": true},
          {"id": "a3f5ee0a-8646-11e6-9066-549f350fcb0c", "name": "Berlin", "country": "DE", "score": 1.0,
           "location": {"lat": 52.52, "lon": 13.405}, "is_flixbus_city": true},
          {"id": "a3f6f01c-8646-11e6-9066-549f350fcb0c", "name": "Munich", "country": "DE", "score": 1.0,
           "location": {"lat": 48.1351, "lon": 11.582}, "is_flixbus_city": true},
          {"id": "a3f8b23f-8646-11e6-9066-549f350fcb0c", "name": "Zurich", "country": "CH", "score": 1.0,
           "location": {"lat": 47.3769, "lon": 8.5417}, "is_flixbus_city": true},
          {"id": "a3f9c450-8646-11e6-9066-549f350fcb0c", "name": "Paris", "country": "FR", "score": 1.0,
           "location": {"lat": 48.8566, "lon": 2.3522}, "is_flixbus_city": true},
          {"id": "a3fad561-8646-11e6-9066-549f350fcb0c", "name": "London", "country": "GB", "score": 1.0,
           "location": {"lat": 51.5074, "lon": -0.1278}, "is_flixbus_city": true},
          {"id": "a3fbe672-8646-11e6-9066-549f350fcb0c", "name": "Barcelona", "country": "ES", "score": 1.0,
           "location": {"lat": 41.3874, "lon": 2.1686}, "is_flixbus_city": true},
          {"id": "a3fcf783-8646-11e6-9066-549f350fcb0c", "name": "Milan", "country": "IT", "score": 1.0,
           "location": {"lat": 45.4642, "lon": 9.19}, "is_flixbus_city": true},
          {"id": "a3fd0894-8646-11e6-9066-549f350fcb0c", "name": "Rome", "country": "IT", "score": 1.0,
           "location": {"lat": 41.9028, "lon": 12.4964}, "is_flixbus_city": true},
          {"id": "a3fe19a5-8646-11e6-9066-549f350fcb0c", "name": "Venice", "country": "IT", "score": 1.0,
           "location": {"lat": 45.4408, "lon": 12.3155}, "is_flixbus_city": true},
          {"id": "a3ff2ab6-8646-11e6-9066-549f350fcb0c", "name": "Ljubljana", "country": "SI", "score": 1.0,
           "location": {"lat": 46.0569, "lon": 14.5058}, "is_flixbus_city": true},
          {"id": "a4003bc7-8646-11e6-9066-549f350fcb0c", "name": "Zagreb", "country": "HR", "score": 1.0,
           "location": {"lat": 45.815, "lon": 15.9819}, "is_flixbus_city": true},
          {"id": "a4014cd8-8646-11e6-9066-549f350fcb0c", "name": "Split", "country": "HR", "score": 1.0,
           "location": {"lat": 43.5081, "lon": 16.4402}, "is_flixbus_city": true}
        ]
        """#

    /// The answer for any route the samples do not hold: no rides.
    static let noRides = #"""
        {"trips": [], "cities": {}, "stations": {}, "operators": {}, "platform_fee_in_price_required": true}
        """#

    /// The answer for one adult from Vienna to Budapest on 2026-12-18, in EUR, named for the two cities' ids
    /// and the day so that it answers that search only: six rides, as FlixBus lists them, with the platform fee required, so each price is `total_with_platform_fee`.
    ///
    /// Four are direct coaches (from Vienna Erdberg or Wien Hauptbahnhof to Budapest Népliget or Kelenföld),
    /// one of them after 22:00 and arriving after midnight. One changes at Győr from a FlixBus coach to a
    /// MÁV train into Budapest-Keleti: each leg keeps its own mode and operator. The 18:45 coach is sold out
    /// and is left out. Times carry their offsets; the uids are new in every answer.
    static let search = #"""
        {
          "trips": [
            {
              "departure_city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
              "arrival_city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
              "date": "2026-12-18",
              "results": {
                "direct:271828:101:202": {
                  "uid": "direct:271828:101:202",
                  "status": "available",
                  "transfer_type": "Direct",
                  "provider": "flixbus",
                  "departure": {"date": "2026-12-18T06:00:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                "station_id": "dcbabf3b-9603-11e6-9066-549f350fcb0c"},
                  "arrival": {"date": "2026-12-18T08:55:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                              "station_id": "dcbd1a4c-9603-11e6-9066-549f350fcb0c"},
                  "duration": {"hours": 2, "minutes": 55},
                  "price": {"total": 14.99, "original": 14.99, "total_with_platform_fee": 15.98},
                  "available": {"seats": 23},
                  "legs": [
                    {"departure": {"date": "2026-12-18T06:00:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                   "station_id": "dcbabf3b-9603-11e6-9066-549f350fcb0c"},
                     "arrival": {"date": "2026-12-18T08:55:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                                 "station_id": "dcbd1a4c-9603-11e6-9066-549f350fcb0c"},
                     "means_of_transport": "bus", "operator_id": "flixbus-cee"}
                  ]
                },
                "direct:271828:103:204": {
                  "uid": "direct:271828:103:204",
                  "status": "available",
                  "transfer_type": "Direct",
                  "provider": "flixbus",
                  "departure": {"date": "2026-12-18T08:30:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                "station_id": "dcc0e3f4-9603-11e6-9066-549f350fcb0c"},
                  "arrival": {"date": "2026-12-18T11:20:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                              "station_id": "dcc2a7b1-9603-11e6-9066-549f350fcb0c"},
                  "duration": {"hours": 2, "minutes": 50},
                  "price": {"total": 19.99, "original": 24.99, "total_with_platform_fee": 20.98},
                  "available": {"seats": 4},
                  "legs": [
                    {"departure": {"date": "2026-12-18T08:30:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                   "station_id": "dcc0e3f4-9603-11e6-9066-549f350fcb0c"},
                     "arrival": {"date": "2026-12-18T11:20:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                                 "station_id": "dcc2a7b1-9603-11e6-9066-549f350fcb0c"},
                     "means_of_transport": "bus", "operator_id": "flixbus-cee"}
                  ]
                },
                "direct:271828:105:202": {
                  "uid": "direct:271828:105:202",
                  "status": "available",
                  "transfer_type": "Direct",
                  "provider": "flixbus",
                  "departure": {"date": "2026-12-18T12:15:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                "station_id": "dcbabf3b-9603-11e6-9066-549f350fcb0c"},
                  "arrival": {"date": "2026-12-18T15:05:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                              "station_id": "dcbd1a4c-9603-11e6-9066-549f350fcb0c"},
                  "duration": {"hours": 2, "minutes": 50},
                  "price": {"total": 12.99, "original": 12.99, "total_with_platform_fee": 13.98},
                  "available": {"seats": 41},
                  "legs": [
                    {"departure": {"date": "2026-12-18T12:15:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                   "station_id": "dcbabf3b-9603-11e6-9066-549f350fcb0c"},
                     "arrival": {"date": "2026-12-18T15:05:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                                 "station_id": "dcbd1a4c-9603-11e6-9066-549f350fcb0c"},
                     "means_of_transport": "bus", "operator_id": "flixbus-cee"}
                  ]
                },
                "transfer:271828:107:301:302:206": {
                  "uid": "transfer:271828:107:301:302:206",
                  "status": "available",
                  "transfer_type": "Transfer",
                  "provider": "flixbus",
                  "departure": {"date": "2026-12-18T15:00:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                "station_id": "dcbabf3b-9603-11e6-9066-549f350fcb0c"},
                  "arrival": {"date": "2026-12-18T18:14:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                              "station_id": "dcc4f0e2-9603-11e6-9066-549f350fcb0c"},
                  "duration": {"hours": 3, "minutes": 14},
                  "price": {"total": 17.49, "original": 17.49, "total_with_platform_fee": 18.48},
                  "available": {"seats": 12},
                  "legs": [
                    {"departure": {"date": "2026-12-18T15:00:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                   "station_id": "dcbabf3b-9603-11e6-9066-549f350fcb0c"},
                     "arrival": {"date": "2026-12-18T16:25:00+01:00", "city_id": "a3f7a12e-8646-11e6-9066-549f350fcb0c",
                                 "station_id": "dcc60d13-9603-11e6-9066-549f350fcb0c"},
                     "means_of_transport": "bus", "operator_id": "flixbus-cee"},
                    {"departure": {"date": "2026-12-18T16:52:00+01:00", "city_id": "a3f7a12e-8646-11e6-9066-549f350fcb0c",
                                   "station_id": "dcc71e24-9603-11e6-9066-549f350fcb0c"},
                     "arrival": {"date": "2026-12-18T18:14:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                                 "station_id": "dcc4f0e2-9603-11e6-9066-549f350fcb0c"},
                     "means_of_transport": "train", "operator_id": "mav"}
                  ]
                },
                "direct:271828:109:202": {
                  "uid": "direct:271828:109:202",
                  "status": "unavailable",
                  "transfer_type": "Direct",
                  "provider": "flixbus",
                  "departure": {"date": "2026-12-18T18:45:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                "station_id": "dcbabf3b-9603-11e6-9066-549f350fcb0c"},
                  "arrival": {"date": "2026-12-18T21:35:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                              "station_id": "dcbd1a4c-9603-11e6-9066-549f350fcb0c"},
                  "duration": {"hours": 2, "minutes": 50},
                  "price": {"total": 0, "original": 16.99},
                  "available": {"seats": 0},
                  "legs": []
                },
                "direct:271828:111:202": {
                  "uid": "direct:271828:111:202",
                  "status": "available",
                  "transfer_type": "Direct",
                  "provider": "flixbus",
                  "departure": {"date": "2026-12-18T22:30:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                "station_id": "dcc0e3f4-9603-11e6-9066-549f350fcb0c"},
                  "arrival": {"date": "2026-12-19T01:20:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                              "station_id": "dcbd1a4c-9603-11e6-9066-549f350fcb0c"},
                  "duration": {"hours": 2, "minutes": 50},
                  "price": {"total": 9.99, "original": 9.99, "total_with_platform_fee": 10.98},
                  "available": {"seats": 37},
                  "legs": [
                    {"departure": {"date": "2026-12-18T22:30:00+01:00", "city_id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c",
                                   "station_id": "dcc0e3f4-9603-11e6-9066-549f350fcb0c"},
                     "arrival": {"date": "2026-12-19T01:20:00+01:00", "city_id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c",
                                 "station_id": "dcbd1a4c-9603-11e6-9066-549f350fcb0c"},
                     "means_of_transport": "bus", "operator_id": "flixbus-cee"}
                  ]
                }
              }
            }
          ],
          "cities": {
            "a3f1e0c2-8646-11e6-9066-549f350fcb0c": {"id": "a3f1e0c2-8646-11e6-9066-549f350fcb0c", "name": "Vienna"},
            "a3f2b7d4-8646-11e6-9066-549f350fcb0c": {"id": "a3f2b7d4-8646-11e6-9066-549f350fcb0c", "name": "Budapest"},
            "a3f7a12e-8646-11e6-9066-549f350fcb0c": {"id": "a3f7a12e-8646-11e6-9066-549f350fcb0c", "name": "Győr"}
          },
          "stations": {
            "dcbabf3b-9603-11e6-9066-549f350fcb0c": {"id": "dcbabf3b-9603-11e6-9066-549f350fcb0c", "name": "Vienna Erdberg"},
            "dcc0e3f4-9603-11e6-9066-549f350fcb0c": {"id": "dcc0e3f4-9603-11e6-9066-549f350fcb0c", "name": "Wien Hauptbahnhof"},
            "dcbd1a4c-9603-11e6-9066-549f350fcb0c": {"id": "dcbd1a4c-9603-11e6-9066-549f350fcb0c", "name": "Budapest Népliget"},
            "dcc2a7b1-9603-11e6-9066-549f350fcb0c": {"id": "dcc2a7b1-9603-11e6-9066-549f350fcb0c", "name": "Budapest Kelenföld"},
            "dcc4f0e2-9603-11e6-9066-549f350fcb0c": {"id": "dcc4f0e2-9603-11e6-9066-549f350fcb0c", "name": "Budapest-Keleti"},
            "dcc60d13-9603-11e6-9066-549f350fcb0c": {"id": "dcc60d13-9603-11e6-9066-549f350fcb0c", "name": "Győr autóbusz-állomás"},
            "dcc71e24-9603-11e6-9066-549f350fcb0c": {"id": "dcc71e24-9603-11e6-9066-549f350fcb0c", "name": "Győr vasútállomás"}
          },
          "operators": {
            "flixbus-cee": {"id": "flixbus-cee", "label": "FlixBus"},
            "mav": {"id": "mav", "label": "MÁV-START"}
          },
          "platform_fee_in_price_required": true
        }
        """#
}
