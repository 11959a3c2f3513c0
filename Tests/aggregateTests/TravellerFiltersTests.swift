import Foundation
import Testing

/// The traveller's filters end to end: a recorded Kiwi answer through the built binary, so that each filter's
/// result set, its note about unknown values, its hint and its place in `compare` are checked as a user sees
/// them.
@Suite("The traveller's filters, run as a built binary")
struct TravellerFiltersTests {
    typealias F = KiwiRecording.Flight

    /// Four one-way trips: OS 395 07:05–09:45 (169), VY 1815 12:30–15:05 (98), LX 1577 + LX 1952 through
    /// Zurich 06:50–11:30 with 55 minutes to change (121), EK 126 22:35–04:10 the next morning (389).
    static let oneWay = KiwiRecording.answer([
        ([F(carrier: "OS", number: 395, from: "VIE", to: "BCN", departs: "2026-12-18 07:05", minutes: 160)], 169),
        ([F(carrier: "VY", number: 1815, from: "VIE", to: "BCN", departs: "2026-12-18 12:30", minutes: 155)], 98),
        (
            [
                F(carrier: "LX", number: 1577, from: "VIE", to: "ZRH", departs: "2026-12-18 06:50", minutes: 75),
                F(carrier: "LX", number: 1952, from: "ZRH", to: "BCN", departs: "2026-12-18 09:00", minutes: 150),
            ], 121
        ),
        (
            [
                F(
                    carrier: "EK", number: 126, from: "VIE", to: "DXB", departs: "2026-12-20 22:35", minutes: 335,
                    utcOffset: 2)
            ],
            389
        ),
    ])

    /// Runs a search of the recording above.
    static func search(_ arguments: [String], recording: String = oneWay) async throws -> BinaryRun {
        let folder = try TemporaryFolder()
        let file = try folder.write("kiwi.json", recording)
        return try await Binary.run(
            ["search", "--providers", "kiwi", "--endpoint", "kiwi=\(file.path)"]
                + (arguments.contains("--format") ? [] : ["--format", "csv"]) + arguments)
    }

    /// The flights of each row of a CSV answer.
    static func flights(_ run: BinaryRun) -> [String] {
        run.stdoutLines.dropFirst().filter { !$0.isEmpty }.map { line in
            let flights = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return flights.count > 9 ? flights[9].replacingOccurrences(of: "\"", with: "") : line
        }
    }

    @Test(arguments: [
        (["--depart-after", "07:00"], ["VY 1815", "OS 395", "EK 126"]),
        (["--depart-before", "07:05"], ["LX 1577", "OS 395"]),
        (["--arrive-before", "10:00"], ["OS 395", "EK 126"]),
        (["--arrive-after", "12:00"], ["VY 1815"]),
        (["--max-duration", "2h40m"], ["VY 1815", "OS 395"]),
        (["--max-duration", "160m"], ["VY 1815", "OS 395"]),
        (["--max-duration", "2h39m"], ["VY 1815"]),
        (["--min-layover", "1h"], ["VY 1815", "OS 395", "EK 126"]),
        (["--max-layover", "55m"], ["VY 1815", "LX 1577", "OS 395", "EK 126"]),
        (["--to", "BCN,DXB", "--exclude-airline", "LX,OS"], ["VY 1815", "EK 126"]),
        (["--airline", "LX,EK"], ["LX 1577", "EK 126"]),
        (["--from", "AMS,VIE", "--to", "DXB"], ["EK 126"]),
    ])
    func eachFilterKeepsWhatTheDataHolds(arguments: [String], expected: [String]) async throws {
        let run = try await Self.search(arguments)
        #expect(run.status == 0)
        #expect(Self.flights(run).map { String($0.prefix(7)).trimmingCharacters(in: .whitespaces) } == expected)
    }

    @Test func tripsWithUnknownValuesAreLeftOutAndCounted() async throws {
        // Without UTC times, with no stated duration and at airports whose time zones nobody knows, Kiwi's trips
        // have no known duration.
        let localOnly = Self.oneWay.replacingOccurrences(
            of: #""(dTimeUTC|aTimeUTC)": -?[0-9]+"#, with: #""$1": null"#, options: .regularExpression
        ).replacingOccurrences(
            of: #""(flyFrom|flyTo|cityCodeFrom|cityCodeTo)": "[A-Z]{3}""#, with: #""$1": "QQZ""#,
            options: .regularExpression)
        let run = try await Self.search(["--max-duration", "6h", "--format", "table"], recording: localOnly)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(
            run.stderr == """
                note: --max-duration left out 4 trips whose duration is unknown
                no flights match; without --max-duration: 4

                """)
        let cabin = try await Self.search(["--cabin", "economy", "--format", "json"])
        let json = try cabin.json()
        #expect(json["notes"] as? [String] == ["--cabin left out 4 trips whose cabin is unknown"])
        #expect((json["hints"] as? [[String: Any]])?.first?["drop"] as? [String] == ["--cabin"])
    }

