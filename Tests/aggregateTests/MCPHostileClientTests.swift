import AggregatorCore
import Foundation
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import MCPFrontEnd

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `aggregate mcp` against clients that do not play fair: one that stops reading, one that asks for more
/// than the operator allows, one that sends ids no number type holds, and the truth of what the tools say
/// about themselves.
@Suite("aggregate mcp against hostile clients, through the built binary")
struct MCPHostileClientTests {
    @Test func idsComeBackExactlyAsTheClientWroteThem() async throws {
        let server = try await MCPServerProcess.start()
        defer { server.closeInput() }
        let ids = [
            "123456789012345678901234567890123456789012", "1.0", "1e2", "-0", #""\ud800""#, #""\udbff""#,
            #""a\u0062c""#,
        ]
        for id in ids {
            try await server.send(line: #"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
        }
        server.closeInput()
        let lines = try await server.allOutputLines()
        #expect(lines == ids.map { #"{"jsonrpc":"2.0","id":\#($0),"result":{}}"# })
        #expect(try await server.exitStatus() == 0)
    }

    @Test func listingProvidersSaysItStaysLocalAndCheckingThemSaysItGoesOut() async throws {
        let server = try await MCPServerProcess.start()
        defer { server.closeInput() }
        let listed = try await server.call(1, "tools/list")
        let tools = try #require((listed["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        for tool in tools {
            let name = tool["name"] as? String ?? "?"
            let properties = (tool["inputSchema"] as? [String: Any])?["properties"] as? [String: Any] ?? [:]
            let annotations = tool["annotations"] as? [String: Any] ?? [:]
            // A tool that can send requests (it checks providers, or searches) must not claim to stay local.
            if properties["check"] != nil || name.hasPrefix("search") || name == "check_providers" {
                #expect(annotations["openWorldHint"] as? Bool == true, "\(name)")
            }
            if annotations["openWorldHint"] as? Bool == false {
                #expect(properties["check"] == nil, "\(name) stays local, so it cannot check providers")
            }
        }
        let check = try #require(tools.first { $0["name"] as? String == "check_providers" })
        #expect((check["annotations"] as? [String: Any])?["openWorldHint"] as? Bool == true)
        let schema = (check["outputSchema"] as? [String: Any])?["properties"] as? [String: [String: Any]]
        #expect(schema?["schema"]?["const"] as? String == "aggregate.providers.check.v1")
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func aProviderCheckIsSummarisedByItsOutcomes() throws {
        let document = """
            {"schema": "aggregate.providers.check.v1", "providers": [
              {"id": "kiwi", "endpoint": "http://127.0.0.1:9", "status": "failed", "latency_ms": 550, "offers": 0,
               "error": "cannot connect to 127.0.0.1 (after 3 attempts)"},
              {"id": "duffel", "endpoint": "https://api.duffel.com", "status": "ok", "latency_ms": 80, "offers": 3}]}
            """
        let summary = MCPSummary.text(.providers, document: Array(document.utf8), names: [:])
        #expect(!summary.contains("(;"), "\(summary)")
        #expect(summary.contains("kiwi failed"), "\(summary)")
        #expect(summary.contains("cannot connect to 127.0.0.1"), "\(summary)")
        #expect(summary.contains("duffel ok"), "\(summary)")
    }

    @Test func argumentsMayOnlyLowerTheOperatorsLimits() async throws {
        let config = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: config.url.appendingPathComponent("aggregate"), withIntermediateDirectories: true)
        try config.write("aggregate/config.json", #"{"max_response_size": "100KiB", "timeout": 8}"#)
        let server = try await MCPServerProcess.start(environment: ["XDG_CONFIG_HOME": config.url.path])
        defer { server.closeInput() }
        let base: [String: Any] = ["from": "VIE", "to": "BCN", "providers": ["kiwi"]]
        for (id, raised) in [(1, ["max_response_size": "4GiB"]), (2, ["timeout": 600]), (3, ["timeout": 8.5])]
            as [(Int, [String: Any])]
        {
            let answer = try await server.call(
                id, "tools/call", ["name": "search_flights", "arguments": base.merging(raised) { $1 }])
            let result = try #require(answer["result"] as? [String: Any], "\(answer)")
            #expect(result["isError"] as? Bool == true, "\(raised)")
            let text = try MCPSessionTests.texts(result).joined()
            #expect(text.contains("may only lower"), "\(text)")
        }
        let lowered = try await server.call(
            4, "tools/call",
            ["name": "search_flights", "arguments": base.merging(["max_response_size": "50KiB", "timeout": 5]) { $1 }]
        )
        #expect((lowered["result"] as? [String: Any])?["isError"] as? Bool == false, "\(lowered)")
        server.closeInput()
        #expect(try await server.exitStatus() == 0)

        // Limits the operator raised on the server's command line hold in place of the defaults.
        let raised = try await MCPServerProcess.start(arguments: ["--timeout", "30", "--max-response-size", "64MiB"])
        defer { raised.closeInput() }
        for (id, asked, refused) in [
            (1, ["timeout": 20, "max_response_size": "48MiB"], false), (2, ["timeout": 40], true),
            (3, ["max_response_size": "65MiB"], true),
        ] as [(Int, [String: Any], Bool)] {
            let answer = try await raised.call(
                id, "tools/call", ["name": "search_flights", "arguments": base.merging(asked) { $1 }])
            let result = try #require(answer["result"] as? [String: Any], "\(answer)")
            #expect(result["isError"] as? Bool == refused, "\(asked): \(answer)")
        }
    }

    @Test func callsInFlightAreCapped() async throws {
        let programs = try ProviderPrograms()
        let release = programs.folder.url.appendingPathComponent("release").path
        try programs.add(
            "pywait",
            search: """
                while not os.path.exists(r"\(release)"):
                    time.sleep(0.05)
                emit(offer(1, 10))
                emit({"status": "ok"})
                """)
        let server = try await MCPServerProcess.start(
            arguments: ["--timeout", "120"], environment: programs.environment)
        defer {
            _ = FileManager.default.createFile(atPath: release, contents: Data())
            server.closeInput()
        }
        // The server runs at most eight calls at once.
        let calls = 9
        for id in 1...calls {
            try await server.request(
                id, "tools/call", ["name": "search_flights", "arguments": ["providers": ["pywait"], "from": "VIE"]])
        }
        try await server.request(1000, "ping")
        let refused = try await server.nextMessage()
        #expect(refused["id"] as? Int == calls, "the call past the cap is refused at once: \(refused)")
        let error = try MCPSessionTests.error(refused)
        #expect(error.message.contains("calls in progress"), "\(error.message)")
        let ping = try await server.nextMessage()
        #expect(ping["id"] as? Int == 1000)
        _ = FileManager.default.createFile(atPath: release, contents: Data())
        var answered = Set<Int>()
        for _ in 1..<calls { answered.insert(try await server.nextMessage()["id"] as? Int ?? -1) }
        #expect(answered == Set(1..<calls))
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func anAirlineListIsBoundedOnTheCommandLineAndThroughTheServer() async throws {
        let codes = (0..<101).map { String(format: "%02d", $0 % 100) + "X" }.joined(separator: ",")
        for option in ["--airline", "--exclude-airline"] {
            let run = try await Binary.run(["search", "--from", "VIE", option, codes])
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr.contains("at most 100 airlines"), "\(run.stderr)")
        }
        // A megabyte of codes, a third of a million, in one call with a short deadline.
        let huge = Array(repeating: "OS", count: 340_000).joined(separator: ",")
        let server = try await MCPServerProcess.start()
        defer { server.closeInput() }
        let answer = try await server.call(
            1, "tools/call",
            ["name": "search_flights", "arguments": ["from": "VIE", "airline": huge, "timeout": 5]])
        let result = try #require(answer["result"] as? [String: Any], "\(answer)")
        #expect(result["isError"] as? Bool == true)
        #expect(try MCPSessionTests.texts(result).joined().contains("at most 100 airlines"))
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }

    #if os(Linux)
        @Test func aClientThatStopsReadingStopsTheServerReadingToo() async throws {
            let folder = try TemporaryFolder()
            let requests = 5_000
            let lines = (1...requests).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"tools/list"}"# }
            let input = try folder.write("requests", lines.joined(separator: "\n") + "\n")
            let inputSize = try #require(
                try FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int)

