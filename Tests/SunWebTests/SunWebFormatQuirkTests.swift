import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import SunWeb
import Testing

/// The documented oddities of SunWeb's format, each on a recorded fixture folder.
@Suite("SunWeb format quirks")
struct SunWebFormatQuirkTests {
    // MARK: Pairing

    @Test("an outbound flight pairs only with inbound flights on its exact reverse route")
    func pairsReverseRouteOnly() async throws {
        let response = try await SunWebFixtures.search("pairing", roundTrip: true)
        // 602 lands elsewhere (BCN→AMS) and 603 flies the same way (VIE→BCN): neither returns from BCN to VIE.
        #expect(Set(response.offers.compactMap(\.reference)) == ["501+604", "501+601", "501+605"])
        #expect(response.offers.allSatisfy { $0.route == "VIE-BCN/BCN-VIE" })
    }

    @Test("the same airline's flight back comes first, then the others in SunWeb's order")
    func sameAirlineFirst() async throws {
        let response = try await SunWebFixtures.search("pairing", roundTrip: true)
        #expect(response.offers.map(\.reference) == ["501+604", "501+601", "501+605"])
        #expect(response.offers.first?.carrierNames == ["Vueling", "Vueling"])
    }

    @Test("a pair is priced at the sum of its two seats, fractions kept exactly")
    func pairPriceIsTheSum() async throws {
        let response = try await SunWebFixtures.search("pairing", roundTrip: true)
        #expect(response.offers.map(\.price) == [Money(decimal("170.5"), .eur), Money(190, .eur), Money(160, .eur)])
        #expect(response.offers.allSatisfy { $0.sources.first?.price == $0.price })
    }

    @Test("an outbound flight with no reverse inbound makes no round trip, and is not counted as skipped")
    func outboundWithoutInbound() async throws {
        let response = try await SunWebFixtures.search("pairing", roundTrip: true)
        #expect(!response.offers.contains { $0.reference?.hasPrefix("502") == true })
        #expect(response.skipped == 0)
    }

