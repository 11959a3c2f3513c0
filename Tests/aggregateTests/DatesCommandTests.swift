import Foundation
import Testing

@Suite("aggregate dates, run as a built binary")
struct DatesCommandTests {
    /// A number from JSON as an exact decimal.
    static func amount(_ object: Any?) -> Decimal? {
        guard let money = object as? [String: Any], let number = money["amount"] as? NSNumber else { return nil }
        return Decimal(string: number.stringValue)
    }

    @Test func eachDaysAnswerIsTheCheapestThatSearchFindsOnThatDay() async throws {
        let range = try await Binary.run(["dates", "--date", "2026-12-16..2026-12-22", "--format", "json"])
        #expect(range.status == 0)
        let json = try range.json()
        #expect(json["schema"] as? String == "aggregate.dates.v1")
        #expect(json["grid"] is NSNull)
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == (16...22).map { "2026-12-\($0)" })
        #expect(days.filter { $0["price"] is NSNull }.count == 4, "the samples fly on the 18th, 19th and 20th")
        for day in days {
            let date = try #require(day["date"] as? String)
            let search = try await Binary.run(["search", "--date", date, "--format", "json"])
            let result = try search.json()
            let first = (result["offers"] as? [[String: Any]])?.first
            #expect(day["offer_id"] as? String == first?["id"] as? String, "\(date)")
            #expect(Self.amount(day["price"]) == Self.amount(first?["price"]), "\(date)")
            #expect(
                day["provider"] as? String == ((first?["sources"] as? [[String: Any]])?.first?["provider"] as? String),
                "\(date)")
            #expect(day["offers"] as? Int == result["matched"] as? Int, "\(date)")
        }
        #expect(days.filter { $0["cheapest"] as? Bool == true }.map { $0["date"] as? String } == ["2026-12-20"])
    }

    @Test func theTableMarksTheCheapestDay() async throws {
        let run = try await Binary.run([
            "dates", "--providers", "kiwi,aviasales", "--from", "VIE", "--to", "BCN", "--date",
            "2026-12-17..2026-12-21",
        ])
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "note: kiwi, aviasales answered from built-in samples, not live prices; add --live to ask the live "
                + "services\n")
        #expect(
            run.stdout == """
                DATE        DAY  PRICE EUR  PROVIDER   FLIGHTS  DEPARTS  TRIPS
                2026-12-17  Thu          -                                   0
                2026-12-18  Fri      94.43  aviasales  VY 1815  12:30        3
                2026-12-19  Sat      65.78  aviasales  V7       10:15        2
                2026-12-20  Sun      58.25  aviasales  W6       06:40        2  ← cheapest
                2026-12-21  Mon          -                                   0

                """)
        #expect(run.stdoutLines.filter { $0.hasSuffix("← cheapest") }.count == 1)
    }

    @Test func withoutADateTheDaysAreThoseTheDataCoversAndUndatedTripsAreNoted() async throws {
        let run = try await Binary.run(["dates", "--providers", "kiwi,aviasales,sunweb", "--format", "csv"])
        #expect(run.status == 0)
        #expect(
            run.stdoutLines.first == "date,return,price,currency,offer_id,provider,flights,departure,offers,cheapest")
        #expect(
            run.stdoutLines.dropFirst().filter { !$0.isEmpty }.map { String($0.prefix(10)) } == [
                "2026-12-18", "2026-12-19", "2026-12-20",
            ])
        #expect(
            run.stderr
                == "note: 8 matching trips carry no departure date, so no day shows them\n"
                + "note: kiwi, aviasales, sunweb answered from built-in samples, not live prices; add --live to ask "
                + "the live services\n")
    }

    @Test func aReturnRangeGivesAGridOfDepartureAndReturnDays() async throws {
        typealias F = KiwiRecording.Flight
        func trip(_ out: String, _ back: String, _ price: Int) -> (flights: [F], price: Int) {
            (
                [
                    F(carrier: "OS", number: 395, from: "VIE", to: "BCN", departs: "\(out) 07:05", minutes: 160),
                    F(
                        carrier: "OS", number: 396, from: "BCN", to: "VIE", departs: "\(back) 10:35", minutes: 150,
                        inbound: true),
                ], price
            )
        }
        let folder = try TemporaryFolder()
        let recording = try folder.write(
            "kiwi.json",
            KiwiRecording.answer([
                trip("2026-12-18", "2026-12-21", 300), trip("2026-12-18", "2026-12-22", 260),
                trip("2026-12-19", "2026-12-22", 280), trip("2026-12-19", "2026-12-30", 90),
            ]))
        let arguments = [
            "dates", "--providers", "kiwi", "--endpoint", "kiwi=\(recording.path)", "--date", "2026-12-18..2026-12-19",
            "--return", "2026-12-21..2026-12-22",
        ]
        let table = try await Binary.run(arguments)
        #expect(table.status == 0)
        #expect(
            table.stdout == """
                DEPART \\ RETURN  2026-12-21 Mon  2026-12-22 Tue
                2026-12-18 Fri           300.00         *260.00
                2026-12-19 Sat                -          280.00

                * cheapest: 2026-12-18 → 2026-12-22, 260.00 EUR from kiwi, OS 395, OS 396

                """)
        let json = try await Binary.run(arguments + ["--format", "json"]).json()
        let grid = try #require(json["grid"] as? [String: Any])
        #expect(grid["return_dates"] as? [String] == ["2026-12-21", "2026-12-22"])
        let cells = try #require(grid["cells"] as? [[String: Any]])
        #expect(
            cells.map { "\($0["date"] as? String ?? "")→\($0["return"] as? String ?? "")" } == [
                "2026-12-18→2026-12-21", "2026-12-18→2026-12-22", "2026-12-19→2026-12-21", "2026-12-19→2026-12-22",
            ])
        #expect(cells.map { Self.amount($0["price"]) } == [300, 260, nil, 280])
        #expect(cells.map { $0["cheapest"] as? Bool } == [false, true, false, false])
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(days.map { Self.amount($0["price"]) } == [260, 280], "the 30th is outside the return range")
    }

    @Test func theDatesCommandTakesNoSortOrLimit() async throws {
        let run = try await Binary.run(["dates", "--sort", "price"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("error: unknown option '--sort'."))
    }
}
