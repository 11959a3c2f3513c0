import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

/// Text a provider sends is hostile until proven otherwise: escape sequences in carrier names, city names,
/// flight numbers and error bodies must never reach a terminal raw. Run on a real pseudo-terminal.
@Suite("hostile text on a terminal, through the built binary")
struct HostileTextTests {
    /// Sets the window title, rings the bell, clears the screen, a C1 CSI, and a right-to-left override.
    static let escapes = #"\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202e"#

    /// A Kiwi answer whose codes, names and numbers carry escape sequences (JSON-escaped in the file).
    static let kiwiResponse = """
        {"currency": "EUR", "data": [{
          "id": "hostile-1", "flyFrom": "VIE\(escapes)", "flyTo": "BCN", "cityFrom": "Vienna\(escapes)",
          "cityTo": "Barcelona", "cityCodeFrom": "VIE\(escapes)", "cityCodeTo": "BCN",
          "dTime": 1797577500, "dTimeUTC": 1797573900, "aTime": 1797587100, "aTimeUTC": 1797583500,
          "price": 99, "availability": {"seats": 4}, "airlines": ["OS"],
          "route": [{"flyFrom": "VIE\(escapes)", "flyTo": "BCN", "cityFrom": "Vienna\(escapes)",
            "cityTo": "Barcelona\(escapes)", "dTime": 1797577500, "dTimeUTC": 1797573900, "aTime": 1797587100,
            "aTimeUTC": 1797583500, "airline": "\(escapes)OS", "flight_no": "39\(escapes)5", "return": 0}],
          "deep_link": "https://www.kiwi.com/deep?id=1"
        }]}
        """

    /// An Aviasales answer whose carrier names and city names carry escape sequences.
    static let aviasalesResponse = """
        {"passengers_count": 1, "origin": {"iata": "MOW", "name": "Москва\(escapes)"},
         "destination": {"iata": "LED", "name": "Санкт-Петербург\(escapes)"},
         "results": [
          {"id": "a1", "departure_date_time": "2026-12-01 23:55", "arrival_date_time": "2026-12-02 01:20",
           "price": {"currency": "RUB", "value": 2390}, "airline": "\(escapes)Победа\(escapes)",
           "available_tickets_count": 4}
         ]}
        """

    private static func hostileFiles() throws -> (folder: TemporaryFolder, kiwi: URL, aviasales: URL) {
        let folder = try TemporaryFolder()
        let kiwi = try folder.write("kiwi.json", kiwiResponse)
        let aviasales = try folder.write("aviasales.json", aviasalesResponse)
        return (folder, kiwi, aviasales)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.script), "needs util-linux's script"))
    func noEscapeFromAProviderReachesTheTerminalInATable() async throws {
        let files = try Self.hostileFiles()
        // A service error whose body is nothing but escape sequences and text around them.
        let body = "\u{1B}]0;pwned\u{07}\u{1B}[2Jserver \u{9B}31mbroke\u{202E}"
        let server = try LoopbackHTTPServer { _ in
            .raw(status: 500, headers: ["Content-Type": "text/plain"], body: Data(body.utf8))
        }
        defer { server.stop() }
        let arguments = [
            "search", "--providers", "kiwi,aviasales,sunweb", "--endpoint", "kiwi=\(files.kiwi.absoluteString)",
            "--endpoint", "aviasales=\(files.aviasales.absoluteString)", "--endpoint",
            "sunweb=\(server.baseURL.absoluteString)", "--verbose",
        ]
        let terminal = try await TerminalRunner.run(arguments, columns: 200)
        #expect(terminal.steeringCharacters().isEmpty, "\(terminal.text)")
        #expect(terminal.text.contains("warning: sunweb failed"), "the failure is still reported")
        #expect(terminal.text.contains("OS …"), "the flight is still shown, cut to a cell's 40 columns")
        #expect(terminal.text.contains("\u{FFFD}"), "what was removed is visible")
        #expect(terminal.text.contains("Победа"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.script), "needs util-linux's script"))
    func csvOnATerminalIsSanitisedAndJSONEscapesWithoutLosingAnything() async throws {
        let files = try Self.hostileFiles()
        let base = [
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(files.kiwi.absoluteString)",
            "--endpoint", "aviasales=\(files.aviasales.absoluteString)",
        ]
        let csv = try await TerminalRunner.run(base + ["--format", "csv"])
        #expect(csv.steeringCharacters().isEmpty, "\(csv.text)")
        #expect(csv.lines.filter { !$0.isEmpty }.count == 3, "a header and one line per offer: \(csv.text)")

        let json = try await TerminalRunner.run(base + ["--format", "json"])
        #expect(json.steeringCharacters().isEmpty, "\(json.text)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any])
        let offers = try #require(document["offers"] as? [[String: Any]])
        let segments = offers.compactMap { ($0["legs"] as? [[String: Any]])?.first?["segments"] as? [[String: Any]] }
        let names = segments.flatMap { $0 }.compactMap { $0["carrier_name"] as? String }
        let raw = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}"
        #expect(names.contains(raw + "Победа" + raw), "JSON escapes, it does not replace: \(names)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.script), "needs util-linux's script"))
    func airlineListingsAndFavouritesAreSanitisedToo() async throws {
        let folder = try TemporaryFolder()
        let directory = try folder.write(
            "airlines.json",
            """
            [{"id": 1, "name": "Evil\(Self.escapes) Air", "iata": "EV", "icao": "EVL",
              "callsign": "\(Self.escapes)", "country": "AT\(Self.escapes)", "active": "Y"}]
            """)
        let airlines = try await TerminalRunner.run(["airlines", "--endpoint", "sita=\(directory.absoluteString)"])
        #expect(airlines.steeringCharacters().isEmpty, "\(airlines.text)")
        #expect(airlines.text.contains("Evil"))

        let data = folder.url.appendingPathComponent("data")
        let environment = ["XDG_DATA_HOME": data.path]
        let typed = "Zep\u{1B}]0;pwned\u{07}pelin\u{9B}2J"
        let add = try await TerminalRunner.run(["favorites", "add", typed], environment: environment)
        #expect(add.steeringCharacters().isEmpty, "\(add.text)")
        let list = try await TerminalRunner.run(["favorites", "list"], environment: environment)
        #expect(list.steeringCharacters().isEmpty, "\(list.text)")
        #expect(list.text.contains("Zep"))
    }

    @Test func aUsageErrorQuotingATypedEscapeIsSanitised() async throws {
        let run = try await Binary.run(["search", "--from", "\u{1B}[2J\u{9B}"])
        #expect(run.status == 64)
        #expect(!run.stderr.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) })
    }
}
