import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("Merging the same trip from several providers")
struct OfferMergerTests {
    let converter = CurrencyConverter(rates: .embedded, target: .eur)

    func merge(_ offers: [Offer]) -> [Offer] {
        OfferMerger().merge(converter.convert(offers))
    }

    @Test func sameFlightNumberAndMinuteMergeKeepingEverySourceCheapestFirst() throws {
        let kiwi = OfferFactory.flight(
            provider: "kiwi", carrier: "OS", flightNumber: "395", from: "VIE", to: "BCN",
            departure: "2026-12-18 07:05", price: 169)
        let other = OfferFactory.flight(
            provider: "other", carrier: "OS", flightNumber: "0395", from: "VIE", to: "BCN",
            departure: "2026-12-18 07:05", price: 150)
        let merged = merge([kiwi, other])
        let offer = try #require(merged.first)
        #expect(merged.count == 1)
        #expect(offer.sources.map(\.provider) == ["other", "kiwi"])
        #expect(offer.price == Money(150, .eur))
        #expect(offer.sources.map(\.deepLink) == [other.sources[0].deepLink, kiwi.sources[0].deepLink])
    }

    @Test func differentFlightNumbersNeverMergeEvenAtTheSameMinute() {
        let first = OfferFactory.flight(
            provider: "kiwi", carrier: "SU", flightNumber: "10", from: "SVO", to: "LED",
            departure: "2026-12-18 10:00", price: 80)
        let second = OfferFactory.flight(
            provider: "other", carrier: "SU", flightNumber: "12", from: "SVO", to: "LED",
            departure: "2026-12-18 10:00", price: 90)
        #expect(merge([first, second]).count == 2)
    }

    @Test func withoutFlightNumbersCarrierCityPairAndLocalMinuteMerge() throws {
        let kiwi = OfferFactory.flight(
            provider: "kiwi", carrier: "VY", flightNumber: "1815", from: "VIE", to: "BCN",
            departure: "2026-12-18 12:30", price: 98)
        let aviasales = OfferFactory.flight(
            provider: "aviasales", carrier: "VY", carrierName: "Вуэлинг", from: "VIE", to: "BCN",
            departure: "2026-12-18 12:30", utc: false, price: 8900, currency: .rub)
        let merged = merge([aviasales, kiwi])
        let offer = try #require(merged.first)
        #expect(merged.count == 1)
        #expect(offer.sources.map(\.provider) == ["aviasales", "kiwi"])
        #expect(offer.sources[0].price == Money(8900, .rub))
        #expect(offer.price == Money(decimal("94.43"), .eur))
        // The itinerary comes from the source that knows flight numbers and UTC times.
        #expect(offer.product.itinerary?.segments.first?.flightNumber == "1815")
        #expect(offer.product.itinerary?.duration != nil)
    }

    @Test func anApproximateMatchToTwoFlightsIsAmbiguousAndStaysAlone() {
        // Two SU flights leave Moscow at the same minute from different airports of the city.
        let fromSheremetyevo = OfferFactory.flight(
            provider: "kiwi", carrier: "SU", flightNumber: "6", from: "SVO", to: "LED",
            departure: "2026-12-18 10:00", price: 80)
        let fromVnukovo = OfferFactory.flight(
            provider: "kiwi", carrier: "SU", flightNumber: "8", from: "VKO", to: "LED",
            departure: "2026-12-18 10:00", price: 85)
        var cityLevel = [fromSheremetyevo, fromVnukovo].map { offer in
            var offer = offer
            if case .flight(var itinerary) = offer.product {
                itinerary.legs[0].segments[0].origin.city = "MOW"
                offer.product = .flight(itinerary)
            }
            return offer
        }
        let aviasales = OfferFactory.flight(
            provider: "aviasales", carrier: "SU", from: "MOW", to: "LED", departure: "2026-12-18 10:00", utc: false,
            price: 7000, currency: .rub)
        cityLevel.append(aviasales)
        let merged = merge(cityLevel)
        #expect(merged.count == 3)
        #expect(merged.allSatisfy { $0.sources.count == 1 })
        #expect(Set(merged.map(\.id)).count == 3, "ids stay unique when keys are shared")
    }

