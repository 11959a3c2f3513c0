import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("Money, currency codes, local times and stable ids")
struct ValueTypeTests {
    @Test func currencyCodesAreThreeLettersInUpperCase() {
        #expect(CurrencyCode("eur")?.rawValue == "EUR")
        #expect(CurrencyCode("EURO") == nil)
        #expect(CurrencyCode("E1R") == nil)
        #expect(CurrencyCode("") == nil)
    }

    @Test func moneyRoundsHalfUpToMinorUnits() throws {
        let eur = try #require(CurrencyCode("EUR"))
        let jpy = try #require(CurrencyCode("JPY"))
        #expect(Money(decimal("94.425"), eur).rounded.amount == Decimal(string: "94.43"))
        #expect(Money(decimal("1234.5"), jpy).rounded.amount == 1235)
        #expect(Money(98, eur).formattedAmount == "98.00")
        #expect(Money(decimal("94.4"), eur).formattedAmount == "94.40")
        #expect(Money(1235, jpy).formattedAmount == "1235")
    }

    @Test func moneyInDifferentCurrenciesNeverComparesByAmount() {
        let cheapRoubles = Money(10, .rub)
        let dearEuros = Money(500, .eur)
        // EUR orders before RUB by code, whatever the amounts: no pretence that one is cheaper.
        #expect(dearEuros < cheapRoubles)
        #expect(Money(5, .eur) < Money(6, .eur))
    }

    @Test(arguments: [
        ("2026-12-18", true), ("2026-02-29", false), ("2028-02-29", true), ("2026-13-01", false),
        ("26-12-18", false), ("2026-1-18", false), ("2026-12-18T07:05", false), ("", false),
    ])
    func localDatesParseOnlyValidISODates(text: String, valid: Bool) {
        #expect((LocalDate(iso: text) != nil) == valid)
    }

    @Test func localDateTimeParsesBothSeparatorsAndIgnoresSeconds() throws {
        let spaced = try #require(LocalDateTime(parsing: "2026-12-18 07:05"))
        let tee = try #require(LocalDateTime(parsing: "2026-12-18T07:05:59"))
        #expect(spaced == tee)
        #expect(spaced.description == "2026-12-18T07:05")
        #expect(LocalDateTime(parsing: "2026-12-18 24:05") == nil)
        #expect(LocalDateTime(parsing: "2026-12-18 07:5") == nil)
        #expect(LocalDateTime(parsing: "2026-12-18 07:05Z") == nil)
    }

    @Test func localEpochSecondsAreReadAsAWallClockNotAnInstant() throws {
        // 2026-12-18T07:05 written as if it were UTC epoch seconds.
        let time = try #require(LocalDateTime(localEpochSeconds: 1_797_577_500))
        #expect(time.description == "2026-12-18T07:05")
        #expect(LocalDateTime(localEpochSeconds: 0)?.description == "1970-01-01T00:00")
        #expect(LocalDateTime(localEpochSeconds: -60)?.description == "1969-12-31T23:59")
        #expect(time.minutesSinceEpoch == 1_797_577_500 / 60)
    }

    @Test(arguments: [Int64.min, Int64.min + 1, -2_208_988_801, 7_289_654_400, Int64.max])
    func timesOutsideTheSaneYearsAreRefusedNeverComputed(seconds: Int64) {
        #expect(LocalDateTime(localEpochSeconds: seconds) == nil)
        #expect(LocalDateTime(utc: Date(timeIntervalSince1970: Double(seconds))) == nil)
    }

    @Test func theSaneYearsAreReadToTheirEnds() {
        #expect(LocalDateTime(localEpochSeconds: -2_208_988_800)?.description == "1900-01-01T00:00")
        #expect(LocalDateTime(localEpochSeconds: 7_289_654_399)?.description == "2200-12-31T23:59")
    }

