// Embedded answers of Ryanair's fare finder (`https://services-api.ryanair.com/farfnd/v4`), written from the
// service's documented shape for December 2026. Times are local wall clocks with no zone, as the service
// writes them.

/// The embedded answers.
enum RyanairSamples {
    /// Vienna to Barcelona on 18 December 2026 (`oneWayFares?departureAirportIataCode=VIE&arrivalAirportIataCode=BCN&outboundDepartureDateFrom=2026-12-18&outboundDepartureDateTo=2026-12-18&currency=EUR&adultPaxCount=1`): the day's cheapest fare, FR 1017.
    static let vieBcn = #"""
        {
          "total": 1,
          "arrivalAirportCategories": null,
          "fares": [
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Austria",
                  "iataCode": "VIE",
                  "name": "Vienna",
                  "seoName": "vienna",
                  "city": {
                    "name": "Vienna",
                    "code": "VIENNA"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Spain",
                  "iataCode": "BCN",
                  "name": "Barcelona El Prat",
                  "seoName": "barcelona",
                  "city": {
                    "name": "Barcelona",
                    "code": "BARCELONA"
                  }
                },
                "departureDate": "2026-12-18T10:15:00",
                "arrivalDate": "2026-12-18T12:40:00",
                "price": {
                  "value": 39.99,
                  "valueMainUnit": "39",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightKey": "FR~1017~ ~~VIE~12/18/2026 10:15~BCN~12/18/2026 12:40~~",
                "flightNumber": "FR1017",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 39.99,
                  "valueMainUnit": "39",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            }
          ],
          "nextPage": null,
          "size": 1
        }
        """#

    /// Dublin to Barcelona on 18 December 2026: FR 504, which leaves at 21:50 and lands at 01:20 the next day, local times with no zone (2 h 30 min: Barcelona is an hour ahead).
    static let dubBcn = #"""
        {
          "total": 1,
          "arrivalAirportCategories": null,
          "fares": [
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Ireland",
                  "iataCode": "DUB",
                  "name": "Dublin",
                  "seoName": "dublin",
                  "city": {
                    "name": "Dublin",
                    "code": "DUBLIN"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Spain",
                  "iataCode": "BCN",
                  "name": "Barcelona El Prat",
                  "seoName": "barcelona",
                  "city": {
                    "name": "Barcelona",
                    "code": "BARCELONA"
                  }
                },
                "departureDate": "2026-12-18T21:50:00",
                "arrivalDate": "2026-12-19T01:20:00",
                "price": {
                  "value": 54.99,
                  "valueMainUnit": "54",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightKey": "FR~ 504~ ~~DUB~12/18/2026 21:50~BCN~12/19/2026 01:20~~",
                "flightNumber": "FR504",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 54.99,
                  "valueMainUnit": "54",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            }
          ],
          "nextPage": null,
          "size": 1
        }
        """#

    /// London Stansted to Milan Bergamo on 18 December 2026, priced in pounds as the answer states, whatever currency was asked for.
    static let stnBgy = #"""
        {
          "total": 1,
          "arrivalAirportCategories": null,
          "fares": [
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "United Kingdom",
                  "iataCode": "STN",
                  "name": "London Stansted",
                  "seoName": "london-stansted",
                  "city": {
                    "name": "London",
                    "code": "LONDON"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Italy",
                  "iataCode": "BGY",
                  "name": "Milan Bergamo",
                  "seoName": "milan-bergamo",
                  "city": {
                    "name": "Milan",
                    "code": "MILAN"
                  }
                },
                "departureDate": "2026-12-18T06:30:00",
                "arrivalDate": "2026-12-18T09:25:00",
                "price": {
                  "value": 19.99,
                  "valueMainUnit": "19",
                  "valueFractionalUnit": "99",
                  "currencyCode": "GBP",
                  "currencySymbol": "£"
                },
                "flightKey": "FR~2011~ ~~STN~12/18/2026 06:30~BGY~12/18/2026 09:25~~",
                "flightNumber": "FR2011",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 19.99,
                  "valueMainUnit": "19",
                  "valueFractionalUnit": "99",
                  "currencyCode": "GBP",
                  "currencySymbol": "£"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            }
          ],
          "nextPage": null,
          "size": 1
        }
        """#

    /// From Vienna to anywhere on 18 December 2026 (`oneWayFares` without `arrivalAirportIataCode`): the cheapest fare to each destination.
    static let fromVienna = #"""
        {
          "total": 4,
          "arrivalAirportCategories": null,
          "fares": [
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Austria",
                  "iataCode": "VIE",
                  "name": "Vienna",
                  "seoName": "vienna",
                  "city": {
                    "name": "Vienna",
                    "code": "VIENNA"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Italy",
                  "iataCode": "BGY",
                  "name": "Milan Bergamo",
                  "seoName": "milan-bergamo",
                  "city": {
                    "name": "Milan",
                    "code": "MILAN"
                  }
                },
                "departureDate": "2026-12-18T17:05:00",
                "arrivalDate": "2026-12-18T18:30:00",
                "price": {
                  "value": 15.99,
                  "valueMainUnit": "15",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightNumber": "FR8302",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 15.99,
                  "valueMainUnit": "15",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            },
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Austria",
                  "iataCode": "VIE",
                  "name": "Vienna",
                  "seoName": "vienna",
                  "city": {
                    "name": "Vienna",
                    "code": "VIENNA"
                  }
                },
                "arrivalAirport": {
                  "countryName": "United Kingdom",
                  "iataCode": "STN",
                  "name": "London Stansted",
                  "seoName": "london-stansted",
                  "city": {
                    "name": "London",
                    "code": "LONDON"
                  }
                },
                "departureDate": "2026-12-18T06:40:00",
                "arrivalDate": "2026-12-18T08:10:00",
                "price": {
                  "value": 24.99,
                  "valueMainUnit": "24",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightNumber": "FR3401",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 24.99,
                  "valueMainUnit": "24",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            },
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Austria",
                  "iataCode": "VIE",
                  "name": "Vienna",
                  "seoName": "vienna",
                  "city": {
                    "name": "Vienna",
                    "code": "VIENNA"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Spain",
                  "iataCode": "BCN",
                  "name": "Barcelona El Prat",
                  "seoName": "barcelona",
                  "city": {
                    "name": "Barcelona",
                    "code": "BARCELONA"
                  }
                },
                "departureDate": "2026-12-18T10:15:00",
                "arrivalDate": "2026-12-18T12:40:00",
                "price": {
                  "value": 39.99,
                  "valueMainUnit": "39",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightKey": "FR~1017~ ~~VIE~12/18/2026 10:15~BCN~12/18/2026 12:40~~",
                "flightNumber": "FR1017",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 39.99,
                  "valueMainUnit": "39",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            },
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Austria",
                  "iataCode": "VIE",
                  "name": "Vienna",
                  "seoName": "vienna",
                  "city": {
                    "name": "Vienna",
                    "code": "VIENNA"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Ireland",
                  "iataCode": "DUB",
                  "name": "Dublin",
                  "seoName": "dublin",
                  "city": {
                    "name": "Dublin",
                    "code": "DUBLIN"
                  }
                },
                "departureDate": "2026-12-18T13:20:00",
                "arrivalDate": "2026-12-18T15:35:00",
                "price": {
                  "value": 44.99,
                  "valueMainUnit": "44",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightNumber": "FR7071",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 44.99,
                  "valueMainUnit": "44",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            }
          ],
          "nextPage": null,
          "size": 4
        }
        """#

    /// From Dublin to anywhere on 18 December 2026: the cheapest fare to each destination, FR 504 to Barcelona among them.
    static let fromDublin = #"""
        {
          "total": 4,
          "arrivalAirportCategories": null,
          "fares": [
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Ireland",
                  "iataCode": "DUB",
                  "name": "Dublin",
                  "seoName": "dublin",
                  "city": {
                    "name": "Dublin",
                    "code": "DUBLIN"
                  }
                },
                "arrivalAirport": {
                  "countryName": "United Kingdom",
                  "iataCode": "STN",
                  "name": "London Stansted",
                  "seoName": "london-stansted",
                  "city": {
                    "name": "London",
                    "code": "LONDON"
                  }
                },
                "departureDate": "2026-12-18T07:00:00",
                "arrivalDate": "2026-12-18T08:20:00",
                "price": {
                  "value": 17.99,
                  "valueMainUnit": "17",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightNumber": "FR202",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 17.99,
                  "valueMainUnit": "17",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            },
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Ireland",
                  "iataCode": "DUB",
                  "name": "Dublin",
                  "seoName": "dublin",
                  "city": {
                    "name": "Dublin",
                    "code": "DUBLIN"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Italy",
                  "iataCode": "BGY",
                  "name": "Milan Bergamo",
                  "seoName": "milan-bergamo",
                  "city": {
                    "name": "Milan",
                    "code": "MILAN"
                  }
                },
                "departureDate": "2026-12-18T11:45:00",
                "arrivalDate": "2026-12-18T15:30:00",
                "price": {
                  "value": 29.99,
                  "valueMainUnit": "29",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightNumber": "FR1986",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 29.99,
                  "valueMainUnit": "29",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            },
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Ireland",
                  "iataCode": "DUB",
                  "name": "Dublin",
                  "seoName": "dublin",
                  "city": {
                    "name": "Dublin",
                    "code": "DUBLIN"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Austria",
                  "iataCode": "VIE",
                  "name": "Vienna",
                  "seoName": "vienna",
                  "city": {
                    "name": "Vienna",
                    "code": "VIENNA"
                  }
                },
                "departureDate": "2026-12-18T16:10:00",
                "arrivalDate": "2026-12-18T20:05:00",
                "price": {
                  "value": 49.99,
                  "valueMainUnit": "49",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightNumber": "FR7072",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 49.99,
                  "valueMainUnit": "49",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            },
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Ireland",
                  "iataCode": "DUB",
                  "name": "Dublin",
                  "seoName": "dublin",
                  "city": {
                    "name": "Dublin",
                    "code": "DUBLIN"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Spain",
                  "iataCode": "BCN",
                  "name": "Barcelona El Prat",
                  "seoName": "barcelona",
                  "city": {
                    "name": "Barcelona",
                    "code": "BARCELONA"
                  }
                },
                "departureDate": "2026-12-18T21:50:00",
                "arrivalDate": "2026-12-19T01:20:00",
                "price": {
                  "value": 54.99,
                  "valueMainUnit": "54",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightKey": "FR~ 504~ ~~DUB~12/18/2026 21:50~BCN~12/19/2026 01:20~~",
                "flightNumber": "FR504",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 54.99,
                  "valueMainUnit": "54",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            }
          ],
          "nextPage": null,
          "size": 4
        }
        """#

    /// Vienna to Barcelona on 18 December 2026 and back on 20 December (`roundTripFares`), the summary the price of both ways.
    static let vieBcnReturn = #"""
        {
          "total": 1,
          "arrivalAirportCategories": null,
          "fares": [
            {
              "outbound": {
                "departureAirport": {
                  "countryName": "Austria",
                  "iataCode": "VIE",
                  "name": "Vienna",
                  "seoName": "vienna",
                  "city": {
                    "name": "Vienna",
                    "code": "VIENNA"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Spain",
                  "iataCode": "BCN",
                  "name": "Barcelona El Prat",
                  "seoName": "barcelona",
                  "city": {
                    "name": "Barcelona",
                    "code": "BARCELONA"
                  }
                },
                "departureDate": "2026-12-18T10:15:00",
                "arrivalDate": "2026-12-18T12:40:00",
                "price": {
                  "value": 39.99,
                  "valueMainUnit": "39",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightKey": "FR~1017~ ~~VIE~12/18/2026 10:15~BCN~12/18/2026 12:40~~",
                "flightNumber": "FR1017",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "inbound": {
                "departureAirport": {
                  "countryName": "Spain",
                  "iataCode": "BCN",
                  "name": "Barcelona El Prat",
                  "seoName": "barcelona",
                  "city": {
                    "name": "Barcelona",
                    "code": "BARCELONA"
                  }
                },
                "arrivalAirport": {
                  "countryName": "Austria",
                  "iataCode": "VIE",
                  "name": "Vienna",
                  "seoName": "vienna",
                  "city": {
                    "name": "Vienna",
                    "code": "VIENNA"
                  }
                },
                "departureDate": "2026-12-20T13:30:00",
                "arrivalDate": "2026-12-20T15:55:00",
                "price": {
                  "value": 49.99,
                  "valueMainUnit": "49",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "flightNumber": "FR1018",
                "previousPrice": null,
                "priceUpdated": 1795000000000
              },
              "summary": {
                "price": {
                  "value": 89.98,
                  "valueMainUnit": "89",
                  "valueFractionalUnit": "98",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "previousPrice": null,
                "newRoute": false,
                "tripDurationDays": null
              }
            }
          ],
          "nextPage": null,
          "size": 1
        }
        """#

    /// Vienna to Barcelona, December 2026 (`oneWayFares/VIE/BCN/cheapestPerDay?outboundMonthOfDate=2026-12-01&currency=EUR`): one fare per day it is flown (Mondays, Wednesdays, Fridays and Sundays), the 23rd sold out, and the other days `unavailable` with no price. It answers every route's December, since the route is in the path.
    static let december = #"""
        {
          "outbound": {
            "fares": [
              {
                "day": "2026-12-01",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-02",
                "arrivalDate": "2026-12-02T12:40:00",
                "departureDate": "2026-12-02T10:15:00",
                "price": {
                  "value": 19.99,
                  "valueMainUnit": "19",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-03",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-04",
                "arrivalDate": "2026-12-04T12:40:00",
                "departureDate": "2026-12-04T10:15:00",
                "price": {
                  "value": 59.99,
                  "valueMainUnit": "59",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-05",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-06",
                "arrivalDate": "2026-12-06T12:40:00",
                "departureDate": "2026-12-06T10:15:00",
                "price": {
                  "value": 29.99,
                  "valueMainUnit": "29",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-07",
                "arrivalDate": "2026-12-07T09:40:00",
                "departureDate": "2026-12-07T07:15:00",
                "price": {
                  "value": 34.99,
                  "valueMainUnit": "34",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-08",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-09",
                "arrivalDate": "2026-12-09T09:40:00",
                "departureDate": "2026-12-09T07:15:00",
                "price": {
                  "value": 44.99,
                  "valueMainUnit": "44",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-10",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-11",
                "arrivalDate": "2026-12-11T09:40:00",
                "departureDate": "2026-12-11T07:15:00",
                "price": {
                  "value": 24.99,
                  "valueMainUnit": "24",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-12",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-13",
                "arrivalDate": "2026-12-13T09:40:00",
                "departureDate": "2026-12-13T07:15:00",
                "price": {
                  "value": 34.99,
                  "valueMainUnit": "34",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-14",
                "arrivalDate": "2026-12-14T12:40:00",
                "departureDate": "2026-12-14T10:15:00",
                "price": {
                  "value": 19.99,
                  "valueMainUnit": "19",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-15",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-16",
                "arrivalDate": "2026-12-16T12:40:00",
                "departureDate": "2026-12-16T10:15:00",
                "price": {
                  "value": 59.99,
                  "valueMainUnit": "59",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-17",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-18",
                "arrivalDate": "2026-12-18T12:40:00",
                "departureDate": "2026-12-18T10:15:00",
                "price": {
                  "value": 39.99,
                  "valueMainUnit": "39",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-19",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-20",
                "arrivalDate": "2026-12-20T12:40:00",
                "departureDate": "2026-12-20T10:15:00",
                "price": {
                  "value": 59.99,
                  "valueMainUnit": "59",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-21",
                "arrivalDate": "2026-12-21T09:40:00",
                "departureDate": "2026-12-21T07:15:00",
                "price": {
                  "value": 84.99,
                  "valueMainUnit": "84",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-22",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-23",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": true,
                "unavailable": false
              },
              {
                "day": "2026-12-24",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-25",
                "arrivalDate": "2026-12-25T09:40:00",
                "departureDate": "2026-12-25T07:15:00",
                "price": {
                  "value": 74.99,
                  "valueMainUnit": "74",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-26",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-27",
                "arrivalDate": "2026-12-27T09:40:00",
                "departureDate": "2026-12-27T07:15:00",
                "price": {
                  "value": 84.99,
                  "valueMainUnit": "84",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-28",
                "arrivalDate": "2026-12-28T12:40:00",
                "departureDate": "2026-12-28T10:15:00",
                "price": {
                  "value": 99.99,
                  "valueMainUnit": "99",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-29",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              },
              {
                "day": "2026-12-30",
                "arrivalDate": "2026-12-30T12:40:00",
                "departureDate": "2026-12-30T10:15:00",
                "price": {
                  "value": 69.99,
                  "valueMainUnit": "69",
                  "valueFractionalUnit": "99",
                  "currencyCode": "EUR",
                  "currencySymbol": "€"
                },
                "soldOut": false,
                "unavailable": false
              },
              {
                "day": "2026-12-31",
                "arrivalDate": null,
                "departureDate": null,
                "price": null,
                "soldOut": false,
                "unavailable": true
              }
            ],
            "minFare": null,
            "maxFare": null
          }
        }
        """#

    /// An answer without fares, for any other route or day.
    static let noFares = #"""
        {
          "total": 0,
          "arrivalAirportCategories": null,
          "fares": [],
          "nextPage": null,
          "size": 0
        }
        """#

    /// A month without fares, for any other month.
    static let noDays = #"""
        {
          "outbound": {
            "fares": [],
            "minFare": null,
            "maxFare": null
          }
        }
        """#
}
