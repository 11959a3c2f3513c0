import Foundation
import Testing

@Suite("Usage errors, help and version")
struct UsageTests {
    @Test(arguments: [
        (
            ["search", "--frm", "VIE"],
            "error: unknown option '--frm'. Did you mean '--from'? See 'aggregate search --help'."
        ),
        (["search", "--from"], "error: '--from' needs a value. Write --from CODE. See 'aggregate search --help'."),
        (
            ["search", "--from", "Gotham"],
            "error: '--from' knows no place named 'Gotham'. Write --from Gotha if you meant Gotha. "
                + "See 'aggregate search --help'."
        ),
        (
            ["search", "--date", "2026-02-30"],
            "error: '--date' takes a date as YYYY-MM-DD, got '2026-02-30'. Write for example --date 2026-12-18. See 'aggregate search --help'."
        ),
        (
            ["search", "--sort", "prize"],
            "error: '--sort' takes one of price, duration, departure, best, got 'prize'. Did you mean 'price'? See 'aggregate search --help'."
        ),
        (
            ["search", "--providers", "kiwy"],
            "error: unknown provider 'kiwy'. Did you mean 'kiwi'? See 'aggregate search --help'."
        ),
        (
            ["search", "--limit", "0"],
            "error: '--limit' takes a whole number of at least 1, got '0'. Write for example --limit 5. See 'aggregate search --help'."
        ),
        (
            ["search", "--endpoint", "kiwi"],
            "error: '--endpoint' takes ID=URL, got 'kiwi'. Write --endpoint kiwi=file:///path/response.json. See 'aggregate search --help'."
        ),
        (
            ["search", "--endpoint", "kiwi=ftp://host/x"],
            "error: --endpoint for kiwi: 'ftp://host/x' is not usable: the scheme 'ftp' is not supported. Use embedded, live, file:///path/response.json or https://host. See 'aggregate search --help'."
        ),
        (
            ["search", "--currency", "XYZ"],
            "error: there is no rate for XYZ in the rates table of 2026-11-20. Pick one of AED, AMD, AUD, BGN, BRL, CAD, CHF, CNY, CZK, DKK, EGP, EUR, GBP, GEL, HUF, ILS, INR, ISK, JPY, KZT, MAD, NOK, PLN, RON, RUB, SEK, THB, TRY, UAH, USD, ZAR or pass --rates FILE. See 'aggregate search --help'."
        ),
        (
            ["search", "--return", "2026-12-10", "--date", "2026-12-18"],
            "error: '--return' 2026-12-10 is before '--date' 2026-12-18. Give a return on or after the departure. See 'aggregate search --help'."
        ),
        (["serch"], "error: unknown subcommand 'serch'. Did you mean 'search'? See 'aggregate --help'."),
        (
            ["search", "VIE"],
            "error: unexpected argument 'VIE'. Every value follows its option, such as --from VIE. See 'aggregate search --help'."
        ),
    ])
    func badCommandLinesExit64WithOneLineAndNoOutput(arguments: [String], message: String) async throws {
        let run = try await Binary.run(arguments)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr == message + "\n")
    }

    @Test func unreadableRatesFilesAreUsageErrors() async throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write("rates.json", "{\"base\": \"EUR\"}")
        let missing = try await Binary.run(["search", "--rates", "/nonexistent/rates.json"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("error: there is no rates file '/nonexistent/rates.json'."))
        let unusable = try await Binary.run(["search", "--rates", bad.path])
        #expect(unusable.status == 64)
        #expect(unusable.stderr.hasPrefix("error: the rates file '\(bad.path)' is unusable: it is not a rates table"))
    }

    @Test func aRatesFileReplacesTheEmbeddedTable() async throws {
        let folder = try TemporaryFolder()
        let rates = try folder.write("rates.json", #"{"base": "EUR", "date": "2026-12-01", "rates": {"RUB": 100}}"#)
        let run = try await Binary.run([
            "search", "--rates", rates.path, "--providers", "aviasales", "--format", "json", "--limit", "1",
        ])
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["rates_date"] as? String == "2026-12-01")
        let offer = try #require((json["offers"] as? [[String: Any]])?.first)
        #expect(((offer["price"] as? [String: Any])?["amount"] as? NSNumber)?.decimalValue == Decimal(string: "54.9"))
    }

    @Test func helpAndVersionPrintToStandardOutput() async throws {
        let version = try await Binary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "aggregate 0.2.0\n")
        for arguments in [["--help"], ["search", "--help"], ["help", "search"], ["providers", "-h"], []] {
            let run = try await Binary.run(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.stdout.hasPrefix("OVERVIEW: "), "\(arguments)")
            #expect(run.stderr == "")
        }
        let search = try await Binary.run(["search", "--help"])
        for option in [
            "--providers", "--from", "--to", "--date", "--sort", "--limit", "--max-price", "--max-stops",
            "--airline", "--currency", "--format", "--timeout", "--endpoint", "--rates",
        ] {
            #expect(search.stdout.contains("  \(option) "), "help lists \(option)")
        }
    }

    @Test func theUsageLineIsWrappedToTheWidthOfATerminal() async throws {
        for command in ["search", "compare", "dates", "providers", "favorites", "airlines", "mcp"] {
            let run = try await Binary.run([command, "--help"])
            let lines = run.stdoutLines
            let start = try #require(lines.firstIndex { $0.hasPrefix("USAGE: aggregate \(command)") }, "\(command)")
            let usage = lines[start...].prefix { !$0.isEmpty }
            #expect(usage.allSatisfy { $0.count <= 80 }, "\(command): \(usage.map(\.count))")
            let indent = "USAGE: aggregate \(command) ".count
            #expect(
                usage.dropFirst().allSatisfy {
                    $0.prefix(indent).allSatisfy { $0 == " " } && $0.dropFirst(indent).first == "["
                },
                "\(command): later lines start under the first option")
            // Every option is still there, whole.
            let words = usage.joined(separator: " ")
            let options = lines.drop { $0 != "OPTIONS:" }.dropFirst().prefix { !$0.isEmpty }
                .compactMap { $0.split(separator: " ").first.map(String.init) }.filter {
                    $0.hasPrefix("--") && $0 != "--help"
                }
            for option in options { #expect(words.contains("[\(option)"), "\(command): \(option)") }
        }
    }

    @Test func providersListsWhatIsInstalledAndWhereEachEndpointComesFrom() async throws {
        let run = try await Binary.run(
            [
                "providers", "kiwi", "aviasales", "sunweb", "sita", "carrental", "--endpoint",
                "kiwi=file:///tmp/kiwi.json",
            ],
            environment: ["AGGREGATE_AVIASALES_ENDPOINT": "https://api.aviasales.ru"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                ID         NAME                    OFFERS             CURRENCY  CAN HONOUR                               ENDPOINT                  SET BY                        CREDENTIALS  WITH --LIVE
                kiwi       Kiwi.com                flights            EUR       cabins, dates, passengers, …             file:///tmp/kiwi.json     --endpoint                    not set      file:///tmp/kiwi.json
                aviasales  Aviasales               flights            RUB       dates, round_trips, server_side_filters  https://api.aviasales.ru  AGGREGATE_AVIASALES_ENDPOINT  not set      https://api.aviasales.ru
                sunweb     SunWeb                  flights            EUR       round_trips                              embedded                  default                       -            https://api.sunweb.nl
                sita       SITA Airline Directory  airline_directory  -                                                  embedded                  default                       -            https://airlines.api.sita.aero/v1
                carrental  CarRental               cars               -                                                  embedded                  default                       -            https://api.carbooking.app

                """)
        let all = try await Binary.run(["providers"])
        for id in ["kiwi", "aviasales", "sunweb", "sita", "carrental"] {
            #expect(all.stdoutLines.contains { $0.hasPrefix(id + " ") }, "every installed provider is listed")
        }
        let unknown = try await Binary.run(["providers", "kiwy"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Did you mean 'kiwi'?"))
        let json = try await Binary.run(["providers", "--format", "json"]).json()
        #expect(json["schema"] as? String == "aggregate.providers.v1")
        let endpoints = (json["providers"] as? [[String: Any]])?.map { $0["endpoint"] as? String }
        #expect(endpoints?.allSatisfy { $0 == "embedded" } == true)
        // Each says what its trips travel by, and the table says it in words.
        let modes = Dictionary(
            uniqueKeysWithValues: (json["providers"] as? [[String: Any]] ?? []).map {
                ($0["id"] as? String ?? "", $0["modes"] as? [String] ?? ["?"])
            })
        #expect(modes["kiwi"] == ["flight"])
        #expect(modes["flixbus"] == ["train", "bus"])
        #expect(modes["carrental"] == [])
        #expect(modes["sita"] == [])
        let flixbus = try #require(all.stdoutLines.first { $0.hasPrefix("flixbus ") })
        #expect(flixbus.contains("trips (train, bus)"))
        #expect(modes["regiojet"] == ["train", "bus"])
        let regiojet = try #require(all.stdoutLines.first { $0.hasPrefix("regiojet ") })
        #expect(regiojet.contains("trips (train, bus)"))
        #expect(regiojet.hasSuffix("https://brn-ybus-pubapi.sa.cz/restapi"), "what --live asks")
        #expect(modes["ferryhopper"] == ["ferry"])
        let ferryhopper = try #require(all.stdoutLines.first { $0.hasPrefix("ferryhopper ") })
        #expect(ferryhopper.contains("trips (ferry)"))
    }
}
