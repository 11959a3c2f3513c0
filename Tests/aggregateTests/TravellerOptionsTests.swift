import Foundation
import Testing

/// The traveller's options as typed: impossible parties, bad ranges, durations and times are one-line usage
/// errors, and what is accepted shows in JSON `query`.
@Suite("The traveller's options, run as a built binary")
struct TravellerOptionsTests {
    @Test(arguments: [
        (
            ["--adults", "0"],
            "error: '--adults' takes a number of adults from 1 to 9, got '0'. A party needs at least one adult."
        ),
        (
            ["--adults", "5", "--children", "5"],
            "error: a party of 10 is more than one booking takes (at most 9 passengers). Search for at most 9 together."
        ),
        (
            ["--adults", "8", "--infants", "2"],
            "error: a party of 10 is more than one booking takes (at most 9 passengers). Search for at most 9 together."
        ),
        (
            ["--infants", "2"],
            "error: 2 lap infants need as many adults, got 1 adult. Add --adults 2, or count an infant with a seat of its own as a child."
        ),
        (
            ["--children", "-1"],
            "error: '--children' takes a number of children from 0 to 8, got '-1'. Write for example --children 2."
        ),
        (
            ["--from", "VIE,"],
            "error: '--from' has an empty element in 'VIE,'. Write for example --from VIE,BRQ."
        ),
        (
            ["--to", "BCN,Xyzzyqwv"],
            "error: '--to' takes a three-letter IATA code or the name of a city or airport, got 'Xyzzyqwv'. "
                + "Write for example --to BCN,GRO or --to Barcelona."
        ),
        (
            ["--airline", "OS,,VY"],
            "error: '--airline' has an empty element in 'OS,,VY'. Write for example --airline OS,VY."
        ),
        (
            ["--exclude-airline", ","],
            "error: '--exclude-airline' has an empty element in ','. Write for example --exclude-airline OS,VY."
        ),
        (
            ["--max-duration", "6"],
            "error: '--max-duration' takes a duration from 1m to 336h such as 6h, 3h30m or 90m, got '6'. Write for example --max-duration 6h."
        ),
        (
            ["--max-layover", "0m"],
            "error: '--max-layover' takes a duration from 1m to 336h such as 6h, 3h30m or 90m, got '0m'. Write for example --max-layover 6h."
        ),
        (
            ["--min-layover", "1h30"],
            "error: '--min-layover' takes a duration from 1m to 336h such as 6h, 3h30m or 90m, got '1h30'. Write for example --min-layover 45m."
        ),
        (
            ["--min-layover", "3h", "--max-layover", "90m"],
            "error: '--min-layover' 3h 00m is longer than '--max-layover' 1h 30m. Give a shortest connection no longer than the longest."
        ),
        (
            ["--date", "2026-12-22..2026-12-18"],
            "error: '--date' 2026-12-22..2026-12-18 ends before it starts. Write the earlier day first: --date 2026-12-18..2026-12-22."
        ),
        (
            ["--date", "2026-12-01..2027-03-01"],
            "error: '--date' 2026-12-01..2027-03-01 spans 91 days, more than 62. Search a shorter range."
        ),
        (
            ["--date", "2026-12-18..2026-12-32"],
            "error: '--date' takes a range of days as YYYY-MM-DD..YYYY-MM-DD, got '2026-12-18..2026-12-32'. Write for example --date 2026-12-18..2026-12-22."
        ),
        (
            ["--date", "2026-12-18..2026-12-20", "--return", "2026-12-10..2026-12-17"],
            "error: '--return' 2026-12-10..2026-12-17 is before '--date' 2026-12-18..2026-12-20. Give a return on or after the departure."
        ),
        (
            ["--depart-after", "7am"],
            "error: '--depart-after' takes a time of day as HH:MM, got '7am'. Write for example --depart-after 07:30."
        ),
        (
            ["--arrive-before", "24:00"],
            "error: '--arrive-before' takes a time of day as HH:MM, got '24:00'. Write for example --arrive-before 07:30."
        ),
        (
            ["--depart-after", "22:00", "--depart-before", "06:00"],
            "error: '--depart-after' 22:00 is later than '--depart-before' 06:00. A window runs from the earlier time to the later, within one day."
        ),
        (
            ["--bags", "10"],
            "error: '--bags' takes a number of checked bags per passenger from 0 to 9, got '10'. 0 to 2 is what airlines usually allow."
        ),
        (
            ["--cabin", "buisness"],
            "error: '--cabin' takes one of economy, premium, business, first, got 'buisness'. Did you mean 'business'?"
        ),
        (["--no-hidden-city=yes"], "error: '--no-hidden-city' takes no value. Write just --no-hidden-city."),
    ])
    func impossibleQuestionsExit64WithOneLine(arguments: [String], message: String) async throws {
        for command in ["search", "compare", "dates"] {
            let run = try await Binary.run([command] + arguments)
            #expect(run.status == 64, "\(command) \(arguments)")
            #expect(run.stdout == "")
            #expect(run.stderr == message + " See 'aggregate \(command) --help'.\n")
        }
    }

