import AggregatorCore
import Foundation
import ProviderKit
import Testing

/// The work one request can ask for is bounded where it is read: `from` and `to` take at most
/// thirty places each, on the command line, as a query parameter of `aggregate serve` and as an argument of
/// the MCP tools, with the same line everywhere.
@Suite("Work bounded by the request, through the built binary")
struct RequestBoundsTests {
    /// Three-letter codes, `AAA`, `AAB`, …: as many as asked.
    static func codes(_ count: Int) -> String {
        (0..<count).map { (number: Int) -> String in
            let digits: [Int] = [number / 676 % 26, number / 26 % 26, number % 26]
            return String(decoding: digits.map { UInt8(65 + $0) }, as: UTF8.self)
        }.joined(separator: ",")
    }

    /// The line a list of 650 places gets.
    static func refusal(_ option: String) -> String {
        "error: '\(option)' takes at most 30 places, got 650. Search fewer places at once. "
            + "See 'aggregate search --help'."
    }

    @Test func moreThanThirtyPlacesAreRefusedWithOneLineOnTheCommandLine() async throws {
        let many = Self.codes(650)
        for option in ["--from", "--to"] {
            let other = option == "--from" ? "--to" : "--from"
            let run = try await Binary.run(["search", option, many, other, "BCN", "--date", "2026-12-18"])
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr == Self.refusal(option) + "\n")
            #expect(run.stdout.isEmpty)
        }
        // Thirty on each side, over two months each way, is a search that answers.
        let most = try await Binary.run([
            "search", "--from", Self.codes(30), "--to", "BCN,GRO", "--date", "2026-12-01..2027-01-31",
            "--return", "2026-12-10..2027-02-09", "--format", "json",
        ])
        #expect(most.status == 0, "\(most.stderr)")
    }

    @Test func theServerAnswers400WithTheSameLineAndMCPAnErrorResult() async throws {
        let many = Self.codes(650)
        let server = try await ServeProcess.start()
        let reply = try await server.request("/v1/search?to=\(many)&from=VIE&date=2026-12-18")
        #expect(reply.status == 400)
        #expect(try reply.json()["message"] as? String == Self.refusal("--to"))
        #expect(try await server.request(ServeTests.query).status == 200, "the next search is served")
        #expect(try await server.stop() == 0)

        let mcp = try await MCPServerProcess.start()
        defer { mcp.closeInput() }
        let answer = try await mcp.call(
            1, "tools/call", ["name": "search_flights", "arguments": ["from": many, "to": "BCN", "timeout": 5]])
        let result = try #require(answer["result"] as? [String: Any], "\(answer)")
        #expect(result["isError"] as? Bool == true)
        #expect(try MCPSessionTests.texts(result).joined().contains("takes at most 30 places, got 650"))
        mcp.closeInput()
        #expect(try await mcp.exitStatus() == 0)
    }
}
