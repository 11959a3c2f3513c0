import Foundation
import Testing

/// The search table on a terminal fits its width, counting East Asian wide characters as two columns;
/// `--wide`, pipes and files get the whole table; a huge value costs a cell 40 columns.
@Suite("tables that fit, through the built binary")
struct TableFitTests {
    /// An Aviasales answer with carriers named in Chinese, Japanese (one in fullwidth letters), Korean and
    /// Latin letters, so that every row's text has another width in columns than in characters.
    static let cjkResponse = """
        {"passengers_count": 1, "origin": {"iata": "PEK", "name": "北京"},
         "destination": {"iata": "HND", "name": "東京"},
         "results": [
          {"id": "c1", "departure_date_time": "2026-12-01 08:00", "arrival_date_time": "2026-12-01 12:30",
           "price": {"currency": "RUB", "value": 21000}, "airline": "中国国际航空", "available_tickets_count": 4},
          {"id": "c2", "departure_date_time": "2026-12-01 09:15", "arrival_date_time": "2026-12-01 13:40",
           "price": {"currency": "RUB", "value": 23500}, "airline": "全日本空輸", "available_tickets_count": 12},
          {"id": "c3", "departure_date_time": "2026-12-01 10:05", "arrival_date_time": "2026-12-01 14:55",
           "price": {"currency": "RUB", "value": 19800}, "airline": "대한항공", "available_tickets_count": 2},
          {"id": "c4", "departure_date_time": "2026-12-01 11:20", "arrival_date_time": "2026-12-01 15:45",
           "price": {"currency": "RUB", "value": 25100}, "airline": "ＪＡＬ", "available_tickets_count": 30},
          {"id": "c5", "departure_date_time": "2026-12-01 13:00", "arrival_date_time": "2026-12-01 17:10",
           "price": {"currency": "RUB", "value": 17700}, "airline": "Spring Airlines", "available_tickets_count": 9}
         ]}
        """

    static let carriers = ["中国国际航空", "全日本空輸", "대한항공", "ＪＡＬ", "Spring Airlines"]

    private static func arguments(_ response: URL) -> [String] {
        [
            "search", "--providers", "kiwi,aviasales", "--endpoint", "aviasales=\(response.absoluteString)",
            "--max-response-size", "64MiB",
        ]
    }