    @Test func theLargestPartyAndTheLongestRangeAreAccepted() async throws {
        for arguments in [
            ["--adults", "5", "--children", "2", "--infants", "2"], ["--date", "2026-12-01..2027-01-31"],
            ["--max-duration", "336h"], ["--date", "2026-12-18", "--return", "2026-12-18"],
        ] {
            let run = try await Binary.run(["search", "--providers", "kiwi"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
    }

    @Test func helpListsEveryNewOption() async throws {
        let search = try await Binary.run(["search", "--help"])
        for option in [
            "--adults", "--children", "--infants", "--cabin", "--depart-after", "--depart-before", "--arrive-after",
            "--arrive-before", "--exclude-airline", "--max-duration", "--min-layover", "--max-layover", "--bags",
            "--no-self-transfer", "--no-hidden-city",
        ] {
            #expect(search.stdout.contains("  \(option) "), "help lists \(option)")
        }
        let dates = try await Binary.run(["dates", "--help"])
        #expect(dates.status == 0)
        #expect(dates.stdout.contains("  --date YYYY-MM-DD[..YYYY-MM-DD]"))
        #expect(!dates.stdout.contains("--sort"), "the dates command orders by day")
    }

    @Test func aCityOrAWellKnownStationStandsForItsCode() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi", "--format", "json", "--from", "Wien Hbf", "--to", "budapest,Praha hl.n.",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let query = try #require(try run.json()["query"] as? [String: Any])
        #expect(query["origins"] as? [String] == ["VIE"])
        #expect(query["destinations"] as? [String] == ["BUD", "PRG"])
    }

    @Test func jsonQueryStatesTheWholeQuestion() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi", "--format", "json", "--from", "VIE,BRQ", "--to", "bcn,GRO",
            "--adults", "2", "--children", "1", "--infants", "1", "--cabin", "business", "--airline", "OS,VY",
            "--exclude-airline", "FR,W6", "--depart-after", "7:05", "--depart-before", "12:00", "--arrive-before",
            "23:30", "--max-duration", "3h30m", "--min-layover", "45m", "--max-layover", "2h", "--date",
            "2026-12-18..2026-12-20", "--bags", "1", "--no-self-transfer", "--no-hidden-city",
        ])
        #expect(run.status == 0)
        let query = try #require(try run.json()["query"] as? [String: Any])
        #expect(query["from"] as? String == "VIE,BRQ")
        #expect(query["to"] as? String == "BCN,GRO")
        #expect(query["airline"] as? String == "OS,VY")
        #expect(query["origins"] as? [String] == ["VIE", "BRQ"])
        #expect(query["destinations"] as? [String] == ["BCN", "GRO"])
        #expect(query["airlines"] as? [String] == ["OS", "VY"])
        #expect(query["excluded_airlines"] as? [String] == ["FR", "W6"])
        #expect(query["passengers"] as? [String: Int] == ["adults": 2, "children": 1, "infants": 1])
        #expect(query["cabin"] as? String == "business")
        #expect(query["date"] as? String == "2026-12-18..2026-12-20")
        #expect(query["depart_after"] as? String == "07:05")
        #expect(query["depart_before"] as? String == "12:00")
        #expect(query.keys.contains("arrive_after") && query["arrive_after"] is NSNull)
        #expect(query["arrive_before"] as? String == "23:30")
        #expect(query["max_duration_minutes"] as? Int == 210)
        #expect(query["min_layover_minutes"] as? Int == 45)
        #expect(query["max_layover_minutes"] as? Int == 120)
        #expect(query["bags"] as? Int == 1)
        #expect(query["no_self_transfer"] as? Bool == true)
        #expect(query["no_hidden_city"] as? Bool == true)
        let plain = try #require(
            try await Binary.run(["search", "--providers", "kiwi", "--format", "json"]).json()["query"]
                as? [String: Any])
        #expect(plain["from"] is NSNull, "the old text fields keep their null")
        #expect(plain["origins"] as? [String] == [])
        #expect(plain["passengers"] as? [String: Int] == ["adults": 1, "children": 0, "infants": 0])
        #expect(plain["bags"] as? Int == 0)
    }
}
