import AggregatorCore
import AggregatorTestSupport
import Foundation
import Kiwi
import ProviderKit
import ProviderTestKit
import Testing

/// The documented oddities of Kiwi's format, each on a recorded fixture.
@Suite("Kiwi format quirks")
struct KiwiFormatQuirkTests {
    @Test("an airport in a city with another code keeps both: SAW in IST, from the segment's own codes")
    func sawInIstanbulFromSegment() async throws {
        let provider = KiwiProvider()
        let offers = try await provider.search(SearchQuery(), using: .embedded(for: provider)).offers
        let offer = try #require(offers.first { $0.imageURL?.lastPathComponent == "istanbul_tr.jpg" })
        let destination = try #require(offer.product.itinerary?.legs.first?.destination)
        #expect(destination == Place(airport: "SAW", city: "IST", cityName: "Istanbul", country: "TR"))
        #expect(destination.matches(code: "IST"))
        #expect(destination.matches(code: "SAW"))
    }

    @Test("without segment city codes the trip's ends take the itinerary's: SAW still lands in IST")
    func sawInIstanbulFromItinerary() async throws {
        let itinerary = try await KiwiFixtures.search("saw-istanbul.json").onlyItinerary()
        let segment = try #require(itinerary.segments.first)
        #expect(segment.origin == Place(airport: "VIE", city: "VIE", cityName: "Vienna", country: "AT"))
        #expect(segment.destination == Place(airport: "SAW", city: "IST", cityName: "Istanbul", country: "TR"))
        #expect(segment.flightNumber == "1720", "a flight number sent as a string is kept")
    }

    @Test("segment times missing: the itinerary's local and UTC times fill the outbound leg's ends")
    func itineraryTimesFillSegment() async throws {
        let leg = try #require(try await KiwiFixtures.search("saw-istanbul.json").onlyItinerary().legs.first)
        #expect(leg.departure?.local == (try local("2026-12-19 13:10")))
        #expect(leg.departure?.utc == (try utc("2026-12-19T12:10:00Z")))
        #expect(leg.arrival?.local == (try local("2026-12-19 16:50")))
        #expect(leg.arrival?.utc == (try utc("2026-12-19T13:50:00Z")))
        #expect(leg.duration == .seconds(100 * 60))
    }

    @Test("dTime/aTime are wall clocks: Dubai's 23:00 arrival is 19:00 UTC, never 23:00 UTC")
    func localEpochIsNotAnInstant() async throws {
        let provider = KiwiProvider()
        let offers = try await provider.search(SearchQuery(), using: .embedded(for: provider)).offers
        let offer = try #require(offers.first { $0.imageURL?.lastPathComponent == "dubai_ae.jpg" })
        let leg = try #require(offer.product.itinerary?.legs.first)
        #expect(leg.departure?.local == (try local("2026-12-20 14:35")))
        #expect(leg.departure?.utc == (try utc("2026-12-20T13:35:00Z")))
        #expect(leg.arrival?.local == (try local("2026-12-20 23:00")))
        #expect(leg.arrival?.utc == (try utc("2026-12-20T19:00:00Z")))
        #expect(leg.duration == .seconds(5 * 3600 + 25 * 60), "not the 8h25m a local-as-UTC reading gives")
    }

    @Test("with only local times the instants stay unknown rather than being guessed from dTime")
    func localTimesOnly() async throws {
        let itinerary = try await KiwiFixtures.search("local-times-only.json").onlyItinerary()
        let leg = try #require(itinerary.legs.first)
        #expect(leg.departure?.local == (try local("2026-12-20 14:35")))
        #expect(leg.departure?.utc == nil)
        #expect(leg.arrival?.local == (try local("2026-12-20 23:00")))
        #expect(leg.arrival?.utc == nil)
        #expect(leg.duration == .seconds(19_500), "Kiwi's stated duration, since local times cannot be subtracted")
    }

    @Test("prices and durations come as Int or Double; popularity of either type is ignored")
    func intAndDoubleNumbers() async throws {
        let response = try await KiwiFixtures.search("mixed-numbers.json")
        #expect(response.skipped == 0)
        #expect(response.offers.map(\.price) == [Money(129, .eur), Money(Decimal(string: "115.5") ?? 0, .eur)])
        let durations = response.offers.map { $0.product.itinerary?.legs.first?.duration }
        #expect(durations == [.seconds(7500), .seconds(7500)])
    }

    @Test("null seats, countries, links and image keys leave those fields empty without losing the record")
    func nullFields() async throws {
        let response = try await KiwiFixtures.search("mixed-numbers.json")
        let offer = try #require(response.offers.last)
        #expect(offer.seatsLeft == nil)
        #expect(offer.sources.first?.deepLink == nil)
        #expect(offer.imageURL == nil)
        let segment = try #require(offer.product.itinerary?.segments.first)
        #expect(segment.destination == Place(airport: "AMS", city: "AMS", cityName: "Amsterdam", country: nil))
        #expect(segment.flightDesignator == "KL 1844")
        #expect(response.offers.first?.seatsLeft == 5)
    }

    @Test("unknown fields anywhere in the response are ignored")
    func unknownFieldsIgnored() async throws {
        // mixed-numbers.json carries new fields at the top level, in itineraries and in segments.
        let response = try await KiwiFixtures.search("mixed-numbers.json")
        #expect(response.offers.count == 2)
        #expect(
            response.offers.map(\.sources.first?.reference) == [
                "2c3d4e5f6a7b40000ff6a7b8_0", "3d4e5f6a7b8c40000a07b8c9_0",
            ])
    }

    @Test("a round trip splits its route on the return flag into two legs with Kiwi's durations")
    func roundTrip() async throws {
        let response = try await KiwiFixtures.search("round-trip.json")
        #expect(response.skipped == 0)
        let offer = try #require(response.offers.first)
        let itinerary = try #require(offer.product.itinerary)
        #expect(itinerary.isRoundTrip)
        try #require(itinerary.legs.count == 2)
        let (outbound, inbound) = (itinerary.legs[0], itinerary.legs[1])
        #expect(outbound.segments.map(\.flightDesignator) == ["OS 395"])
        #expect(inbound.segments.map(\.flightDesignator) == ["VY 1816"])
        #expect(outbound.duration == .seconds(9600))
        #expect(inbound.duration == .seconds(9000))
        #expect(itinerary.duration == .seconds(18_600))
        #expect(inbound.departure?.local == (try local("2026-12-20 19:35")))
        #expect(inbound.departure?.utc == (try utc("2026-12-20T18:35:00Z")))
        // The way back starts at the trip's destination and ends at its origin.
        #expect(inbound.origin == Place(airport: "BCN", city: "BCN", cityName: "Barcelona", country: "ES"))
        #expect(inbound.destination == Place(airport: "VIE", city: "VIE", cityName: "Vienna", country: "AT"))
        #expect(offer.price == Money(260, .eur))
    }

    @Test("a round trip whose durations are 0 gets them from the UTC times instead")
    func roundTripZeroDurations() async throws {
        let response = try await KiwiFixtures.search("round-trip.json")
        let itinerary = try #require(response.offers.last?.product.itinerary)
        try #require(itinerary.legs.count == 2)
        #expect(itinerary.legs[0].duration == .seconds(2 * 3600 + 35 * 60))
        #expect(itinerary.legs[1].duration == .seconds(2 * 3600 + 30 * 60))
    }
}
