/// Duffel answers written to the documented shape of `POST /air/offer_requests?return_offers=true`,
/// compiled into the module so that the tool answers offline and the binary needs no resource bundle.
enum DuffelSamples {
    /// The answer to an offer request for one adult from Vienna to Barcelona on 2026-12-18, in economy: six
    /// offers, cheapest first, as Duffel lists them.
    ///
    /// Four are flights the Kiwi sample also sells, so `--providers kiwi,duffel` merges them on the first
    /// run: VY 1815 at 12:30 under two fare brands (`Basic` without a checked bag, `Optima` with one), LX
    /// 1577 and LX 1952 through Zurich, and OS 395 at 07:05. IB 5137 is the codeshare Iberia sells on
    /// Vueling's VY 1815: marketed by one airline, operated by another. ZZ 4821 is a flight of Duffel
    /// Airways, the airline Duffel's test mode sells. Times are local at each airport, with no offset;
    /// each airport's `time_zone` turns them into instants (all three zones are UTC+1 in December). The
    /// `off_…`, `orq_…`, `sli_…` and `seg_…` ids are new in every answer Duffel gives.
    static let offerRequests = #"""
        {
          "data": {
            "id": "orq_0000AbCDuFfElOfFeRrEqUeSt",
            "live_mode": false,
            "created_at": "2026-11-22T23:40:12.502Z",
            "cabin_class": "economy",
            "client_key": null,
            "slices": [
              {
                "origin": {
                  "type": "airport",
                  "id": "arp_vie_at",
                  "iata_code": "VIE",
                  "iata_city_code": "VIE",
                  "iata_country_code": "AT",
                  "city_name": "Vienna",
                  "time_zone": "Europe/Vienna",
                  "name": "Vienna International Airport"
                },
                "destination": {
                  "type": "airport",
                  "id": "arp_bcn_es",
                  "iata_code": "BCN",
                  "iata_city_code": "BCN",
                  "iata_country_code": "ES",
                  "city_name": "Barcelona",
                  "time_zone": "Europe/Madrid",
                  "name": "Josep Tarradellas Barcelona-El Prat Airport"
                },
                "origin_type": "airport",
                "destination_type": "airport",
                "departure_date": "2026-12-18"
              }
            ],
            "passengers": [{"id": "pas_0000AbCDuFfElPaSsEnGeR1", "type": "adult", "age": null}],
            "offers": [
              {
                "id": "off_0000AbC004DuFfElSaMpLe",
                "live_mode": false,
                "created_at": "2026-11-22T23:40:12.502Z",
                "updated_at": "2026-11-22T23:40:12.502Z",
                "expires_at": "2026-11-23T00:10:12.502Z",
                "total_amount": "96.40",
                "total_currency": "EUR",
                "base_amount": "75.19",
                "base_currency": "EUR",
                "tax_amount": "21.21",
                "tax_currency": "EUR",
                "owner": {"id": "arl_00009VME7DCOaPRQvNhcMu", "iata_code": "VY", "name": "Vueling"},
                "passengers": [{"id": "pas_0000AbCDuFfElPaSsEnGeR1", "type": "adult", "age": null, "loyalty_programme_accounts": []}],
                "payment_requirements": {"requires_instant_payment": false, "payment_required_by": "2026-11-24T23:40:12Z"},
                "slices": [
                  {
                    "id": "sli_0000AbC003DuFfElSaMpLe",
                    "origin": {
                      "type": "airport",
                      "id": "arp_vie_at",
                      "iata_code": "VIE",
                      "iata_city_code": "VIE",
                      "iata_country_code": "AT",
                      "city_name": "Vienna",
                      "time_zone": "Europe/Vienna",
                      "name": "Vienna International Airport"
                    },
                    "destination": {
                      "type": "airport",
                      "id": "arp_bcn_es",
                      "iata_code": "BCN",
                      "iata_city_code": "BCN",
                      "iata_country_code": "ES",
                      "city_name": "Barcelona",
                      "time_zone": "Europe/Madrid",
                      "name": "Josep Tarradellas Barcelona-El Prat Airport"
                    },
                    "origin_type": "airport",
                    "destination_type": "airport",
                    "duration": "PT2H35M",
                    "fare_brand_name": "Basic",
                    "segments": [
                      {
                        "id": "seg_0000AbC001DuFfElSaMpLe",
                        "origin": {
                          "type": "airport",
                          "id": "arp_vie_at",
                          "iata_code": "VIE",
                          "iata_city_code": "VIE",
                          "iata_country_code": "AT",
                          "city_name": "Vienna",
                          "time_zone": "Europe/Vienna",
                          "name": "Vienna International Airport"
                        },
                        "destination": {
                          "type": "airport",
                          "id": "arp_bcn_es",
                          "iata_code": "BCN",
                          "iata_city_code": "BCN",
                          "iata_country_code": "ES",
                          "city_name": "Barcelona",
                          "time_zone": "Europe/Madrid",
                          "name": "Josep Tarradellas Barcelona-El Prat Airport"
                        },
                        "departing_at": "2026-12-18T12:30:00",
                        "arriving_at": "2026-12-18T15:05:00",
                        "duration": "PT2H35M",
                        "marketing_carrier": {"id": "arl_00009VME7DCOaPRQvNhcMu", "iata_code": "VY", "name": "Vueling"},
                        "marketing_carrier_flight_number": "1815",
                        "operating_carrier": {"id": "arl_00009VME7DCOaPRQvNhcMu", "iata_code": "VY", "name": "Vueling"},
                        "operating_carrier_flight_number": "1815",
                        "aircraft": {"id": "arc_0000AbC002DuFfElSaMpLe", "iata_code": "320", "name": "Airbus A320"},
                        "passengers": [
                          {
                            "passenger_id": "pas_0000AbCDuFfElPaSsEnGeR1",
                            "cabin_class": "economy",
                            "cabin_class_marketing_name": "Basic",
                            "fare_basis_code": "OVYOW",
                            "baggages": [{"type": "checked", "quantity": 0}, {"type": "carry_on", "quantity": 1}]
                          }
                        ]
                      }
                    ]
                  }
                ]
              },
              {
                "id": "off_0000AbC008DuFfElSaMpLe",
                "live_mode": false,
                "created_at": "2026-11-22T23:40:12.502Z",
                "updated_at": "2026-11-22T23:40:12.502Z",
                "expires_at": "2026-11-23T00:10:12.502Z",
                "total_amount": "104.90",
                "total_currency": "EUR",
                "base_amount": "81.82",
                "base_currency": "EUR",
                "tax_amount": "23.08",
                "tax_currency": "EUR",
                "owner": {"id": "arl_00009VME7DAGiJjwomhv32", "iata_code": "IB", "name": "Iberia"},
                "passengers": [{"id": "pas_0000AbCDuFfElPaSsEnGeR1", "type": "adult", "age": null, "loyalty_programme_accounts": []}],
                "payment_requirements": {"requires_instant_payment": false, "payment_required_by": "2026-11-24T23:40:12Z"},
                "slices": [
                  {
                    "id": "sli_0000AbC007DuFfElSaMpLe",
                    "origin": {
                      "type": "airport",
                      "id": "arp_vie_at",
                      "iata_code": "VIE",
                      "iata_city_code": "VIE",
                      "iata_country_code": "AT",
                      "city_name": "Vienna",
                      "time_zone": "Europe/Vienna",
                      "name": "Vienna International Airport"
                    },
                    "destination": {
                      "type": "airport",
                      "id": "arp_bcn_es",
                      "iata_code": "BCN",
                      "iata_city_code": "BCN",
                      "iata_country_code": "ES",
                      "city_name": "Barcelona",
                      "time_zone": "Europe/Madrid",
                      "name": "Josep Tarradellas Barcelona-El Prat Airport"
                    },
                    "origin_type": "airport",
                    "destination_type": "airport",
                    "duration": "PT2H35M",
                    "fare_brand_name": "Basic",
                    "segments": [
                      {
                        "id": "seg_0000AbC005DuFfElSaMpLe",
                        "origin": {
                          "type": "airport",
                          "id": "arp_vie_at",
                          "iata_code": "VIE",
                          "iata_city_code": "VIE",
                          "iata_country_code": "AT",
                          "city_name": "Vienna",
                          "time_zone": "Europe/Vienna",
                          "name": "Vienna International Airport"
                        },
                        "destination": {
                          "type": "airport",
                          "id": "arp_bcn_es",
                          "iata_code": "BCN",
                          "iata_city_code": "BCN",
                          "iata_country_code": "ES",
                          "city_name": "Barcelona",
                          "time_zone": "Europe/Madrid",
                          "name": "Josep Tarradellas Barcelona-El Prat Airport"
                        },
                        "departing_at": "2026-12-18T12:30:00",
                        "arriving_at": "2026-12-18T15:05:00",
                        "duration": "PT2H35M",
                        "marketing_carrier": {"id": "arl_00009VME7DAGiJjwomhv32", "iata_code": "IB", "name": "Iberia"},
                        "marketing_carrier_flight_number": "5137",
                        "operating_carrier": {"id": "arl_00009VME7DCOaPRQvNhcMu", "iata_code": "VY", "name": "Vueling"},
                        "operating_carrier_flight_number": "1815",
                        "aircraft": {"id": "arc_0000AbC006DuFfElSaMpLe", "iata_code": "320", "name": "Airbus A320"},
                        "passengers": [
                          {
                            "passenger_id": "pas_0000AbCDuFfElPaSsEnGeR1",
                            "cabin_class": "economy",
                            "cabin_class_marketing_name": "Economy",
                            "fare_basis_code": "OIBOW",
                            "baggages": [{"type": "checked", "quantity": 0}, {"type": "carry_on", "quantity": 1}]
                          }
                        ]
                      }
                    ]
                  }
                ]
              },
              {
                "id": "off_0000AbC014DuFfElSaMpLe",
                "live_mode": false,
                "created_at": "2026-11-22T23:40:12.502Z",
                "updated_at": "2026-11-22T23:40:12.502Z",
                "expires_at": "2026-11-23T00:10:12.502Z",
                "total_amount": "118.70",
                "total_currency": "EUR",
                "base_amount": "92.59",
                "base_currency": "EUR",
                "tax_amount": "26.11",
                "tax_currency": "EUR",
                "owner": {"id": "arl_00009VME7DDoV8ZkzmMkaN", "iata_code": "LX", "name": "Swiss International Air Lines"},
                "passengers": [{"id": "pas_0000AbCDuFfElPaSsEnGeR1", "type": "adult", "age": null, "loyalty_programme_accounts": []}],
                "payment_requirements": {"requires_instant_payment": false, "payment_required_by": "2026-11-24T23:40:12Z"},
                "slices": [
                  {
                    "id": "sli_0000AbC013DuFfElSaMpLe",
                    "origin": {
                      "type": "airport",
                      "id": "arp_vie_at",
                      "iata_code": "VIE",
                      "iata_city_code": "VIE",
                      "iata_country_code": "AT",
                      "city_name": "Vienna",
                      "time_zone": "Europe/Vienna",
                      "name": "Vienna International Airport"
                    },
                    "destination": {
                      "type": "airport",
                      "id": "arp_bcn_es",
                      "iata_code": "BCN",
                      "iata_city_code": "BCN",
                      "iata_country_code": "ES",
                      "city_name": "Barcelona",
                      "time_zone": "Europe/Madrid",
                      "name": "Josep Tarradellas Barcelona-El Prat Airport"
                    },
                    "origin_type": "airport",
                    "destination_type": "airport",
                    "duration": "PT4H40M",
                    "fare_brand_name": "Economy Light",
                    "segments": [
                      {
                        "id": "seg_0000AbC009DuFfElSaMpLe",
                        "origin": {
                          "type": "airport",
                          "id": "arp_vie_at",
                          "iata_code": "VIE",
                          "iata_city_code": "VIE",
                          "iata_country_code": "AT",
                          "city_name": "Vienna",
                          "time_zone": "Europe/Vienna",
                          "name": "Vienna International Airport"
                        },
                        "destination": {
                          "type": "airport",
                          "id": "arp_zrh_ch",
                          "iata_code": "ZRH",
                          "iata_city_code": "ZRH",
                          "iata_country_code": "CH",
                          "city_name": "Zurich",
                          "time_zone": "Europe/Zurich",
                          "name": "Zurich Airport"
                        },
                        "departing_at": "2026-12-18T06:50:00",
                        "arriving_at": "2026-12-18T08:15:00",
                        "duration": "PT1H25M",
                        "marketing_carrier": {"id": "arl_00009VME7DDoV8ZkzmMkaN", "iata_code": "LX", "name": "Swiss International Air Lines"},
                        "marketing_carrier_flight_number": "1577",
                        "operating_carrier": {"id": "arl_00009VME7DDoV8ZkzmMkaN", "iata_code": "LX", "name": "Swiss International Air Lines"},
                        "operating_carrier_flight_number": "1577",
                        "aircraft": {"id": "arc_0000AbC010DuFfElSaMpLe", "iata_code": "223", "name": "Airbus A220-300"},
                        "passengers": [
                          {
                            "passenger_id": "pas_0000AbCDuFfElPaSsEnGeR1",
                            "cabin_class": "economy",
                            "cabin_class_marketing_name": "Economy Light",
                            "fare_basis_code": "OLXOW",
                            "baggages": [{"type": "checked", "quantity": 0}, {"type": "carry_on", "quantity": 1}]
                          }
                        ]
                      },
                      {
                        "id": "seg_0000AbC011DuFfElSaMpLe",
                        "origin": {
                          "type": "airport",
                          "id": "arp_zrh_ch",
                          "iata_code": "ZRH",
                          "iata_city_code": "ZRH",
                          "iata_country_code": "CH",
                          "city_name": "Zurich",
                          "time_zone": "Europe/Zurich",
                          "name": "Zurich Airport"
                        },
                        "destination": {
                          "type": "airport",
                          "id": "arp_bcn_es",
                          "iata_code": "BCN",
                          "iata_city_code": "BCN",
                          "iata_country_code": "ES",
                          "city_name": "Barcelona",
                          "time_zone": "Europe/Madrid",
                          "name": "Josep Tarradellas Barcelona-El Prat Airport"
                        },
                        "departing_at": "2026-12-18T09:40:00",
                        "arriving_at": "2026-12-18T11:30:00",
                        "duration": "PT1H50M",
                        "marketing_carrier": {"id": "arl_00009VME7DDoV8ZkzmMkaN", "iata_code": "LX", "name": "Swiss International Air Lines"},
                        "marketing_carrier_flight_number": "1952",
                        "operating_carrier": {"id": "arl_00009VME7DDoV8ZkzmMkaN", "iata_code": "LX", "name": "Swiss International Air Lines"},
                        "operating_carrier_flight_number": "1952",
                        "aircraft": {"id": "arc_0000AbC012DuFfElSaMpLe", "iata_code": "223", "name": "Airbus A220-300"},
                        "passengers": [
                          {
                            "passenger_id": "pas_0000AbCDuFfElPaSsEnGeR1",
                            "cabin_class": "economy",
                            "cabin_class_marketing_name": "Economy Light",
                            "fare_basis_code": "OLXOW",
                            "baggages": [{"type": "checked", "quantity": 0}, {"type": "carry_on", "quantity": 1}]
                          }
                        ]
                      }
                    ]
                  }
                ]
              },
              {
                "id": "off_0000AbC018DuFfElSaMpLe",
                "live_mode": false,
                "created_at": "2026-11-22T23:40:12.502Z",
                "updated_at": "2026-11-22T23:40:12.502Z",
                "expires_at": "2026-11-23T00:10:12.502Z",
                "total_amount": "131.40",
                "total_currency": "EUR",
                "base_amount": "102.49",
                "base_currency": "EUR",
                "tax_amount": "28.91",
                "tax_currency": "EUR",
                "owner": {"id": "arl_00009VME7DCOaPRQvNhcMu", "iata_code": "VY", "name": "Vueling"},
                "passengers": [{"id": "pas_0000AbCDuFfElPaSsEnGeR1", "type": "adult", "age": null, "loyalty_programme_accounts": []}],
                "payment_requirements": {"requires_instant_payment": false, "payment_required_by": "2026-11-24T23:40:12Z"},
                "slices": [
                  {
                    "id": "sli_0000AbC017DuFfElSaMpLe",
                    "origin": {
                      "type": "airport",
                      "id": "arp_vie_at",
                      "iata_code": "VIE",
                      "iata_city_code": "VIE",
                      "iata_country_code": "AT",
                      "city_name": "Vienna",
                      "time_zone": "Europe/Vienna",
                      "name": "Vienna International Airport"
                    },
                    "destination": {
                      "type": "airport",
                      "id": "arp_bcn_es",
                      "iata_code": "BCN",
                      "iata_city_code": "BCN",
                      "iata_country_code": "ES",
                      "city_name": "Barcelona",
                      "time_zone": "Europe/Madrid",
                      "name": "Josep Tarradellas Barcelona-El Prat Airport"
                    },
                    "origin_type": "airport",
                    "destination_type": "airport",
                    "duration": "PT2H35M",
                    "fare_brand_name": "Optima",
                    "segments": [
                      {
                        "id": "seg_0000AbC015DuFfElSaMpLe",
                        "origin": {
                          "type": "airport",
                          "id": "arp_vie_at",
                          "iata_code": "VIE",
                          "iata_city_code": "VIE",
                          "iata_country_code": "AT",
                          "city_name": "Vienna",
                          "time_zone": "Europe/Vienna",
                          "name": "Vienna International Airport"
                        },
                        "destination": {
                          "type": "airport",
                          "id": "arp_bcn_es",
                          "iata_code": "BCN",
                          "iata_city_code": "BCN",
                          "iata_country_code": "ES",
                          "city_name": "Barcelona",
                          "time_zone": "Europe/Madrid",
                          "name": "Josep Tarradellas Barcelona-El Prat Airport"
                        },
                        "departing_at": "2026-12-18T12:30:00",
                        "arriving_at": "2026-12-18T15:05:00",
                        "duration": "PT2H35M",
                        "marketing_carrier": {"id": "arl_00009VME7DCOaPRQvNhcMu", "iata_code": "VY", "name": "Vueling"},
                        "marketing_carrier_flight_number": "1815",
                        "operating_carrier": {"id": "arl_00009VME7DCOaPRQvNhcMu", "iata_code": "VY", "name": "Vueling"},
                        "operating_carrier_flight_number": "1815",
                        "aircraft": {"id": "arc_0000AbC016DuFfElSaMpLe", "iata_code": "320", "name": "Airbus A320"},
                        "passengers": [
                          {
                            "passenger_id": "pas_0000AbCDuFfElPaSsEnGeR1",
                            "cabin_class": "economy",
                            "cabin_class_marketing_name": "Optima",
                            "fare_basis_code": "OVYOW",
                            "baggages": [{"type": "checked", "quantity": 1}, {"type": "carry_on", "quantity": 1}]
                          }
                        ]
                      }
                    ]
                  }
                ]
              },
              {
                "id": "off_0000AbC022DuFfElSaMpLe",
                "live_mode": false,
                "created_at": "2026-11-22T23:40:12.502Z",
                "updated_at": "2026-11-22T23:40:12.502Z",
                "expires_at": "2026-11-23T00:10:12.502Z",
                "total_amount": "164.25",
                "total_currency": "EUR",
                "base_amount": "128.12",
                "base_currency": "EUR",
                "tax_amount": "36.13",
                "tax_currency": "EUR",
                "owner": {"id": "arl_00009VME7D6ivUu8dn35WK", "iata_code": "OS", "name": "Austrian"},
                "passengers": [{"id": "pas_0000AbCDuFfElPaSsEnGeR1", "type": "adult", "age": null, "loyalty_programme_accounts": []}],
                "payment_requirements": {"requires_instant_payment": false, "payment_required_by": "2026-11-24T23:40:12Z"},
                "slices": [
                  {
                    "id": "sli_0000AbC021DuFfElSaMpLe",
                    "origin": {
                      "type": "airport",
                      "id": "arp_vie_at",
                      "iata_code": "VIE",
                      "iata_city_code": "VIE",
                      "iata_country_code": "AT",
                      "city_name": "Vienna",
                      "time_zone": "Europe/Vienna",
                      "name": "Vienna International Airport"
                    },
                    "destination": {
                      "type": "airport",
                      "id": "arp_bcn_es",
                      "iata_code": "BCN",
                      "iata_city_code": "BCN",
                      "iata_country_code": "ES",
                      "city_name": "Barcelona",
                      "time_zone": "Europe/Madrid",
                      "name": "Josep Tarradellas Barcelona-El Prat Airport"
                    },
                    "origin_type": "airport",
                    "destination_type": "airport",
                    "duration": "PT2H40M",
                    "fare_brand_name": "Economy Classic",
                    "segments": [
                      {
                        "id": "seg_0000AbC019DuFfElSaMpLe",
                        "origin": {
                          "type": "airport",
                          "id": "arp_vie_at",
                          "iata_code": "VIE",
                          "iata_city_code": "VIE",
                          "iata_country_code": "AT",
                          "city_name": "Vienna",
                          "time_zone": "Europe/Vienna",
                          "name": "Vienna International Airport"
                        },
                        "destination": {
                          "type": "airport",
                          "id": "arp_bcn_es",
                          "iata_code": "BCN",
                          "iata_city_code": "BCN",
                          "iata_country_code": "ES",
                          "city_name": "Barcelona",
                          "time_zone": "Europe/Madrid",
                          "name": "Josep Tarradellas Barcelona-El Prat Airport"
                        },
                        "departing_at": "2026-12-18T07:05:00",
                        "arriving_at": "2026-12-18T09:45:00",
                        "duration": "PT2H40M",
                        "marketing_carrier": {"id": "arl_00009VME7D6ivUu8dn35WK", "iata_code": "OS", "name": "Austrian"},
                        "marketing_carrier_flight_number": "395",
                        "operating_carrier": {"id": "arl_00009VME7D6ivUu8dn35WK", "iata_code": "OS", "name": "Austrian"},
                        "operating_carrier_flight_number": "395",
                        "aircraft": {"id": "arc_0000AbC020DuFfElSaMpLe", "iata_code": "321", "name": "Airbus A321"},
                        "passengers": [
                          {
                            "passenger_id": "pas_0000AbCDuFfElPaSsEnGeR1",
                            "cabin_class": "economy",
                            "cabin_class_marketing_name": "Economy Classic",
                            "fare_basis_code": "OOSOW",
                            "baggages": [{"type": "checked", "quantity": 1}, {"type": "carry_on", "quantity": 1}]
                          }
                        ]
                      }
                    ]
                  }
                ]
              },
              {
                "id": "off_0000AbC026DuFfElSaMpLe",
                "live_mode": false,
                "created_at": "2026-11-22T23:40:12.502Z",
                "updated_at": "2026-11-22T23:40:12.502Z",
                "expires_at": "2026-11-23T00:10:12.502Z",
                "total_amount": "187.34",
                "total_currency": "EUR",
                "base_amount": "146.13",
                "base_currency": "EUR",
                "tax_amount": "41.21",
                "tax_currency": "EUR",
                "owner": {"id": "arl_00009VME7D6ivUu8dn35ZZ", "iata_code": "ZZ", "name": "Duffel Airways"},
                "passengers": [{"id": "pas_0000AbCDuFfElPaSsEnGeR1", "type": "adult", "age": null, "loyalty_programme_accounts": []}],
                "payment_requirements": {"requires_instant_payment": false, "payment_required_by": "2026-11-24T23:40:12Z"},
                "slices": [
                  {
                    "id": "sli_0000AbC025DuFfElSaMpLe",
                    "origin": {
                      "type": "airport",
                      "id": "arp_vie_at",
                      "iata_code": "VIE",
                      "iata_city_code": "VIE",
                      "iata_country_code": "AT",
                      "city_name": "Vienna",
                      "time_zone": "Europe/Vienna",
                      "name": "Vienna International Airport"
                    },
                    "destination": {
                      "type": "airport",
                      "id": "arp_bcn_es",
                      "iata_code": "BCN",
                      "iata_city_code": "BCN",
                      "iata_country_code": "ES",
                      "city_name": "Barcelona",
                      "time_zone": "Europe/Madrid",
                      "name": "Josep Tarradellas Barcelona-El Prat Airport"
                    },
                    "origin_type": "airport",
                    "destination_type": "airport",
                    "duration": "PT2H45M",
                    "fare_brand_name": null,
                    "segments": [
                      {
                        "id": "seg_0000AbC023DuFfElSaMpLe",
                        "origin": {
                          "type": "airport",
                          "id": "arp_vie_at",
                          "iata_code": "VIE",
                          "iata_city_code": "VIE",
                          "iata_country_code": "AT",
                          "city_name": "Vienna",
                          "time_zone": "Europe/Vienna",
                          "name": "Vienna International Airport"
                        },
                        "destination": {
                          "type": "airport",
                          "id": "arp_bcn_es",
                          "iata_code": "BCN",
                          "iata_city_code": "BCN",
                          "iata_country_code": "ES",
                          "city_name": "Barcelona",
                          "time_zone": "Europe/Madrid",
                          "name": "Josep Tarradellas Barcelona-El Prat Airport"
                        },
                        "departing_at": "2026-12-18T15:40:00",
                        "arriving_at": "2026-12-18T18:25:00",
                        "duration": "PT2H45M",
                        "marketing_carrier": {"id": "arl_00009VME7D6ivUu8dn35ZZ", "iata_code": "ZZ", "name": "Duffel Airways"},
                        "marketing_carrier_flight_number": "4821",
                        "operating_carrier": {"id": "arl_00009VME7D6ivUu8dn35ZZ", "iata_code": "ZZ", "name": "Duffel Airways"},
                        "operating_carrier_flight_number": "4821",
                        "aircraft": {"id": "arc_0000AbC024DuFfElSaMpLe", "iata_code": "320", "name": "Airbus A320"},
                        "passengers": [
                          {
                            "passenger_id": "pas_0000AbCDuFfElPaSsEnGeR1",
                            "cabin_class": "economy",
                            "cabin_class_marketing_name": "Economy",
                            "fare_basis_code": "OZZOW",
                            "baggages": [{"type": "checked", "quantity": 1}, {"type": "carry_on", "quantity": 1}]
                          }
                        ]
                      }
                    ]
                  }
                ]
              }
            ]
          }
        }
        """#
}