    @Test func durationsOutsideAnyPlausibleFlightAreUnknown() {
        let segment = Segment(
            carrier: Carrier(code: "OS"), origin: Place(airport: "VIE"), destination: Place(airport: "BCN"))
        #expect(Leg(segments: [segment], duration: .seconds(Int64.max)).duration == nil)
        #expect(Leg(segments: [segment], duration: .seconds(-60)).duration == nil)
        #expect(Leg(segments: [segment], duration: .seconds(9_600)).duration == .seconds(9_600))
        var far = segment
        far.departure = FlightTime(local: nil, utc: Date(timeIntervalSince1970: -9e18))
        far.arrival = FlightTime(local: nil, utc: Date(timeIntervalSince1970: 9e18))
        #expect(Leg(segments: [far]).duration == nil, "a span wider than Int64 seconds is never converted")
        let legs = [
            Leg(segments: [segment], duration: .seconds(13 * 86_400)),
            Leg(segments: [segment], duration: .seconds(13 * 86_400)),
        ]
        #expect(Itinerary(legs: legs).duration == .seconds(26 * 86_400))
    }

    @Test func stableIdentifiersDependOnlyOnContent() {
        let first = StableIdentifier.make(prefix: "f", ["OS395", "2026-12-18T07:05"])
        #expect(first == StableIdentifier.make(prefix: "f", ["OS395", "2026-12-18T07:05"]))
        #expect(first != StableIdentifier.make(prefix: "f", ["OS39", "52026-12-18T07:05"]))
        #expect(first.hasPrefix("f-") && first.count == 18)
        // FNV-1a of the empty input is its offset basis: a fixed value, never seeded per process.
        #expect(StableIdentifier.make(prefix: "x", [""]) == "x-cbf29ce484222325")
    }
}

@Suite("Lenient decoding")
struct LenientDecodingTests {
    struct Record: Decodable, Sendable {
        var price: LenientNumber
        var seats: Lenient<Int>
    }

    @Test func numbersDecodeFromIntegersFractionsAndStrings() throws {
        let json = #"[{"price": 169, "seats": 3}, {"price": 169.1, "seats": null}, {"price": "42.50", "seats": "x"}]"#
        let records = try JSONDecoder().decode([Record].self, from: Data(json.utf8))
        #expect(records.map(\.price.value) == [169, Decimal(string: "169.1"), Decimal(string: "42.50")])
        #expect(records.map(\.seats.value) == [3, nil, nil])
    }

    @Test func aBadElementIsSkippedAndCountedAndTheRestDecode() throws {
        let json = #"[{"price": 1, "seats": 1}, {"price": "free"}, 7, "x", null, [1], {"price": 2, "seats": 2}]"#
        let array = try JSONDecoder().decode(SkippingArray<Record>.self, from: Data(json.utf8))
        #expect(array.elements.map(\.price.value) == [1, 2])
        #expect(array.skipped == 5)
    }

    @Test func aNonArrayIsStillAnError() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SkippingArray<Record>.self, from: Data(#"{"a": 1}"#.utf8))
        }
    }
}

@Suite("Duration in plain numbers")
struct DurationUnitTests {
    @Test func millisecondsRoundTowardZeroAndSecondsKeepTheirFraction() {
        #expect(Duration.milliseconds(1_999).inMilliseconds == 1_999)
        #expect((Duration.seconds(2) + .microseconds(999)).inMilliseconds == 2_000)
        #expect(Duration.milliseconds(250).inSeconds == 0.25)
        #expect(Duration.seconds(3).inSeconds == 3)
    }

    @Test func seatsLeftAreTheHeadlineSellersOrElseTheFewestAnySellerHas() {
        func source(_ provider: String, _ price: Decimal, seats: Int?) -> OfferSource {
            OfferSource(
                provider: ProviderID(rawValue: provider), reference: provider, price: Money(price, .eur),
                retrievedAt: OfferFactory.retrievedAt, seatsLeft: seats)
        }
        var offer = TripBuilder.trip(
            "kiwi", [[TripBuilder.segment("OS 1", "VIE", "BCN", departs: nil, arrives: nil)]], price: 100)
        offer.sources = [source("a", 120, seats: 3), source("b", 100, seats: nil), source("c", 130, seats: 5)]
        #expect(offer.seatsLeft == 3)
        offer.sources = [source("a", 120, seats: 2), source("b", 100, seats: 7), source("c", 100, seats: 1)]
        #expect(offer.seatsLeft == 7)
        offer.sources = [source("a", 120, seats: nil), source("b", 100, seats: nil)]
        #expect(offer.seatsLeft == nil)
    }
}
