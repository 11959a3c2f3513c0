/// Recorded SunWeb responses compiled into the module, so that the tool answers offline and the binary
/// needs no resource bundle that could go missing when it is moved.
enum SunWebSamples {
    /// `GET /flights` for the shared Vienna / Amsterdam / Barcelona scenario: five flights out and three
    /// back, priced per seat in EUR, with no dates or times (SunWeb publishes none).
    ///
    /// Vienna has two flights to Barcelona and two back, so four round trips; Amsterdam has two out and
    /// one back, so two; the Eurowings flight to Amsterdam has no flight back and makes no round trip.
    static let flights = #"""
        {
          "data": {
            "outboundFlights": [
              {"id": 101, "airline": "Vueling", "price": 92,
               "departureAirportCode": "VIE", "arrivalAirportCode": "BCN"},
              {"id": 102, "airline": "Austrian", "price": 155,
               "departureAirportCode": "VIE", "arrivalAirportCode": "BCN"},
              {"id": 103, "airline": "Transavia", "price": 79,
               "departureAirportCode": "AMS", "arrivalAirportCode": "BCN"},
              {"id": 104, "airline": "Vueling", "price": 88,
               "departureAirportCode": "AMS", "arrivalAirportCode": "BCN"},
              {"id": 105, "airline": "Eurowings", "price": 99,
               "departureAirportCode": "VIE", "arrivalAirportCode": "AMS"}
            ],
            "inboundFlights": [
              {"id": 201, "airline": "Vueling", "price": 87,
               "departureAirportCode": "BCN", "arrivalAirportCode": "VIE"},
              {"id": 202, "airline": "Austrian", "price": 149,
               "departureAirportCode": "BCN", "arrivalAirportCode": "VIE"},
              {"id": 203, "airline": "Transavia", "price": 81,
               "departureAirportCode": "BCN", "arrivalAirportCode": "AMS"}
            ]
          }
        }
        """#

    /// `GET /airlines`: the five airlines SunWeb works with, keyed as its flights name them. Iberia has
    /// no flights in the sample, as an airline in the list may not.
    static let airlines = #"""
        {
          "airlines": [
            {
              "id": "Vueling",
              "name": "Vueling (Vueling Airlines)",
              "headline": "Fly smart to Barcelona",
              "description": "Vueling flies from its Barcelona hub to more than a hundred cities in Europe.",
              "logoImg": "https://static.sunweb.nl/airlines/vueling/logo.png",
              "mainImg": "https://static.sunweb.nl/airlines/vueling/main.jpg"
            },
            {
              "id": "Transavia",
              "name": "Transavia",
              "headline": "Sun from Amsterdam",
              "description": "Transavia flies holidaymakers from Amsterdam Schiphol to the Mediterranean.",
              "logoImg": "https://static.sunweb.nl/airlines/transavia/logo.png",
              "mainImg": "https://static.sunweb.nl/airlines/transavia/main.jpg"
            },
            {
              "id": "Austrian",
              "name": "Austrian Airlines",
              "headline": "Vienna's home carrier to the sea",
              "description": "Austrian Airlines connects Vienna with Europe's sunniest coasts.",
              "logoImg": "https://static.sunweb.nl/airlines/austrian/logo.png",
              "mainImg": "https://static.sunweb.nl/airlines/austrian/main.jpg"
            },
            {
              "id": "Eurowings",
              "name": "Eurowings",
              "headline": "Europe's value wings",
              "description": "Eurowings links Vienna, Amsterdam and Germany's cities at low fares.",
              "logoImg": "https://static.sunweb.nl/airlines/eurowings/logo.png",
              "mainImg": "https://static.sunweb.nl/airlines/eurowings/main.jpg"
            },
            {
              "id": "Iberia",
              "name": "Iberia",
              "headline": "Spain, from Madrid",
              "description": "Iberia flies from Madrid to Spain's islands and beyond.",
              "logoImg": "https://static.sunweb.nl/airlines/iberia/logo.png",
              "mainImg": "https://static.sunweb.nl/airlines/iberia/main.jpg"
            }
          ]
        }
        """#
}