            let process = Process()
            process.executableURL = Binary.url
            process.arguments = ["mcp"]
            process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": folder.url.path]
            process.standardInput = try FileHandle(forReadingFrom: input)
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let pid = process.processIdentifier

            // Nobody reads the answers. Once the server is idle (no CPU time for two seconds), it has either
            // read all of its input and waits to write (no back-pressure), or stopped reading to wait for the
            // client; a slow machine only makes it take longer to get there.
            func position() -> Int? {
                let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/0", encoding: .utf8)
                return info?.split(separator: "\n").first { $0.hasPrefix("pos:") }
                    .flatMap { Int($0.dropFirst(4).trimmingCharacters(in: .whitespaces)) }
            }
            func cpuTicks() -> Int? {
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                    let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 13
                else { return nil }
                return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
            }
            var last = -1
            var idle = 0
            let deadline = ContinuousClock.now + .seconds(120)
            while ContinuousClock.now < deadline, idle < 20 {
                try await Task.sleep(for: .milliseconds(100))
                let now = cpuTicks() ?? -1
                idle = now == last ? idle + 1 : 0
                last = now
            }
            #expect(idle >= 20, "the server came to rest")
            let read = position() ?? -1
            #expect(
                read >= 0 && read < inputSize / 2, "read \(read) of \(inputSize) bytes while nobody read its answers")

            // Reading again lets it go on to the end, every request answered. The answers are counted as they
            // arrive and not kept: tens of megabytes held here would count against every process this test
            // process spawns after (a child's peak memory starts at its parent's).
            let answers = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    let handle = output.fileHandleForReading
                    var lines = 0
                    while true {
                        let chunk = handle.availableData
                        if chunk.isEmpty { break }
                        lines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                    }
                    continuation.resume(returning: lines)
                }
            }
            // Waited for without holding one of the few threads every other test runs on.
            while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
            #expect(process.terminationStatus == 0)
            #expect(answers == requests)
        }
    #endif
}