    @Test func aOneWaySearchOverRoundTripsSaysToTryTheRoundTrip() async throws {
        let roundTrips = KiwiRecording.answer([
            (
                [
                    F(carrier: "OS", number: 395, from: "VIE", to: "BCN", departs: "2026-12-18 07:05", minutes: 160),
                    F(
                        carrier: "OS", number: 396, from: "BCN", to: "VIE", departs: "2026-12-22 10:35", minutes: 150,
                        inbound: true),
                ], 260
            ),
            (
                [
                    F(carrier: "VY", number: 1815, from: "VIE", to: "BCN", departs: "2026-12-18 12:30", minutes: 155),
                    F(
                        carrier: "VY", number: 1816, from: "BCN", to: "VIE", departs: "2026-12-22 19:35", minutes: 150,
                        inbound: true),
                ], 189
            ),
        ])
        let table = try await Self.search(["--to", "BCN", "--format", "table"], recording: roundTrips)
        #expect(table.status == 0)
        #expect(table.stdout == "")
        #expect(table.stderr == "no flights match; try --round-trip: 2\n")
        let capped = try await Self.search(
            ["--to", "BCN", "--max-price", "200", "--format", "json"], recording: roundTrips)
        let hints = try #require(try capped.json()["hints"] as? [[String: Any]])
        #expect(hints.map { $0["add"] as? [String] } == [["--round-trip"]])
        #expect(hints.map { $0["drop"] as? [String] } == [[]])
        #expect(hints.map { $0["offers"] as? Int } == [1])
    }

    @Test func bagsWithUnknownFeesAreNotedAndLeftOutOfAPriceCap() async throws {
        let run = try await Self.search(["--bags", "1", "--max-price", "150", "--format", "table"])
        #expect(run.stdout == "")
        #expect(
            run.stderr == """
                note: --max-price left out 2 trips whose bag fees are unknown
                no flights match; without --max-price: 4

                """)
        let all = try await Self.search(["--bags", "1", "--format", "json"])
        let json = try all.json()
        #expect(
            json["notes"] as? [String] == [
                "--bags: 4 trips' bag fees are unknown, so their prices are the tickets alone; ranked after trips "
                    + "whose total is known"
            ])
        let offers = try #require(json["offers"] as? [[String: Any]])
        #expect(offers.allSatisfy { ($0["tags"] as? [String])?.contains("bag_fees_unknown") == true })
        #expect(offers.allSatisfy { $0["price_without_bags"] is NSNull })
    }

    @Test func aPartyPricedPerSeatIsMultipliedAndItsInfantNoted() async throws {
        let run = try await Binary.run([
            "search", "--providers", "sunweb", "--from", "AMS", "--to", "BCN", "--adults", "2", "--children", "1",
            "--infants", "1", "--format", "json",
        ])
        #expect(run.status == 0)
        #expect(
            run.stderr == "note: sunweb prices per seat: its prices are for 2 adults, 1 child, without the lap infant\n"
        )
        let offers = try #require(try run.json()["offers"] as? [[String: Any]])
        #expect(offers.allSatisfy { $0["price_basis"] as? String == "total" })
        let one = try await Binary.run([
            "search", "--providers", "sunweb", "--from", "AMS", "--to", "BCN", "--format", "json",
        ])
        let single = try #require(try one.json()["offers"] as? [[String: Any]])
        let amounts = { (list: [[String: Any]]) in
            list.compactMap { (($0["price"] as? [String: Any])?["amount"] as? NSNumber)?.decimalValue }
        }
        #expect(amounts(offers) == amounts(single).map { $0 * 3 })
    }

    @Test func compareCountsTheTripsTheNewFiltersKeep() async throws {
        let run = try await Binary.run([
            "compare", "--providers", "kiwi,aviasales", "--from", "VIE", "--to", "BCN", "--depart-after", "07:00",
            "--depart-before", "17:00", "--format", "json",
        ])
        #expect(run.status == 0)
        let json = try run.json()
        let providers = try #require(json["providers"] as? [[String: Any]])
        // VIE→BCN from 07:00 to 17:00: OS 395 and VY 1815 (both sell them), VY 1817 (both), Volotea (aviasales).
        #expect(providers.map { $0["matched"] as? Int } == [3, 4])
        #expect(providers.map { $0["shared"] as? Int } == [3, 3])
        #expect(json["matched"] as? Int == 4)
        #expect(json["shared_total"] as? Int == 3)
        let query = try #require(json["query"] as? [String: Any])
        #expect(query["depart_after"] as? String == "07:00")
    }
}
