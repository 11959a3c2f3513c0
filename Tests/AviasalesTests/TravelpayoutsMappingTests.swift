import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import Aviasales

@Suite("Aviasales: Travelpayouts prices_for_dates answers")
struct TravelpayoutsMappingTests {
    static let viennaBarcelona = SearchQuery(origin: "VIE", destination: "BCN")

    /// `2026-12-18T12:30:00+01:00` and the like, as instants.
    static func instant(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        return try #require(formatter.date(from: text), "\(text)")
    }

    @Test("Several one-way records map to cached, per-person offers with instants, durations, codes and numbers")
    func oneWayRecords() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-vie-bcn.json", query: Self.viennaBarcelona)
        #expect(response.skipped == 0)
        #expect(response.notes.isEmpty)
        #expect(response.offers.count == 4)
        for offer in response.offers {
            #expect(offer.priceBasis == .perPerson)
            #expect(offer.tags == [.cachedPrice])
            #expect(offer.price.currency == .eur)
            #expect(offer.sources.first?.provider == "aviasales")
            #expect(offer.sources.first?.retrievedAt == OfferFactory.retrievedAt)
            #expect(offer.sources.first?.pricedFor == .one, "priced for one passenger")
        }
        #expect(
            response.offers.map { $0.product.itinerary?.segments.map(\.flightDesignator) ?? [] } == [
                ["VY 1815"], ["OS 395"], ["LH 1233", "LH"], ["W6 4471"],
            ])
        #expect(response.offers.map(\.price.amount) == [91, Decimal(string: "158.5"), 132, 54])
        #expect(Set(response.offers.map(\.id)).count == 4)
    }

    @Test("A direct flight knows its airports, cities, local departure, both instants and its duration")
    func directFlight() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-vie-bcn.json", query: Self.viennaBarcelona)
        let vueling = try #require(response.offers.first)
        let leg = try #require(vueling.product.itinerary?.legs.first)
        #expect(vueling.product.itinerary?.legs.count == 1)
        let segment = try #require(leg.segments.first)
        #expect(segment.carrier == Carrier(code: "VY"))
        #expect(segment.flightNumber == "1815")
        #expect(segment.origin == Place(airport: "VIE", city: "VIE"))
        #expect(segment.destination == Place(airport: "BCN", city: "BCN"))
        #expect(segment.departure?.local?.description == "2026-12-18T12:30")
        #expect(segment.departure?.utc == (try Self.instant("2026-12-18T11:30:00Z")))
        #expect(segment.arrival?.utc == (try Self.instant("2026-12-18T14:05:00Z")))
        #expect(segment.arrival?.local == nil, "the answer does not say which zone the arrival is in")
        #expect(leg.duration == .seconds(155 * 60))
        #expect(
            vueling.sources.first?.deepLink?.absoluteString
                == "https://www.aviasales.com/search/VIE1812BCN1?t=VY17660574001766066700000155VIEBCN_6a3b9f"
                + "&search_date=20112026&expected_price_uuid=5c1f3e2a-8d4b-4f7a-9e06-1b2c3d4e5f60"
                + "&expected_price_source=share&expected_price_currency=eur")
        #expect(vueling.sources.first?.reference == "VIE-BCN data[0]")
    }

    @Test("A flight number sent as a JSON number is read as its digits")
    func numericFlightNumber() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-vie-bcn.json", query: Self.viennaBarcelona)
        let austrian = response.offers[1]
        #expect(austrian.product.itinerary?.segments.first?.flightNumber == "395")
        #expect(austrian.product.itinerary?.duration == .seconds(160 * 60))
    }

    @Test("Transfers are stops at places the answer does not name: the leg shows them and never merges")
    func transfers() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-vie-bcn.json", query: Self.viennaBarcelona)
        let lufthansa = response.offers[2]
        let itinerary = try #require(lufthansa.product.itinerary)
        #expect(itinerary.stops == 1)
        let segments = itinerary.segments
        #expect(segments.count == 2)
        #expect(segments[0].origin == Place(airport: "VIE", city: "VIE"))
        #expect(segments[0].destination == Place())
        #expect(segments[0].departure?.utc == (try Self.instant("2026-12-19T05:10:00Z")))
        #expect(segments[0].arrival == nil)
        #expect(segments[1].origin == Place())
        #expect(segments[1].destination == Place(airport: "BCN", city: "BCN"))
        #expect(segments[1].departure == nil)
        #expect(segments[1].arrival?.utc == (try Self.instant("2026-12-19T10:15:00Z")))
        #expect(itinerary.duration == .seconds(305 * 60))
        let keys = MergeKeys(offer: lufthansa)
        #expect(keys.exact.isEmpty && keys.approximate == nil, "a connection it cannot name never merges")
        // No link in the record: the site's own search for the trip.
        #expect(lufthansa.sources.first?.deepLink?.absoluteString == "https://www.aviasales.com/search/VIE1912BCN1")
    }

    @Test("An absolute web link on the Aviasales site is kept as it is")
    func absoluteLink() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-vie-bcn.json", query: Self.viennaBarcelona)
        #expect(
            response.offers[3].sources.first?.deepLink?.absoluteString
                == "https://www.aviasales.com/search/VIE2012BCN1?t=W617662092001766218500000155VIEBCN_91dd04")
    }

    @Test("A round trip has a return leg between the cities, with its own instant, duration and transfers")
    func roundTrip() async throws {
        let response = try await AviasalesHarness.search(
            fixture: "tp-round-trip.json",
            query: SearchQuery(origin: "MOW", destination: "LED", roundTrip: true))
        #expect(response.skipped == 0)
        #expect(response.offers.count == 2)
        let aeroflot = try #require(response.offers.first?.product.itinerary)
        #expect(aeroflot.isRoundTrip)
        #expect(response.offers.first?.price == Money(7120, .rub))
        let out = aeroflot.legs[0]
        let back = aeroflot.legs[1]
        #expect(out.origin == Place(airport: "SVO", city: "MOW"))
        #expect(out.destination == Place(airport: "LED", city: "LED"))
        #expect(out.duration == .seconds(85 * 60))
        #expect(out.arrival?.utc == (try Self.instant("2026-12-01T05:25:00Z")))
        #expect(back.origin == Place(city: "LED"))
        #expect(back.destination == Place(city: "MOW"))
        #expect(back.departure?.local?.description == "2026-12-05T21:15")
        #expect(back.departure?.utc == (try Self.instant("2026-12-05T18:15:00Z")))
        #expect(back.arrival?.utc == (try Self.instant("2026-12-05T19:45:00Z")))
        #expect(back.duration == .seconds(90 * 60))
        #expect(back.segments.first?.carrier == Carrier(code: "SU"))
        #expect(back.segments.first?.flightNumber == nil, "the answer gives the outbound flight's number only")
        #expect(aeroflot.duration == .seconds(175 * 60))

        let s7 = try #require(response.offers.last?.product.itinerary)
        #expect(s7.legs[0].stops == 0)
        #expect(s7.legs[1].stops == 1)
        #expect(s7.legs[0].segments.first?.flightNumber == "1011")
        #expect(s7.legs[1].duration == .seconds(305 * 60))
    }

    @Test(
        "UTC offsets of any form give the right instant, and the local time stays the airport's",
        arguments: [
            (0, "2026-12-10T09:15", "2026-12-10T03:45:00Z", "2026-12-10T05:30:00Z"),
            (1, "2026-12-11T16:45", "2026-12-11T20:15:00Z", "2026-12-11T21:35:00Z"),
            (2, "2026-12-12T23:50", "2026-12-12T23:50:00Z", "2026-12-13T07:40:00Z"),
            (3, "2026-12-31T23:30", "2026-12-31T14:30:00Z", "2026-12-31T15:40:00Z"),
        ])
    func offsets(index: Int, local: String, departure: String, arrival: String) async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-offsets.json")
        #expect(response.skipped == 0)
        let segment = try #require(response.offers[index].product.itinerary?.segments.first)
        #expect(segment.departure?.local?.description == local)
        #expect(segment.departure?.utc == (try Self.instant(departure)))
        #expect(segment.arrival?.utc == (try Self.instant(arrival)))
        #expect(response.offers[index].price.currency == .usd)
    }

    @Test(
        "A leading zero in a flight number is kept as sent, and `duration` serves a one-way trip without `duration_to`")
    func leadingZeroAndDurationFallback() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-offsets.json")
        let british = response.offers[2]
        #expect(british.product.itinerary?.segments.first?.flightDesignator == "BA 0117")
        #expect(british.product.itinerary?.duration == .seconds(470 * 60))
        #expect(british.origin == Place(airport: "LHR", city: "LON"))
    }

    @Test("Ids come from the trip, not from the per-request token in the link, and are the same on every run")
    func stableIDs() async throws {
        let first = try await AviasalesHarness.search(fixture: "tp-vie-bcn.json")
        let second = try await AviasalesHarness.search(fixture: "tp-vie-bcn.json")
        #expect(first.offers.map(\.id) == second.offers.map(\.id))
        let body = try String(
            contentsOf: AviasalesHarness.fixtures.appendingPathComponent("tp-vie-bcn.json"), encoding: .utf8)
        let retokened = body.replacingOccurrences(of: "?t=", with: "?t=next-request-")
        #expect(retokened != body)
        let third = try await AviasalesHarness.search(body: retokened)
        #expect(third.offers.map(\.id) == first.offers.map(\.id))
        #expect(first.offers.allSatisfy { $0.id.hasPrefix("aviasales-") })
    }

    @Test("An exact repeat of a record is counted as a repeat once screened, the first kept")
    func exactRepeat() async throws {
        let record = #"""
            {"origin": "VIE", "destination": "BCN", "origin_airport": "VIE", "destination_airport": "BCN", "price": 91,
             "airline": "VY", "flight_number": "1815", "departure_at": "2026-12-18T12:30:00+01:00", "transfers": 0,
             "duration_to": 155, "link": "/search/VIE1812BCN1?t=a"}
            """#
        let body = #"{"success": true, "currency": "eur", "data": [\#(record), \#(record)]}"#
        let response = ResponseScreen().screen(try await AviasalesHarness.search(body: body)).response
        #expect(response.offers.count == 1)
        #expect(response.repeats == 1)
        #expect(response.skipped == 0)
    }

    @Test("A member named twice counts with its first value, as a lookup by name would read it")
    func repeatedMember() async throws {
        let body = #"""
            {"success": true, "currency": "eur", "data": [
             {"origin": "VIE", "destination": "BCN", "price": 91, "airline": "VY", "price": 0,
              "departure_at": "2026-12-18T12:30:00+01:00", "departure_at": "garbage", "duration_to": 155}]}
            """#
        let response = try await AviasalesHarness.search(body: body)
        #expect(response.skipped == 0)
        #expect(response.offers.first?.price == Money(91, .eur))
    }

    @Test("An airline sent as a name is resolved through the name table, keeping the name")
    func airlineName() async throws {
        let body = #"""
            {"success": true, "currency": "rub", "data": [
             {"origin": "MOW", "destination": "LED", "price": 2390, "airline": "Победа",
              "departure_at": "2026-12-01T23:55:00+03:00", "duration_to": 85},
             {"origin": "MOW", "destination": "LED", "price": 2490, "airline": "  s7 ",
              "departure_at": "2026-12-01T21:05:00+03:00", "duration_to": 90}]}
            """#
        let response = try await AviasalesHarness.search(body: body)
        #expect(response.skipped == 0)
        let carriers = response.offers.compactMap { $0.product.itinerary?.segments.first?.carrier }
        #expect(carriers == [Carrier(code: "DP", name: "Победа"), Carrier(code: "S7")])
        #expect(response.offers.first?.origin == Place(city: "MOW"))
    }

    @Test(
        "The service's own failure is a provider failure quoting its message",
        arguments: [
            (
                "tp-failure.json",
                "the service reported a failure: departure_at: incorrect date format, expected YYYY-MM or YYYY-MM-DD"
            )
        ])
    func serviceFailure(fixture: String, message: String) async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesHarness.search(fixture: fixture)
        }
        #expect(error.code == .httpStatus)
        #expect(error.provider == "aviasales")
        #expect(error.message == message)
    }

    @Test(
        "Failures are read from success and error, and quoted safely",
        arguments: [
            (#"{"success": false, "data": null}"#, "the service reported a failure without a message"),
            (#"{"success": "false", "data": []}"#, "the service reported a failure without a message"),
            (
                #"{"success": true, "data": [], "currency": "rub", "error": "quota exceeded"}"#,
                "the service reported a failure: quota exceeded"
            ),
            (#"{"error": {"message": "Unauthorized", "code": 401}}"#, "the service reported a failure: Unauthorized"),
            (#"{"error": 42}"#, "the service reported a failure: 42"),
            (
                #"{"success": false, "error": "\u001b]0;owned\u0007\u001b[2Jtoken\nrevoked"}"#,
                "the service reported a failure: \u{FFFD}]0;owned\u{FFFD}\u{FFFD}[2Jtoken revoked"
            ),
        ])
    func failureForms(body: String, message: String) async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesHarness.search(body: body)
        }
        #expect(error.code == .httpStatus)
        #expect(error.message == message)
    }

    @Test("A long failure message is cut to a one-line excerpt")
    func longFailure() async throws {
        let long = String(repeating: "very long explanation ", count: 40)
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesHarness.search(body: #"{"success": false, "error": "\#(long)"}"#)
        }
        #expect(error.message.count <= "the service reported a failure: ".count + 120)
        #expect(error.message.hasSuffix("…"))
    }

    @Test("A null or empty error on a successful answer is no failure")
    func emptyError() async throws {
        for error in ["null", #""""#, #"" ""#] {
            let response = try await AviasalesHarness.search(
                body: #"{"success": true, "data": [], "currency": "rub", "error": \#(error)}"#)
            #expect(response.offers.isEmpty)
            #expect(response.skipped == 0)
        }
    }

    @Test(
        "Answers that are not in the expected shape are malformed responses naming what is wrong",
        arguments: [
            (#"{"success": true, "data": [{"price": 1}]}"#, "currency is missing"),
            (#"{"success": true, "data": [], "currency": "рубли"}"#, "currency is not a currency code such as rub"),
            (#"{"success": true, "data": null, "currency": "rub"}"#, "data is not an array"),
            (#"{"success": true, "currency": "rub"}"#, "data is missing"),
            (#"{"data": {"offers": []}, "currency": "rub"}"#, "data is not an array"),
        ])
    func malformed(body: String, explanation: String) async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await AviasalesHarness.search(body: body)
        }
        #expect(error.code == .malformedResponse)
        #expect(error.message == "the response is not in the expected format: \(explanation)")
    }

    /// A Berlin → New York round trip as the live service really answers it, with one connection out and two
    /// back: `duration` 2414 is the whole trip, `duration_to` 595 and `duration_back` 739 are time in the air,
    /// and the link's `t=` token gives each leg's instants and span, 775 and 1639 minutes.
    static let berlinNewYork = SearchQuery(origin: "BER", destination: "NYC", roundTrip: true)

    @Test("A leg with connections takes its span and arrival from the link's token, and names its stops")
    func connectionsTakeTheTokensSpans() async throws {
        let response = try await AviasalesHarness.search(
            fixture: "tp-berlin-new-york.json", query: Self.berlinNewYork)
        let offer = try #require(response.offer(reference: "BER-NYC data[0]"))
        let legs = try #require(offer.product.itinerary?.legs)
        try #require(legs.count == 2)
        #expect(legs[0].duration == .seconds(775 * 60), "not the 595 minutes in the air")
        #expect(legs[0].departure?.utc == (try Self.instant("2026-05-24T09:10:00Z")))
        #expect(legs[0].arrival?.utc == (try Self.instant("2026-05-24T22:05:00Z")))
        #expect(legs[0].routeCodes == ["BER", "LHR", "JFK"])
        #expect(legs[1].duration == .seconds(1639 * 60), "not the 739 minutes in the air")
        #expect(legs[1].departure?.utc == (try Self.instant("2026-06-02T13:16:00Z")))
        #expect(legs[1].arrival?.utc == (try Self.instant("2026-06-03T16:35:00Z")))
        #expect(legs[1].routeCodes == ["JFK", "LHR", "HEL", "BER"])
        #expect(offer.product.itinerary?.duration == .seconds(2414 * 60), "the legs add up to the stated trip")
    }

    @Test("Without a token, connecting legs of a round trip have no arrival rather than a wrong one")
    func withoutATokenTheArrivalIsUnknown() async throws {
        let response = try await AviasalesHarness.search(
            fixture: "tp-berlin-new-york.json", query: Self.berlinNewYork)
        for reference in ["BER-NYC data[1]", "BER-NYC data[3]"] {
            let legs = try #require(response.offer(reference: reference)?.product.itinerary?.legs, "\(reference)")
            #expect(legs.map(\.duration) == [nil, nil], "\(reference): time in the air is not a leg's span")
            #expect(legs.map { $0.arrival?.utc } == [nil, nil], "\(reference)")
            #expect(legs[0].routeCodes == ["BER", "?", "JFK"], "\(reference)")
        }
    }

    @Test("A one-way trip with a connection takes the whole duration as its leg's span")
    func oneWayTakesTheWholeDuration() async throws {
        let response = try await AviasalesHarness.search(
            fixture: "tp-berlin-new-york.json", query: SearchQuery(origin: "BER", destination: "NYC"))
        let leg = try #require(response.offer(reference: "BER-NYC data[2]")?.product.itinerary?.legs.first)
        #expect(leg.duration == .seconds(775 * 60))
        #expect(leg.arrival?.utc == (try Self.instant("2026-05-24T22:05:00Z")))
    }

    @Test("A direct leg's time in the air is its span, and the trip's duration gives the other leg's")
    func aDirectLegAndTheWholeTripGiveTheOther() async throws {
        let response = try await AviasalesHarness.search(fixture: "tp-round-trip.json")
        // S7 1011 out is direct (90 minutes); back has a connection: 395 − 90 = 305.
        let legs = try #require(response.offers.last?.product.itinerary?.legs)
        #expect(legs.map(\.duration) == [.seconds(90 * 60), .seconds(305 * 60)])
    }

    @Test(
        "A token is taken only whole and agreeing with itself",
        arguments: [
            "/search/X?t=BA17796138001779660300000775BERLHRJFK_x",
            "/search/X?search_date=1&t=BA17796138001779660300000775BERLHRJFK",
        ])
    func aWellFormedToken(link: String) throws {
        let token = try #require(TravelpayoutsLinkToken(link: link))
        #expect(token.legs.map(\.minutes) == [775])
        #expect(token.legs.first?.airports == ["BER", "LHR", "JFK"])
    }

    @Test(
        "A token that is cut, disagrees with itself or is absurd says nothing",
        arguments: [
            "/search/X", "/search/X?t=", "/search/X?t=BA", "/search/X?t=BA1779613800177966030000077",
            "/search/X?t=BA17796138001779660300000776BERLHRJFK_x", "/search/X?t=BA17796603001779613800000775BERJFK",
            "/search/X?t=BA17796138001779660300000775BER_x", "/search/X?t=BA99999999999999999999000775BERJFK",
            "/search/X?t=BA17796138001779660300000775BERLHRJFK17796138001779660300000775JFKBER"
                + "17796138001779660300000775BERJFK",
        ])
    func aBrokenToken(link: String) {
        #expect(TravelpayoutsLinkToken(link: link) == nil)
    }
}

extension Leg {
    /// Every airport of the leg in order, `?` where it is unknown.
    fileprivate var routeCodes: [String] {
        ([origin] + segments.map(\.destination)).map { $0?.airport ?? $0?.city ?? "?" }
    }
}
