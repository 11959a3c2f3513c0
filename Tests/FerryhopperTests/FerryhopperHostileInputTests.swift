import AggregatorCore
import AggregatorTestSupport
import Ferryhopper
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// Answers written to break the provider: itineraries with no sailing, sailings with no port or time, prices
/// that are no prices, links that are not web links, control characters, ports other than those asked for,
/// lists that are not lists. Nothing traps; broken itineraries are skipped and counted; what is kept links only
/// to the web.
@Suite("Ferryhopper against hostile answers")
struct FerryhopperHostileInputTests {
    private static func search(
        _ trips: String, ports: String = FerryhopperFixtures.twoPorts
    ) async throws
        -> ProviderResponse
    {
        try await FerryhopperProvider().search(
            FerryhopperFixtures.query(), using: FerryhopperFixtures.client(ports: ports, trips: trips))
    }

    @Test("broken itineraries are skipped and counted; the rest map, in order, with notes on what was left out")
    func hostileFixture() async throws {
        let response = try await Self.search(FerryhopperFixtures.text("hostile.json"))
        #expect(response.skipped == 10)
        #expect(
            response.offers.map { $0.onlySource?.reference } == [
                "foundDirectItinerariesForTrip[0] DECK", "foundDirectItinerariesForTrip[1] DECK",
                "foundDirectItinerariesForTrip[8] DECK", "foundDirectItinerariesForTrip[10] DECK",
                "foundDirectItinerariesForTrip[13] DECK", "foundDirectItinerariesForTrip[15] DECK",
            ])
        #expect(
            Array(response.notes.dropFirst()) == [
                "1 sailing with no accommodation on sale (sold out) was left out",
                "asked for Piraeus→Santorini (Thira), the server answered for Rafina→Santorini (Thira); that sailing "
                    + "was left out",
                "dropped 1 booking link that was not a web link",
            ])
    }

    @Test("odd values in a kept itinerary read as unknown or as sent; the earlier shape's members are read")
    func oddValues() async throws {
        let offers = try await Self.search(FerryhopperFixtures.text("hostile.json")).offers
        #expect(offers[1].onlySource?.deepLink == nil, "javascript: is no web link")
        #expect(offers[2].price == Money(47, .eur), "cents written as a string")
        #expect(offers[4].product.itinerary?.segments.first?.arrival == nil, "`tomorrow` is no time")
        let legacy = try #require(offers.last?.product.itinerary?.segments.first)
        #expect(legacy.carrier.name == "Minoan Lines" && legacy.serviceNumber == "Festos Palace")
        #expect(offers.last?.price == Money(43, .eur), "the cheaper of its two accommodations")
        for offer in offers {
            for link in [offer.onlySource?.deepLink].compactMap({ $0 }) {
                #expect(link.scheme == "https" && link.host == "www.ferryhopper.com", "\(link)")
            }
        }
        let odd = try #require(offers[3].product.itinerary?.segments.first)
        #expect(odd.carrier.name?.isEmpty == false && odd.serviceNumber?.isEmpty == false)
    }

    @Test("an answer that is not a list of itineraries is a malformed response that says where")
    func notAnAnswer() async throws {
        for (body, problem) in [
            (#"{"searchId": "x"}"#, "foundDirectItinerariesForTrip is missing"),
            (#"{"foundDirectItinerariesForTrip": {"0": {}}}"#, "is not a list of itineraries"),
            (#"[{"foundDirectItinerariesForTrip": []}]"#, "is not an answer of search_trips"),
            ("<html><body>Access denied</body></html>", "the body is not JSON"),
        ] {
            let error = await #expect(throws: ProviderError.self) { try await Self.search(body) }
            #expect(error?.code == .malformedResponse)
            #expect(error?.message.contains(problem) == true, "\(error?.message ?? "") lacks \(problem)")
        }
    }

    @Test("a get_ports answer that is not a list of ports fails the search that needs it; odd ports are left out")
    func oddPorts() async throws {
        let error = await #expect(throws: ProviderError.self) {
            try await Self.search(FerryhopperFixtures.trips, ports: #"{"ports": "Piraeus"}"#)
        }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("ports is not a list of ports") == true, "\(error?.message ?? "")")
        let odd =
            #"{"ports": [42, {"code": "PIR"}, {"name": "Piraeus"}, {"code": "<script>", "name": "Piraeus"}, "#
            + #"{"code": "PIR", "name": "Piraeus"}, {"code": "JTR", "name": "Thira"}]}"#
        let response = try await Self.search(FerryhopperFixtures.trips, ports: odd)
        #expect(response.offers.count == 5, "the one usable port on each side")
    }

    @Test("an empty list is an answer with no offers and no note on prices")
    func emptyList() async throws {
        let response = try await Self.search(#"{"foundDirectItinerariesForTrip": []}"#)
        #expect(response.offers.isEmpty && response.skipped == 0 && response.notes.isEmpty)
    }

    @Test("mangled samples never crash: every prefix, and every byte replaced, gives offers or an error")
    func mangledSamples() async throws {
        let sample = Array(FerryhopperFixtures.trips.utf8)
        for cut in stride(from: 0, to: sample.count, by: 97) {
            _ = try? await Self.search(String(decoding: sample[..<cut], as: UTF8.self))
        }
        for position in stride(from: 0, to: sample.count, by: 131) {
            for byte: UInt8 in [0x00, 0x22, 0x7B, 0x5D, 0x2D, 0xFF] {
                var mangled = sample
                mangled[position] = byte
                _ = try? await Self.search(String(decoding: mangled, as: UTF8.self))
            }
        }
        let ports = Array(FerryhopperFixtures.ports.utf8)
        for cut in stride(from: 0, to: ports.count, by: 23) {
            _ = try? await Self.search(
                FerryhopperFixtures.trips, ports: String(decoding: ports[..<cut], as: UTF8.self))
        }
    }
}
