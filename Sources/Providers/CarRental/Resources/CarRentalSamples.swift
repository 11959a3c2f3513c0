/// Recorded car-booking responses compiled into the module, so that the tool answers offline and the
/// binary needs no resource bundle that could go missing when it is moved.
enum CarRentalSamples {
    /// `GET /cars`: the cars on offer at Barcelona airport in December 2026, priced per day in euros or in
    /// Egyptian pounds (52.48 EGP per EUR in the embedded rates table), 25 to 95 EUR a day.
    ///
    /// The Fiat 500 at positions 4 and 5 is one record sent twice: the service repeats plates, and a plate
    /// names one car, so the search lists it once. The figures are chosen so that `--color red --max-price 30`
    /// finds nothing, while dropping either filter finds some: the only red car costs 41.90 EUR, and four
    /// cars (five records) cost 30 EUR or less.
    static let cars = #"""
        {
          "status": {"code": 200, "message": "OK"},
          "cars": [
            {"model": 2024, "plate_number": "4821 MKT", "brand": "SEAT", "unit_price": 27.5, "currency": "EUR", "color": "WHITE"},
            {"model": 2023, "plate_number": "7390 LZB", "brand": "Renault", "unit_price": 1364.48, "currency": "EGP", "color": "BLUE"},
            {"model": 2025, "plate_number": "2157 NHD", "brand": "Toyota", "unit_price": 41.9, "currency": "EUR", "color": "RED"},
            {"model": "2024", "plate_number": "5603 MFR", "brand": "Volkswagen", "unit_price": 2676.48, "currency": "EGP", "color": "BLACK"},
            {"model": 2023, "plate_number": "9914 LPW", "brand": "Fiat", "unit_price": 25, "currency": "EUR", "color": "SILVER"},
            {"model": 2023, "plate_number": "9914 LPW", "brand": "Fiat", "unit_price": 25, "currency": "EUR", "color": "SILVER"},
            {"model": 2025, "plate_number": "3388 NBC", "brand": "BMW", "unit_price": 4985.6, "currency": "EGP", "color": "BLACK"},
            {"model": 2024, "plate_number": "6042 MHJ", "brand": "Peugeot", "unit_price": 1548.16, "currency": "EGP", "color": "BLUE"}
          ]
        }
        """#
}
