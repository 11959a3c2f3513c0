import Foundation
import Testing

@Suite("aggregate search, run as a built binary")
struct SearchCommandTests {
    /// The line after a table of the embedded samples of kiwi and aviasales: they are not live prices.
    static let sampleNote =
        "note: kiwi, aviasales answered from built-in samples, not live prices; add --live to ask the live services\n"

    @Test func theFirstRunMergesFlightsSoldByBothProviders() async throws {
        let run = try await Binary.run(["search", "--providers", "kiwi,aviasales"])
        #expect(run.status == 0)
        #expect(run.stderr == Self.sampleNote)
        let rows = run.stdoutLines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix("note: ") }
        #expect(
            run.stdoutLines.filter { !$0.isEmpty }.last == String(Self.sampleNote.dropLast()), "the table's last line")
        #expect(rows.count == 14, "12 kiwi + 6 aviasales itineraries, 4 of them the same flights")
        #expect(rows.filter { $0.contains("aviasales") && $0.contains("kiwi") }.count == 4)
        #expect(run.stdoutLines.first?.hasPrefix("PRICE EUR  ROUTE") == true)
    }

    @Test func aDayOnOneRouteIsPrintedExactly() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                PRICE EUR  ROUTE        DEPARTS           ARRIVES  DURATION  FLIGHTS           STOPS  SRC  SOLD BY                        TAGS
                    94.43  VIE→BCN      2026-12-18 12:30  15:05      2h 35m  VY 1815               0    2  aviasales 94.43, kiwi 98.00    best, cheapest, fastest, multiple_sources
                   121.00  VIE→ZRH→BCN  2026-12-18 06:50  11:30      4h 40m  LX 1577, LX 1952      1    1  kiwi 121.00                    few_seats_left
                   169.00  VIE→BCN      2026-12-18 07:05  09:45      2h 40m  OS 395                0    2  kiwi 169.00, aviasales 174.54  few_seats_left, multiple_sources
                note: kiwi, aviasales answered from built-in samples, not live prices; add --live to ask the live services

                """)
        #expect(run.stderr == Self.sampleNote)
    }

    @Test func sortKeysAndLimitChangeTheOrder() async throws {
        let byDeparture = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--to", "BCN", "--sort", "departure", "--limit", "2", "--format",
            "csv",
        ])
        #expect(byDeparture.status == 0)
        let departures = byDeparture.stdoutLines.dropFirst().filter { !$0.isEmpty }.map { $0.split(separator: ",")[4] }
        #expect(departures == ["2026-12-18T06:50", "2026-12-18T07:05"])
        let byDuration = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--sort", "duration", "--limit", "1", "--format", "csv",
        ])
        #expect(byDuration.stdoutLines[1].contains(",PC 1720,"))
    }

    @Test func jsonFollowsTheDocumentedEnvelope() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--format", "json", "--currency", "RUB",
        ])
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["schema"] as? String == "aggregate.search.v1")
        #expect(json["currency"] as? String == "RUB")
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.map { $0["id"] as? String } == ["kiwi", "aviasales"])
        for provider in providers {
            #expect(provider["status"] as? String == "ok")
            #expect(provider["latency_ms"] is NSNumber)
            #expect(provider["skipped"] as? Int == 0)
            #expect(provider.keys.contains("error"))
        }
        #expect(
            providers.map { $0["offers"] as? Int } == [16, 6], "kiwi's round trips are left out of a one-way search")
        let offers = try #require(json["offers"] as? [[String: Any]])
        #expect(offers.count == 14)
        for key in [
            "id", "kind", "origin", "destination", "departure", "arrival", "stops", "carriers", "price", "sources",
            "tags",
        ] {
            #expect(offers.allSatisfy { $0.keys.contains(key) }, "every offer has \(key)")
        }
        let merged = try #require(
            offers.first { ($0["sources"] as? [Any])?.count == 2 && $0["departure"] as? String == "2026-12-18T12:30" })
        let sources = try #require(merged["sources"] as? [[String: Any]])
        #expect(sources.map { $0["provider"] as? String } == ["aviasales", "kiwi"])
        let aviasalesPrice = try #require(sources[0]["price"] as? [String: Any])
        #expect(aviasalesPrice["currency"] as? String == "RUB")
        #expect((aviasalesPrice["amount"] as? NSNumber)?.intValue == 8900)
        let kiwiPrice = try #require(sources[1]["price"] as? [String: Any])
        #expect(kiwiPrice["currency"] as? String == "EUR")
        #expect((sources[1]["deep_link"] as? String)?.hasPrefix("https://www.kiwi.com/deep?") == true)
        let headline = try #require(merged["price"] as? [String: Any])
        #expect(headline["currency"] as? String == "RUB")
        #expect((headline["amount"] as? NSNumber)?.intValue == 8900)
        #expect(merged["carriers"] as? [String] == ["VY"])
    }

    @Test func csvHasAHeaderAndQuotesWhereNeeded() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--format", "csv", "--from", "VIE", "--to", "BCN", "--date",
            "2026-12-18",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdoutLines[0]
                == "id,kind,origin,destination,departure,arrival,duration_minutes,stops,carriers,flights,price,currency,sources,sold_by,cheapest_source,deep_link,tags,return_departure,return_arrival,deep_link_source,sample"
        )
        #expect(run.stdoutLines[2].contains(",\"LX 1577, LX 1952\","))
        #expect(run.stdoutLines.filter { !$0.isEmpty }.count == 4)
    }

    @Test func aKindNoSelectedProviderOffersSaysSo() async throws {
        let run = try await Binary.run(["search", "--providers", "kiwi,aviasales", "--kind", "cars"])
        #expect(run.status == 3)
        #expect(run.stdout == "")
        #expect(
            run.stderrLines == [
                "note: kiwi unsupported: offers flights, not cars",
                "note: aviasales unsupported: offers flights, not cars",
                "no selected provider offers cars; 'aggregate providers' lists what each offers",
            ])
    }

    @Test func nothingMatchingExplainsWhichFilterToDrop() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--to", "BCN", "--max-price", "60", "--date", "2026-12-18",
        ])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        // Without --date the Wizz Air flight on the 20th (58.25) fits; without --max-price, three on the 18th do.
        #expect(run.stderr == "no flights match; without --date: 1, without --max-price: 3\n" + Self.sampleNote)
        let json = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--to", "BCN", "--max-price", "60", "--date", "2026-12-18",
            "--format", "json",
        ])
        let hints = try #require(try json.json()["hints"] as? [[String: Any]])
        #expect(hints.map { $0["drop"] as? [String] } == [["--date"], ["--max-price"]])
        #expect(hints.map { $0["offers"] as? Int } == [1, 3])
    }
}

@Suite("Failing providers and exit codes")
struct ProviderFailureTests {
    @Test func aMissingRecordingFailsOneProviderAndTheRestArePrinted() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=file:///nonexistent/kiwi.json",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "warning: kiwi failed: no recorded response at /nonexistent/kiwi.json; check --endpoint kiwi=file://PATH\n"
                + "note: aviasales answered from built-in samples, not live prices; add --live to ask the live services\n"
        )
        #expect(run.stdoutLines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix("note: ") }.count == 6)
    }

    @Test func aMalformedBodyIsAProviderFailureNotACrash() async throws {
        let folder = try TemporaryFolder()
        let html = try folder.write("kiwi.html", "<html><body>502 Bad Gateway</body></html>")
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(html.path)", "--format", "json",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "warning: kiwi failed: the response is not in the expected format: the body is not JSON"))
        let providers = try #require(try run.json()["providers"] as? [[String: Any]])
        #expect(providers[0]["status"] as? String == "failed")
        #expect(providers[0]["error_code"] as? String == "malformed_response")
        #expect(providers[1]["status"] as? String == "ok")
    }

    @Test func noProviderAnsweringExitsThree() async throws {
        let folder = try TemporaryFolder()
        let broken = try folder.write("broken.json", "{\"data\": ")
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(broken.path)", "--endpoint",
            "aviasales=file://\(broken.path)",
        ])
        #expect(run.status == 3)
        #expect(run.stdout == "")
        #expect(run.stderrLines.count == 2)
        #expect(run.stderrLines.allSatisfy { $0.hasPrefix("warning: ") && $0.contains("broken or cut-off JSON") })
    }

    @Test func aFolderEndpointServesOneFilePerRequest() async throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "prices_for_dates.json",
            """
            {"passengers_count": 1, "origin": {"iata": "MOW", "name": "Москва"},
             "destination": {"iata": "LED", "name": "Санкт-Петербург"},
             "results": [{"id": "1", "departure_date_time": "2026-12-18 10:00", "arrival_date_time": "2026-12-18 11:30",
                          "price": {"currency": "RUB", "value": 4500}, "airline": "Победа", "available_tickets_count": 12}]}
            """)
        let run = try await Binary.run(
            ["search", "--providers", "aviasales", "--format", "csv"],
            environment: ["AGGREGATE_AVIASALES_ENDPOINT": "file://\(folder.url.path)"])
        #expect(run.status == 0)
        #expect(run.stdoutLines[1].contains(",MOW,LED,2026-12-18T10:00,2026-12-18T11:30,90,0,DP,DP,47.75,EUR,1,"))
    }

    @Test func anUnreachableLiveEndpointFailsThatProviderOnly() async throws {
        // Nothing listens on the loopback discard port, so the connection is refused. The deadline is a minute,
        // long enough for a busy machine: that kiwi failed rather than timed out shows the refusal ended it,
        // not the deadline.
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=http://127.0.0.1:9", "--timeout", "60",
        ])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("warning: kiwi failed: "), "\(run.stderr)")
    }
}