    @Test("one-way lists both directions, including inbound flights no outbound pairs with")
    func oneWayListsBothDirections() async throws {
        let response = try await SunWebFixtures.search("pairing")
        #expect(response.offers.map(\.reference) == ["501", "502", "601", "602", "603", "604", "605"])
        #expect(
            response.offers.map(\.route) == [
                "VIE-BCN", "AMS-ZRH", "BCN-VIE", "BCN-AMS", "VIE-BCN", "BCN-VIE", "BCN-VIE",
            ])
        #expect(response.offers.allSatisfy { $0.product.itinerary?.isRoundTrip == false })
    }

    // MARK: Airlines

    @Test("the airlines list names the carrier, and gives its headline, logo and the offer's picture")
    func airlineEnrichment() async throws {
        let offers = try await SunWebFixtures.searchEmbedded().offers
        let austrian = try #require(offers.first { $0.reference == "102" })
        let carrier = try #require(austrian.product.itinerary?.segments.first?.carrier)
        #expect(carrier.name == "Austrian Airlines", "the display name, not the key 'Austrian'")
        #expect(carrier.code == nil, "SunWeb has no IATA codes and none is invented")
        #expect(carrier.headline == "Vienna's home carrier to the sea")
        #expect(carrier.logoURL?.absoluteString == "https://static.sunweb.nl/airlines/austrian/logo.png")
        #expect(carrier.country == nil)
        #expect(carrier.isActive == nil)
        #expect(austrian.imageURL?.absoluteString == "https://static.sunweb.nl/airlines/austrian/main.jpg")
        #expect(carrier.displayCode == "Austrian Airlines")
    }

    @Test("a flight naming an airline the list does not have is named by its key, with nothing else made up")
    func unknownAirlineKey() async throws {
        let response = try await SunWebFixtures.search("quirks")
        let volotea = try #require(response.offers.first { $0.reference == "301" })
        let carrier = try #require(volotea.product.itinerary?.segments.first?.carrier)
        #expect(carrier == Carrier(code: nil, name: "Volotea"))
        #expect(volotea.imageURL == nil)
        #expect(
            !response.notes.contains { $0.contains("unavailable") }, "a short airlines list is not an unavailable one")
    }

    @Test("blank headlines and logos and a relative picture name leave those fields empty")
    func blankAirlineFields() async throws {
        let response = try await SunWebFixtures.search("quirks")
        let transavia = try #require(response.offers.first { $0.reference == "302" })
        let carrier = try #require(transavia.product.itinerary?.segments.first?.carrier)
        #expect(carrier == Carrier(code: nil, name: "Transavia"), "the key ' Transavia ' is trimmed before lookup")
        #expect(transavia.imageURL == nil, "'transavia-main.jpg' is not an absolute URL")
        #expect(
            response.notes == ["left out 1 airline logo or picture that was not a web link"],
            "the relative picture name is counted; the blank logo is no link at all")
    }

    @Test("prices arrive as Int, Double or numeric string, and airport codes in any case with spaces")
    func lenientNumbersAndCodes() async throws {
        let response = try await SunWebFixtures.search("quirks")
        #expect(response.skipped == 0)
        #expect(response.offers.map(\.price.amount) == [decimal("64.99"), decimal("79.5"), 70])
        #expect(response.offers.map(\.route) == ["VIE-BCN", "AMS-BCN", "BCN-VIE"])
        let paired = try await SunWebFixtures.search("quirks", roundTrip: true)
        #expect(paired.offers.map(\.reference) == ["301+401"], "normalised codes still pair")
        #expect(paired.offers.first?.price == Money(decimal("134.99"), .eur))
    }

    // MARK: Bad records

    @Test("bad flight and airline records are skipped and counted while the good ones map")
    func badRecords() async throws {
        let response = try await SunWebFixtures.search("bad-records")
        // Flights: out, nine bad (no id, id not a number, price 0, -10, "free" and null, blank and missing
        // airport, not an object); back, two bad (a repeated id, no airline). Airlines: four bad (id not a
        // string, no name, blank id, repeated key) and a null.
        #expect(response.skipped == 9 + 2 + 5)
        #expect(response.offers.map(\.reference) == ["101", "201"])
        #expect(response.offers.map(\.price) == [Money(92, .eur), Money(decimal("149.50"), .eur)])
        #expect(response.notes.isEmpty)
    }

    @Test("a flight sent twice exactly is one offer and a repeat; another flight under its id is skipped")
    func exactRepeats() async throws {
        let flight =
            #"{"id": 101, "airline": "Vueling", "departureAirportCode": "VIE", "arrivalAirportCode": "BCN", "price": 92}"#
        let other =
            #"{"id": 101, "airline": "Vueling", "departureAirportCode": "VIE", "arrivalAirportCode": "BCN", "price": 95}"#
        let body = #"{"data": {"outboundFlights": [\#(flight), \#(flight), \#(other)], "inboundFlights": []}}"#
        let response = try await SunWebProvider().search(
            SearchQuery(), using: SunWebFixtures.client(replacing: ["flights": body]))
        #expect(response.offers.map(\.reference) == ["101"])
        #expect(response.repeats == 1)
        #expect(response.skipped == 1, "the same id for a dearer flight is no repeat")
    }

    @Test("of two airline records with one key the first wins; a wrongly typed logo loses only the logo")
    func badAirlineRecords() async throws {
        let response = try await SunWebFixtures.search("bad-records")
        let carriers = response.offers.compactMap { $0.product.itinerary?.segments.first?.carrier }
        #expect(carriers.map(\.name) == ["Vueling (Vueling Airlines)", "Austrian Airlines"])
        #expect(carriers.map(\.headline) == ["Fly smart to Barcelona", "Vienna's home carrier to the sea"])
        #expect(carriers.last?.logoURL == nil)
        #expect(response.offers.last?.imageURL == nil)
    }

    @Test("skipped records count the same for round trips: bad records are bad whatever is asked")
    func badRecordsRoundTrip() async throws {
        let response = try await SunWebFixtures.search("bad-records", roundTrip: true)
        #expect(response.skipped == 16)
        #expect(response.offers.map(\.reference) == ["101+201"])
        #expect(response.offers.first?.price == Money(decimal("241.50"), .eur))
    }
}
