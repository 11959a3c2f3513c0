/// Sample responses of Aviasales, compiled in so that the tool answers offline and the binary needs no
/// resource bundle.
enum AviasalesSamples {
    /// The name the sample is served under: the last component of the live request's path
    /// (``AviasalesRequestPlan/path``), as a `file://` folder names its recording.
    static let name = "prices_for_dates"

    /// The test search's answer for Vienna → Barcelona, in the shape the seed app's service answered
    /// `GET /api/search?origin=VIE&destination=BCN`: the demo scenario's flights in December 2026, in
    /// the service's own unsorted order. Four of them are also sold by Kiwi; Volotea comes by its Russian name,
    /// `Вольотеа`, which the name table reads as V7. One price comes as a fraction (`8900.0`), as the service
    /// sometimes sends it. Kept in this shape, which has no durations or instants, so that the first
    /// run shows how the tool merges a seller that knows only local times and airline names.
    static let testSearch = #"""
        {
          "passengers_count": 1,
          "origin": {"iata": "VIE", "name": "Вена"},
          "destination": {"iata": "BCN", "name": "Барселона"},
          "results": [
            {
              "id": "7b3f2c1a-5d4e-4f8a-9b61-2c7e0d9a4f13",
              "departure_date_time": "2026-12-19 18:20",
              "arrival_date_time": "2026-12-19 21:00",
              "price": {"currency": "RUB", "value": 13990},
              "airline": "Austrian Airlines",
              "available_tickets_count": 12
            },
            {
              "id": "c41e8b07-2f9a-4d3c-8e15-6a0b7f2d9c48",
              "departure_date_time": "2026-12-20 06:40",
              "arrival_date_time": "2026-12-20 09:15",
              "price": {"currency": "RUB", "value": 5490},
              "airline": "Уизз Эйр",
              "available_tickets_count": 7
            },
            {
              "id": "1f9d6a3e-8c2b-4b7f-a0d4-5e3c9b1a7f62",
              "departure_date_time": "2026-12-18 07:05",
              "arrival_date_time": "2026-12-18 09:45",
              "price": {"currency": "RUB", "value": 16450},
              "airline": "Австрийские авиалинии",
              "available_tickets_count": 9
            },
            {
              "id": "e8a2d5c9-3b6f-4e1a-9c07-4d8f2b6e0a35",
              "departure_date_time": "2026-12-20 16:10",
              "arrival_date_time": "2026-12-20 18:45",
              "price": {"currency": "RUB", "value": 7650},
              "airline": "Vueling",
              "available_tickets_count": 31
            },
            {
              "id": "5a0c7e4b-9d1f-4a6e-b3c8-8f2e1d5a9b74",
              "departure_date_time": "2026-12-19 10:15",
              "arrival_date_time": "2026-12-19 12:55",
              "price": {"currency": "RUB", "value": 6200},
              "airline": "Вольотеа",
              "available_tickets_count": 3
            },
            {
              "id": "93b6f1d8-6e4a-4c2d-8a9f-0b7d3e5c1a26",
              "departure_date_time": "2026-12-18 12:30",
              "arrival_date_time": "2026-12-18 15:05",
              "price": {"currency": "RUB", "value": 8900.0},
              "airline": "Вуэлинг",
              "available_tickets_count": 24
            }
          ]
        }
        """#
}
