import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

/// A codeshare is one plane with several flight numbers: sellers that say which flight operates it meet
/// on that flight.
@Suite("Merging codeshares on the operating flight")
struct OperatingFlightMergeTests {
    typealias T = TripBuilder

    static func sold(_ provider: ProviderID, as flight: String, operatedBy: String?, price: Decimal) -> Offer {
        T.trip(
            provider,
            [
                [
                    T.segment(
                        flight, "VIE", "FRA", departs: "2026-12-18 09:00", arrives: "2026-12-18 10:10",
                        operatedBy: operatedBy)
                ]
            ], price: price)
    }

    func merge(_ offers: [Offer]) -> [Offer] { OfferMerger().merge(T.converted(offers)) }

    @Test func oneCodeshareSoldUnderTwoMarketingNumbersIsOneTrip() throws {
        let austrian = Self.sold("kiwi", as: "OS 7000", operatedBy: "LH 1234", price: 120)
        let united = Self.sold("other", as: "UA 9000", operatedBy: "LH 01234", price: 110)
        let merged = merge([austrian, united])
        let trip = try #require(merged.first)
        #expect(merged.count == 1)
        #expect(trip.sources.map(\.provider) == ["other", "kiwi"])
        #expect(trip.price == Money(110, .eur))
    }

    @Test func aSellerThatDoesNotStateTheOperatingFlightIsMatchedOnItsMarketingFlightOnly() {
        let codeshare = Self.sold("kiwi", as: "OS 7000", operatedBy: "LH 1234", price: 120)
        let unstated = Self.sold("other", as: "UA 9000", operatedBy: nil, price: 110)
        let marketedByTheOperator = Self.sold("third", as: "LH 1234", operatedBy: nil, price: 100)
        #expect(merge([codeshare, unstated]).count == 2)
        #expect(merge([codeshare, marketedByTheOperator]).count == 2)
        let sameMarketing = Self.sold("other", as: "OS 7000", operatedBy: nil, price: 110)
        #expect(merge([codeshare, sameMarketing]).count == 1, "the marketing flight still merges as before")
    }

    @Test func differentOperatingFlightsOrMinutesStayApart() {
        let first = Self.sold("kiwi", as: "OS 7000", operatedBy: "LH 1234", price: 120)
        let otherFlight = Self.sold("other", as: "UA 9000", operatedBy: "LH 1236", price: 110)
        #expect(merge([first, otherFlight]).count == 2)
    }

    @Test func aMarketingKeyAndAnOperatingKeyJoinThreeSellersIntoOneTrip() throws {
        // kiwi and third share the marketing flight; third and other share the operating flight.
        let kiwi = Self.sold("kiwi", as: "OS 7000", operatedBy: nil, price: 130)
        let other = Self.sold("other", as: "UA 9000", operatedBy: "LH 1234", price: 110)
        let third = Self.sold("third", as: "OS 7000", operatedBy: "LH 1234", price: 120)
        for order in [[kiwi, other, third], [other, kiwi, third], [third, kiwi, other]] {
            let merged = merge(order)
            #expect(merged.count == 1)
            #expect(try #require(merged.first).sources.map(\.provider) == ["other", "third", "kiwi"])
        }
    }
}
