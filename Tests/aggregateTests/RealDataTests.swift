import Foundation
import Testing

/// What real answers of Kiwi, Travelpayouts and Duffel say, as a user sees it through the built binary: the
/// recordings under `Tests/<Provider>Tests/Fixtures` are written from the facts of answers those services
/// really sent.
@Suite("Honest on real data, run as a built binary")
struct RealDataTests {
    /// A recording next to a provider's tests, as a `file://` URL.
    static func fixture(_ provider: String, _ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("\(provider)Tests/Fixtures/\(name)").absoluteString
    }

    /// A number from JSON as an exact decimal.
    static func amount(_ object: Any?) -> Decimal? {
        guard let money = object as? [String: Any], let number = money["amount"] as? NSNumber else { return nil }
        return Decimal(string: number.stringValue)
    }

    /// The fields of a CSV line, quoted fields read as RFC 4180 writes them.
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\"" where quoted:
                if let next = characters.next() {
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        quoted = false
                        if next == "," {
                            fields.append(field)
                            field = ""
                        } else {
                            field.append(next)
                        }
                    }
                } else {
                    quoted = false
                }
            case "\"" where field.isEmpty: quoted = true
            case "," where !quoted:
                fields.append(field)
                field = ""
            default: field.append(character)
            }
        }
        fields.append(field)
        return fields
    }

    // MARK: 1. Included bags

    @Test func anIncludedBagIsAKnownFeeAndRanksTheFareOnItsTotal() async throws {
        // London → Perth: Qantas includes the first bag ("bags_price": {"1": 0.0}) at 1020; a ticket via
        // Singapore costs 990 and 60 more for the bag.
        let run = try await Binary.run([
            "search", "--providers", "kiwi", "--endpoint", "kiwi=\(Self.fixture("Kiwi", "tequila-included-bag.json"))",
            "--bags", "1", "--format", "json",
        ])
        #expect(run.status == 0)
        let offers = try #require(try run.json()["offers"] as? [[String: Any]])
        #expect(offers.map { $0["carriers"] as? [String] } == [["QF"], ["SQ"]])
        #expect(offers.map { Self.amount($0["price"]) } == [1020, 1050])
        #expect(offers.allSatisfy { !($0["tags"] as? [String] ?? []).contains("bag_fees_unknown") })
        #expect(!run.stderr.contains("bag fees are unknown"))
    }

    @Test func duffelsIncludedCheckedBagIsAKnownFee() async throws {
        let run = try await Binary.run([
            "search", "--providers", "duffel", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18", "--bags", "1",
            "--format", "json",
        ])
        let offers = try #require(try run.json()["offers"] as? [[String: Any]])
        let zz = try #require(offers.first { $0["carriers"] as? [String] == ["ZZ"] })
        #expect(Self.amount(zz["price"]) == Decimal(string: "187.34"), "its checked bag is included")
        #expect(!(zz["tags"] as? [String] ?? []).contains("bag_fees_unknown"))
    }

    // MARK: 2. Travelpayouts legs with connections

    @Test func aLegWithConnectionsArrivesWhenItsLinkSaysAndCountsInTheDurationFilter() async throws {
        let arguments = [
            "search", "--providers", "aviasales", "--endpoint",
            "aviasales=\(Self.fixture("Aviasales", "tp-berlin-new-york.json"))", "--from", "BER", "--to", "NYC",
            "--round-trip", "--format", "json",
        ]
        let run = try await Binary.run(arguments)
        #expect(run.status == 0)
        let offers = try #require(try run.json()["offers"] as? [[String: Any]])
        let tokened = try #require(offers.first { Self.amount($0["price"]) == 436 })
        #expect(tokened["duration_minutes"] as? Int == 2414)
        #expect(tokened["arrival_utc"] as? String == "2026-05-24T22:05:00Z", "not three hours early")
        let legs = try #require(tokened["legs"] as? [[String: Any]])
        #expect(legs.map { $0["duration_minutes"] as? Int } == [775, 1639])
        let back = try #require(legs.last?["segments"] as? [[String: Any]])
        #expect(back.map { $0["destination"] as? String } == ["LHR", "HEL", "BER"])
        #expect(back.last?["arrival_utc"] as? String == "2026-06-03T16:35:00Z", "not fifteen hours early")
        // 40 hours is less than the trip's 40h 14m; the legs' time in the air (22h 14m) would have passed.
        let capped = try await Binary.run(arguments + ["--max-duration", "40h"])
        let left = try #require(try capped.json()["offers"] as? [[String: Any]])
        #expect(!left.contains { Self.amount($0["price"]) == 436 })
        let notes = try #require(try capped.json()["notes"] as? [String])
        #expect(notes == ["--max-duration left out 2 trips whose duration is unknown"])
    }

    // MARK: 3. Bag fees in their own currency

    @Test func kiwisBagFeesAreEurosInAnAnswerInPesos() async throws {
        let folder = try TemporaryFolder()
        // 557705 COP is 132.37 EUR by the answer's own conversion.
        let rates = try folder.write("rates.json", #"{"base": "EUR", "date": "2026-11-20", "rates": {"COP": 4213.23}}"#)
        let arguments = [
            "search", "--providers", "kiwi", "--endpoint", "kiwi=\(Self.fixture("Kiwi", "tequila-cop.json"))",
            "--rates", rates.path, "--bags", "2", "--format", "json",
        ]
        let offer = try #require((try await Binary.run(arguments).json()["offers"] as? [[String: Any]])?.first)
        #expect(Self.amount(offer["price_without_bags"]) == Decimal(string: "132.37"))
        let source = try #require((offer["sources"] as? [[String: Any]])?.first)
        #expect(Self.amount(source["bag_fees"]) == Decimal(string: "94.98"), "two bags, 94.978 EUR, not 2 cents")
        #expect(Self.amount(offer["price"]) == Decimal(string: "227.35"))
        let inPesos = try #require(
            (try await Binary.run(arguments + ["--currency", "COP"]).json()["offers"] as? [[String: Any]])?.first)
        let fees = try #require(((inPesos["sources"] as? [[String: Any]])?.first)?["bag_fees"] as? [String: Any])
        #expect(fees["currency"] as? String == "COP")
        #expect(Self.amount(fees) == Decimal(string: "400164.16"), "94.978 EUR converted like any price")
    }

    // MARK: 4. Throw-away fares

    @Test func aThrowAwayFareIsTaggedAndCanBeLeftOut() async throws {
        let arguments = [
            "search", "--providers", "kiwi", "--endpoint", "kiwi=\(Self.fixture("Kiwi", "tequila-throw-away.json"))",
        ]
        let all = try await Binary.run(arguments + ["--format", "csv"])
        let rows = all.stdoutLines.dropFirst().filter { !$0.isEmpty }.map(Self.fields)
        #expect(rows.map { $0[9] } == ["OS 397", "OS 399"])
        #expect(rows.map { $0[16] } == ["best cheapest fastest few_seats_left throw_away", "few_seats_left"])
        let kept = try await Binary.run(arguments + ["--no-throw-away", "--format", "csv"])
        #expect(kept.stdoutLines.dropFirst().filter { !$0.isEmpty }.map { Self.fields($0)[9] } == ["OS 399"])
        let none = try await Binary.run(arguments + ["--no-throw-away", "--max-price", "100"])
        #expect(none.stderrLines.first == "no flights match; without --max-price: 1, without --no-throw-away: 1")
    }

    // MARK: 5. Exact repeats

    @Test func anExactRepeatIsARepeatNotARecordThatCouldNotBeRead() async throws {
        let arguments = [
            "search", "--providers", "kiwi", "--endpoint", "kiwi=\(Self.fixture("Kiwi", "duplicates.json"))",
        ]
        let table = try await Binary.run(arguments)
        #expect(table.stderrLines.first == "note: kiwi: 1 record repeats another exactly and is shown once")
        #expect(!table.stderr.contains("could not read"))
        let outcome = try #require(
            (try await Binary.run(arguments + ["--format", "json"]).json()["providers"]
                as? [[String: Any]])?.first)
        #expect(outcome["repeats"] as? Int == 1)
        #expect(outcome["skipped"] as? Int == 0)
    }

    // MARK: 6. Samples and test mode

    @Test func everyDocumentMarksTheSamplesAndOnlyThem() async throws {
        let recorded = "kiwi=\(Self.fixture("Kiwi", "tequila-capture.json"))"
        for command in ["search", "compare", "dates"] {
            let run = try await Binary.run([
                command, "--providers", "kiwi,aviasales", "--endpoint", recorded, "--format", "json",
            ])
            let providers = try #require(try run.json()["providers"] as? [[String: Any]], "\(command)")
            #expect(providers.map { $0["id"] as? String } == ["kiwi", "aviasales"], "\(command)")
            #expect(providers.map { $0["sample"] as? Bool } == [false, true], "\(command): a recording is real")
            #expect(providers.map { $0["sample_kind"] as? String } == [nil, "embedded"], "\(command)")
            #expect(run.stderr == "", "\(command): JSON carries the mark itself")
        }
        let csv = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", recorded, "--format", "csv",
        ])
        #expect(
            csv.stderrLines.last
                == "note: aviasales answered from built-in samples, not live prices; add --live to ask the live services"
        )
    }

    @Test func anAnswerOfDuffelsTestModeIsMarkedAsNotRealPrices() async throws {
        let arguments = [
            "search", "--providers", "kiwi,duffel", "--endpoint", "duffel=\(Self.fixture("Duffel", "test-mode.json"))",
            "--from", "VIE", "--to", "BCN", "--date", "2026-12-18",
        ]
        let table = try await Binary.run(arguments)
        #expect(table.status == 0)
        #expect(
            table.stderrLines == [
                "note: kiwi answered from built-in samples, not live prices; add --live to ask the live services",
                "note: duffel answered in test mode: not real prices",
            ])
        let providers = try #require(
            try await Binary.run(arguments + ["--format", "json"]).json()["providers"]
                as? [[String: Any]])
        #expect(providers.map { $0["sample"] as? Bool } == [true, true])
        #expect(providers.map { $0["sample_kind"] as? String } == ["embedded", "test_mode"])
    }

    @Test func theMCPSummarySaysWhichPricesAreNotReal() async throws {
        let server = try await MCPServerProcess.start(arguments: [
            "--endpoint", "duffel=\(Self.fixture("Duffel", "test-mode.json"))",
        ])
        _ = try MCPSessionTests.result(try await server.call(1, "initialize", MCPSessionTests.initializeParams))
        for (id, tool) in [(2, "search_flights"), (3, "compare_sources"), (4, "cheapest_dates")] {
            let answer = try await server.call(
                id, "tools/call",
                [
                    "name": tool,
                    "arguments": [
                        "providers": ["kiwi", "aviasales", "duffel"], "from": "VIE", "to": "BCN", "date": "2026-12-18",
                    ] as [String: Any],
                ])
            let summary = try #require(try MCPSessionTests.texts(try MCPSessionTests.result(answer)).first, "\(tool)")
            #expect(
                summary.contains("kiwi, aviasales answered from built-in samples, not live prices."),
                "\(tool): \(summary)")
            #expect(summary.contains("duffel answered in test mode: not real prices."), "\(tool): \(summary)")
        }
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func theFirstRunTableHoldsNoTestAirline() async throws {
        let run = try await Binary.run(["search", "--providers", "kiwi,aviasales"])
        #expect(!run.stdout.contains("ZZ"), "Duffel Airways is Duffel's test mode's")
    }

    // MARK: 7. The booking link

    @Test func theLinkIsTheCheapestSellersThatHasOneAndSaysWhose() async throws {
        // Duffel sells VY 1815 for 96.40 through its API, with no booking page; kiwi sells it for 98.00.
        let run = try await Binary.run([
            "search", "--providers", "kiwi,duffel", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18", "--format",
            "csv",
        ])
        let header = Self.fields(run.stdoutLines[0])
        let row = try #require(run.stdoutLines.first { $0.contains(",VY 1815,") }.map(Self.fields))
        let field = { (name: String) -> String? in header.firstIndex(of: name).map { row[$0] } }
        #expect(field("cheapest_source") == "duffel")
        #expect(field("deep_link")?.hasPrefix("https://www.kiwi.com/deep?") == true)
        #expect(field("deep_link_source") == "kiwi")
        let alone = try await Binary.run([
            "search", "--providers", "duffel", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18", "--format",
            "csv",
            "--limit", "1",
        ])
        #expect(alone.stdoutLines[1].hasSuffix(",,true"), "no seller with a link: no link, and no one named")
    }
}
