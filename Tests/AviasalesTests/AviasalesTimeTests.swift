import AggregatorCore
import Foundation
import ProviderKit
import Testing

@testable import Aviasales

@Suite("Aviasales times")
struct AviasalesTimeTests {
    @Test(
        "Both formats read to the wall clock, and an offset gives the instant",
        arguments: [
            ("2026-12-18 07:05", "2026-12-18T07:05", nil),
            ("2026-12-18T07:05", "2026-12-18T07:05", nil),
            ("2026-12-18 07:05:59", "2026-12-18T07:05", nil),
            ("2026-12-18T12:30:00+01:00", "2026-12-18T12:30", 1_797_593_400),
            ("2026-12-18T12:30:00+0100", "2026-12-18T12:30", 1_797_593_400),
            ("2026-12-18T12:30:00+01", "2026-12-18T12:30", 1_797_593_400),
            ("2026-12-18T12:30:00Z", "2026-12-18T12:30", 1_797_597_000),
            ("2026-12-18t12:30:00z", "2026-12-18T12:30", 1_797_597_000),
            ("2026-12-18T12:30:00.123+05:30", "2026-12-18T12:30", 1_797_577_200),
            ("2026-12-18T12:30:15-03:30", "2026-12-18T12:30", 1_797_609_615),
            ("  2026-12-18T12:30+01:00\n", "2026-12-18T12:30", 1_797_593_400),
            ("2024-02-29T00:00:00+14:00", "2024-02-29T00:00", 1_709_114_400),
        ] as [(String, String, Int?)])
    func parses(text: String, local: String, epoch: Int?) throws {
        let time = try #require(AviasalesTime(parsing: text))
        #expect(time.local.description == local)
        #expect(time.utc?.timeIntervalSince1970 == epoch.map(TimeInterval.init))
    }

    @Test(
        "Anything else is no time",
        arguments: [
            "", "tomorrow", "18.12.2026 12:30", "2026-12-18", "2026-12-18 7:05", "2026-12-18 24:00",
            "2026-12-18 12:60", "2026-02-30 12:00", "2026-13-01 12:00", "2026-12-18 12:30:60",
            "2026-12-18T12:30:00+19:00", "2026-12-18T12:30:00+01:61", "2026-12-18T12:30:00+1", "2026-12-18T12:30:00.",
            "2026-12-18T12:30:00+01:00x", "2026-12-18_12:30", "1899-12-31T23:59:00Z", "2201-01-01T00:00:00Z",
            "9999-12-31T23:59:00+01:00", "０２６-12-18 12:30", "2026-12-18 12:30 +01:00",
        ])
    func rejects(text: String) {
        #expect(AviasalesTime(parsing: text) == nil)
    }

