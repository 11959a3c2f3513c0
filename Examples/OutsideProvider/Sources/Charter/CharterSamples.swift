/// The embedded answer, so that the provider works offline: two flights Kiwi's sample also sells,
/// one only the charter sells.
enum CharterSamples {
    static let departures = #"""
        {"departures": [
          {"flight": "VY1815", "from": "VIE", "to": "BCN", "leaves": "2026-12-18T12:30",
           "fare": {"amount": "89.90", "currency": "EUR"}, "seats": 4},
          {"flight": "OS395", "from": "VIE", "to": "BCN", "leaves": "2026-12-18T07:05",
           "fare": {"amount": "175.00", "currency": "EUR"}, "seats": 2},
          {"flight": "EW7741", "from": "VIE", "to": "PMI", "leaves": "2026-12-21T09:10",
           "fare": {"amount": "129.00", "currency": "EUR"}, "seats": 11}
        ]}
        """#
}
