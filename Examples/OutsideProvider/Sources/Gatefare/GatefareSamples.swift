/// The embedded answer to `GET /v2/shopping/flight-offers`, so that the provider works offline: one flight
/// Kiwi's sample also sells, and a connection only Gatefare sells.
enum GatefareSamples {
    static let flightOffers = #"""
        {"meta": {"count": 2}, "data": [
          {"type": "flight-offer", "id": "1", "numberOfBookableSeats": 3,
           "itineraries": [{"duration": "PT2H35M", "segments": [
             {"departure": {"iataCode": "VIE", "at": "2026-12-18T12:30:00"},
              "arrival": {"iataCode": "BCN", "at": "2026-12-18T15:05:00"}, "carrierCode": "VY", "number": "1815"}]}],
           "price": {"currency": "EUR", "grandTotal": "93.10"}},
          {"type": "flight-offer", "id": "2", "numberOfBookableSeats": 9,
           "itineraries": [{"duration": "PT5H10M", "segments": [
             {"departure": {"iataCode": "VIE", "at": "2026-12-18T06:10:00"},
              "arrival": {"iataCode": "ZRH", "at": "2026-12-18T07:35:00"}, "carrierCode": "LX", "number": "1579"},
             {"departure": {"iataCode": "ZRH", "at": "2026-12-18T09:30:00"},
              "arrival": {"iataCode": "BCN", "at": "2026-12-18T11:20:00"}, "carrierCode": "LX", "number": "1952"}]}],
           "price": {"currency": "EUR", "grandTotal": "141.60"}}
        ]}
        """#
}
