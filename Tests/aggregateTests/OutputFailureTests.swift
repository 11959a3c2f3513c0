import Foundation
import Testing

/// Writing the results can fail: a reader that stops early ends the tool quietly; any other failure is one
/// line on standard error and status 74, never a backtrace.
@Suite("output failures, through the built binary")
struct OutputFailureTests {
    /// An Aviasales answer of `count` flights: as JSON, several megabytes, far more than a pipe holds.
    static func largeResponse(in folder: TemporaryFolder, count: Int = 3000) throws -> URL {
        let records = (0..<count).map { index in
            let day = "2026-12-0\(1 + index % 9)"
            return """
                {"id": "f\(index)", "departure_date_time": "\(day) \(10 + index % 12):\(10 + index % 50)",
                 "arrival_date_time": "\(day) 23:59", "price": {"currency": "RUB", "value": \(2000 + index)},
                 "airline": "Carrier \(index % 40)", "available_tickets_count": 4}
                """
        }
        return try folder.write(
            "large.json",
            """
            {"passengers_count": 1, "origin": {"iata": "MOW", "name": "Moscow"},
             "destination": {"iata": "LED", "name": "St Petersburg"}, "results": [\(records.joined(separator: ","))]}
            """)
    }

    @Test func aReaderThatStopsEarlyEndsTheToolQuietly() async throws {
        let folder = try TemporaryFolder()
        let response = try Self.largeResponse(in: folder)
        let search = "\"$AGGREGATE\" search --providers aviasales --endpoint aviasales=\(response.path) --format json"
        // The size first, to be sure that the output is far beyond what a pipe holds.
        let whole = try await TerminalRunner.shell("\(search) | wc -c")
        #expect(try #require(Int(whole.stdout.trimmingCharacters(in: .whitespacesAndNewlines))) > 1_000_000)

        let run = try await TerminalRunner.shell("\(search) | head -1; echo \"status ${PIPESTATUS[0]}\"")
        #expect(run.stdout == "{\nstatus 0\n", "the first line, then the search's own status")
        #expect(run.stderr == "", "nothing said about the closed pipe")
    }

    @Test func aFullDiskIsOneLineAndStatus74() async throws {
        let run = try await TerminalRunner.shell("\"$AGGREGATE\" search --providers kiwi,aviasales >/dev/full")
        #expect(run.status == 74)
        #expect(run.stderr == "error: cannot write the results: No space left on device\n")
    }

    @Test func aClosedStandardOutputIsOneLineAndStatus74() async throws {
        let run = try await TerminalRunner.shell("\"$AGGREGATE\" search --providers kiwi,aviasales --format json >&-")
        #expect(run.status == 74)
        #expect(run.stderr == "error: cannot write the results: Bad file descriptor\n")
    }

    @Test func theOtherCommandsFailTheSameWay() async throws {
        for command in ["providers", "airlines --format json", "compare --providers kiwi,aviasales", "--help"] {
            let run = try await TerminalRunner.shell("\"$AGGREGATE\" \(command) >/dev/full")
            #expect(run.status == 74, "\(command)")
            #expect(
                run.stderr.hasSuffix("\nerror: cannot write the results: No space left on device\n")
                    || run.stderr == "error: cannot write the results: No space left on device\n", "\(command)")
        }
    }

    @Test func aFailedSearchKeepsItsOwnStatusUnderAClosedPipe() async throws {
        // Kiwi fails; aviasales prints its offers into a pipe closed after one line: partial, 2, as if done.
        let folder = try TemporaryFolder()
        let response = try Self.largeResponse(in: folder)
        let run = try await TerminalRunner.shell(
            "\"$AGGREGATE\" search --providers kiwi,aviasales --endpoint kiwi=file:///nonexistent/kiwi.json "
                + "--endpoint aviasales=\(response.path) --format json 2>/dev/null | head -1 >/dev/null; "
                + "echo \"${PIPESTATUS[0]}\"")
        #expect(run.stdout == "2\n")
    }
}
