import Foundation
import ProviderTestKit
import Testing

/// `aggregate watch run` as a built binary: Kiwi and Duffel on their recorded samples, and Aviasales
/// served from a loopback service whose prices the test changes between runs.
@Suite("Watch runs report exactly what changed")
struct WatchRunTests {
    typealias Flight = TravelpayoutsRecording.Flight

    /// Vueling's VY 1815, which Kiwi (98.00) and Duffel (96.40) sell too.
    static func vy1815(_ price: Decimal) -> Flight {
        Flight(carrier: "VY", number: 1815, departs: "12:30", minutes: 155, price: price)
    }
    /// Austrian's OS 395, which Kiwi (169.00) and Duffel (164.25) sell too.
    static func os395(_ price: Decimal) -> Flight {
        Flight(carrier: "OS", number: 395, departs: "07:05", minutes: 160, price: price)
    }
    /// A flight no one else sells.
    static func u2(_ price: Decimal) -> Flight {
        Flight(carrier: "U2", number: 9999, departs: "12:00", minutes: 150, price: price)
    }

    static func addWatch(
        _ home: WatchHome, _ name: String, service: ChangingService, _ extra: [String] = []
    ) async throws {
        let added = try await home.run(
            [
                "watch", "add", name, "--providers", "kiwi,duffel,aviasales", "--from", "VIE", "--to", "BCN", "--date",
                "2026-12-18", "--endpoint", service.endpoint,
            ] + extra)
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test func aWatchReportsTheChangesItWasGivenAndNothingElse() async throws {
        let home = try WatchHome()
        let service = try ChangingService(.json(TravelpayoutsRecording.answer([Self.vy1815(100), Self.u2(150)])))
        try await Self.addWatch(home, "vie-bcn", service: service, ["--below", "95"])

        // 1. The first run sets the baseline: nothing at or under 95 (VY 1815 is 96.40 at Duffel).
        let first = try await home.run(["watch", "run", "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.isEmpty)
        #expect(first.stderr.contains("note: vie-bcn: first run, 6 trips, cheapest 96.40 EUR"))

        // 2. Aviasales sells VY 1815 for 90, sells OS 395 (dearest of three), and no longer sells U2 9999.
        service.answer(with: .json(TravelpayoutsRecording.answer([Self.vy1815(90), Self.os395(170)])))
        let second = try await home.run(["watch", "run", "--format", "json"])
        #expect(second.status == 10, "\(second.stderr)")
        #expect(
            try EventLine.all(second) == [
                EventLine("new_low", "aviasales", "VY 1815", price: 90, previous: 96.4, change: -6.4),
                EventLine("below", "aviasales", "VY 1815", price: 90),
                EventLine("seller_changed", "aviasales", "VY 1815", price: 90, previous: 96.4, change: -6.4),
                EventLine("new_seller", "aviasales", "OS 395", price: 170),
                EventLine("gone", "aviasales", "U2 9999", previous: 150),
            ])

        #expect(service.priceRequests == 2, "one request per run")

        // 3. Aviasales fails: one failure, and no change made up from its silence.
        service.answer(with: .json(#"{"error": "upstream unavailable"}"#, status: 500))
        let third = try await home.run(["watch", "run", "--format", "json"])
        #expect(third.status == 2, "\(third.stderr)")
        let failure = try EventLine.all(third)
        #expect(failure == [EventLine("failed", "aviasales", nil)])
        #expect(third.stdout.contains(#""error_code":"http_status""#))

        // 4. Aviasales is back with the prices it had: nothing changed since it was last known.
        let afterFailure = service.priceRequests
        #expect(afterFailure > 2, "the failed run asked (and retried)")
        service.answer(with: .json(TravelpayoutsRecording.answer([Self.vy1815(90), Self.os395(170)])))
        let fourth = try await home.run(["watch", "run"])
        #expect(fourth.status == 0, "\(fourth.stdout)\(fourth.stderr)")
        #expect(fourth.stdout.isEmpty)

        // The same run for people: one line per event.
        service.answer(with: .json(TravelpayoutsRecording.answer([Self.vy1815(88), Self.os395(170)])))
        let fifth = try await home.run(["watch", "run"])
        #expect(fifth.status == 10)
        #expect(
            fifth.stdout == """
                vie-bcn: new low 88.00 EUR (2.00 EUR less than 90.00 EUR) from aviasales: VIE→BCN 2026-12-18 12:30 VY 1815

                """)
        #expect(service.priceRequests == afterFailure + 2, "one request per run")

        let history = try await home.history("vie-bcn")
        let runs = try #require(history["runs"] as? [[String: Any]])
        #expect(runs.count == 5)
        let statuses = runs.map { run in
            (run["providers"] as? [[String: Any]] ?? []).first { $0["id"] as? String == "aviasales" }?["status"]
                as? String
        }
        #expect(statuses == ["ok", "ok", "failed", "ok", "ok"])
    }

    @Test func watchesAskingAlikeShareOneRequestAndOthersAskForThemselves() async throws {
        let home = try WatchHome()
        let service = try ChangingService(.json(TravelpayoutsRecording.answer([Self.vy1815(90)])))
        // Two watches of one question and the same settings, with different filters and limits.
        try await Self.addWatch(home, "cheap", service: service, ["--below", "80"])
        try await Self.addWatch(home, "late", service: service, ["--depart-after", "10:00"])
        // One with another time limit: its own runner, its own request.
        try await Self.addWatch(home, "patient", service: service, ["--timeout", "20"])

        let run = try await home.run(["watch", "run", "cheap", "late"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(service.priceRequests == 1, "the second watch got the first one's answer")
        let all = try await home.run(["watch", "run"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(service.priceRequests == 3, "one for the two alike, one for the third")
        for name in ["cheap", "late", "patient"] {
            let runs = try #require(try await home.history(name)["runs"] as? [[String: Any]])
            #expect(runs.count == (name == "patient" ? 1 : 2))
        }
    }

    @Test func aWatchOfOneTripFollowsThatTripAlone() async throws {
        let home = try WatchHome()
        let service = try ChangingService(.json(TravelpayoutsRecording.answer([Self.vy1815(100), Self.os395(150)])))
        let search = try await home.run([
            "search", "--providers", "kiwi,duffel", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18", "--format",
            "json",
        ])
        let offers = try #require(try search.json()["offers"] as? [[String: Any]])
        let os395 = try #require(offers.first { ($0["carriers"] as? [String]) == ["OS"] }?["id"] as? String)
        try await Self.addWatch(home, "os395", service: service, ["--trip", os395])
        _ = try await home.run(["watch", "run"])
        // VY 1815 changes seller and OS 395 gets cheaper: only the second is this watch's business.
        service.answer(with: .json(TravelpayoutsRecording.answer([Self.vy1815(80), Self.os395(140)])))
        let run = try await home.run(["watch", "run", "--format", "json"])
        #expect(
            try EventLine.all(run) == [
                EventLine("new_low", "aviasales", "OS 395", price: 140, previous: 150, change: -10)
            ])
        let history = try await home.history("os395")
        let trips = try #require(history["trips"] as? [[String: Any]])
        #expect(trips.map { $0["id"] as? String } == [os395])
    }

    @Test func noProviderAnsweringIsStatus3AndSaysSo() async throws {
        let home = try WatchHome()
        let service = try ChangingService(.json("{}", status: 503))
        let added = try await home.run([
            "watch", "add", "down", "--providers", "aviasales", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18",
            "--endpoint", service.endpoint,
        ])
        #expect(added.status == 0)
        let run = try await home.run(["watch", "run"])
        #expect(run.status == 3)
        #expect(run.stdout.hasPrefix("down: aviasales failed (http_status): "))
    }
}