    /// The column (in terminal columns) at which `text` starts in `line`, or `nil`.
    private static func column(of text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return terminalColumns(String(line[..<range.lowerBound]))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.script), "needs util-linux's script"))
    func aTableOfTripsKeepsItsStationRoutesReadableOnEightyColumns() async throws {
        let terminal = try await TerminalRunner.run(
            ["search", "--providers", "flixbus,skiplagged", "--from", "Vienna", "--to", "BUD", "--date", "2026-12-18"],
            columns: 80)
        let lines = terminal.lines.filter { !$0.isEmpty && !$0.hasPrefix("note: ") }
        #expect(lines.count == 1 + 5 + 3, "a header, FlixBus's 5 rides and Skiplagged's 3 flights: \(terminal.text)")
        for line in lines { #expect(terminalColumns(line) <= 80, "\(line)") }
        let header = try #require(lines.first)
        #expect(header.contains("SERVICES") && !header.contains("ARRIVES"), "\(header)")
        // The route keeps its station names whole.
        #expect(lines.contains { $0.contains("Vienna Erdberg→Budapest Népliget") }, "\(terminal.text)")
        #expect(lines.contains { $0.contains("Wien Hauptbahnhof→Budapest Kelenföld") }, "\(terminal.text)")
        // SOLD BY is shown with every price it shows whole, or not at all: a seller's price is never cut.
        if let soldBy = Self.column(of: "SOLD BY", in: header) {
            for line in lines.dropFirst() {
                let cell = String(line.dropFirst(soldBy)).components(separatedBy: "  ").first ?? ""
                #expect(
                    cell.range(
                        of: #"^[a-z]+ [0-9]+\.[0-9]{2}(, [a-z]+ [0-9]+\.[0-9]{2})*(, …)?$"#, options: .regularExpression
                    )
                        != nil, "\(line)")
            }
        }
    }

    /// `aggregate providers` on 80 columns: every line fits, and each provider's id, what it offers, its
    /// endpoint and its credentials are shown.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.script), "needs util-linux's script"))
    func theProvidersListFitsEightyColumns() async throws {
        let terminal = try await TerminalRunner.run(["providers"], columns: 80)
        let lines = terminal.lines.filter { !$0.isEmpty }
        let piped = try await Binary.run(["providers"])
        #expect(lines.count == piped.stdoutLines.filter { !$0.isEmpty }.count, "\(terminal.text)")
        #expect(piped.stdoutLines.first?.contains("CAN HONOUR") == true, "a pipe gets every column")
        for line in lines { #expect(terminalColumns(line) <= 80, "\(line)") }
        let header = try #require(lines.first)
        for title in ["ID", "OFFERS", "ENDPOINT", "CREDENTIALS", "WITH --LIVE"] {
            #expect(header.contains(title), "\(header)")
        }
        #expect(lines.contains { $0.hasPrefix("flixbus ") && $0.contains("embedded") }, "\(terminal.text)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.script), "needs util-linux's script"))
    func onAnEightyColumnTerminalEveryLineFitsAndColumnsAlign() async throws {
        let folder = try TemporaryFolder()
        let response = try folder.write("cjk.json", Self.cjkResponse)
        let terminal = try await TerminalRunner.run(Self.arguments(response), columns: 80)
        // The table's lines: the note after it that kiwi's prices are samples is a line of standard error.
        let lines = terminal.lines.filter { !$0.isEmpty && !$0.hasPrefix("note: ") }
        #expect(lines.count == 1 + 12 + 5, "a header, kiwi's 12 offers and the 5 recorded: \(terminal.text)")
        for line in lines { #expect(terminalColumns(line) <= 80, "\(line)") }
        let header = try #require(lines.first)
        #expect(header.hasPrefix("PRICE EUR  ROUTE"))
        #expect(!header.contains("TAGS"), "the first column left out is TAGS")
        let flights = try #require(Self.column(of: "FLIGHTS", in: header))
        // FLIGHTS is cut to 12 columns or less as SOLD BY needs: the CJK names fit whole, every name starts
        // at the column's start.
        for carrier in Self.carriers.dropLast() + ["Spring "] {
            let row = try #require(lines.first { $0.contains(carrier) }, "\(carrier) is shown")
            #expect(Self.column(of: carrier, in: row) == flights, "\(row)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.script), "needs util-linux's script"))
    func wideAndPipedOutputKeepEveryColumn() async throws {
        let folder = try TemporaryFolder()
        let response = try folder.write("cjk.json", Self.cjkResponse)
        let piped = try await Binary.run(Self.arguments(response))
        #expect(piped.status == 0)
        let header = try #require(piped.stdoutLines.first)
        #expect(
            header
                == "PRICE EUR  ROUTE        DEPARTS           ARRIVES  DURATION  FLIGHTS           STOPS  SRC  "
                + "SOLD BY           TAGS")
        // Aligned by terminal columns, not by characters: every seller starts under SOLD BY.
        let soldBy = try #require(Self.column(of: "SOLD BY", in: header))
        // The table's rows: the line under it that marks sample prices has no columns.
        for line in piped.stdoutLines.dropFirst() where !line.isEmpty && !line.hasPrefix("note: ") {
            let seller = try #require(line.range(of: "aviasales") ?? line.range(of: "kiwi "))
            #expect(terminalColumns(String(line[..<seller.lowerBound])) == soldBy, "\(line)")
        }

        let wide = try await TerminalRunner.run(Self.arguments(response) + ["--wide"], columns: 80)
        // On a terminal the table's last line marks the samples, so standard error does not say it again.
        let marks = Set(piped.stdoutLines.filter { $0.hasPrefix("note: ") })
        let onScreen = piped.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !marks.contains(String($0)) }.joined(separator: "\n")
        #expect(!marks.isEmpty && piped.stderr != onScreen, "a pipe is told on standard error too")
        #expect(wide.text == piped.stdout + onScreen, "--wide prints what a pipe gets, the sample line once")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.script), "needs util-linux's script"))
    func columnsTellTheWidthWhenTheTerminalDoesNot() async throws {
        let folder = try TemporaryFolder()
        let response = try folder.write("cjk.json", Self.cjkResponse)
        let terminal = try await TerminalRunner.run(
            Self.arguments(response), columns: 0, environment: ["COLUMNS": "60"])
        let lines = terminal.lines.filter { !$0.isEmpty && !$0.hasPrefix("note: ") }
        #expect(lines.first == "PRICE EUR  ROUTE        DEPARTS           FLIGHTS", "\(terminal.text)")
        for line in lines { #expect(terminalColumns(line) <= 60, "\(line)") }
    }

    @Test func aMegabyteCarrierNameCostsACellFortyColumns() async throws {
        let folder = try TemporaryFolder()
        let name = String(repeating: "Z", count: 1 << 20)
        var records: [String] = []
        for index in 0..<500 {
            records.append(
                """
                {"id": "r\(index)", "departure_date_time": "2026-12-01 \(10 + index / 50):\(10 + index % 50)",
                 "arrival_date_time": "2026-12-01 23:59", "price": {"currency": "RUB", "value": \(2000 + index)},
                 "airline": "\(index == 7 ? name : "Pobeda")", "available_tickets_count": 4}
                """)
        }
        let response = try folder.write(
            "huge.json",
            """
            {"passengers_count": 1, "origin": {"iata": "MOW", "name": "Moscow"},
             "destination": {"iata": "LED", "name": "St Petersburg"}, "results": [\(records.joined(separator: ","))]}
            """)
        let run = try await Binary.run([
            "search", "--providers", "aviasales", "--endpoint", "aviasales=\(response.path)",
        ])
        #expect(run.status == 0)
        #expect(run.stdoutLines.filter { !$0.isEmpty }.count == 501)
        #expect(run.stdout.utf8.count < 100_000, "about 130 bytes a row, not a megabyte")
        let long = try #require(run.stdoutLines.first { $0.contains("ZZZ") })
        #expect(long.contains(String(repeating: "Z", count: 39) + "…"))
        #expect(!long.contains(String(repeating: "Z", count: 40)))
    }
}