    @Test("The canonical text is the same however the offset was written")
    func canonical() throws {
        let spellings = ["2026-12-18T12:30:00+05:30", "2026-12-18T12:30+0530", "2026-12-18 12:30:00.000+05:30"]
        let texts = try spellings.map { try #require(AviasalesTime(parsing: $0)).canonical }
        #expect(Set(texts) == ["2026-12-18T12:30:00+05:30"])
        #expect(AviasalesTime(parsing: "2026-12-18T12:30:00-00:30")?.canonical == "2026-12-18T12:30:00-00:30")
        #expect(AviasalesTime(parsing: "2026-12-18 12:30")?.canonical == "2026-12-18T12:30:00")
    }
}

extension AviasalesTimeTests {
    @Test("The fast wall-clock text is the model's own description, for every kind of date and time")
    func fastText() throws {
        for (year, month, day) in [(1900, 1, 1), (1999, 12, 31), (2024, 2, 29), (2026, 12, 18), (2200, 12, 31)] {
            for (hour, minute) in [(0, 0), (7, 5), (12, 30), (23, 59)] {
                let date = try #require(LocalDate(year: year, month: month, day: day))
                let time = try #require(LocalDateTime(date: date, hour: hour, minute: minute))
                #expect(AviasalesTime.text(of: time) == time.description)
            }
        }
    }
}

@Suite("Aviasales requests")
struct AviasalesRequestPlanTests {
    static func day(_ text: String) throws -> LocalDate { try #require(LocalDate(iso: text)) }

    @Test("No date, one day, a range within a month and a range across months")
    func periods() throws {
        #expect(AviasalesRequestPlan.periods(nil) == [nil])
        #expect(AviasalesRequestPlan.periods(DateRange(try Self.day("2026-12-18"))) == ["2026-12-18"])
        let december = try #require(DateRange(from: try Self.day("2026-12-18"), to: try Self.day("2026-12-22")))
        #expect(AviasalesRequestPlan.periods(december) == ["2026-12"])
        let winter = try #require(DateRange(from: try Self.day("2026-11-20"), to: try Self.day("2027-01-10")))
        #expect(AviasalesRequestPlan.periods(winter) == ["2026-11", "2026-12", "2027-01"])
    }

    @Test("Routes × departure periods × return periods, routes first")
    func requests() throws {
        let departures = try #require(DateRange(from: try Self.day("2026-12-30"), to: try Self.day("2027-01-02")))
        let query = SearchQuery(
            origins: ["VIE", "BRQ"], destinations: ["BCN"], departureDates: departures,
            returnDate: try Self.day("2027-01-10"))
        let requests = AviasalesRequestPlan.requests(for: query)
        #expect(
            requests.map(\.label) == [
                "VIE→BCN, 2026-12, returning 2027-01-10", "VIE→BCN, 2027-01, returning 2027-01-10",
                "BRQ→BCN, 2026-12, returning 2027-01-10", "BRQ→BCN, 2027-01, returning 2027-01-10",
            ])
        #expect(requests.allSatisfy { $0.request.path == "aviasales/v3/prices_for_dates" })
        #expect(requests.allSatisfy { $0.request.recordingName == AviasalesSamples.name })
        #expect(requests.first?.origins == ["VIE"])
        #expect(requests.first?.destinations == ["BCN"])
    }

    @Test("One way without a return; a round trip without a return day asks any return")
    func oneWayAndOpenReturn() {
        let oneWay = AviasalesRequestPlan.requests(for: SearchQuery(origin: "VIE", returnDate: nil))
        #expect(oneWay.first?.request.query.contains(URLQueryItem(name: "one_way", value: "true")) == true)
        #expect(oneWay.first?.request.query.contains { $0.name == "return_at" || $0.name == "destination" } == false)
        #expect(oneWay.first?.label == "VIE→anywhere")
        let open = AviasalesRequestPlan.requests(
            for: SearchQuery(origin: "VIE", roundTrip: true, currency: .rub, maxStops: 1))
        let items = open.first?.request.query ?? []
        #expect(items.contains(URLQueryItem(name: "one_way", value: "false")))
        #expect(items.contains(URLQueryItem(name: "direct", value: "false")))
        #expect(items.contains(URLQueryItem(name: "currency", value: "rub")))
        #expect(!items.contains { $0.name == "return_at" })
    }

    @Test("650 × 650 codes over three months each way: the first requests made, every combination counted")
    func hugeProduct() throws {
        let letters = { (number: Int) -> String in
            let digits: [Int] = [number / 676 % 26, number / 26 % 26, number % 26]
            return String(decoding: digits.map { UInt8(65 + $0) }, as: UTF8.self)
        }
        let query = SearchQuery(
            origins: (0..<650).map(letters), destinations: (5_000..<5_650).map(letters),
            departureDates: DateRange(parsing: "2026-11-30..2027-01-30"),
            returnDates: DateRange(parsing: "2026-12-31..2027-02-28"), roundTrip: true)
        #expect(AviasalesRequestPlan.combinations(for: query) == 650 * 650 * 3 * 3)
        let requests = AviasalesRequestPlan.requests(for: query)
        #expect(requests.count == AviasalesRequestPlan.maximumRequests)
        #expect(requests.first?.label == "AAA→HKI, 2026-11, returning 2026-12")
        #expect(requests.last?.label == "AAA→HKN, 2026-11, returning 2027-02", "routes first, then periods")
        #expect(AviasalesRequestPlan.requests(for: query, limit: 1).count == 1)
    }
}
