/// Skiplagged answers written to the documented shape of the `sk_flights_search` tool's structured content,
/// compiled into the module so that the tool answers offline and the binary needs no resource bundle.
enum SkiplaggedSamples {
    /// The answer for one adult from Vienna to Barcelona on 2026-12-18, in US dollars, in the shared
    /// Vienna / Barcelona scenario: six cards, as Skiplagged lists them.
    ///
    /// Two are nonstop flights the Kiwi sample also sells, so `--providers kiwi,skiplagged` merges them on
    /// the first run: Austrian Airlines at 07:05 (Kiwi's OS 395) and Vueling at 12:30 (VY 1815, which the
    /// Duffel sample sells too). The Iberia card at 10:45 is a hidden-city fare: the ticket goes on beyond
    /// Barcelona. Lufthansa and Vueling at 06:10 are separate tickets joined by Skiplagged (virtual
    /// interlining), through an airport the card does not name. Swiss at 06:50 is Kiwi's LX 1577 and LX
    /// 1952 through Zurich, but the card does not name its connection, so it stays a trip of its own. The
    /// last card is a round trip, back on 2026-12-20 at 19:35: Kiwi's VY 1815 and VY 1816. Times are local
    /// at each airport; the card ids and the search URL are new in every answer.
    static let flightsSearch = #"""
        {
          "searchUrl": "https://skiplagged.com/flights/VIE/BCN/2026-12-18",
          "flights": [
            {
              "type": "FlightCard",
              "id": "sk-7f3a1c-0",
              "airlines": "Iberia",
              "departure": {"airport": "VIE", "dateTime": "2026-12-18T10:45:00"},
              "arrival": {"airport": "BCN", "dateTime": "2026-12-18T13:20:00"},
              "duration": "2h 35m",
              "layovers": 0,
              "price": {"amount": 72, "currency": "USD"},
              "deepLink": "https://skiplagged.com/flights/VIE/BCN/2026-12-18#trip=IB3237",
              "attributes": ["hidden_city"]
            },
            {
              "type": "FlightCard",
              "id": "sk-7f3a1c-1",
              "airlines": "Lufthansa, Vueling",
              "departure": {"airport": "VIE", "dateTime": "2026-12-18T06:10:00"},
              "arrival": {"airport": "BCN", "dateTime": "2026-12-18T13:55:00"},
              "duration": "7h 45m",
              "layovers": 1,
              "price": {"amount": 88, "currency": "USD"},
              "deepLink": "https://skiplagged.com/flights/VIE/BCN/2026-12-18#trip=LH1235,VY1645",
              "attributes": ["virtual_interlining"]
            },
            {
              "type": "FlightCard",
              "id": "sk-7f3a1c-2",
              "airlines": "Vueling",
              "departure": {"airport": "VIE", "dateTime": "2026-12-18T12:30:00"},
              "arrival": {"airport": "BCN", "dateTime": "2026-12-18T15:05:00"},
              "duration": "PT2H35M",
              "layovers": 0,
              "price": {"amount": 99, "currency": "USD"},
              "deepLink": "https://skiplagged.com/flights/VIE/BCN/2026-12-18#trip=VY1815",
              "attributes": []
            },
            {
              "type": "FlightCard",
              "id": "sk-7f3a1c-3",
              "airlines": "Swiss",
              "departure": {"airport": "VIE", "dateTime": "2026-12-18T06:50:00"},
              "arrival": {"airport": "BCN", "dateTime": "2026-12-18T11:30:00"},
              "duration": "4h 40m",
              "layovers": 1,
              "price": {"amount": 139, "currency": "USD"},
              "deepLink": "https://skiplagged.com/flights/VIE/BCN/2026-12-18#trip=LX1577,LX1952",
              "attributes": []
            },
            {
              "type": "FlightCard",
              "id": "sk-7f3a1c-4",
              "airlines": "Austrian Airlines",
              "departure": {"airport": "VIE", "dateTime": "2026-12-18T07:05:00"},
              "arrival": {"airport": "BCN", "dateTime": "2026-12-18T09:45:00"},
              "duration": "2h 40m",
              "layovers": 0,
              "price": {"amount": 186, "currency": "USD"},
              "deepLink": "https://skiplagged.com/flights/VIE/BCN/2026-12-18#trip=OS395",
              "attributes": []
            },
            {
              "type": "FlightCard",
              "id": "sk-7f3a1c-5",
              "airlines": "Vueling",
              "departure": {"airport": "VIE", "dateTime": "2026-12-18T12:30:00"},
              "arrival": {"airport": "BCN", "dateTime": "2026-12-18T15:05:00"},
              "duration": "2h 35m",
              "layovers": 0,
              "price": {"amount": 214, "currency": "USD"},
              "deepLink": "https://skiplagged.com/flights/VIE/BCN/2026-12-18/2026-12-20#trip=VY1815,VY1816",
              "attributes": [],
              "returnFlight": {
                "departure": {"airport": "BCN", "dateTime": "2026-12-20T19:35:00"},
                "arrival": {"airport": "VIE", "dateTime": "2026-12-20T22:05:00"},
                "duration": "2h 30m",
                "layovers": 0
              }
            }
          ]
        }
        """#

    /// The answer for one adult from Vienna to Budapest on 2026-12-18, in US dollars: three cards, so that a
    /// search from Vienna to Budapest compares flights with the coaches and trains other sellers offer. It
    /// is named `sk_flights_search?destination=BUD` and answers only calls to Budapest (see
    /// `EmbeddedResponses`). Two are Austrian Airlines nonstops of 45 minutes; the third connects in Munich on
    /// Lufthansa, through an airport the card does not name.
    static let flightsSearchToBudapest = #"""
        {
          "searchUrl": "https://skiplagged.com/flights/VIE/BUD/2026-12-18",
          "flights": [
            {
              "type": "FlightCard",
              "id": "sk-2b9e4d-0",
              "airlines": "Austrian Airlines",
              "departure": {"airport": "VIE", "dateTime": "2026-12-18T19:40:00"},
              "arrival": {"airport": "BUD", "dateTime": "2026-12-18T20:25:00"},
              "duration": "45m",
              "layovers": 0,
              "price": {"amount": 96, "currency": "USD"},
              "deepLink": "https://skiplagged.com/flights/VIE/BUD/2026-12-18#trip=OS723",
              "attributes": []
            },
            {
              "type": "FlightCard",
              "id": "sk-2b9e4d-1",
              "airlines": "Austrian Airlines",
              "departure": {"airport": "VIE", "dateTime": "2026-12-18T07:25:00"},
              "arrival": {"airport": "BUD", "dateTime": "2026-12-18T08:10:00"},
              "duration": "45m",
              "layovers": 0,
              "price": {"amount": 119, "currency": "USD"},
              "deepLink": "https://skiplagged.com/flights/VIE/BUD/2026-12-18#trip=OS711",
              "attributes": []
            },
            {
              "type": "FlightCard",
              "id": "sk-2b9e4d-2",
              "airlines": "Lufthansa",
              "departure": {"airport": "VIE", "dateTime": "2026-12-18T06:05:00"},
              "arrival": {"airport": "BUD", "dateTime": "2026-12-18T10:40:00"},
              "duration": "4h 35m",
              "layovers": 1,
              "price": {"amount": 142, "currency": "USD"},
              "deepLink": "https://skiplagged.com/flights/VIE/BUD/2026-12-18#trip=LH2325,LH1678",
              "attributes": []
            }
          ]
        }
        """#
}
