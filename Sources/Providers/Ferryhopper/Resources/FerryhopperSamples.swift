/// Ferryhopper answers written to the documented shape of its MCP server's tools' structured content,
/// compiled into the module so that the tool answers offline and the binary needs no resource bundle.
enum FerryhopperSamples {
    /// The `get_ports` answer, with the Greek ports of the cities the tool knows by name: the provider takes
    /// the ports named as the city it looks for or as one of its ports, so one list answers each name.
    /// Athens has three ports (Piraeus, Rafina, Lavrio); Santorini's is written as Ferryhopper writes it,
    /// `Santorini (Thira)`. `Agios Nikolaos`, in Crete, is a port of no city the tool knows.
    static let ports = #"""
        {
          "ports": [
            {"code": "PIR", "name": "Piraeus", "country": "GR", "location": "Athens"},
            {"code": "RAF", "name": "Rafina", "country": "GR", "location": "Athens"},
            {"code": "LAV", "name": "Lavrio", "country": "GR", "location": "Athens"},
            {"code": "JTR", "name": "Santorini (Thira)", "country": "GR"},
            {"code": "JMK", "name": "Mykonos", "country": "GR"},
            {"code": "JNX", "name": "Naxos", "country": "GR"},
            {"code": "HER", "name": "Heraklion", "country": "GR", "location": "Crete"},
            {"code": "AGN", "name": "Agios Nikolaos", "country": "GR", "location": "Crete"}
          ]
        }
        """#

    /// Piraeus to Santorini on 2026-12-18, for one passenger, prices in euro cents: six sailings as
    /// Ferryhopper lists them, times with Greece's winter offset.
    ///
    /// Blue Star Ferries' conventional ships (Blue Star Delos in the morning, Blue Star Naxos overnight,
    /// arriving after midnight) sell deck places, airline seats and cabins; SeaJets' WorldChampion Jet is a fast
    /// craft with economy and business seats; Superrunner Jet is Golden Star Ferries' ship sold under SeaJets'
    /// name (the owner and the marketing company differ); Zante Ferries' Dionisios Solomos sells deck only. The
    /// last sailing has no accommodation left on sale: it is left out with a note, never priced.
    static let piraeusToSantorini = #"""
        {
          "foundDirectItinerariesForTrip": [
            {
              "segments": [
                {
                  "vehicleIsMandatory": false,
                  "departurePort": {"name": "Piraeus"},
                  "arrivalPort": {"name": "Santorini (Thira)"},
                  "departureDateTime": "2026-12-18T07:25:00+02:00",
                  "arrivalDateTime": "2026-12-18T15:05:00+02:00",
                  "ownerCompany": {"name": "Blue Star Ferries"},
                  "marketingCompany": {"name": "Blue Star Ferries"},
                  "vessel": {"name": "Blue Star Delos"},
                  "accommodations": [
                    {"type": "DECK", "expectedPrice": {"totalPriceInCents": 4050}},
                    {"type": "AIRSEAT", "expectedPrice": {"totalPriceInCents": 4950}},
                    {"type": "CABIN", "expectedPrice": {"totalPriceInCents": 11900}}
                  ]
                }
              ],
              "hasVehicles": true,
              "hasPets": true,
              "hasETicket": true,
              "deepLink": "https://www.ferryhopper.com/en/booking/results?itinerary=PIR,JTR&dates=20261218&trip=BSF-0725"
            },
            {
              "segments": [
                {
                  "vehicleIsMandatory": false,
                  "departurePort": {"name": "Piraeus"},
                  "arrivalPort": {"name": "Santorini (Thira)"},
                  "departureDateTime": "2026-12-18T07:00:00+02:00",
                  "arrivalDateTime": "2026-12-18T11:45:00+02:00",
                  "ownerCompany": {"name": "SeaJets"},
                  "marketingCompany": {"name": "SeaJets"},
                  "vessel": {"name": "WorldChampion Jet"},
                  "accommodations": [
                    {"type": "ECONOMY_SEAT", "expectedPrice": {"totalPriceInCents": 9890}},
                    {"type": "BUSINESS_SEAT", "expectedPrice": {"totalPriceInCents": 14290}}
                  ]
                }
              ],
              "hasVehicles": false,
              "hasPets": true,
              "hasETicket": true,
              "deepLink": "https://www.ferryhopper.com/en/booking/results?itinerary=PIR,JTR&dates=20261218&trip=SJ-0700"
            },
            {
              "segments": [
                {
                  "vehicleIsMandatory": false,
                  "departurePort": {"name": "Piraeus"},
                  "arrivalPort": {"name": "Santorini (Thira)"},
                  "departureDateTime": "2026-12-18T17:30:00+02:00",
                  "arrivalDateTime": "2026-12-19T01:20:00+02:00",
                  "ownerCompany": {"name": "Blue Star Ferries"},
                  "marketingCompany": {"name": "Blue Star Ferries"},
                  "vessel": {"name": "Blue Star Naxos"},
                  "accommodations": [
                    {"type": "DECK", "expectedPrice": {"totalPriceInCents": 3950}},
                    {"type": "CABIN", "expectedPrice": {"totalPriceInCents": 10800}}
                  ]
                }
              ],
              "hasVehicles": true,
              "hasPets": true,
              "hasETicket": true,
              "deepLink": "https://www.ferryhopper.com/en/booking/results?itinerary=PIR,JTR&dates=20261218&trip=BSF-1730"
            },
            {
              "segments": [
                {
                  "vehicleIsMandatory": false,
                  "departurePort": {"name": "Piraeus"},
                  "arrivalPort": {"name": "Santorini (Thira)"},
                  "departureDateTime": "2026-12-18T07:15:00+02:00",
                  "arrivalDateTime": "2026-12-18T12:20:00+02:00",
                  "ownerCompany": {"name": "Golden Star Ferries"},
                  "marketingCompany": {"name": "SeaJets"},
                  "vessel": {"name": "Superrunner Jet"},
                  "accommodations": [
                    {"type": "ECONOMY_SEAT", "expectedPrice": {"totalPriceInCents": 8790}}
                  ]
                }
              ],
              "hasVehicles": true,
              "hasPets": false,
              "hasETicket": true,
              "deepLink": "https://www.ferryhopper.com/en/booking/results?itinerary=PIR,JTR&dates=20261218&trip=GSF-0715"
            },
            {
              "segments": [
                {
                  "vehicleIsMandatory": false,
                  "departurePort": {"name": "Piraeus"},
                  "arrivalPort": {"name": "Santorini (Thira)"},
                  "departureDateTime": "2026-12-18T15:30:00+02:00",
                  "arrivalDateTime": "2026-12-19T00:55:00+02:00",
                  "ownerCompany": {"name": "Zante Ferries"},
                  "marketingCompany": {"name": "Zante Ferries"},
                  "vessel": {"name": "Dionisios Solomos"},
                  "accommodations": [
                    {"type": "DECK", "expectedPrice": {"totalPriceInCents": 3500}}
                  ]
                }
              ],
              "hasVehicles": true,
              "hasPets": true,
              "hasETicket": false,
              "deepLink": "https://www.ferryhopper.com/en/booking/results?itinerary=PIR,JTR&dates=20261218&trip=ZF-1530"
            },
            {
              "segments": [
                {
                  "vehicleIsMandatory": false,
                  "departurePort": {"name": "Piraeus"},
                  "arrivalPort": {"name": "Santorini (Thira)"},
                  "departureDateTime": "2026-12-18T16:00:00+02:00",
                  "arrivalDateTime": "2026-12-18T20:50:00+02:00",
                  "ownerCompany": {"name": "SeaJets"},
                  "marketingCompany": {"name": "SeaJets"},
                  "vessel": {"name": "Champion Jet 2"},
                  "accommodations": []
                }
              ],
              "hasVehicles": false,
              "hasPets": true,
              "hasETicket": true,
              "deepLink": "https://www.ferryhopper.com/en/booking/results?itinerary=PIR,JTR&dates=20261218&trip=SJ-1600"
            }
          ]
        }
        """#

    /// The answer for a pair of ports with no sailing that day: Rafina and Lavrio to Santorini in the
    /// samples.
    static let noSailings = #"{"foundDirectItinerariesForTrip": []}"#
}
