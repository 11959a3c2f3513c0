import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

/// The embedded scenario: four flights are sold by both kiwi and aviasales — OS 395 at 169 EUR against
/// 16450 RUB, VY 1815 at 98 against 8900, OS 397 at 142 against 13990, VY 1817 at 84 against 7650 — and
/// 1 EUR buys 94.25 RUB, so aviasales asks 174.54, 94.43, 148.44 and 81.17 EUR.
@Suite("aggregate compare, run as a built binary")
struct CompareCommandTests {
    /// A number from JSON as an exact decimal, so that 174.54 is compared as written.
    static func amount(_ object: Any?) -> Decimal? {
        guard let money = object as? [String: Any], let number = money["amount"] as? NSNumber else { return nil }
        return Decimal(string: number.stringValue)
    }

    /// The cells of a table row, with the latency (which varies run to run) left out.
    static func cells(_ line: String) -> [String] {
        let words = line.split(separator: " ").map(String.init)
        guard let ms = words.firstIndex(of: "ms") else { return words }
        return Array(words[..<(ms - 1)] + words[(ms + 1)...])
    }

    @Test func theTableShowsProvidersSharedTripsAndThePair() async throws {
        let run = try await Binary.run(["compare", "--providers", "kiwi,aviasales"])
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "note: kiwi, aviasales answered from built-in samples, not live prices; add --live to ask the live "
                + "services\n")
        let sections = run.stdout.components(separatedBy: "\n\n")
        try #require(sections.count == 3)
        let providerLines = sections[0].split(separator: "\n").map(String.init)
        #expect(
            providerLines.first
                == "PROVIDER   STATUS  LATENCY  OFFERS  SKIPPED  MATCHED  CHEAPEST EUR  MEDIAN EUR  SHARED")
        // kiwi's 12 prices have 115 and 121 in the middle; aviasales' 6 have 81.17 and 94.43.
        #expect(
            providerLines.dropFirst().map(Self.cells) == [
                ["kiwi", "ok", "16", "0", "12", "76.00", "118.00", "4"],
                ["aviasales", "ok", "6", "0", "6", "58.25", "87.80", "4"],
            ])
        #expect(
            sections[1] == """
                SAVING EUR     %  DEPARTS           ROUTE    FLIGHTS  CHEAPEST   SOLD BY
                      6.44  4.3%  2026-12-19 18:20  VIE→BCN  OS 397   kiwi       kiwi 142.00 EUR, aviasales 148.44 EUR (13990.00 RUB)
                      5.54  3.2%  2026-12-18 07:05  VIE→BCN  OS 395   kiwi       kiwi 169.00 EUR, aviasales 174.54 EUR (16450.00 RUB)
                      3.57  3.6%  2026-12-18 12:30  VIE→BCN  VY 1815  aviasales  aviasales 94.43 EUR (8900.00 RUB), kiwi 98.00 EUR
                      2.83  3.4%  2026-12-20 16:10  VIE→BCN  VY 1817  aviasales  aviasales 81.17 EUR (7650.00 RUB), kiwi 84.00 EUR
                """)
        // kiwi − aviasales: −5.54, +3.57, −6.44, +2.83; the middle two average −1.355.
        #expect(
            sections[2]
                == "kiwi vs aviasales: 4 shared, kiwi cheaper 2, aviasales cheaper 2, median difference -1.36 EUR\n")
    }

    @Test func jsonCarriesEveryProviderRowSharedTripAndPair() async throws {
        let run = try await Binary.run(["compare", "--providers", "kiwi,aviasales", "--format", "json"])
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["schema"] as? String == "aggregate.compare.v1")
        #expect(json["currency"] as? String == "EUR")
        #expect(json["rates_date"] as? String == "2026-11-20")
        #expect(json["order"] as? String == "saving")
        #expect(json["matched"] as? Int == 14)
        #expect(json["shared_total"] as? Int == 4)
        #expect(json["notes"] as? [String] == [])

        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.map { $0["id"] as? String } == ["kiwi", "aviasales"])
        for key in [
            "id", "status", "latency_ms", "offers", "skipped", "matched", "cheapest", "median", "unconverted", "shared",
            "error", "error_code", "notes",
        ] {
            #expect(providers.allSatisfy { $0.keys.contains(key) }, "every provider row has \(key)")
        }
        #expect(providers.map { $0["status"] as? String } == ["ok", "ok"])
        #expect(
            providers.map { $0["offers"] as? Int } == [16, 6], "kiwi's 4 round trips do not match a one-way search")
        #expect(providers.map { $0["shared"] as? Int } == [4, 4])
        #expect(providers.map { Self.amount($0["cheapest"]) } == [decimal("76"), decimal("58.25")])
        #expect(providers.map { Self.amount($0["median"]) } == [decimal("118"), decimal("87.8")])

        let shared = try #require(json["shared"] as? [[String: Any]])
        let flights = shared.map { trip -> String? in
            let legs = (trip["trip"] as? [String: Any])?["legs"] as? [[String: Any]]
            let segment = (legs?.first?["segments"] as? [[String: Any]])?.first
            return (segment?["carrier"] as? String ?? "") + (segment?["flight_number"] as? String ?? "")
        }
        #expect(flights == ["OS397", "OS395", "VY1815", "VY1817"])
        #expect(shared.map { $0["cheapest"] as? String } == ["kiwi", "kiwi", "aviasales", "aviasales"])
        #expect(shared.map { $0["dearest"] as? String } == ["aviasales", "aviasales", "kiwi", "kiwi"])
        #expect(shared.map { Self.amount($0["saving"]) } == ["6.44", "5.54", "3.57", "2.83"].map(decimal))

        let vy1815 = try #require(
            shared.first { ($0["trip"] as? [String: Any])?["departure"] as? String == "2026-12-18T12:30" })
        #expect(vy1815["id"] is String)
        let trip = try #require(vy1815["trip"] as? [String: Any])
        #expect(trip["origin"] as? String == "VIE")
        #expect(trip["destination"] as? String == "BCN")
        #expect(trip["carriers"] as? [String] == ["VY"])
        let sources = try #require(vy1815["sources"] as? [[String: Any]])
        #expect(sources.map { $0["provider"] as? String } == ["aviasales", "kiwi"])
        #expect(Self.amount(sources[0]["price"]) == 8900)
        #expect((sources[0]["price"] as? [String: Any])?["currency"] as? String == "RUB")
        #expect(Self.amount(sources[0]["converted"]) == decimal("94.43"))
        #expect((sources[0]["converted"] as? [String: Any])?["currency"] as? String == "EUR")
        #expect(Self.amount(sources[1]["price"]) == 98)
        #expect(sources.map { $0["cheapest"] as? Bool } == [true, false])
        #expect((sources[1]["deep_link"] as? String)?.hasPrefix("https://www.kiwi.com/deep?") == true)

        let pairs = try #require(json["pairs"] as? [[String: Any]])
        #expect(pairs.count == 1)
        #expect(pairs[0]["first"] as? String == "kiwi")
        #expect(pairs[0]["second"] as? String == "aviasales")
        #expect(
            ["shared", "compared", "first_cheaper", "second_cheaper", "ties"].map { pairs[0][$0] as? Int }
                == [4, 4, 2, 2, 0])
        #expect(Self.amount(pairs[0]["median_difference"]) == decimal("-1.355"), "medians are exact in JSON")
    }

    @Test func csvHasOneRowPerSharedTripAndSource() async throws {
        let run = try await Binary.run(["compare", "--providers", "kiwi,aviasales", "--format", "csv"])
        #expect(run.status == 0)
        let lines = run.stdoutLines.filter { !$0.isEmpty }
        #expect(
            lines.first
                == "trip_id,departure,route,flights,provider,price,currency,converted,converted_currency,cheapest,saving,deep_link"
        )
        #expect(lines.count == 9)
        let os395 = lines.filter { $0.contains(",OS 395,") }.map { $0.split(separator: ",").map(String.init) }
        #expect(
            os395.map { Array($0[1...10]) } == [
                ["2026-12-18T07:05", "VIE→BCN", "OS 395", "kiwi", "169.00", "EUR", "169.00", "EUR", "yes", "5.54"],
                [
                    "2026-12-18T07:05", "VIE→BCN", "OS 395", "aviasales", "16450.00", "RUB", "174.54", "EUR", "no",
                    "5.54",
                ],
            ])
    }

    @Test func sortAndLimitApplyToSharedTripsOnly() async throws {
        let run = try await Binary.run([
            "compare", "--providers", "kiwi,aviasales", "--sort", "departure", "--limit", "2", "--format", "json",
        ])
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["order"] as? String == "departure")
        #expect((json["query"] as? [String: Any])?["limit"] as? Int == 2)
        #expect(json["shared_total"] as? Int == 4)
        let shared = try #require(json["shared"] as? [[String: Any]])
        #expect(
            shared.map { ($0["trip"] as? [String: Any])?["departure"] as? String } == [
                "2026-12-18T07:05", "2026-12-18T12:30",
            ])
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.map { $0["shared"] as? Int } == [4, 4], "the limit never trims provider figures")
        #expect((json["pairs"] as? [[String: Any]])?.first?["shared"] as? Int == 4)
    }

    @Test func aFailingProviderExitsTwoAndKeepsItsRow() async throws {
        let run = try await Binary.run([
            "compare", "--providers", "kiwi,aviasales", "--endpoint", "aviasales=file:///nonexistent",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderrLines == [
                "warning: aviasales failed: no recorded response at /nonexistent; check --endpoint aviasales=file://PATH",
                "note: no trip is sold by more than one of the selected providers",
                "note: kiwi answered from built-in samples, not live prices; add --live to ask the live services",
            ])
        let rows = run.stdoutLines.dropFirst().filter { !$0.isEmpty }.map(Self.cells)
        #expect(
            rows == [
                ["kiwi", "ok", "16", "0", "12", "76.00", "118.00", "0"],
                ["aviasales", "failed", "0", "0", "0", "-", "-", "0"],
            ])
        let json = try await Binary.run([
            "compare", "--providers", "kiwi,aviasales", "--endpoint", "aviasales=file:///nonexistent", "--format",
            "json",
        ])
        #expect(json.status == 2)
        let providers = try #require(try json.json()["providers"] as? [[String: Any]])
        #expect(providers[1]["error_code"] as? String == "configuration")
        #expect(providers[1]["cheapest"] is NSNull)
    }

    @Test func aBadFlagIsAUsageError() async throws {
        let run = try await Binary.run(["compare", "--providers", "kiwi,aviasales", "--limit", "0"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "error: '--limit' takes a whole number of at least 1, got '0'. Write for example --limit 5. See 'aggregate compare --help'.\n"
        )
        let unknown = try await Binary.run(["compare", "--providers", "kiwi,aviasales", "--shared-only"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout == "")
    }

    @Test func pricesThatCannotBeConvertedAreShownButNotCompared() async throws {
        let folder = try TemporaryFolder()
        let rates = try folder.write(
            "rates.json", #"{"base": "EUR", "date": "2026-11-20", "rates": {"USD": 1.0612}}"#)
        let run = try await Binary.run([
            "compare", "--providers", "kiwi,aviasales", "--rates", rates.path, "--format", "json",
        ])
        #expect(run.status == 0)
        // The search's note on ranking stays; the comparison adds what it does with those prices.
        #expect(
            run.stderrLines == [
                "note: prices in RUB cannot be converted with the rates of 2026-11-20; they are shown as sent and "
                    + "ranked after the rest (pass --rates FILE to convert them)",
                "note: 6 prices in RUB cannot be converted with the rates of 2026-11-20; shown as sent and left out "
                    + "of every comparison (pass --rates FILE to convert them)",
            ])
        let json = try run.json()
        #expect((json["notes"] as? [String])?.count == 2)
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers[1]["unconverted"] as? Int == 6)
        #expect(providers[1]["cheapest"] is NSNull)
        #expect(providers[1]["median"] is NSNull)
        let shared = try #require(json["shared"] as? [[String: Any]])
        #expect(shared.count == 4)
        for trip in shared {
            #expect(trip["cheapest"] is NSNull)
            #expect(trip["saving"] is NSNull)
            let sources = try #require(trip["sources"] as? [[String: Any]])
            let aviasales = try #require(sources.first { $0["provider"] as? String == "aviasales" })
            #expect(aviasales["converted"] is NSNull)
            #expect((aviasales["price"] as? [String: Any])?["currency"] as? String == "RUB")
        }
        let pair = try #require((json["pairs"] as? [[String: Any]])?.first)
        #expect(pair["shared"] as? Int == 4)
        #expect(pair["compared"] as? Int == 0)
        #expect(pair["median_difference"] is NSNull)
    }

    @Test func aRecordedResponseIsComparedAsItIs() async throws {
        // OS 397 at 13000 RUB (137.93 EUR) undercuts kiwi's 142; VY 1815 at 9236.5 RUB is exactly kiwi's
        // 98.00; the record without a price is skipped.
        let folder = try TemporaryFolder()
        let recording = try folder.write(
            "aviasales.json",
            """
            {"passengers_count": 1, "origin": {"iata": "VIE", "name": "Вена"},
             "destination": {"iata": "BCN", "name": "Барселона"},
             "results": [
              {"id": "a", "departure_date_time": "2026-12-19 18:20", "arrival_date_time": "2026-12-19 21:00",
               "price": {"currency": "RUB", "value": 13000}, "airline": "Austrian Airlines",
               "available_tickets_count": 12},
              {"id": "b", "departure_date_time": "2026-12-18 12:30", "arrival_date_time": "2026-12-18 15:05",
               "price": {"currency": "RUB", "value": 9236.5}, "airline": "Vueling", "available_tickets_count": 24},
              {"id": "c", "departure_date_time": "2026-12-18 16:00", "arrival_date_time": "2026-12-18 18:35",
               "airline": "Vueling", "available_tickets_count": 5}
             ]}
            """)
        let run = try await Binary.run([
            "compare", "--providers", "kiwi,aviasales", "--endpoint", "aviasales=file://\(recording.path)",
        ])
        #expect(run.status == 0)
        // A recording's prices are what the service said: only kiwi's embedded answer is a sample.
        #expect(
            run.stderr
                == "note: aviasales skipped 1 record it could not read\n"
                + "note: kiwi answered from built-in samples, not live prices; add --live to ask the live services\n")
        let sections = run.stdout.components(separatedBy: "\n\n")
        try #require(sections.count == 3)
        #expect(
            sections[0].split(separator: "\n").dropFirst().map { Self.cells(String($0)) } == [
                ["kiwi", "ok", "16", "0", "12", "76.00", "118.00", "2"],
                ["aviasales", "ok", "2", "1", "2", "98.00", "117.97", "2"],
            ])
        #expect(
            sections[1] == """
                SAVING EUR     %  DEPARTS           ROUTE    FLIGHTS  CHEAPEST   SOLD BY
                      4.07  2.9%  2026-12-19 18:20  VIE→BCN  OS 397   aviasales  aviasales 137.93 EUR (13000.00 RUB), kiwi 142.00 EUR
                      0.00  0.0%  2026-12-18 12:30  VIE→BCN  VY 1815  tie        aviasales 98.00 EUR (9236.50 RUB), kiwi 98.00 EUR
                """)
        #expect(
            sections[2]
                == "kiwi vs aviasales: 2 shared, kiwi cheaper 0, aviasales cheaper 1, 1 tie, median difference +2.04 EUR\n"
        )
    }
}

@Suite("aggregate compare's help")
struct CompareHelpTests {
    @Test func helpListsCompareAndRewordsTheOptionsWhoseMeaningChanges() async throws {
        let overview = try await Binary.run(["--help"])
        #expect(overview.stdout.contains(try Regex(#"\n  compare +Show the providers side by side"#)))
        let help = try await Binary.run(["help", "compare"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Show the providers side by side"))
        #expect(help.stdout.contains("Order of the shared trips (default: largest saving first)."))
        #expect(help.stdout.contains("Show at most N shared trips"))
        for option in ["--providers", "--from", "--to", "--date", "--currency", "--endpoint", "--rates", "--format"] {
            #expect(help.stdout.contains("  \(option) "), "help lists \(option), shared with search")
        }
    }
}