    @Test func aNameOnlyCarrierNeverMergesWithACodedOne() {
        let kiwi = OfferFactory.flight(
            provider: "kiwi", carrier: "V7", flightNumber: "1234", from: "VIE", to: "BCN",
            departure: "2026-12-19 10:15", price: 70)
        let aviasales = OfferFactory.flight(
            provider: "aviasales", carrier: nil, carrierName: "Вольотеа", from: "VIE", to: "BCN",
            departure: "2026-12-19 10:15", utc: false, price: 6200, currency: .rub)
        #expect(merge([kiwi, aviasales]).count == 2)
    }

    @Test func offersWithoutDepartureTimesNeverMerge() {
        let first = OfferFactory.flight(
            provider: "a", carrier: "VY", flightNumber: "1", from: "AMS", to: "BCN", departure: "unknown", price: 50)
        let second = OfferFactory.flight(
            provider: "b", carrier: "VY", flightNumber: "1", from: "AMS", to: "BCN", departure: "unknown", price: 60)
        #expect(merge([first, second]).count == 2)
    }

    @Test func oneProviderListingATripTwiceKeepsItsCheapestPrice() throws {
        let dear = OfferFactory.flight(
            provider: "kiwi", carrier: "OS", flightNumber: "395", from: "VIE", to: "BCN",
            departure: "2026-12-18 07:05", price: 190, reference: "a")
        let cheap = OfferFactory.flight(
            provider: "kiwi", carrier: "OS", flightNumber: "395", from: "VIE", to: "BCN",
            departure: "2026-12-18 07:05", price: 170, reference: "b")
        let offer = try #require(merge([dear, cheap]).first)
        #expect(offer.sources.map(\.reference) == ["b"])
    }

    @Test func theMergedIdIsTheSameWhicheverProvidersSoldTheTrip() throws {
        let kiwi = OfferFactory.flight(
            provider: "kiwi", carrier: "VY", flightNumber: "1815", from: "VIE", to: "BCN",
            departure: "2026-12-18 12:30", price: 98)
        let aviasales = OfferFactory.flight(
            provider: "aviasales", carrier: "VY", from: "VIE", to: "BCN", departure: "2026-12-18 12:30", utc: false,
            price: 8900, currency: .rub)
        let both = try #require(merge([kiwi, aviasales]).first)
        let kiwiOnly = try #require(merge([kiwi]).first)
        let aviasalesOnly = try #require(merge([aviasales]).first)
        #expect(both.id == kiwiOnly.id)
        #expect(both.id == aviasalesOnly.id)
    }

    @Test func carsMergeOnBrandModelPlateAndBasis() throws {
        func car(_ provider: ProviderID, plate: String, price: Decimal) -> Offer {
            Offer(
                id: "\(provider)-\(plate)-\(price)",
                product: .car(RentalCar(brand: "Toyota", model: "2019", plateNumber: plate)),
                priceBasis: .perDay,
                source: OfferSource(
                    provider: provider, reference: plate, price: Money(price, .eur),
                    retrievedAt: OfferFactory.retrievedAt))
        }
        let merged = merge([
            car("a", plate: "ABC 123", price: 30), car("b", plate: "abc 123", price: 28),
            car("a", plate: "XYZ", price: 31),
        ])
        #expect(merged.count == 2)
        #expect(try #require(merged.first).sources.map(\.provider) == ["b", "a"])
    }

    @Test func oneCarListedTwiceIsOneOfferWithItsSellersPrices() throws {
        func car(_ provider: ProviderID, _ reference: String, price: Decimal) -> Offer {
            Offer(
                id: "\(provider)-\(reference)",
                product: .car(RentalCar(brand: "Fiat", model: "2023", plateNumber: "9914 LPW", color: "SILVER")),
                priceBasis: .perDay,
                source: OfferSource(
                    provider: provider, reference: reference, price: Money(price, .eur),
                    retrievedAt: OfferFactory.retrievedAt))
        }
        // The car booking service sends the same Fiat twice, as cars[4] and cars[5]: a plate names one car.
        let twice = merge([car("carrental", "cars[4]", price: 25), car("carrental", "cars[5]", price: 25)])
        #expect(twice.count == 1)
        #expect(twice.first?.sources.map(\.reference) == ["cars[4]"])
        let sellers = merge([
            car("carrental", "cars[4]", price: 25), car("other", "f-1", price: 24),
            car("carrental", "cars[5]", price: 26),
        ])
        #expect(sellers.count == 1)
        #expect(
            sellers.first?.sources.map(\.provider) == ["other", "carrental"], "one price per seller, cheapest first")
        #expect(sellers.first?.sources.map(\.price.amount) == [24, 25])
    }
}
