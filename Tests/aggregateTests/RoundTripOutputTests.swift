import Foundation
import Testing

/// A round trip is shown whole: its return flight on a line of its own in the table, and its return
/// times in CSV.
@Suite("round trips in the table and CSV, through the built binary")
struct RoundTripOutputTests {
    /// Kiwi's recorded round trips: VIE→BCN on 18 December, back on the 20th on VY 1816.
    static var recording: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("KiwiTests/Fixtures/round-trip.json")
    }

    @Test func theTablePrintsTheReturnFlightUnderTheOutbound() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi", "--endpoint", "kiwi=\(Self.recording.absoluteString)", "--round-trip",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                PRICE EUR  ROUTE      DEPARTS           ARRIVES  DURATION  FLIGHTS  STOPS  SRC  SOLD BY      TAGS
                   189.00  VIE→BCN    2026-12-18 12:30  15:05      2h 35m  VY 1815      0    1  kiwi 189.00  best, cheapest, fastest, few_seats_left
                           ↩ BCN→VIE  2026-12-20 19:35  22:05      2h 30m  VY 1816      0
                   260.00  VIE→BCN    2026-12-18 07:05  09:45      2h 40m  OS 395       0    1  kiwi 260.00  few_seats_left
                           ↩ BCN→VIE  2026-12-20 19:35  22:05      2h 30m  VY 1816      0

                """)
    }

    @Test func csvAppendsTheReturnTimesAfterTheOlderColumns() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi", "--endpoint", "kiwi=\(Self.recording.absoluteString)", "--round-trip",
            "--format", "csv",
        ])
        #expect(run.status == 0)
        let header = run.stdoutLines[0].split(separator: ",").map(String.init)
        #expect(header.count == 21)
        #expect(header[4] == "departure", "older columns keep their places")
        #expect(header.suffix(4) == ["return_departure", "return_arrival", "deep_link_source", "sample"])
        #expect(run.stdoutLines[1].hasSuffix(",2026-12-20T19:35,2026-12-20T22:05,kiwi,false"), "a recording is real")

        let oneWay = try await Binary.run(["search", "--providers", "kiwi", "--format", "csv", "--limit", "1"])
        #expect(oneWay.stdoutLines[1].hasSuffix(",,kiwi,true"), "a one-way trip leaves them empty; a sample says so")
    }
}
