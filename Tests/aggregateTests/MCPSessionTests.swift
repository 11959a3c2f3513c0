import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing
@testable import MCPFrontEnd

/// `aggregate mcp` driven over its standard input and output as an MCP client would, from the first
/// `initialize` to the end of input.
@Suite("aggregate mcp, a session with the built binary")
struct MCPSessionTests {
    static var initializeParams: [String: Any] {
        [
            "protocolVersion": "2025-11-25", "capabilities": [:] as [String: Any],
            "clientInfo": ["name": "tests", "version": "1"],
        ]
    }

    /// The `result` of an answer, which must not be an error.
    static func result(_ answer: [String: Any]) throws -> [String: Any] {
        #expect(answer["jsonrpc"] as? String == "2.0")
        #expect(answer["error"] == nil, "unexpected error: \(answer)")
        return try #require(answer["result"] as? [String: Any])
    }

    /// The `error` of an answer.
    static func error(_ answer: [String: Any]) throws -> (code: Int, message: String) {
        let error = try #require(answer["error"] as? [String: Any], "expected an error: \(answer)")
        return (try #require(error["code"] as? Int), try #require(error["message"] as? String))
    }

    /// The text of each content block of a tool result.
    static func texts(_ result: [String: Any]) throws -> [String] {
        let content = try #require(result["content"] as? [[String: Any]])
        return try content.map { block in
            #expect(block["type"] as? String == "text")
            return try #require(block["text"] as? String)
        }
    }

    @Test(arguments: [
        ("2025-03-26", "2025-03-26"), ("2025-06-18", "2025-06-18"), ("2025-11-25", "2025-11-25"),
        ("2024-11-05", "2025-11-25"),
    ])
    func initializeNegotiatesTheProtocolVersion(asked: String, answered: String) async throws {
        let server = try await MCPServerProcess.start()
        var params = Self.initializeParams
        params["protocolVersion"] = asked
        let result = try Self.result(try await server.call(1, "initialize", params))
        #expect(result["protocolVersion"] as? String == answered)
        let info = try #require(result["serverInfo"] as? [String: Any])
        #expect(info["name"] as? String == "aggregate")
        #expect(info["version"] as? String == AggregateTool.version)
        let capabilities = try #require(result["capabilities"] as? [String: Any])
        #expect(capabilities["tools"] is [String: Any])
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func toolsAreListedWithSchemasAndReadOnlyAnnotations() async throws {
        let server = try await MCPServerProcess.start()
        _ = try Self.result(try await server.call(1, "initialize", Self.initializeParams))
        try await server.notify("notifications/initialized")
        let tools = try #require(try Self.result(try await server.call(2, "tools/list"))["tools"] as? [[String: Any]])
        let commands = AggregateTool.commands.map { $0.configuration.name }
        var expected = [
            "search_flights", "search_trips", "search_cars", "compare_sources", "list_providers", "check_providers",
        ]
        if commands.contains("dates") { expected.insert("cheapest_dates", at: 4) }
        if commands.contains("history") { expected.append("price_history") }
        #expect(tools.map { $0["name"] as? String } == expected)
        for tool in tools {
            let name = tool["name"] as? String ?? "?"
            #expect(!(tool["description"] as? String ?? "").isEmpty, "\(name)")
            let schema = try #require(tool["inputSchema"] as? [String: Any], "\(name)")
            #expect(schema["type"] as? String == "object", "\(name)")
            let properties = try #require(schema["properties"] as? [String: Any], "\(name)")
            // The server decides the format and verbosity; the operator decides endpoints, live services and rates.
            for hidden in ["format", "verbose", "endpoint", "rates", "live"] {
                #expect(properties[hidden] == nil, "\(name)")
            }
            let annotations = try #require(tool["annotations"] as? [String: Any], "\(name)")
            #expect(annotations["readOnlyHint"] as? Bool == true, "\(name)")
            #expect(
                annotations["openWorldHint"] as? Bool == !["list_providers", "price_history"].contains(name), "\(name)")
        }
        let search = try #require(tools.first)
        let properties = try #require(
            (search["inputSchema"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        // Every query option of the command line that a flight search takes is a property, named after it.
        let optionNames = QueryOptions.specs.map { MCPToolProperty.name(of: $0.key) }
        let expectedNames = Set(optionNames).subtracting([
            "format", "wide", "verbose", "endpoint", "rates", "live", "kind", "color", "mode",
        ])
        #expect(Set(properties.keys) == expectedNames)
        // Searching every mode takes the same options and the modes.
        let trips = try #require(tools.first { $0["name"] as? String == "search_trips" })
        let tripProperties = try #require(
            (trips["inputSchema"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        #expect(Set(tripProperties.keys) == expectedNames.union(["mode"]))
        #expect(properties["max_price"]?["type"] as? String == "number")
        #expect(properties["limit"]?["type"] as? String == "integer")
        #expect(properties["round_trip"]?["type"] as? String == "boolean")
        #expect(properties["date"]?["pattern"] as? String == #"^\d{4}-\d{2}-\d{2}(\.\.\d{4}-\d{2}-\d{2})?$"#)
        #expect(properties["sort"]?["enum"] as? [String] == ["price", "duration", "departure", "best"])
        // Choices come from the lists the value readers check, the same that help and completions show.
        #expect(properties["cabin"]?["enum"] as? [String] == Cabin.allCases.map(\.rawValue))
        #expect(properties["sort"]?["enum"] as? [String] == SortKey.allCases.map(\.rawValue))
        // A list takes an array of its values or one comma-separated string.
        for list in ["providers", "from", "to", "airline", "exclude_airline"] {
            let forms = try #require(properties[list]?["anyOf"] as? [[String: Any]], "\(list)")
            #expect(forms.map { $0["type"] as? String } == ["array", "string"], "\(list)")
        }
        let providers = try #require((properties["providers"]?["anyOf"] as? [[String: Any]])?.first)
        #expect(
            (providers["items"] as? [String: Any])?["enum"] as? [String]
                == AggregateTool.builtInProviders.map(\.descriptor.id.rawValue))
        // Every tool says the shape of its document, cheapest_dates included.
        for tool in tools {
            let name = tool["name"] as? String ?? "?"
            let output = try #require(tool["outputSchema"] as? [String: Any], "\(name)")
            #expect(output["type"] as? String == "object", "\(name)")
            let members = try #require(output["properties"] as? [String: Any], "\(name)")
            #expect(members.count > 1, "more than the document's name: \(name)")
            #expect(output["additionalProperties"] as? Bool == false, "\(name)")
        }
        if let history = tools.first(where: { $0["name"] as? String == "price_history" }) {
            #expect((history["inputSchema"] as? [String: Any])?["required"] as? [String] == ["watch"])
        }
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func aSearchAnswersWithTheCommandsJSONAndASummary() async throws {
        let command = try await Binary.run(["search", "--providers", "kiwi,aviasales", "--format", "json"])
        let expectedOffers = try #require(try command.json()["offers"] as? [Any]).count
        let server = try await MCPServerProcess.start()
        _ = try Self.result(try await server.call(1, "initialize", Self.initializeParams))
        let answer = try await server.call(
            2, "tools/call", ["name": "search_flights", "arguments": ["providers": ["kiwi", "aviasales"]]])
        let result = try Self.result(answer)
        #expect(result["isError"] as? Bool == false)
        let structured = try #require(result["structuredContent"] as? [String: Any])
        #expect(structured["schema"] as? String == "aggregate.search.v1")
        #expect((structured["offers"] as? [Any])?.count == expectedOffers)
        #expect((structured["query"] as? [String: Any])?["kind"] as? String == "flights")
        let texts = try Self.texts(result)
        try #require(texts.count == 2)
        #expect(texts[0].hasPrefix("\(expectedOffers) flights matched from 2 of 2 providers (kiwi, aviasales)."))
        #expect(texts[0].contains("Cheapest: 58.25 EUR, VIE→BCN departing 2026-12-20T06:40"))
        // The second block is the same document as text, for clients that read only the content.
        let serialized = try JSONSerialization.jsonObject(with: Data(texts[1].utf8))
        #expect((serialized as? NSDictionary) == (structured as NSDictionary))
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func searchTripsFindsEveryModeAndSearchFlightsOnlyFlights() async throws {
        let server = try await MCPServerProcess.start()
        _ = try Self.result(try await server.call(1, "initialize", Self.initializeParams))
        let route: [String: Any] = [
            "providers": ["flixbus", "skiplagged"], "from": "VIE", "to": "BUD", "date": "2026-12-18",
        ]
        func kinds(_ id: Int, _ tool: String, _ extra: [String: Any] = [:]) async throws -> [String] {
            let result = try Self.result(
                try await server.call(
                    id, "tools/call", ["name": tool, "arguments": route.merging(extra) { $1 }]))
            #expect(result["isError"] as? Bool == false, "\(result)")
            let offers = (result["structuredContent"] as? [String: Any])?["offers"] as? [[String: Any]] ?? []
            return offers.compactMap { $0["kind"] as? String }
        }
        let every = try await kinds(2, "search_trips")
        #expect(every.contains("trip") && every.contains("flight"), "FlixBus's coaches with Skiplagged's flights")
        // The summary counts trips and names the stations of the cheapest, not their ids.
        let summary = try Self.texts(
            try Self.result(
                try await server.call(5, "tools/call", ["name": "search_trips", "arguments": route])))
        #expect(summary.first?.hasPrefix("8 trips matched") == true, "\(summary.first ?? "")")
        #expect(
            summary.first?.contains(
                "Cheapest: 10.98 EUR, Wien Hauptbahnhof→Budapest Népliget departing 2026-12-18T22:30 (bus, FlixBus, "
            ) == true, "\(summary.first ?? "")")
        #expect(try await kinds(3, "search_flights").allSatisfy { $0 == "flight" })
        let buses = try await kinds(4, "search_trips", ["mode": ["bus"]])
        #expect(!buses.isEmpty && buses.allSatisfy { $0 == "trip" })
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func compareAndListProvidersAnswerWithTheirSchemas() async throws {
        let server = try await MCPServerProcess.start()
        _ = try Self.result(try await server.call(1, "initialize", Self.initializeParams))
        let compare = try Self.result(
            try await server.call(
                2, "tools/call", ["name": "compare_sources", "arguments": ["providers": ["kiwi", "aviasales"]]]))
        let comparison = try #require(compare["structuredContent"] as? [String: Any])
        #expect(comparison["schema"] as? String == "aggregate.compare.v1")
        #expect(comparison["shared_total"] as? Int == 4)
        #expect(try Self.texts(compare)[0].contains("4 trips sold by more than one provider"))

        let list = try Self.result(
            try await server.call(3, "tools/call", ["name": "list_providers", "arguments": ["providers": ["sita"]]]))
        let providers = try #require(list["structuredContent"] as? [String: Any])
        #expect(providers["schema"] as? String == "aggregate.providers.v1")
        #expect((providers["providers"] as? [[String: Any]])?.map { $0["id"] as? String } == ["sita"])
        #expect(list["isError"] as? Bool == false)
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func mistakesAreAnsweredAndTheSessionGoesOn() async throws {
        let server = try await MCPServerProcess.start()
        _ = try Self.result(try await server.call(1, "initialize", Self.initializeParams))

        // A value the command rejects: a tool result the model can act on, in its own terms.
        let usage = try Self.result(
            try await server.call(2, "tools/call", ["name": "search_flights", "arguments": ["max_price": "abc"]]))
        #expect(usage["isError"] as? Bool == true)
        #expect(usage["structuredContent"] == nil)
        let expected =
            "error: 'max_price' takes a positive amount such as 150 or 99.50, got 'abc'. "
            + "Write the number alone, in the currency."
        #expect(try Self.texts(usage) == [expected])

        // A JSON type that does not fit is a tool error too (MCP 2025-11-25: input validation errors).
        let mistyped = try Self.result(
            try await server.call(3, "tools/call", ["name": "search_flights", "arguments": ["round_trip": "yes"]]))
        #expect(mistyped["isError"] as? Bool == true)
        #expect(try Self.texts(mistyped) == ["error: 'round_trip' takes true or false, got a string."])

        let misspelt = try Self.result(
            try await server.call(4, "tools/call", ["name": "search_flights", "arguments": ["frm": "VIE"]]))
        #expect(try Self.texts(misspelt) == ["error: unknown argument 'frm'. Did you mean 'from'?"])

        let unknownTool = try Self.error(try await server.call(5, "tools/call", ["name": "search_hotels"]))
        #expect(unknownTool.code == -32602)
        #expect(unknownTool.message.contains("unknown tool 'search_hotels'"))

        let unknownMethod = try Self.error(try await server.call(6, "resources/list"))
        #expect(unknownMethod.code == -32601)

        try await server.send(line: #"{"jsonrpc": "2.0", "id": 7, "method": "ping""#)
        let malformed = try await server.nextMessage()
        #expect(try Self.error(malformed).code == -32700)
        #expect(malformed["id"] is NSNull)

        try await server.send(line: #"{"jsonrpc": "1.0", "id": 8, "method": "ping"}"#)
        let invalid = try await server.nextMessage()
        #expect(try Self.error(invalid).code == -32600)
        #expect(invalid["id"] as? Int == 8)

        // A request without an id is a notification: never answered, not even with an error. The ping that
        // follows is answered next, so nothing came for the notification in between.
        try await server.notify("tools/list")
        try await server.notify("no/such/method")
        let ping = try await server.call(9, "ping")
        #expect(try Self.result(ping).isEmpty)

        // A line longer than the cap is a parse error, and the line after it is read as usual.
        try await server.send(line: String(repeating: "x", count: (1 << 20) + 10))
        let tooLong = try await server.nextMessage()
        #expect(try Self.error(tooLong).code == -32700)
        _ = try Self.result(try await server.call(10, "ping"))

        server.closeInput()
        #expect(try await server.exitStatus() == 0)
        #expect(try await server.allOutputLines().count == 11)
    }

    @Test func concurrentCallsAreAnsweredAsTheyFinish() async throws {
        // Kiwi's service holds its answer until the test lets it go, after the second call is answered.
        let gate = DispatchSemaphore(value: 0)
        let loopback = try LoopbackHTTPServer { _ in
            _ = gate.wait(timeout: .now() + 60)
            return .json(LiveEndpointTests.kiwiBody)
        }
        defer {
            gate.signal()
            loopback.stop()
        }
        // The operator allows long calls; a call may only ask for as long as the operator allows.
        let server = try await MCPServerProcess.start(
            arguments: ["--timeout", "600"], environment: ["AGGREGATE_KIWI_ENDPOINT": loopback.baseURL.absoluteString])
        _ = try Self.result(try await server.call(1, "initialize", Self.initializeParams))
        try await server.request(
            "slow", "tools/call", ["name": "search_flights", "arguments": ["providers": ["kiwi"], "timeout": 120]])
        try await server.request(
            "fast", "tools/call", ["name": "search_flights", "arguments": ["providers": ["aviasales"]]])
        let first = try await server.nextMessage()
        #expect(first["id"] as? String == "fast")
        gate.signal()
        let second = try await server.nextMessage()
        #expect(second["id"] as? String == "slow")
        let slow = try #require(try Self.result(second)["structuredContent"] as? [String: Any])
        #expect((slow["providers"] as? [[String: Any]])?.first?["status"] as? String == "ok")
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func aCancelledCallStopsItsSearchAndIsNotAnswered() async throws {
        // A service that never answers within the test, and a search deadline far beyond the test's patience:
        // only the cancellation can end this call in time.
        let loopback = try LoopbackHTTPServer { _ in .slow(seconds: 300, then: .json(LiveEndpointTests.kiwiBody)) }
        defer { loopback.stop() }
        let server = try await MCPServerProcess.start(
            arguments: ["--timeout", "600"], environment: ["AGGREGATE_KIWI_ENDPOINT": loopback.baseURL.absoluteString])
        _ = try Self.result(try await server.call(1, "initialize", Self.initializeParams))
        try await server.request(
            2, "tools/call", ["name": "search_flights", "arguments": ["providers": ["kiwi"], "timeout": 600]])
        let deadline = ContinuousClock.now + MCPServerProcess.patience
        while loopback.requests.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try #require(!loopback.requests.isEmpty, "the search never reached the provider")

        try await server.notify("notifications/cancelled", ["requestId": 2, "reason": "the user changed their mind"])
        try await server.waitForError(containing: "search_flights (request 2) stopped after")
        // The server is free for the next request, and the cancelled one gets no answer.
        let ping = try await server.call(3, "ping")
        _ = try Self.result(ping)
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
        let lines = try await server.allOutputLines()
        #expect(lines.count == 2)
        #expect(!lines.contains { $0.contains(#""id":2"#) })
    }

    @Test func theEndOfInputWaitsForCallsInProgressThenEnds() async throws {
        let gate = DispatchSemaphore(value: 0)
        let loopback = try LoopbackHTTPServer { _ in
            _ = gate.wait(timeout: .now() + 60)
            return .json(LiveEndpointTests.kiwiBody)
        }
        defer {
            gate.signal()
            loopback.stop()
        }
        let server = try await MCPServerProcess.start(environment: [
            "AGGREGATE_KIWI_ENDPOINT": loopback.baseURL.absoluteString
        ])
        _ = try Self.result(try await server.call(1, "initialize", Self.initializeParams))
        try await server.request(2, "tools/call", ["name": "search_flights", "arguments": ["providers": ["kiwi"]]])
        let deadline = ContinuousClock.now + MCPServerProcess.patience
        while loopback.requests.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        server.closeInput()
        gate.signal()
        let answer = try await server.nextMessage()
        #expect(answer["id"] as? Int == 2)
        let structured = try #require(try Self.result(answer)["structuredContent"] as? [String: Any])
        #expect((structured["offers"] as? [Any])?.count == 1)
        #expect(try await server.exitStatus() == 0)
    }

    @Test func callsStillRunningAfterTheGracePeriodAreStoppedAndAnswered() async throws {
        let gate = DispatchSemaphore(value: 0)
        let loopback = try LoopbackHTTPServer { _ in
            _ = gate.wait(timeout: .now() + 90)
            return .json(LiveEndpointTests.kiwiBody)
        }
        defer {
            gate.signal()
            loopback.stop()
        }
        let server = try await MCPServerProcess.start(
            arguments: ["--timeout", "600"], environment: ["AGGREGATE_KIWI_ENDPOINT": loopback.baseURL.absoluteString])
        _ = try Self.result(try await server.call(1, "initialize", Self.initializeParams))
        try await server.request(
            2, "tools/call", ["name": "search_flights", "arguments": ["providers": ["kiwi"], "timeout": 600]])
        let deadline = ContinuousClock.now + MCPServerProcess.patience
        while loopback.requests.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        server.closeInput()
        // The provider never answers and the search's own deadline is ten minutes away: the answer comes
        // from the server stopping the call after its grace period.
        let answer = try await server.nextMessage()
        #expect(answer["id"] as? Int == 2)
        let result = try Self.result(answer)
        #expect(result["isError"] as? Bool == true)
        let structured = try #require(result["structuredContent"] as? [String: Any])
        let kiwi = try #require((structured["providers"] as? [[String: Any]])?.first)
        #expect(kiwi["status"] as? String == "timeout")
        #expect(try Self.texts(result)[0].contains("kiwi failed (timeout)"))
        #expect(try await server.exitStatus() == 0)
    }

    @Test func aClosedStandardErrorDoesNotStopTheServer() async throws {
        let server = try await MCPServerProcess.start(errorReadable: false)
        _ = try Self.result(try await server.call(1, "initialize", Self.initializeParams))
        let list = try Self.result(try await server.call(2, "tools/call", ["name": "list_providers"]))
        #expect(list["isError"] as? Bool == false)
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }
}
